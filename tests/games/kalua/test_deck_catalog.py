"""``deck validate`` (a set file against the published composition), ``catalog validate|list|show``."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.games.kalua import catalog, deck
from kcal.games.kalua.files.load import BUILTIN_PATH

FIX = Path(__file__).resolve().parent / "fixtures" / "bad"


def _custom(tmp_path, name, old=None, new=None, variant=None):
    text = BUILTIN_PATH.read_text(encoding="utf-8")
    if old is not None:
        assert old in text
        text = text.replace(old, new, 1)
    if variant:
        text = text.replace("set: {code: KALUA", f"variant: {variant}\nset: {{code: KALUA", 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_builtin_set_is_a_legal_deck():
    result = deck.validate(BUILTIN_PATH)
    assert result.legal and result.exit_code == 0 and result.counts == {"bonus": 21, "local": 19, "global": 10}
    assert result.to_json()["tiles"] == 50


def test_a_composition_other_than_21_19_10_is_illegal_exit_1():
    result = deck.validate(FIX / "set-composition.yaml")
    assert result.exit_code == 1 and result.errors[0].code == "composition"
    assert "20 bonus cards; the game has 21" in result.errors[0].message


def test_a_declared_variant_may_change_the_composition_with_a_warning(tmp_path):
    path = _custom(tmp_path, "house.yaml", "    cost: 2\n    copies: 3", "    cost: 2\n    copies: 5",
                   variant="more harvests")
    result = deck.validate(path)
    assert result.legal and result.warnings[0].code == "house-rule"
    assert not result.passes(strict=True)


def test_a_missing_named_card_is_illegal(tmp_path):
    path = _custom(tmp_path, "no-temple.yaml", "  - name: Temple\n", "  - name: Shrine\n")
    messages = [e.message for e in deck.validate(path).errors]
    assert "no card 'Temple': the rulebook names it; a custom set declares 'variant: <name>' (a house rule)" in messages


def test_schema_errors_in_a_deck_are_bad_input_exit_2():
    with pytest.raises(KcalError) as err:
        deck.validate(FIX / "set-unknown-effect.yaml")
    assert err.value.exit_code == 2


def test_catalog_validate_reports_each_file():
    result = catalog.validate_catalogs([str(BUILTIN_PATH), str(FIX / "set-negative-cost.yaml")])
    assert not result["valid"] and result["catalogs"][0]["cards"] == 50
    assert result["catalogs"][1]["errors"][0]["line"] == 100


def test_catalog_list_filters_by_type_cost_and_name():
    rows = catalog.list_cards({"type": ["global"]})["cards"]
    assert len(rows) == 8 and sum(r["copies"] for r in rows) == 10
    assert [r["card"] for r in catalog.list_cards({"type": ["disaster"], "cost": ["7"]})["cards"]] == ["Earthquake"]
    assert [r["card"] for r in catalog.list_cards({"name": "temple"})["cards"]] == ["Temple", "Temple destroyed!"]


def test_catalog_show_explains_a_card_in_words():
    card = catalog.show("tornado")
    assert card["does"] == ["the chosen god loses 2 families (they die)", "the chosen god loses 1 happiness"]
    with pytest.raises(KcalError, match="did you mean 'Tornado'"):
        catalog.show("Tornadoe")
