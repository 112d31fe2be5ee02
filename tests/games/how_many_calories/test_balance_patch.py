"""How many Calories? in the balance lab (issue 22, item 4): its parameters and a patched card set
(rulings, "what-if-patch")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.balance.patch import load_patch
from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.registry import get
from kcal.games.how_many_calories.game import GAME


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
