"""A table drawn in bands one under another (a pack's players' panels) laid out again in columns, for
the replay page (:mod:`kcal.viewer.html`) in a wide window: the bands are where no item ever crosses,
and a layout sets runs of them side by side. The page picks the layout for the window it is in."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

#: the margin around the table, in scene units (the page's view box holds it)
MARGIN = 12.0


def _r(v: float) -> float | int:
    r = round(v, 1)
    return int(r) if r == int(r) else r


def bands_of(boxes: Iterable[tuple[float, float, float, float]]) -> list[tuple[float, float]]:
    """The table cut across where no item ever crosses: the top and bottom of each band, top first (a
    pack that draws its players' panels one under another has a band for each); bands lie more than one
    unit apart, so a position rounded to a tenth stays in its band."""
    bands: list[list[float]] = []
    for y0, y1 in sorted((b[1], b[3]) for b in boxes):
        if bands and y0 <= bands[-1][1] + 1.0:
            bands[-1][1] = max(bands[-1][1], y1)
        else:
            bands.append([y0, y1])
    return [(a, b) for a, b in bands]


def layouts(bands: Sequence[tuple[float, float]], x0: float, x1: float, most: int = 4) -> list[dict[str, Any]]:
    """The table's bands set side by side in 2 to ``most`` columns, each a run of bands in their order,
    the runs chosen so the tallest column is the lowest: per layout, each band's shift and the box around
    the whole. The page picks, for the window it is in, the layout that shows the table largest and is no
    wider than the window at its opening scale (a phone keeps the one column)."""
    width, gap = x1 - x0, 2 * MARGIN
    top = bands[0][0] - MARGIN
    out = []
    seen: set[tuple[int, ...]] = set()
    for n in range(2, min(most, len(bands)) + 1):
        edges = _columns(bands, n)
        if len(edges) - 1 < 2 or edges in seen:
            continue
        seen.add(edges)
        tall = max(bands[b - 1][1] - bands[a][0] for a, b in itertools.pairwise(edges))
        shift: list[list[float | int]] = []
        for c, (a, b) in enumerate(itertools.pairwise(edges)):  # a column's first band goes to the top
            shift += [[_r(c * (width + gap)), _r(bands[0][0] - bands[a][0])] for _ in range(a, b)]
        n = len(edges) - 1
        out.append({"off": shift, "b": [_r(x0), _r(top), _r(n * width + (n - 1) * gap), _r(tall + 2 * MARGIN)]})
    return out


def _columns(bands: Sequence[tuple[float, float]], n: int) -> tuple[int, ...]:
    """The bands cut into at most ``n`` runs, in order, the tallest run as low as it can be: the least
    height whose greedy runs number ``n`` or fewer, found by halving (in time linear in the bands,
    however many a table has); the edges of the runs (first band of each, then the band count)."""

    def runs(tall: float) -> tuple[int, ...]:
        edges = [0]
        for i in range(1, len(bands)):
            if bands[i][1] - bands[edges[-1]][0] > tall:
                edges.append(i)
        return (*edges, len(bands))

    lo = max(b - a for a, b in bands)
    hi = bands[-1][1] - bands[0][0]
    for _ in range(40):
        mid = (lo + hi) / 2
        if len(runs(mid)) - 1 <= n:
            hi = mid
        else:
            lo = mid
    return runs(hi)
