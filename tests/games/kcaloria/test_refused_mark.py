"""Issue 23, item 4, kCaloria (moved from tests/viewer/test_refused_mark.py, which checks the mark of every
pack's illegal example): the cell tried, and a tile tried on a taken cell."""

from __future__ import annotations

import tests.refusedmarks as rm
from kcal.viewer.scene import Text


def test_kcaloria_the_cell_tried():
    from kcal.games.kcaloria.draw import R, center

    mark = rm.mark(rm.story("kcaloria"))
    assert (mark.x, mark.y) == center((0, -1))
    x, y = center((0, -1))
    rm.snug(rm.outlines(mark)[0], (x - R * 0.8, y - R * 0.8, x + R * 0.8, y + R * 0.8), R * 0.3)


def test_kcaloria_a_tile_tried_on_a_taken_cell_is_not_drawn_over_it(tmp_path):
    """The outline and its words say the move; the tile already on the cell stays in sight."""
    text = rm.example("kcaloria").read_text(encoding="utf-8").replace("at: [0, -1]}", "at: [1, 0]}")
    record = tmp_path / "taken.yaml"
    record.write_text(text, encoding="utf-8")
    mark = rm.mark(rm.story("kcaloria", record))
    assert [s.text for s in mark.shapes if isinstance(s, Text)] == ["refused: Ardea herodias"]
    assert "already holds Phlox nivalis" in rm.story("kcaloria", record).frames[-1].caption + " ".join(
        line for sec in rm.story("kcaloria", record).frames[-1].sections for line in sec.lines)
