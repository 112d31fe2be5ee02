"""How many Calories? in the balance lab (issue 22, item 4): its parameters and a patched card set
(rulings, "what-if-patch")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.balance.patch import load_patch
from kcal.cli.app import app
from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.registry import get
from kcal.games.how_many_calories.game import GAME
from tests import badpatch


def _patch(tmp_path: Path, text: str):
    path = tmp_path / "patch.yaml"
    path.write_text("game: how-many-calories\n" + text, encoding="utf-8")
    return load_patch(path, get("how-many-calories"))


def test_a_patched_set_is_checked_as_a_house_rule_set(tmp_path: Path) -> None:
    """A colour change breaks the published 8-a-colour composition, and is still a legal house-rule set."""
    patch = _patch(tmp_path, "cards:\n  yellow 14: {colour: red}\nremove: [green 4]\n")
    foods = patch.options["catalog"]
    assert foods.variant == "what-if" and len(foods) == 31
    state = GAME.new_state(Setup(("A", "B", "C"), None, dict(patch.options)), 5)
    dealt = {c for hand in state.hands for c in hand} if hasattr(state, "hands") else set()
    assert 4 not in dealt


def test_a_patch_whose_kcal_takes_another_cards_number_is_refused(tmp_path: Path) -> None:
    with pytest.raises(KcalError, match="number 15 is already") as err:
        _patch(tmp_path, "cards:\n  yellow 14: {kcal: 1500}\n")
    assert err.value.where is None or err.value.where.file.endswith("patch.yaml")
    with pytest.raises(KcalError, match="a card's kcal is its number x 100"):
        _patch(tmp_path, "cards:\n  yellow 14: {kcal: 1550}\n")
    assert 40 in _patch(tmp_path, "cards:\n  yellow 14: {kcal: 4000}\n").options["catalog"].numbers


def test_the_limit_parameter_reaches_the_game(tmp_path: Path) -> None:
    patch = _patch(tmp_path, "params: {limit_kcal: 3100, rounds: 2}\n")
    state = GAME.new_state(Setup(("A", "B", "C"), None, dict(patch.options)), 1)
    assert state.rules.limit == 3100 and state.rules.rounds == 2


#: bad patches of this game (moved from tests/balance/test_whatif.py, which makes the shared ones from
#: every pack's patch hook): ``(text, line:column, message, hint)``
BAD = [
    ("game: how-many-calories\ncards:\n  yelow 14: {colour: red}\n", "3:3", "no card 'yelow 14'",
     "did you mean 'yellow 14'"),
    ("game: how-many-calories\ncards:\n  yellow 14: {colur: red}\n", "3:15", "unknown field 'colur'",
     "did you mean 'colour'"),
    ("game: how-many-calories\nparams: {limit_kcl: 2600}\n", "2:10", "unknown parameter 'limit_kcl'",
     "did you mean 'limit_kcal'"),
    ("game: how-many-calories\nparams:\n  limit_kcal: 99\n", "3:15", "out of range", "500 to 20,000"),
    ("game: how-many-calories\nparams:\n  rounds: 2.5\n", "3:11", "rounds is a whole number", ""),
    ("game: kalua\nparams: {start_pp: 3}\n", "1:7", "this is a kalua file", ""),
    # the patched set breaks the pack's own card-set checks, at the line that did it
    ("game: how-many-calories\ncards:\n  yellow 14:\n    colour: purple\n", "4:13", "colour", ""),
]


@pytest.mark.parametrize("text,where,message,hint", BAD)
def test_a_bad_patch_is_one_line_at_its_position_exit_2(tmp_path: Path, text: str, where: str, message: str,
                                                          hint: str) -> None:
    badpatch.check(tmp_path, "how-many-calories", text, where, message, hint)


# moved from tests/balance/test_whatif.py


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "whole-patch.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_calorie_limit_is_a_parameter_set_through_the_limit_option() -> None:
    data = json.loads(CliRunner().invoke(app, ["balance", "params", "--game", "how-many-calories", "-f", "json"]).stdout)
    limit = next(p for p in data["params"] if p["name"] == "limit_kcal")
    assert limit["option"] == "limit" and limit["type"] == "int"


def test_a_patch_that_breaks_the_set_names_the_duplicate(tmp_path: Path) -> None:
    """How many Calories?: a card's number is its name and its kcal; kcal 1,600 makes yellow 14 a second 16."""
    path = _write(tmp_path, "game: how-many-calories\ncards:\n  yellow 14: {kcal: 1600}\n")
    with pytest.raises(KcalError, match="number 16 is already"):
        load_patch(path, get("how-many-calories"))


def test_a_patch_gives_the_options_of_the_patched_arm(tmp_path: Path) -> None:
    path = _write(tmp_path, "game: how-many-calories\ncards:\n  yellow 14: {kcal: 4000}\nparams: {limit_kcal: 2600}\n")
    patch = load_patch(path, get("how-many-calories"))
    assert patch.params == {"limit_kcal": 2600}
    assert patch.options["limit"] == 2600
    catalog = patch.options["catalog"]
    assert 40 in catalog.numbers and 14 not in catalog.numbers
    assert patch.cards == ("yellow 14",)
