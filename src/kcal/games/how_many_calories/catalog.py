"""``kcal catalog validate|list|show --game how-many-calories`` over the card data: the shared
:class:`~kcal.core.catalogs.CardCatalog` with this game's rows, filters (``--colour``, ``--name``) and words.

The library calls are ``validate(paths)``, ``list_cards(colour)``, ``show(name)``; with extra card-set
files, each set is complete in itself, so "extra catalogs" are other sets to look in, the built-in one last
unless ``no_builtin``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kcal.core.catalogs import CardCatalog, Paths, card_sets, text_filter
from kcal.core.errors import KcalError
from kcal.games.how_many_calories.files.cardset import FoodSet
from kcal.games.how_many_calories.files.load import BUILTIN, load_catalog
from kcal.games.how_many_calories.files.models import FoodCard
from kcal.games.how_many_calories.rules.domain import COLOUR_NAMES, GAME_ID, CardError, parse_colour


def _sets(catalogs: Paths, no_builtin: bool) -> list[FoodSet]:
    return card_sets(catalogs, no_builtin, load_catalog, load_catalog)


def _row(food: FoodCard, foods: FoodSet) -> dict[str, Any]:
    return {"card": str(food.card), "colour": food.colour.value, "number": food.number,
            "kcal": food.card.kcal, "food": food.food, "serving": food.serving, "set": foods.code}


def _colours(values: list[str]) -> Callable[[FoodCard], bool]:
    colours = {parse_colour(c) for c in values}
    return lambda food: food.colour in colours


def _find(foods: FoodSet, name: str) -> FoodCard | None:
    try:
        return foods.food(foods.card(name))
    except CardError:
        folded = " ".join(name.split()).casefold()
        return next((f for f in foods.foods if f.food.casefold() == folded), None)


def icon_of(food: FoodCard) -> str:
    """The card's picture (docs/art.md)."""
    from kcal.games.how_many_calories.print.picture import icon_of as picture

    return picture(food)


def _detail(food: FoodCard, foods: FoodSet) -> dict[str, Any]:
    """``catalog show``: the row with the card's values in a trick."""
    return {**_row(food, foods), "fact": food.fact, "value_same_colour": food.number,
            "value_other_colour": food.number + foods.plus, "icon": icon_of(food)}


def _colour_number(name: str, sets: list[FoodSet]) -> None:
    """A name like ``yellow 99`` that no set has: the set's own message."""
    words = name.split()
    if len(words) == 2 and words[0].casefold() in COLOUR_NAMES and words[1].isdigit():
        try:
            sets[0].card(name)
        except CardError as exc:
            raise KcalError(exc.message, code="unknown-card") from None


def _check(target: str | Path) -> dict[str, Any]:
    foods = load_catalog(target)
    return {"set": foods.code, "cards": len(foods), "variant": foods.variant}


CATALOG: CardCatalog[FoodSet, FoodCard] = CardCatalog(
    GAME_ID, _sets, lambda foods: foods.foods, _row, key=lambda f: str(f.card),
    aliases=lambda f: (str(f.card), f.food), find=_find, detail=_detail, precheck=_colour_number,
    filters={"colour": _colours, "name": text_filter(lambda f: f.food)}, default_filter="colour",
    check=_check, builtin=BUILTIN, blank={"set": None, "cards": 0}, builtin_note="; kcal's reconstruction",
    summary=lambda r: f"{r['cards']} cards, set {r['set']}",
    missing=lambda name, sets, hint: f"no card {name!r} in the set {sets[0].code}{hint}; name a card like "
                                     "'yellow 14' or its food")

FILTERS = CATALOG.FILTERS
validate_catalogs, validate, validate_text = CATALOG.validate_catalogs, CATALOG.validate, CATALOG.validate_text
list_cards, card_names, show = CATALOG.list_cards, CATALOG.card_names, CATALOG.show


def list_text(listing: dict[str, Any]) -> str:
    from kcal.core.results import card_table

    return card_table(("card", "kcal", "food"), [(r["card"], f"{r['kcal']:>5,} kcal", f"{r['food']} ({r['serving']})")
                                                 for r in listing["cards"]])


def show_text(card: dict[str, Any]) -> str:
    lines = [f"{card['card']}: {card['food']}", f"  serving: {card['serving']}",
             f"  {card['kcal']:,} kcal when taken in",
             f"  counts {card['value_same_colour']} in a {card['colour']} trick, "
             f"{card['value_other_colour']} in any other (with the +5 card)"]
    if card.get("fact"):
        lines.append(f"  {card['fact']}")
    if card.get("icon"):
        lines.append(f"  picture: {card['icon']}")
    return "\n".join(lines)
