"""Exact opening-hand mathematics: the hypergeometric and what follows from it.

Drawing ``k`` tiles from a shuffled deck of ``N`` holding ``K`` of a kind is hypergeometric;
drawing over several kinds at once is multivariate hypergeometric. Everything here is exact
(rational arithmetic through :class:`fractions.Fraction`, converted to float at the end).

The redraw rule (reshuffle while the 7 tiles hold no water) makes the number of reshuffles
geometric: with ``q = P(no water)`` it is ``k`` with probability ``q**k (1 - q)``, mean ``q / (1 - q)``.
The kept hand is a hand conditioned on holding water.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

from kcal.core.errors import KcalError


def hypergeom_pmf(N: int, K: int, n: int, k: int) -> Fraction:
    """P(exactly ``k`` successes in ``n`` draws without replacement from ``N`` holding ``K``)."""
    if not (0 <= K <= N and 0 <= n <= N):
        raise ValueError("need 0 <= K <= N and 0 <= n <= N")
    if k < max(0, n - (N - K)) or k > min(n, K):
        return Fraction(0)
    return Fraction(comb(K, k) * comb(N - K, n - k), comb(N, n))


def p_none(N: int, K: int, n: int) -> Fraction:
    """P(no success in ``n`` draws): the redraw probability of the Pokemon TCG mulligan table."""
    return hypergeom_pmf(N, K, n, 0)


def expected_reshuffles(N: int, K: int, n: int) -> Fraction:
    """Mean number of reshuffles before a hand with at least one success is kept."""
    q = p_none(N, K, n)
    if q == 1:
        raise KcalError("no hand can ever be kept: the deck has no water tile", code="no-water")
    return q / (1 - q)


def p_reshuffles(N: int, K: int, n: int, r: int) -> Fraction:
    """P(exactly ``r`` reshuffles)."""
    q = p_none(N, K, n)
    return q**r * (1 - q)


def kept_mean(N: int, K: int, n: int, count: int, *, is_kept_kind: bool) -> Fraction:
    """E[tiles of a category in the kept hand], the kept hand holding at least one of the ``K``.

    ``count`` tiles of the category are in the deck; ``is_kept_kind`` says the category is the
    one the hand is conditioned on (water). Closed form: E[X | W>=1] = (E[X] - E[X; W=0]) / P(W>=1),
    with E[X; W=0] = P(W=0) * n * count / (N - K) for any other category.
    """
    q = p_none(N, K, n)
    if q == 1:
        raise KcalError("no hand can ever be kept: the deck has no water tile", code="no-water")
    ex = Fraction(n * count, N)
    if is_kept_kind:
        return ex / (1 - q)
    ex_none = q * Fraction(n * count, N - K) if N > K else Fraction(0)
    return (ex - ex_none) / (1 - q)


def kept_p_at_least_one(N: int, K: int, n: int, count: int) -> Fraction:
    """P(the kept hand holds at least one tile of another category with ``count`` tiles)."""
    q = p_none(N, K, n)
    # P(W>=1 and X>=1) = 1 - P(W=0) - P(X=0) + P(W=0 and X=0)
    both_none = p_none(N, K + count, n)
    return (1 - q - p_none(N, count, n) + both_none) / (1 - q)


# --- the full table: every composition of a hand by category --------------------------------------


def compositions(counts: Sequence[int], n: int) -> list[tuple[tuple[int, ...], int]]:
    """Every way ``n`` drawn tiles split over categories of the given sizes, with its hand count.

    Returns ``[(composition, ways)]`` where ``ways`` is the number of ``n``-subsets of the deck with
    that composition (a product of binomials); the ways add up to ``comb(sum(counts), n)``.
    At most ``comb(n + c - 1, c - 1)`` rows: 3,432 for 7 tiles over 8 tile types.
    """
    out: list[tuple[tuple[int, ...], int]] = []
    m = len(counts)
    suffix = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]

    def rec(i: int, left: int, prefix: list[int], ways: int) -> None:
        if i == m - 1:
            if left <= counts[i]:
                out.append((tuple(prefix + [left]), ways * comb(counts[i], left)))
            return
        lo = max(0, left - suffix[i + 1])
        for k in range(lo, min(left, counts[i]) + 1):
            prefix.append(k)
            rec(i + 1, left - k, prefix, ways * comb(counts[i], k))
            prefix.pop()

    if m == 0:
        return [((), 1)] if n == 0 else []
    rec(0, n, [], 1)
    return out


def exact_kept_table(counts: Mapping[str, int], kept_kind: str, n: int) -> dict[str, Fraction | dict]:
    """Exact figures of the kept hand from the enumerated table (used to check the closed forms)."""
    names = list(counts)
    rows = compositions([counts[k] for k in names], n)
    w = names.index(kept_kind)
    kept = [(c, ways) for c, ways in rows if c[w] >= 1]
    total = sum(ways for _, ways in kept)
    if total == 0:
        raise KcalError("no hand can ever be kept: the deck has no water tile", code="no-water")
    mean = {k: Fraction(sum(c[i] * ways for c, ways in kept), total) for i, k in enumerate(names)}
    p1 = {k: Fraction(sum(ways for c, ways in kept if c[i] >= 1), total) for i, k in enumerate(names)}
    return {"mean": mean, "p_at_least_one": p1}
