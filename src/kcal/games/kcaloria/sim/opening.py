"""Monte Carlo over opening hands under the redraw rule, by composition rather than by tile.

Every statistic of the opening hand here depends only on how many tiles of each *type* the 7 hold,
so a hand is drawn as one row of the exact composition table (see :func:`kcal.games.kcaloria.sim.exact.compositions`):
each hand walks down a binary tree over the table's rows, choosing left or right with the exact
conditional probability (as a 64-bit threshold: within 2**-64 of the hypergeometric value, finer than
``random.random()``'s 2**-53). No per-hand object is created: the hands at a tree node are decided
together, bit-parallel, in big-integer operations (see :func:`bernoulli_count`).

The redraw rule is followed literally: every sequence draws a hand, and draws again while the hand
holds no water. The draws are independent, so a chunk draws all first hands, then again for those
that failed, and so on until none is left.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from math import comb, sqrt

from kcal.core.seeding import rng_for
from kcal.games.kcaloria.rules.domain import HAND_SIZE
from kcal.games.kcaloria.sim.exact import compositions

CHUNK_HANDS = 1 << 19


@dataclass(frozen=True)
class OpeningTable:
    """The compositions of a hand over the deck's type counts, ready for sampling."""

    counts: tuple[int, ...]  # tiles per type (all types, food-chain order)
    water: int  # index of the water type
    rows: tuple[tuple[int, ...], ...]
    ways: tuple[int, ...]
    cum64: tuple[int, ...]
    has_water: tuple[bool, ...]
    tree: dict  # see _split_tree

    @classmethod
    def build(cls, counts: list[int], water: int, hand: int = HAND_SIZE) -> OpeningTable:
        table = compositions(counts, hand)
        total = comb(sum(counts), hand)
        cum, acc = [], 0
        for _, ways in table:
            acc += ways
            cum.append((acc << 64) // total)
        return cls(
            counts=tuple(counts),
            water=water,
            rows=tuple(r for r, _ in table),
            ways=tuple(w for _, w in table),
            cum64=tuple(cum),
            has_water=tuple(r[water] > 0 for r, _ in table),
            tree=_split_tree(tuple(w for _, w in table)),
        )


def bernoulli_count(getrandbits: Callable[[int], int], m: int, threshold: int) -> int:
    """How many of ``m`` hands draw a 64-bit uniform ``u < threshold``, all ``m`` at once.

    Bit-sliced comparison: hand ``i`` is bit ``i`` of every random plane; plane ``j`` holds bit ``j``
    of every hand's ``u``, most significant first. ``lt`` marks hands already below the threshold,
    ``eq`` hands still equal to it so far. Each plane settles about half of the undecided hands, so
    about ``log2(m) + 2`` planes of ``m`` bits settle all of them; each plane is a few big-integer
    operations in C. Same outcome distribution as comparing one 64-bit uniform per hand.
    """
    if m <= 0 or threshold <= 0:
        return 0
    if threshold >= _TWO64:
        return m
    lt = 0
    eq = (1 << m) - 1
    for j in range(63, -1, -1):
        r = getrandbits(m)
        if (threshold >> j) & 1:
            lt |= eq & ~r
            eq &= r
        else:
            eq &= ~r
        if not eq or not threshold & ((1 << j) - 1):
            break
    return lt.bit_count()


_TWO64 = 1 << 64


def _split_tree(ways: tuple[int, ...]) -> dict[tuple[int, int], tuple[int, int]]:
    """For every inner node ``(lo, hi)`` of a weight-balanced binary tree over the rows: its split
    point and the 64-bit threshold ``floor(2**64 * P(left | node))`` (exact integers)."""
    cum = [0]
    for w in ways:
        cum.append(cum[-1] + w)
    tree: dict[tuple[int, int], tuple[int, int]] = {}
    stack = [(0, len(ways))]
    while stack:
        lo, hi = stack.pop()
        if hi - lo < 2:
            continue
        half = (cum[lo] + cum[hi]) // 2
        mid = min(max(bisect_right(cum, half, lo + 1, hi), lo + 1), hi - 1)
        total = cum[hi] - cum[lo]
        thr = ((cum[mid] - cum[lo]) << 64) // total if total else 0
        tree[(lo, hi)] = (mid, thr)
        stack.append((mid, hi))
        stack.append((lo, mid))
    return tree


def draw_rows(rng: random.Random, table: OpeningTable, n: int) -> dict[int, int]:
    """Draw ``n`` hands; return how many fell on each composition row.

    Every hand walks from the root of a binary tree over the table's rows to its row, going left
    with the exact conditional probability of the left subtree. All hands at a node are decided
    together by :func:`bernoulli_count` (bit-parallel), so the cost grows with the number of tree
    nodes and ``log2(n)``, not with ``n`` Python operations. Nodes are visited depth first, left first.
    """
    getrandbits = rng.getrandbits
    tree = table.tree
    rows: dict[int, int] = {}
    stack = [(0, len(table.rows), n)]
    while stack:
        lo, hi, m = stack.pop()
        if hi - lo == 1:
            rows[lo] = m
            continue
        mid, thr = tree[(lo, hi)]
        left = bernoulli_count(getrandbits, m, thr)
        if m - left:
            stack.append((mid, hi, m - left))
        if left:
            stack.append((lo, mid, left))
    return rows


def opening_chunk(table: OpeningTable, master: int, chunk: int, n: int) -> dict:
    """Simulate ``n`` opening sequences; return integer tallies (merge by adding)."""
    rng = rng_for(master, "goldfish-opening", chunk)
    has_water = table.has_water
    first = draw_rows(rng, table, n)
    kept = Counter({i: c for i, c in first.items() if has_water[i]})
    left = n - sum(kept.values())
    still = []  # still[j] = sequences with at least j + 1 reshuffles
    while left:
        still.append(left)
        draws = draw_rows(rng, table, left)
        good = {i: c for i, c in draws.items() if has_water[i]}
        kept.update(good)
        left -= sum(good.values())
    return {"n": n, "first": dict(first), "kept": dict(kept), "still": still}


def merge(parts: list[dict]) -> dict:
    first: Counter = Counter()
    kept: Counter = Counter()
    still: list[int] = []
    n = 0
    for p in parts:
        n += p["n"]
        first.update(p["first"])
        kept.update(p["kept"])
        for j, s in enumerate(p["still"]):
            if j == len(still):
                still.append(0)
            still[j] += s
    return {"n": n, "first": first, "kept": kept, "still": still}


def mean_se(total: float, total_sq: float, n: int) -> tuple[float, float]:
    """Sample mean and its standard error from a sum and a sum of squares."""
    if n == 0:
        return 0.0, 0.0
    mean = total / n
    if n < 2:
        return mean, 0.0
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    return mean, sqrt(var / n)


def summarize(table: OpeningTable, tally: dict) -> dict:
    """Simulated figures with standard errors (per type index), from merged tallies."""
    n = tally["n"]
    rows, first, kept, still = table.rows, tally["first"], tally["kept"], tally["still"]
    w = table.water
    with_water = sum(c for i, c in first.items() if rows[i][w] > 0)
    p = with_water / n if n else 0.0
    p_se = sqrt(p * (1 - p) / n) if n else 0.0
    r_sum = sum(still)
    r_sq = sum((2 * j + 1) * s for j, s in enumerate(still))
    r_mean, r_se = mean_se(r_sum, r_sq, n)
    ntypes = len(table.counts)
    mean_by_type, p_any = [], []
    for t in range(ntypes):
        s = sum(c * rows[i][t] for i, c in kept.items())
        s2 = sum(c * rows[i][t] ** 2 for i, c in kept.items())
        mean_by_type.append(mean_se(s, s2, n))
        k = sum(c for i, c in kept.items() if rows[i][t] > 0)
        q = k / n if n else 0.0
        p_any.append((q, sqrt(q * (1 - q) / n) if n else 0.0))
    water_hist = [0] * (HAND_SIZE + 1)
    for i, c in first.items():
        water_hist[rows[i][w]] += c
    reshuffle_hist = [n - (still[0] if still else 0)]
    for j in range(len(still)):
        reshuffle_hist.append(still[j] - (still[j + 1] if j + 1 < len(still) else 0))
    return {
        "p_water": (p, p_se),
        "reshuffles": (r_mean, r_se),
        "max_reshuffles": len(still),
        "reshuffle_hist": reshuffle_hist,
        "first_water_hist": water_hist,
        "kept_mean": mean_by_type,
        "kept_p_any": p_any,
    }
