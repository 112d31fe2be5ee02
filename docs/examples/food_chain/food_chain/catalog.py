"""The card data of Food Chain (``data/cards.yaml``, its model ``CardSet``) and ``kcal catalog``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from kcal.core.catalogs import card_sets, check_filters, raise_invalid, validate_each
from kcal.core.errors import KcalError
from kcal.core.packfile import read_model
from kcal.core.results import card_table
from kcal.core.suggest import lookup

BUILTIN = Path(__file__).parent / "data" / "cards.yaml"
LEVELS = {1: "producer", 2: "herbivore", 3: "carnivore", 4: "apex"}
FILTERS = ("type", "level", "name")


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1, max_length=40)
    level: int = Field(ge=1, le=4)
    copies: int = Field(ge=1, le=8)


class CardSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    game: str = "food-chain"
    cards: list[Card] = Field(min_length=1)


def load(path: str | Path) -> CardSet:
    return read_model(path, CardSet, "food-chain", "Food Chain", "card set")[1]


@cache
def builtin() -> CardSet:
    return load(BUILTIN)


def validate_catalogs(paths: Sequence[str] | None = None) -> dict[str, Any]:
    def check(target: str | Path) -> dict[str, Any]:
        return {"cards": sum(c.copies for c in load(target).cards)}

    return validate_each("food-chain", [(str(t), t) for t in paths or [BUILTIN]], {"cards": 0}, check)


def validate(paths: Sequence[str] | None = None) -> dict[str, Any]:
    return raise_invalid(validate_catalogs(paths))


def validate_text(result: dict[str, Any]) -> str:
    return "\n".join(f"{r['catalog']}: {len(r['errors'])} problem(s)" if r["errors"] else
                     f"{r['catalog']}: valid ({r['cards']} cards)" for r in result["catalogs"])


def row(card: Card) -> dict[str, Any]:
    return {"card": card.name, "type": LEVELS[card.level], "level": card.level, "copies": card.copies}


def list_cards(filters: Mapping[str, Any] | None, catalogs: Sequence[Path] | None = None,
               no_builtin: bool = False) -> dict[str, Any]:
    filters = dict(filters or {})
    check_filters(filters, FILTERS)
    types, part = set(filters.get("type") or ()), str(filters.get("name") or "").lower()
    levels = set(filters.get("level") or ())
    rows = [row(c) for s in card_sets(catalogs, no_builtin, load, builtin) for c in s.cards
            if (not types or LEVELS[c.level] in types) and (not levels or str(c.level) in levels)
            and part in c.name.lower()]
    return {"game": "food-chain", "count": len(rows), "cards": rows}


def list_text(result: dict[str, Any]) -> str:
    return card_table(("card", "copies", "type"),
                      [(r["card"], f"x{r['copies']}", r["type"]) for r in result["cards"]])


def card_names(catalogs: Sequence[Path] | None = None, no_builtin: bool = False) -> list[tuple[str, str]]:
    return [(c.name, c.name) for s in card_sets(catalogs, no_builtin, load, builtin) for c in s.cards]


def show(query: str, catalogs: Sequence[Path] | None = None, no_builtin: bool = False) -> dict[str, Any]:
    found = lookup(query, card_names(catalogs, no_builtin))
    for s in card_sets(catalogs, no_builtin, load, builtin):
        for card in s.cards:
            if card.name == found.name:
                return row(card)
    raise KcalError(f"there is no card {query!r}{found.hint()}", code="unknown-card")


def show_text(detail: dict[str, Any]) -> str:
    return f"{detail['card']} -- {detail['type']} (level {detail['level']}), {detail['copies']} in the set"
