"""The card data of Food Chain (``data/cards.yaml``, its model ``CardSet``) and ``kcal catalog``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from kcal.core.catalogs import CardCatalog, card_sets, text_filter
from kcal.core.packfile import read_model
from kcal.core.results import card_table

BUILTIN = Path(__file__).parent / "data" / "cards.yaml"
LEVELS = {1: "producer", 2: "herbivore", 3: "carnivore", 4: "apex"}


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


def _sets(catalogs: Sequence[Path] | None, no_builtin: bool) -> list[CardSet]:
    return card_sets(catalogs, no_builtin, load, builtin)


def row(card: Card, cards: CardSet | None = None) -> dict[str, Any]:
    return {"card": card.name, "type": LEVELS[card.level], "level": card.level, "copies": card.copies}


CATALOG: CardCatalog[CardSet, Card] = CardCatalog(
    "food-chain", _sets, lambda s: s.cards, row, key=lambda c: c.name, aliases=lambda c: (c.name,),
    find=lambda s, name: next((c for c in s.cards if c.name == name), None),
    filters={"type": lambda types: lambda c: LEVELS[c.level] in types,
             "level": lambda levels: lambda c: str(c.level) in levels, "name": text_filter(lambda c: c.name)},
    check=lambda target: {"cards": sum(c.copies for c in load(target).cards)}, builtin=BUILTIN,
    missing=lambda query, sets, hint: f"there is no card {query!r}{hint}")
FILTERS = CATALOG.FILTERS
validate_catalogs, validate, validate_text = CATALOG.validate_catalogs, CATALOG.validate, CATALOG.validate_text
list_cards, card_names, show = CATALOG.list_cards, CATALOG.card_names, CATALOG.show


def list_text(result: dict[str, Any]) -> str:
    return card_table(("card", "copies", "type"),
                      [(r["card"], f"x{r['copies']}", r["type"]) for r in result["cards"]])


def show_text(detail: dict[str, Any]) -> str:
    return f"{detail['card']} -- {detail['type']} (level {detail['level']}), {detail['copies']} in the set"
