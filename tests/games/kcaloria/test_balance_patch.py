"""kCaloria in the balance lab (issue 22, item 4): the hand size and patched tiles (rulings, "What-if
patches")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.balance.patch import load_patch
from kcal.core.errors import KcalError, UsageError
from kcal.core.game import Setup
from kcal.core.registry import get
from kcal.games.kcaloria.game import GAME
from tests import badpatch


def test_a_patched_tile_replaces_its_name_in_the_decks(tmp_path: Path) -> None:
    path = tmp_path / "patch.yaml"
    path.write_text("game: kcaloria\ncards:\n  Bayou: {yield: {blue: 3}}\n", encoding="utf-8")
    patch = load_patch(path, get("kcaloria"))
    (tile,) = patch.options["tiles"]
    assert tile.name == "Bayou"
    state = GAME.new_state(Setup(("A", "B"), None, dict(patch.options)), 4)
    bayous = [t for deck in (state.hands, state.draw) for tiles in deck for t in tiles if t.name == "Bayou"]
    assert bayous and all(t.tile is tile for t in bayous)
    path.write_text("game: kcaloria\nadd:\n  - {name: Bayou}\n", encoding="utf-8")
    with pytest.raises(KcalError, match="a kCaloria patch changes tiles' fields"):
        load_patch(path, get("kcaloria"))


def test_hand_size_sets_the_opening_hand_and_the_refill() -> None:
    state = GAME.new_state(Setup(("A", "B"), None, {"hand_size": 5}), 4)
    assert [len(h) for h in state.hands] == [5, 5]
    GAME.apply(state, "A", GAME.legal_moves(state, "A")[0])  # a placement: the hand is refilled
    assert len(state.hands[0]) == 5
    assert [len(h) for h in GAME.new_state(Setup(("A", "B")), 4).hands] == [7, 7]
    with pytest.raises(UsageError, match="hand_size"):
        GAME.new_state(Setup(("A", "B"), None, {"hand_size": 0}), 4)


#: bad patches of this game (moved from tests/balance/test_whatif.py, which makes the shared ones from
#: every pack's patch hook): ``(text, line:column, message, hint)``
BAD = [
    ("game: kcaloria\nremove: [Bayou]\n", "2:1", "a kCaloria patch changes tiles' fields", ""),
    # the patched set breaks the pack's own card-set checks, at the line that did it
    ("game: kcaloria\ncards:\n  Bayou: {yield: {blue: -2}}\n", "3:", "yield", ""),
]


@pytest.mark.parametrize("text,where,message,hint", BAD)
def test_a_bad_patch_is_one_line_at_its_position_exit_2(tmp_path: Path, text: str, where: str, message: str,
                                                          hint: str) -> None:
    badpatch.check(tmp_path, "kcaloria", text, where, message, hint)
