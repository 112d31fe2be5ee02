"""Issue 23, item 4, Kalua (moved from tests/viewer/test_refused_mark.py, which checks the mark of every
pack's illegal example): the card tried where the window would show it, a leader's action, a draw, a
target or a shout."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.refusedmarks as rm
from kcal.viewer.scene import Circle, Rect, Story


def _kalua(tmp_path: Path, move: str, index: int = 19) -> Story:
    """The Kalua example with move ``index`` (from 0) replaced by ``move`` and the moves after it dropped."""
    lines = rm.example("kalua").read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(k for k, line in enumerate(lines) if line.startswith("moves:")) + 1
    text = "".join(lines[: first + index]) + f"  - {{{move}}}\n"
    return rm.story("kalua", rm.write(tmp_path, "kalua", text))


def test_kalua_the_card_tried_where_the_window_would_show_it_and_the_hand_it_was_to_leave():
    """B plays Miracle (B holds it, but cannot pay): the Miracle card is drawn as the next card of the
    action-card window (below what the window shows, in its column), and B's hand is outlined."""
    from kcal.games.kalua.draw import CHIP_H

    story = rm.story("kalua")
    last = story.frames[-1]
    mark = rm.mark(story)
    window = rm.item(last, "cards")
    chip = next(rm.moved(s.bbox(), mark) for s in mark.shapes if isinstance(s, Rect) and s.h == CHIP_H and s.w > 100)
    assert chip[0] == window.x and window.bbox()[3] < chip[1] < window.bbox()[3] + 60
    [main], also = rm.outlines(mark), rm.also(story)
    rm.snug(main, chip, 16)
    god_b = rm.item(last, "god1")
    assert len(also) == 1
    rm.snug(also[0], rm.union(rm.text(god_b, "hand: 6 cards"), *(rm.moved(s.bbox(), god_b) for s in god_b.shapes
                                                          if isinstance(s, Rect) and s.fill == "#8c8c8c")), 10)


@pytest.mark.parametrize(("move", "index", "reason"), [
    ("player: A, leader: believer, from: C", 16, "it is B's"),
    ("player: A, leader: atheists", 16, "it is B's"),
])
def test_kalua_a_leader_action_is_marked_on_the_leader_and_where_it_takes_from(tmp_path, move, index, reason):
    """A's leader acts in B's turn: A's leader is marked; a believer's god (C: the families bar) or the
    island (atheists) is outlined too."""
    story = _kalua(tmp_path, move, index)
    last = story.frames[-1]
    assert reason in (last.illegal or "")
    [main], also = rm.outlines(rm.mark(story)), rm.also(story)
    god_a = rm.item(last, "god0")
    leader = next(rm.moved(s.bbox(), god_a) for s in god_a.shapes if isinstance(s, Circle) and s.r == 8 and s.cy > 0)  # not the name's marker
    rm.snug(main, rm.union(leader, rm.text(god_a, "leader")), 20)
    assert len(also) == 1
    if "believer" in move:
        god_c = rm.item(last, "god2")
        bar = max((rm.moved(s.bbox(), god_c) for s in god_c.shapes if isinstance(s, Rect) and s.h == 12),
                  key=lambda b: b[2] - b[0])
        rm.snug(also[0], rm.union(rm.text(god_c, "families"), bar), 10)
    else:
        rm.snug(also[0], rm.item(last, "island").bbox(), 4)


@pytest.mark.parametrize(("move", "index", "key", "reason"), [
    ("player: A, draw: bonus", 0, "god0", "it is B's"),
    ("player: B, target: C", 19, "god2", ""),
    ("player: A, convert: true", 19, "god0", ""),
])
def test_kalua_a_draw_a_target_or_a_shout(tmp_path, move, index, key, reason):
    """A draw is marked on the hand it was to go to; a target on the targeted god's row; a shout of
    Convert! on the row of the god who shouted it."""
    story = _kalua(tmp_path, move, index)
    last = story.frames[-1]
    assert last.illegal and reason in last.illegal
    [main] = rm.outlines(rm.mark(story))
    assert rm.also(story) == []
    god = rm.item(last, key)
    if "draw" in move:
        rm.snug(main, rm.text(god, "hand: 0 cards"), 12)
    else:
        row = next(rm.moved(s.bbox(), god) for s in god.shapes if isinstance(s, Rect) and s.w >= 300)  # the row's box
        rm.snug(main, row, 4)
