"""The exact generalized log-likelihood ratio of a mean, as chess engines' test farm (fishtest) decides
its sequential tests with it.

The outcomes of a test fall on a fixed grid of values ``a_j`` (fishtest: a game pair's score, 0, 1/4,
..., 1; here: a seat's win-share difference between the two games of a pair). Their counts ``c_j`` give an
empirical distribution ``p_j = c_j / N``. For a hypothesis "the mean is ``s``" the likelihood is maximised
over every distribution on the grid with mean ``s``; that maximum is (Owen's empirical likelihood, and
fishtest's ``MLE_expected``)

    q_j(s) = p_j / (1 + x (a_j - s)),   x the root of  sum_j p_j (a_j - s) / (1 + x (a_j - s)) = 0

on the interval where every ``1 + x (a_j - s)`` is positive (the "secular equation": its left side falls
strictly in ``x`` there, so the root is unique and bisection finds it). The log-likelihood ratio of ``s1``
against ``s0`` is then ``N sum_j p_j ln(q_j(s1) / q_j(s0))``. Bins of the grid that nothing fell in
hold ``1e-3`` of a count (fishtest's ``regularize``), so the grid's extremes always bracket ``s`` and
the ratio stays finite: a run where every pair agreed gives a finite, honest ratio, not the infinity of
a variance estimated as 0.

Pure Python, deterministic (bisection to the last bit of a float); no code of fishtest's is used, only
the mathematics (Proposition 1.1 of M. Van den Bergh, "Maximum likelihood estimation for multinomial
distributions with a given expectation value", the note fishtest cites).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

#: the count an empty bin of the grid holds (fishtest's regularization)
EPSILON = 1e-3
_BISECTIONS = 200


def regularize(counts: Mapping[float, float], grid: Sequence[float]) -> list[tuple[float, float]]:
    """``(value, count)`` for every value of ``grid`` and of ``counts``, an empty bin holding :data:`EPSILON`."""
    values = sorted({*grid, *counts})
    return [(a, counts.get(a, 0) or EPSILON) for a in values]


def _secular_root(pdf: Sequence[tuple[float, float]]) -> float:
    """The root ``x`` of ``sum p_j a_j / (1 + x a_j) = 0`` (values already centred on the mean asked;
    the smallest is negative and the largest positive)."""
    low_v, high_v = min(a for a, _ in pdf), max(a for a, _ in pdf)
    lo, hi = -1.0 / high_v, -1.0 / low_v

    def f(x: float) -> float:
        return sum(p * a / (1.0 + x * a) for a, p in pdf)

    for _ in range(_BISECTIONS):
        mid = (lo + hi) / 2.0
        if mid <= lo or mid >= hi:
            break
        if f(mid) > 0.0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def mle_expected(pdf: Sequence[tuple[float, float]], s: float) -> list[float]:
    """The distribution on ``pdf``'s values nearest it in likelihood whose mean is ``s`` (``pdf``: values and
    probabilities summing to 1; ``s`` strictly between the smallest and the largest value)."""
    centred = [(a - s, p) for a, p in pdf]
    if not min(a for a, _ in centred) < 0.0 < max(a for a, _ in centred):
        raise ValueError(f"a mean of {s} lies outside the values {pdf[0][0]} .. {pdf[-1][0]}")
    x = _secular_root(centred)
    return [p / (1.0 + x * a) for a, p in centred]


def llr(counts: Sequence[tuple[float, float]], s0: float, s1: float) -> float:
    """The generalized log-likelihood ratio of "the mean is ``s1``" against "the mean is ``s0``" for the
    counts ``(value, count)`` (already regularized: every count above 0)."""
    total = sum(c for _, c in counts)
    pdf = [(a, c / total) for a, c in counts]
    q0, q1 = mle_expected(pdf, s0), mle_expected(pdf, s1)
    return total * sum(p * (math.log(b) - math.log(a)) for (_, p), a, b in zip(pdf, q0, q1, strict=True))


def llr_normal(counts: Sequence[tuple[float, float]], s0: float, s1: float) -> float:
    """fishtest's normal approximation of the same ratio (its ``LLR_alt2``), ``N (s1 - s0) (2 m - s0 - s1) /
    (2 v)`` with ``m`` and ``v`` the mean and variance of the counts: kept to measure the exact ratio against."""
    total = sum(c for _, c in counts)
    mean = sum(a * c for a, c in counts) / total
    var = sum(c * (a - mean) ** 2 for a, c in counts) / total
    return total * (s1 - s0) * (2 * mean - s0 - s1) / var / 2.0


def logistic(elo: float) -> float:
    """The expected score of an Elo difference (fishtest's ``L``): for checking against fishtest's numbers."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))
