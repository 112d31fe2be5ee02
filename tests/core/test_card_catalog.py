"""The shared builders of a pack's catalog and schema hooks (issue 31, item 2): ``CardCatalog`` filters,
looks up and validates from what a pack declares; ``SchemaTable`` exports a table of (kind, title, model).
A small made-up card set stands in for a pack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from kcal.core.catalogs import CardCatalog, card_sets, text_filter
from kcal.core.errors import KcalError, UsageError
from kcal.core.schemas import DRAFT, SchemaTable


@dataclass(frozen=True)
class Card:
    name: str
    colour: str
    cost: int


SET = ("BASE", (Card("Red Fox", "red", 2), Card("Grey Wolf", "grey", 3), Card("Red Deer", "red", 1)))
EXTRA = ("EXTRA", (Card("Blue Whale", "blue", 5),))


def _colours(values: list[str]) -> Any:
    for v in values:
        if v not in ("red", "grey", "blue"):
            raise UsageError(f"--colour {v!r}: no such colour")
    return lambda card: card.colour in values


CATALOG: CardCatalog[Any, Card] = CardCatalog(
    "made-up", lambda catalogs, no_builtin: card_sets(catalogs, no_builtin, lambda p: EXTRA, lambda: SET),
    lambda s: s[1], lambda card, s: {"card": card.name, "colour": card.colour, "set": s[0]},
    key=lambda c: c.name, aliases=lambda c: (c.name,),
    find=lambda s, name: next((c for c in s[1] if c.name.casefold() == name.casefold()), None),
    missing=lambda name, sets, hint: f"no card {name!r}{hint}",
    filters={"colour": _colours, "cost": lambda vs: lambda c: str(c.cost) in vs,
             "name": text_filter(lambda c: c.name)},
    check=lambda target: {"cards": 3} if target == "ok" else (_ for _ in ()).throw(
        KcalError("bad card", file=str(target), line=2, column=3)),
    builtin="builtin", summary=lambda r: f"{r['cards']} cards", builtin_note="; built in", default_filter="colour")


def test_filters_any_value_of_one_and_all_of_several() -> None:
    names = [r["card"] for r in CATALOG.list_cards({"colour": ["red", "grey"]})["cards"]]
    assert names == ["Red Fox", "Grey Wolf", "Red Deer"]
    assert [r["card"] for r in CATALOG.list_cards({"colour": ["red"], "cost": ["1", "3"]})["cards"]] == ["Red Deer"]
    assert CATALOG.list_cards({"name": "  red   FOX"})["count"] == 1
    assert CATALOG.list_cards("grey")["cards"] == [{"card": "Grey Wolf", "colour": "grey", "set": "BASE"}]


def test_a_filter_the_game_lacks_or_a_bad_value_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown filter 'colur' \\(did you mean 'colour'\\?\\)"):
        CATALOG.list_cards({"colur": ["red"]})
    with pytest.raises(UsageError, match="no such colour"):
        CATALOG.list_cards({"colour": "pink"})
    assert CATALOG.FILTERS == ("colour", "cost", "name")


def test_extra_sets_come_first_and_no_builtin_needs_one() -> None:
    assert [r["set"] for r in CATALOG.list_cards(None, ["x.yaml"])["cards"]] == ["EXTRA", "BASE", "BASE", "BASE"]
    assert CATALOG.list_cards(None, ["x.yaml"], True)["count"] == 1
    with pytest.raises(UsageError, match="--no-builtin needs a --catalog"):
        CATALOG.list_cards(None, None, True)


def test_show_finds_a_card_by_name_or_word_and_says_what_is_close() -> None:
    assert CATALOG.show("grey wolf")["card"] == "Grey Wolf"
    assert CATALOG.show("wolf")["card"] == "Grey Wolf"
    with pytest.raises(KcalError, match="'red' names several cards: 'Red Fox' or 'Red Deer'") as several:
        CATALOG.show("red")
    assert several.value.code == "ambiguous"
    with pytest.raises(KcalError, match="no card 'Grey Wolv' \\(did you mean 'Grey Wolf'\\?\\)") as unknown:
        CATALOG.show("Grey Wolv")
    assert unknown.value.code == "unknown-card"
    assert ("Blue Whale", "Blue Whale") in CATALOG.card_names(["x.yaml"])


@settings(max_examples=60)
@given(st.text(max_size=30))
def test_any_name_shows_a_card_or_raises_a_kcal_error(name: str) -> None:
    try:
        assert CATALOG.show(name)["card"] in {c.name for c in SET[1]}
    except KcalError as exc:
        assert exc.code in ("ambiguous", "unknown-card")


def test_validation_reports_each_file_and_its_text() -> None:
    result = CATALOG.validate_catalogs(["ok", "bad.yaml"])
    assert [r["errors"] == [] for r in result["catalogs"]] == [True, False]
    assert result["catalogs"][1]["errors"][0]["line"] == 2 and not result["valid"]
    assert CATALOG.validate_text(result) == "ok: valid (3 cards)\nbad.yaml: 1 problem(s)"
    with pytest.raises(KcalError, match="bad card"):
        CATALOG.validate(["bad.yaml"])


class Record(BaseModel):
    players: list[str]


TABLE = SchemaTable("made-up", "Made Up", (("game", "game record", Record),
                                           ("deck", "deck", f"{__name__}:Record")))


def test_a_schema_table_exports_each_kind_titled_after_the_game() -> None:
    schema = TABLE.export("game")
    assert schema["$schema"] == DRAFT and schema["title"] == "Made Up game record"
    assert schema["$id"] == "https://kcal.invalid/schema/made-up/game.json"
    assert schema["properties"]["players"]["type"] == "array"
    assert TABLE.kinds == ("game", "deck")
    assert TABLE.export("deck")["title"] == "Made Up deck"  # "module:Class", imported when asked for
    with pytest.raises(KcalError, match="no schema 'gam' for Made Up \\(did you mean 'game'\\?\\)"):
        TABLE.export("gam")
