"""Issue 23, item 4, How many Calories? (moved from tests/viewer/test_refused_mark.py, which checks the mark
of every pack's illegal example): the card tried where the trick would take it, a card played out of turn
or before the pass, and a pass."""

from __future__ import annotations

import re
from pathlib import Path

import tests.refusedmarks as rm
from kcal.viewer.scene import Rect, Story


def test_how_many_calories_the_card_tried_where_the_trick_would_take_it():
    """D plays yellow 30 after C's green 4: the card is drawn as the trick's second card, and nowhere
    in D's hand (D does not hold it: D passed it to A)."""
    from kcal.games.how_many_calories.draw import CH, CW

    story = rm.story("how-many-calories")
    last = story.frames[-1]
    mark = rm.mark(story)
    trick = rm.item(last, "trick")
    lead = rm.card(trick, 4, CW, CH)  # C's green 4
    tried = rm.card(mark, 30, CW, CH)
    assert tried[1] == lead[1] and lead[2] < tried[0] < lead[2] + 2 * CW  # the next place in the trick's row
    outlines = rm.outlines(mark)
    assert len(outlines) == 1 and rm.also(story) == []  # D does not hold it: no card in a hand is marked
    rm.snug(outlines[0], tried, 16)
    assert all(outlines[0][3] < rm.item(last, f"seat{s}").bbox()[1] for s in range(4))  # over the trick, not a row


def _hmc(tmp_path: Path, passes: dict[str, str] | None = None, plays: tuple[str, ...] | None = None) -> Story:
    """The How many Calories? example with other passes or plays."""
    text = rm.example("how-many-calories").read_text(encoding="utf-8")
    for player, cards in (passes or {}).items():
        text = re.sub(rf"( {player}: )\[[^\]]*\]", rf"\g<1>[{cards}]", text)
    if plays is not None:
        head = text[: text.index("    plays:\n") + len("    plays:\n")]
        text = head + "".join(f"      - {{{p}}}\n" for p in plays)
    return rm.story("how-many-calories", rm.write(tmp_path, "how-many-calories", text))


def test_how_many_calories_a_card_played_out_of_turn_is_marked_in_the_trick_and_in_the_hand(tmp_path):
    """Trick 1 is over (C leads next) when A plays red 8, which A holds: the card is drawn after the trick
    just played, and A's red 8 is outlined in A's hand."""
    from kcal.games.how_many_calories.draw import CH, CW

    story = _hmc(tmp_path, plays=("player: A, card: yellow 11", "player: B, card: yellow 14",
                                  "player: C, card: yellow 3", "player: D, card: red 1", "player: A, card: red 8"))
    last = story.frames[-1]
    assert "it is C's turn, not A's" in (last.illegal or "")
    mark = rm.mark(story)
    trick = rm.item(last, "trick")
    played = [rm.card(trick, n, CW, CH) for n in (11, 14, 3, 1)]
    tried = rm.card(mark, 8, CW, CH)
    assert tried[1] == played[0][1] and tried[0] > max(b[2] for b in played)  # after the trick just played
    [main], also = rm.outlines(mark), rm.also(story)
    rm.snug(main, tried, 16)
    assert len(also) == 1
    rm.snug(also[0], rm.card(rm.item(last, "seat0"), 8, CW, CH), 4)


def test_how_many_calories_a_card_played_before_the_pass_leads_the_empty_trick(tmp_path):
    """D has not passed when A plays yellow 11: the card is drawn as the empty trick's first, its label
    under the trick's "no card played yet", and A's yellow 11 is outlined in A's hand."""
    from kcal.games.how_many_calories.draw import CH, CW

    text = re.sub(r"      D: \[[^\]]*\]\n", "", rm.example("how-many-calories").read_text(encoding="utf-8"))
    story = rm.story("how-many-calories", rm.write(tmp_path, "how-many-calories", text))
    last = story.frames[-1]
    assert "starts with the pass" in (last.illegal or "")
    mark = rm.mark(story)
    trick = rm.item(last, "trick")
    empty = rm.text(trick, "no card played yet")
    tried = rm.card(mark, 11, CW, CH)
    label = next(rm.moved(s.bbox(), mark) for s in mark.shapes if isinstance(s, Rect) and s.fill == "#ffffff")
    assert tried[0] == trick.x and label[1] > empty[3] and tried[1] > label[1]  # below the words, not over them
    rm.snug(rm.outlines(mark)[0], tried, 16)
    [also] = rm.also(story)
    rm.snug(also, rm.card(rm.item(last, "seat0"), 11, CW, CH), 4)


def test_how_many_calories_a_pass_marks_the_cards_passed_in_the_hand(tmp_path):
    """A passes 3 cards: each of them is outlined in A's hand, the label on the first."""
    from kcal.games.how_many_calories.draw import CH, CW

    story = _hmc(tmp_path, passes={"A": "blue 31, green 27, red 8"})
    last = story.frames[-1]
    assert "pass exactly 2 cards, not 3" in (last.illegal or "")
    outlines = rm.outlines(rm.mark(story)) + rm.also(story)
    hand = rm.item(last, "seat0")
    assert len(outlines) == 3
    for outline, n in zip(outlines, (8, 27, 31), strict=True):  # the pass in number order
        rm.snug(outline, rm.card(hand, n, CW, CH), 4)
