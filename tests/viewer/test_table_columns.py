"""A table drawn in bands one under another is laid out again in columns for a wide window
(:func:`kcal.viewer.columns.layouts`): for any bands, each layout keeps the bands in their order, a column
holds a run of them without overlap, the columns stand side by side without overlap, the layout's box
holds every band, and no column is taller than the one column it came from."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.viewer.columns import MARGIN, bands_of, layouts


@st.composite
def banded(draw) -> list[tuple[float, float]]:
    """Bands top first, each at least 1.5 units below the one above it (as :func:`bands_of` cuts them)."""
    y = draw(st.floats(-2000, 2000))
    out = []
    for _ in range(draw(st.integers(1, 60))):
        y += draw(st.floats(1.5, 300))
        h = draw(st.floats(0, 900))
        out.append((y, y + h))
        y += h
    return out


@settings(max_examples=200)
@given(banded(), st.floats(-500, 500), st.floats(1, 1500))
def test_every_layout_is_the_bands_side_by_side_in_order(bands, x0, width):
    one = bands[-1][1] - bands[0][0]
    for lay in layouts(bands, x0, x0 + width):
        off, box = lay["off"], lay["b"]
        assert len(off) == len(bands)
        cols = [dx for dx, _ in off]
        assert cols == sorted(cols), "the bands keep their order, column after column"
        n = len(set(cols))
        assert 2 <= n <= 4
        assert box[2] >= n * width - 0.2 and box[3] <= one + 2 * MARGIN + 0.2
        for (_, (dxa, dya)), (b, (dxb, dyb)) in itertools.pairwise(zip(bands, off, strict=True)):
            if dxa == dxb:  # one column: the band below keeps its place under the one above
                assert dya == dyb
            else:  # the next column starts at the table's top, one column's width and a gap along
                assert dxb - dxa >= width - 0.2 and b[0] + dyb <= bands[0][0] + 0.1
        for (y0, y1), (dx, dy) in zip(bands, off, strict=True):
            assert box[1] - 0.2 <= y0 + dy and y1 + dy <= box[1] + box[3] + 0.2
            assert box[0] <= x0 + dx + 0.1 and x0 + dx + width <= box[0] + box[2] + 0.2


@given(st.lists(st.tuples(st.floats(-1000, 1000), st.floats(-1000, 1000), st.floats(0, 400), st.floats(0, 400)),
                min_size=1, max_size=40))
def test_bands_are_apart_and_hold_every_item(boxes):
    items = [(x, y, x + w, y + h) for x, y, w, h in boxes]
    bands = bands_of(items)
    for (_, a1), (b0, _) in itertools.pairwise(bands):
        assert b0 > a1 + 1.0
    for it in items:
        assert sum(b0 <= it[1] and it[3] <= b1 for b0, b1 in bands) == 1
