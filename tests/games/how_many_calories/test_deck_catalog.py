"""``catalog validate|list|show`` and ``deck validate`` (a card-set file against the composition)."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.games.how_many_calories import catalog, deck
from kcal.games.how_many_calories.files.load import BUILTIN_PATH, load_catalog


def custom(tmp_path, name, *, variant=None, drop=(), renumber=None, game="how-many-calories"):
    text = BUILTIN_PATH.read_text(encoding="utf-8")
    text = text.replace("game: how-many-calories\n", f"game: {game}\n" + (f"variant: {variant}\n" if variant else ""))
    lines = text.splitlines(keepends=True)
    out, skipping = [], False
    for i, line in enumerate(lines):
        if skipping and line.startswith("    "):  # the rest of a dropped card's fields
            continue
        skipping = line.strip().startswith("- colour:") and any(lines[i + 1].strip() == f"number: {n}"
                                                                  for n in drop)
        if not skipping:
            out.append(line)
    text = "".join(out)
    if renumber:
        text = text.replace(f"number: {renumber[0]}\n", f"number: {renumber[1]}\n")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_catalog_validate_accepts_the_builtin_set():
    out = catalog.validate()
    assert out["valid"] and out["catalogs"][0]["cards"] == 32


def test_catalog_list_has_the_spec_shape():
    rows = catalog.list_cards()["cards"]
    assert rows[13] == {"card": "yellow 14", "colour": "yellow", "number": 14, "kcal": 1_400,
                        "food": "Cheese pizza", "serving": "1 whole 12-inch pizza, 520 g (~1,380 kcal)",
                        "set": "HMC"}
    assert [r["number"] for r in rows] == list(range(1, 33))


def test_catalog_list_by_colour_and_text():
    rows = catalog.list_cards("GREEN")["cards"]
    assert len(rows) == 8 and {r["colour"] for r in rows} == {"green"}
    assert "green 4     400 kcal  Almonds" in catalog.list_text({"cards": rows})
    with pytest.raises(KcalError, match="did you mean 'green'"):
        catalog.list_cards("gren")


def test_catalog_show_by_card_or_food_name():
    assert catalog.show("Yellow 14")["food"] == "Cheese pizza"
    card = catalog.show("cheese  PIZZA")
    assert (card["card"], card["value_same_colour"], card["value_other_colour"]) == ("yellow 14", 14, 19)
    assert "counts 14 in a yellow trick, 19 in any other" in catalog.show_text(card)


def test_catalog_show_unknown_card_has_a_did_you_mean():
    with pytest.raises(KcalError, match=r"no card 'chese pizza' in the set HMC \(did you mean 'Cheese pizza'\?\)"):
        catalog.show("chese pizza")
    with pytest.raises(KcalError, match="there is no blue 9 in the set HMC: 9 is red 9"):
        catalog.show("blue 9")


def test_deck_validate_accepts_the_published_composition():
    result = deck.validate(BUILTIN_PATH)
    assert result.legal and result.exit_code == 0
    assert result.to_json() | {"deck": None} == {"deck": None, "game": "how-many-calories", "legal": True,
                                                 "tiles": 32, "variant": None, "errors": [], "warnings": []}


def test_custom_set_without_variant_must_match_composition(tmp_path):
    result = deck.validate(custom(tmp_path, "short.yaml", drop=(32,)))
    assert not result.legal and result.exit_code == 1
    codes = [e["code"] for e in result.to_json()["errors"]]
    assert codes == ["card-count", "missing-number", "colour-count"]
    assert all(e["line"] and e["column"] for e in result.to_json()["errors"])
    with pytest.raises(KcalError, match="the set has 31 food cards; the game has 32"):
        load_catalog(tmp_path / "short.yaml")


def test_rulebook_cards_keep_their_colours(tmp_path):
    path = custom(tmp_path, "swap.yaml")
    text = path.read_text(encoding="utf-8").replace("  - colour: red\n    number: 8\n",
                                                    "  - colour: blue\n    number: 8\n", 1)
    text = text.replace("  - colour: blue\n    number: 2\n", "  - colour: red\n    number: 2\n", 1)
    path.write_text(text, encoding="utf-8")
    errors = deck.validate(path).to_json()["errors"]
    assert [e["message"] for e in errors] == ["cards[1]: number 8 is red 8 in the rulebook, not blue"]


def test_house_rule_set_is_a_warning_and_strict_makes_it_illegal(tmp_path):
    path = custom(tmp_path, "house.yaml", variant="no pecans", drop=(32,))
    result = deck.validate(path)
    assert result.legal and [w["code"] for w in result.to_json()["warnings"]] == ["house-rule"]
    assert "warning[house-rule]: a house-rule set ('no pecans') of 31 cards" in result.to_text()
    strict = deck.validate(path, strict=True)
    assert not strict.legal and strict.exit_code == 1
    assert len(load_catalog(path)) == 31


def test_house_rule_set_needs_unique_numbers(tmp_path):
    path = custom(tmp_path, "dup.yaml", variant="two pecans", renumber=(31, 32))
    result = deck.validate(path)
    assert [e["code"] for e in result.to_json()["errors"]] == ["duplicate-number"]


def test_set_file_of_another_game_is_bad_input(tmp_path):
    with pytest.raises(KcalError, match="this is a kalua file, not a How many Calories. card set"):
        deck.validate(custom(tmp_path, "kalua.yaml", game="kalua"))


def test_set_file_without_game_key_names_the_expected_game(tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text(BUILTIN_PATH.read_text(encoding="utf-8").replace("game: how-many-calories\n", ""),
                    encoding="utf-8")
    with pytest.raises(KcalError) as err:
        load_catalog(path)
    assert str(err.value) == (f"{path}:1:1: this file has no 'game:' key, so it is a kcaloria file; a How "
                              "many Calories? card set starts with 'game: how-many-calories'")


def test_catalog_validate_reports_every_bad_file(tmp_path):
    bad = custom(tmp_path, "short.yaml", drop=(1,))
    with pytest.raises(KcalError) as err:
        catalog.validate([BUILTIN_PATH, bad])
    assert len(err.value.problems) == 3 and all(str(bad) in str(p) for p in err.value.problems)


def test_catalog_command_shapes_filter_by_colour_and_name_over_extra_sets(tmp_path):
    house = custom(tmp_path, "house.yaml", variant="small", drop=(32,))
    house.write_text(house.read_text(encoding="utf-8").replace("code: HMC,", "code: SMALL,"), encoding="utf-8")
    assert catalog.FILTERS == ("colour", "name")
    rows = catalog.list_cards({"colour": ["green", "Blue"], "name": "nut"}, [house], True)["cards"]
    assert [r["card"] for r in rows] == ["green 18", "green 23", "green 27"]  # peanut, walnut, macadamia
    assert {r["set"] for r in rows} == {"SMALL"}
    both = catalog.list_cards({"name": "pecans"}, [house], False)["cards"]
    assert [(r["card"], r["set"]) for r in both] == [("green 32", "HMC")]
    assert catalog.show("green 4", [house], True)["set"] == "SMALL"
    with pytest.raises(KcalError, match="unknown filter 'rarity'"):
        catalog.list_cards({"rarity": ["rare"]})
    with pytest.raises(KcalError, match="--no-builtin needs a --catalog file"):
        catalog.list_cards(None, None, True)


def test_validate_catalogs_reports_problems_per_file(tmp_path):
    bad = custom(tmp_path, "short.yaml", drop=(1,))
    result = catalog.validate_catalogs([BUILTIN_PATH, bad])
    assert not result["valid"] and [len(r["errors"]) for r in result["catalogs"]] == [0, 3]
    assert result["catalogs"][1]["errors"][0]["file"] == str(bad) and result["catalogs"][1]["errors"][0]["line"]
    assert "short.yaml: 3 problem(s)" in catalog.validate_text(result)


def test_deck_command_shapes_apply_strict_when_reporting(tmp_path):
    path = custom(tmp_path, "house.yaml", variant="no pecans", drop=(32,))
    result = deck.validate_deck_file(path)
    assert result.passes() and not result.passes(strict=True)
    assert result.to_json(strict=True)["legal"] is False
    assert "error[house-rule] (--strict): a house-rule set" in deck.format_report(result, strict=True)
    with pytest.raises(KcalError, match="--catalog does not apply"):
        deck.validate_deck_file(path, [BUILTIN_PATH])
