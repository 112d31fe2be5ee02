"""The player-aid sheets' crop marks keep clear of the ruler, on Letter too, where the ruler runs up
the left edge (it was a known defect: the left marks crossed it)."""

from __future__ import annotations

import pytest

from kcal.games.kcaloria.print import aids
from kcal.print import marks
from kcal.print.layout import PAPERS, mm
from kcal.print.report import Report


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_aid_crop_marks_keep_clear_of_the_ruler(paper, monkeypatch, tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    from kcal.games.kcaloria.print.api import sheet_options

    seen: list[tuple[list, list]] = []
    real = marks.grid_crop_marks

    def spy(c, slots, width, height, **kw):
        segs = marks.grid_mark_segments(slots, width, height, length=kw.get("length", mm(3)),
                                        gap=kw.get("gap", mm(1)), avoid=kw.get("avoid", ()))
        seen.append((segs, list(kw.get("avoid", ()))))
        return real(c, slots, width, height, **kw)

    from kcal.print.fonts import register_fonts

    register_fonts()
    monkeypatch.setattr(marks, "grid_crop_marks", spy)
    opts = sheet_options(paper=paper)
    pages, _ = aids.card_pages(opts, Report())
    c = Canvas(str(tmp_path / "x.pdf"), pagesize=(PAPERS[paper].width, PAPERS[paper].height))
    for page in pages:
        page(c)
        c.showPage()
    assert seen
    slots, origin, vertical = aids.card_slots(paper)
    boxes = aids._ruler_boxes(PAPERS[paper], origin, vertical, "")
    for segs, avoid in seen:
        assert avoid and segs
        for x0, y0, x1, y1 in segs:
            for bx0, by0, bx1, by1 in boxes:
                clear = mm(1) - 0.01
                assert not (max(x0, x1) >= bx0 - clear and min(x0, x1) <= bx1 + clear
                            and max(y0, y1) >= by0 - clear and min(y0, y1) <= by1 + clear)
