"""The reference sheets: each rule the rulebook gives has its section, every number comes from the
pack's data, the worked examples agree with the engine, the card list is complete and literal."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.games.how_many_calories.files.load import BUILTIN_PATH, load_catalog
from kcal.games.how_many_calories.print.api import print_rulebook
from kcal.games.how_many_calories.print.rulebook import SECTIONS, TEMPLATE_DIR, examples, template_data
from kcal.games.how_many_calories.rules.domain import LIMITS, kcal_text
from tests.print.pdfprobe import pdf_text


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("rules") / "rules.pdf"
    result = print_rulebook(out)
    assert result.warnings == []
    return " ".join(" ".join(pdf_text(out)).split())


def test_every_section_has_a_template():
    assert sorted(p.stem for p in TEMPLATE_DIR.glob("*.j2")) == sorted(SECTIONS)


@pytest.mark.parametrize("heading", ["Setup", "A trick", "The +5 card", "Equal values", "The calorie limit",
                                     "Scoring and winning", "The cards"])
def test_each_rule_has_its_section(sheets, heading):
    assert heading in sheets


def test_the_limits_hand_and_pass_come_from_the_pack(sheets):
    assert f"4 players: {kcal_text(LIMITS[4])}" in sheets and f"3 players: {kcal_text(LIMITS[3])}" in sheets
    assert "deal 8 to each player" in sheets and "chooses 2 cards" in sheets
    assert "put the other 8 aside face down" in sheets
    assert "Exactly the limit is safe" in sheets


def test_the_card_list_has_every_card_with_its_kcal(sheets):
    for food in load_catalog().foods:
        assert f"{food.colour.value[0].upper()} {food.number} {food.colour.value} {food.food} {kcal_text(food.card.kcal)}" in sheets


def test_worked_examples_are_the_engines_verdicts(sheets):
    trick, ties = examples(load_catalog())
    # yellow 11 leads; green 4 counts 9, red 25 counts 30: red 25 eats green 4
    assert (trick["winner"], trick["high"], trick["taken"], trick["loser"]) == ("Cy", "red 25", "green 4", "Ben")
    assert [p["value"] for p in trick["plays"]] == [11, 9, 30, 14]
    # the rulebook's own tie example: yellow 30 above red 25+5, red 9+5 below yellow 14
    assert (ties["high"], ties["taken"]) == ("yellow 30", "red 9")
    assert ties["ties"] == [{"value": 30, "higher": "yellow 30", "lower": "red 25"},
                            {"value": 14, "higher": "yellow 14", "lower": "red 9"}]
    assert "Cy has the highest value with red 25 and eats green 4 (400 kcal), the lowest." in sheets
    assert "yellow 14 and red 9 both count 14: yellow 14 is of the start colour and ranks higher." in sheets


def test_examples_are_left_out_when_the_set_lacks_their_cards(tmp_path):
    text = BUILTIN_PATH.read_text(encoding="utf-8").replace("set: {code: HMC,", "variant: no eleven\nset: {code: HMC,", 1)
    text = text.replace("  - colour: yellow\n    number: 11\n", "  - colour: yellow\n    number: 33\n", 1)
    path = tmp_path / "set.yaml"
    path.write_text(text, encoding="utf-8")
    data = template_data(load_catalog(path))
    assert [e["title"] for e in data["examples"]] == ["Equal values"]
    out = tmp_path / "r.pdf"
    print_rulebook(out, catalog=path)
    sheets = " ".join(" ".join(pdf_text(out)).split())
    assert "Example: a trick" not in sheets and "Example: equal values" in sheets
    assert "house-rule set, no eleven" in sheets and "Y 33 yellow" in sheets


def test_food_names_with_markup_print_literally(tmp_path: Path):
    text = BUILTIN_PATH.read_text(encoding="utf-8").replace("set: {code: HMC,", "variant: markup\nset: {code: HMC,", 1)
    text = text.replace("food: Shrimp, boiled", 'food: "<b>&x</b> | y"', 1)
    path = tmp_path / "set.yaml"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "r.pdf"
    print_rulebook(out, catalog=path)
    sheets = " ".join(" ".join(pdf_text(out)).split())
    assert "R 1 red <b>&x</b> | y 100 kcal" in sheets
