"""Many comparisons at once: the difference of two win rates with an interval, its p-value, and the
correction for the number of things compared (Holm's family-wise step-down, or Benjamini-Hochberg's false
discovery rate).

- :func:`wilson`: the Wilson score interval of a share ``k / n`` at any normal quantile ``z`` (``k`` may be
  fractional: a win shared by k players counts 1/k).
- :func:`newcombe`: the interval of the difference ``k1/n1 - k2/n2`` of two independent shares: Newcombe's
  hybrid score interval (his method 10, Statistics in Medicine 1998), built from the two Wilson intervals.
  It keeps its coverage near the nominal level with small counts and shares near 0 or 1, where the
  textbook Wald interval fails (a card that won every game it was in).
- :func:`p_value`: the p-value that goes with that interval: the smallest ``alpha`` at which the
  ``1 - alpha`` interval leaves out 0 (found by bisection over ``z``, the interval widening with ``z``). So a
  p-value below ``alpha`` and an interval clear of 0 always say the same thing.
- :func:`holm` and :func:`benjamini_hochberg`: adjusted p-values; :func:`corrected_alpha`: one level for
  every interval of a table, chosen so that an interval is clear of 0 exactly when its adjusted p-value is
  at most ``alpha`` (Holm: ``alpha / (m - R)`` after ``R`` rejections of ``m``, the Bonferroni level of the
  hypotheses left; BH: ``R * alpha / m``, Benjamini and Yekutieli's (2005) false-coverage-rate level).

Pure Python (``math``, ``statistics.NormalDist``), deterministic: the same counts give the same floats.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import erfc, sqrt
from statistics import NormalDist

CORRECTIONS = ("holm", "bh")
ALPHA = 0.05
#: the widest interval the p-value search looks at (a p-value below erfc(40 / sqrt 2) ~ 4e-350 is 0)
_Z_MAX = 40.0
_BISECTIONS = 200


def z_of(alpha: float) -> float:
    """The two-sided normal quantile of level ``1 - alpha`` (1.96 for 0.05)."""
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must lie between 0 and 1, not {alpha}")
    return NormalDist().inv_cdf(1.0 - alpha / 2.0)


def alpha_of(z: float) -> float:
    """The two-sided tail of ``z``: ``P(|Z| > z)``."""
    return erfc(z / sqrt(2.0))


def wilson(k: float, n: float, z: float) -> tuple[float, float]:
    """The Wilson score interval of the share ``k / n`` (``n > 0``) at the normal quantile ``z``."""
    if n <= 0:
        raise ValueError("a share of no games has no interval")
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: float, n1: float, k2: float, n2: float, z: float) -> tuple[float, float]:
    """Newcombe's hybrid score interval of ``k1/n1 - k2/n2`` at the normal quantile ``z``."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    return d - sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def p_value(k1: float, n1: float, k2: float, n2: float) -> float:
    """The smallest ``alpha`` whose ``1 - alpha`` Newcombe interval of ``k1/n1 - k2/n2`` leaves out 0
    (1 when the two shares are equal)."""
    d = k1 / n1 - k2 / n2
    if d == 0:
        return 1.0

    def clear(z: float) -> bool:
        low, high = newcombe(k1, n1, k2, n2, z)
        return low > 0 if d > 0 else high < 0

    if clear(_Z_MAX):
        return alpha_of(_Z_MAX)
    lo, hi = 0.0, _Z_MAX  # clear at lo (the interval is the point d), not at hi
    for _ in range(_BISECTIONS):
        mid = (lo + hi) / 2
        if clear(mid):
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return alpha_of((lo + hi) / 2)


def _order(p: Sequence[float]) -> list[int]:
    return sorted(range(len(p)), key=lambda i: (p[i], i))


def holm(p: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values: with the p-values sorted, ``max over j <= i`` of
    ``(m - j + 1) p_(j)``, capped at 1 (positions 1-based)."""
    m = len(p)
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(_order(p)):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out


def benjamini_hochberg(p: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values): with the p-values sorted, ``min over j >= i`` of
    ``m p_(j) / j``, capped at 1."""
    m = len(p)
    out = [1.0] * m
    running = 1.0
    order = _order(p)
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        running = min(running, min(1.0, m * p[i] / (rank + 1)))
        out[i] = running
    return out


def adjust(p: Sequence[float], correction: str) -> list[float]:
    if correction == "holm":
        return holm(p)
    if correction == "bh":
        return benjamini_hochberg(p)
    raise ValueError(f"unknown correction {correction!r} (choose from: {', '.join(CORRECTIONS)})")


def corrected_alpha(adjusted: Sequence[float], correction: str, alpha: float = ALPHA) -> float:
    """The level of every interval of the table (``1 - `` it is the confidence): an interval at it leaves
    out 0 exactly when the adjusted p-value is at most ``alpha`` (see the module docstring)."""
    m = len(adjusted)
    if m == 0:
        return alpha
    rejected = sum(1 for q in adjusted if q <= alpha)
    if correction == "holm":
        return alpha / (m - rejected) if rejected < m else alpha
    if correction == "bh":
        return alpha * max(rejected, 1) / m
    raise ValueError(f"unknown correction {correction!r} (choose from: {', '.join(CORRECTIONS)})")
