"""Issue 23, item 4, EcoLogic (moved from tests/viewer/test_refused_mark.py, which checks the mark of every
pack's illegal example): the place tried."""

from __future__ import annotations

import tests.refusedmarks as rm
from kcal.viewer.scene import Poly


def test_ecologic_the_place_tried():
    from kcal.games.ecologic_europe.draw import CH, CW, place_origin

    story = rm.story("ecologic-europe")
    mark = rm.mark(story)
    board_a = next(it for it in story.frames[-1].items if it.key == "player0")
    assert (mark.x, mark.y) == (board_a.x, board_a.y)
    x, y = place_origin(4, 1)  # h1.2: board 1, field 2 (place 1 from 0)
    box = next(s for s in mark.shapes if isinstance(s, Poly)).bbox()
    assert box == (x - 3, y - 3, x + CW + 3, y + CH + 3)
    rm.snug(rm.outlines(mark)[0], (board_a.x + x, board_a.y + y, board_a.x + x + CW, board_a.y + y + CH), 4)
