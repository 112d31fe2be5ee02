"""Small statistics helpers: means with standard errors, proportions with Wilson intervals,
nearest-rank quantiles and histograms. Pure Python; deterministic (sums in a fixed order)."""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt

Z95 = 1.959963984540054


def sig(x: float | None, digits: int = 6) -> float | None:
    """Round to significant digits, so output bytes do not carry float noise."""
    return None if x is None else float(f"{float(x):.{digits}g}")


def share_text(share: dict | None, digits: int = 1) -> str:
    """A :func:`proportion` for people: ``42.0% [38.1, 45.9]`` (its 95 % interval), ``n/a`` without a value."""
    if share is None or share["value"] is None:
        return "n/a"
    low, high = share["ci95"]
    return f"{100 * share['value']:.{digits}f}% [{100 * low:.{digits}f}, {100 * high:.{digits}f}]"


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, sqrt(var / n)


def proportion(k: float, n: int) -> dict:
    """A share with its standard error and a 95 % Wilson score interval."""
    if n == 0:
        return {"value": None, "se": None, "ci95": [None, None]}
    p = k / n
    se = sqrt(p * (1 - p) / n)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"value": sig(p), "se": sig(se), "ci95": [sig(max(0.0, centre - half)), sig(min(1.0, centre + half))]}


def quantile(sorted_values: Sequence[float], q: float) -> float | None:
    """Nearest-rank quantile (a value that occurred; no interpolation)."""
    n = len(sorted_values)
    return sorted_values[_rank(q, n) - 1] if n else None


def _rank(q: float, n: int) -> int:
    """The nearest rank (1..n) of quantile ``q`` among ``n`` values (``q * n`` rounded at 1e-6, so that
    float noise never moves it)."""
    return max(1, min(n, -(-int(round(q * n * 1_000_000)) // 1_000_000)))


def histogram(values: Sequence[int], width: int | None = None) -> list[dict]:
    """Counts in bins ``[lo, lo + width)``; the width is chosen for about 20 bins when not given."""
    return IntTally(values).histogram(width)


class IntTally:
    """Integer samples kept as counts of each value: memory grows with the number of distinct values,
    never with the number of samples, so a million-game run stays flat. Its figures are those of the
    samples' list: the same mean (an exact integer sum), the same nearest-rank quantiles and histogram;
    the standard error is computed exactly (rational arithmetic), then rounded once."""

    __slots__ = ("counts", "n")

    def __init__(self, values: Sequence[int] = ()) -> None:
        self.counts: dict[int, int] = {}
        self.n = 0
        for v in values:
            self.add(v)

    def add(self, v: int, times: int = 1) -> None:
        self.counts[v] = self.counts.get(v, 0) + times
        self.n += times

    def update(self, other: IntTally) -> None:
        for v, c in other.counts.items():
            self.add(v, c)

    def mean_se(self) -> tuple[float, float]:
        from fractions import Fraction

        n = self.n
        if n == 0:
            return 0.0, 0.0
        s1 = sum(v * c for v, c in self.counts.items())
        m = s1 / n
        if n < 2:
            return m, 0.0
        s2 = sum(v * v * c for v, c in self.counts.items())
        var = (Fraction(s2) - Fraction(s1 * s1, n)) / (n - 1)
        return m, sqrt(float(var) / n)

    def sorted_values(self) -> list[int]:
        """The samples in increasing order (for small runs and tests)."""
        return [v for v in sorted(self.counts) for _ in range(self.counts[v])]

    def quantile(self, q: float) -> int | None:
        """Nearest-rank quantile, as :func:`quantile` gives on the sorted samples."""
        n = self.n
        if n == 0:
            return None
        k = _rank(q, n)
        seen = 0
        for v in sorted(self.counts):
            seen += self.counts[v]
            if seen >= k:
                return v
        raise AssertionError("unreachable")  # pragma: no cover

    def min(self) -> int | None:
        return min(self.counts) if self.counts else None

    def max(self) -> int | None:
        return max(self.counts) if self.counts else None

    def histogram(self, width: int | None = None) -> list[dict]:
        """Counts in bins ``[lo, lo + width)``; the width is chosen for about 20 bins when not given."""
        if not self.counts:
            return []
        lo, hi = min(self.counts), max(self.counts)
        if width is None:
            width = max(1, -(-(hi - lo + 1) // 20))
        start = lo - lo % width
        bins: dict[int, int] = {}
        for v, c in self.counts.items():
            b = start + ((v - start) // width) * width
            bins[b] = bins.get(b, 0) + c
        return [{"from": b, "to": b + width - 1, "count": bins.get(b, 0)} for b in range(start, hi + 1, width)]
