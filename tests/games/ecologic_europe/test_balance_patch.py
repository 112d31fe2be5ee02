"""EcoLogic: Europe in the balance lab (issue 22, item 4): the hand size and patched species (rulings,
"what-if-hand-size")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.balance.patch import load_patch
from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.registry import get
from kcal.games.ecologic_europe.game import GAME
from kcal.games.ecologic_europe.rules.seasons import beginning_of_season
from tests import badpatch


def test_hand_size_sets_the_deal_and_the_refill() -> None:
    state = GAME.new_state(Setup(("A", "B"), None, {"hand_size": 5}), 2)
    assert [len(h) for h in state.hands] == [5, 5]
    state.hands[0].clear()
    beginning_of_season(state)
    assert len(state.hands[0]) == 5
    assert [len(h) for h in GAME.new_state(Setup(("A", "B")), 2).hands] == [8, 8]
    with pytest.raises(KcalError, match="hand_size"):
        GAME.new_state(Setup(("A", "B"), None, {"hand_size": 0}), 2)


def test_a_patched_species_plays_in_the_game(tmp_path: Path) -> None:
    path = tmp_path / "patch.yaml"
    path.write_text("game: ecologic-europe\ncards:\n  Red deer: {points: 3}\n", encoding="utf-8")
    patch = load_patch(path, get("ecologic-europe"))
    cards = patch.options["cards"]
    deer = next(s for s in cards.species if s.name == "Red deer")
    assert deer.points == 3
    state = GAME.new_state(Setup(("A", "B"), None, dict(patch.options)), 2)
    assert state.rules.cards is cards


#: bad patches of this game (moved from tests/balance/test_whatif.py, which makes the shared ones from
#: every pack's patch hook): ``(text, line:column, message, hint)``
BAD = [
    # the patched set breaks the pack's own card-set checks, at the line that did it
    ("game: ecologic-europe\ncards:\n  Red deer: {points: many}\n", "3:22", "points", ""),
]


@pytest.mark.parametrize("text,where,message,hint", BAD)
def test_a_bad_patch_is_one_line_at_its_position_exit_2(tmp_path: Path, text: str, where: str, message: str,
                                                          hint: str) -> None:
    badpatch.check(tmp_path, "ecologic-europe", text, where, message, hint)
