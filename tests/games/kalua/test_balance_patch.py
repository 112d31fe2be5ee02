"""Kalua in the balance lab (issue 22, item 4): its parameters and a patched card set (rulings,
"what-if-patch")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.balance.patch import load_patch
from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.registry import get
from kcal.games.kalua.game import GAME
from tests import badpatch


def _patch(tmp_path: Path, text: str):
    path = tmp_path / "patch.yaml"
    path.write_text("game: kalua\n" + text, encoding="utf-8")
    return load_patch(path, get("kalua"))


def test_a_patched_kalua_set_is_checked_as_a_house_rule_set(tmp_path: Path) -> None:
    patch = _patch(tmp_path, "cards:\n  Temple: {cost: 2}\nremove: [Festival]\n")
    cards = patch.options["catalog"]
    assert cards.variant == "what-if"
    names = [d.name for d in cards.defs]
    assert "Festival" not in names
    with pytest.raises(KcalError, match="cost"):
        _patch(tmp_path, "cards:\n  Temple: {cost: banana}\n")


def test_start_pp_and_start_families_set_every_gods_start(tmp_path: Path) -> None:
    patch = _patch(tmp_path, "params: {start_pp: 9, start_families: 14}\n")
    state = GAME.new_state(Setup(("A", "B", "C"), None, dict(patch.options)), 3)
    assert state.pp == [9, 9, 9] and state.families == [14, 14, 14]
    default = GAME.new_state(Setup(("A", "B", "C")), 3)
    assert default.pp == [5, 5, 5] and default.families == [10, 10, 10]
    with pytest.raises(KcalError, match="start_pp"):
        GAME.new_state(Setup(("A", "B", "C"), None, {"start_pp": 51}), 3)


#: bad patches of this game (moved from tests/balance/test_whatif.py, which makes the shared ones from
#: every pack's patch hook): ``(text, line:column, message, hint)``
BAD = [
    ("game: kalua\nparamz: {start_pp: 3}\n", "2:1", "unknown key 'paramz'", "did you mean 'params'"),
    # the patched set breaks the pack's own card-set checks, at the line that did it
    ("game: kalua\ncards:\n  Temple: {cost: -3}\n", "3:18", "cost", ""),
]


@pytest.mark.parametrize("text,where,message,hint", BAD)
def test_a_bad_patch_is_one_line_at_its_position_exit_2(tmp_path: Path, text: str, where: str, message: str,
                                                          hint: str) -> None:
    badpatch.check(tmp_path, "kalua", text, where, message, hint)
