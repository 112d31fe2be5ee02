"""Issue 12 item 1: "The crop ticks of the bottom tile on sheet 4 hit the ruler's numbers". A hex sheet's
crop ticks keep clear of the ruler (its scale, figures and captions) on every sheet layout, and a
tick is dropped only there: the rest of the honeycomb keeps its ticks."""

from __future__ import annotations

import pytest

from kcal.print.layout import PAPERS, TileGeometry, honeycomb, mm
from kcal.print.marks import MARK_CLEAR_MM, MARK_EDGE_MM, crop_marks, ruler_boxes, tick_segments


class Recorder:
    """Just enough of a canvas to catch the tick segments a page draws."""

    def __init__(self) -> None:
        self.segments: list[tuple[float, float, float, float]] = []

    def beginForm(self, *a, **k) -> None: ...
    def endForm(self, *a, **k) -> None: ...
    def doForm(self, *a, **k) -> None: ...
    def setStrokeColorRGB(self, *a) -> None: ...
    def setLineWidth(self, *a) -> None: ...
    def saveState(self) -> None: ...
    def restoreState(self) -> None: ...

    def lines(self, segs) -> None:
        self.segments.extend(segs)


def _on_paper(seg, p) -> bool:
    edge = mm(MARK_EDGE_MM)
    return all(edge <= x <= p.width - edge and edge <= y <= p.height - edge for x, y in ((seg[0], seg[1]), (seg[2], seg[3])))


def _hits(seg, box, clear) -> bool:
    x0, x1 = sorted((seg[0], seg[2]))
    y0, y1 = sorted((seg[1], seg[3]))
    return x1 >= box[0] - clear and x0 <= box[2] + clear and y1 >= box[1] - clear and y0 <= box[3] + clear


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("tile_mm", [64.0, 50.0])
def test_crop_ticks_keep_clear_of_the_ruler(paper, bleed, tile_mm):
    lay = honeycomb(PAPERS[paper], TileGeometry(across=mm(tile_mm), bleed=mm(bleed)))
    label = "Longleaf Canopy · sheet 4/6 · letter, tiles 64 mm · front"
    boxes = ruler_boxes(lay, label)
    for n in range(1, lay.per_page + 1):  # a full sheet and every partly filled last sheet
        rec = Recorder()
        drawn = crop_marks(rec, lay, lay.slots[:n], label)
        assert drawn == len(rec.segments) > 0
        assert not [s for s in rec.segments if any(_hits(s, b, mm(MARK_CLEAR_MM) - 0.01) for b in boxes)]
        p = lay.paper  # and every tick stays on the paper, 3 mm clear of its edge
        edge = mm(MARK_EDGE_MM) - 0.01
        assert all(edge <= x <= p.width - edge and edge <= y <= p.height - edge
                   for s in rec.segments for x, y in ((s[0], s[1]), (s[2], s[3])))
        # only the ticks near the ruler went: every other tick of the honeycomb is still there
        every = tick_segments(tuple(lay.slots[:n]), lay.geometry.across, lay.geometry.bleed)
        near = [s for s in every if any(_hits(s, b, mm(MARK_CLEAR_MM)) for b in boxes)]
        assert len(rec.segments) >= len(every) - len(near) - sum(1 for s in every if not _on_paper(s, p))


def test_the_bottom_tiles_ticks_did_reach_the_ruler():
    """The case of the issue exists: without the check some tick of a full Letter sheet lands on it."""
    lay = honeycomb(PAPERS["letter"], TileGeometry())
    boxes = ruler_boxes(lay, "x")
    every = tick_segments(tuple(lay.slots), lay.geometry.across, lay.geometry.bleed)
    assert any(_hits(s, b, 0.0) for s in every for b in boxes)
