"""``kcal catalog validate|list|show --game how-many-calories`` over the card data.

The library calls are ``validate(paths)``, ``list_cards(colour)``, ``show(name)``; the command line's
shapes (``validate_catalogs``, ``FILTERS``, ``list_cards(filters, catalogs, no_builtin)``,
``show(name, catalogs, no_builtin)``) are the same functions with extra card-set files: each set is
complete in itself, so "extra catalogs" are other sets to look in, the built-in one last unless
``no_builtin``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from kcal.core.catalogs import card_sets, check_filters, raise_invalid, validate_each
from kcal.core.errors import KcalError
from kcal.core.results import card_table
from kcal.core.suggest import lookup
from kcal.core.text import shown
from kcal.games.how_many_calories.files.cardset import FoodSet
from kcal.games.how_many_calories.files.load import BUILTIN, load_catalog
from kcal.games.how_many_calories.files.models import FoodCard
from kcal.games.how_many_calories.rules.domain import COLOUR_NAMES, GAME_ID, CardError, parse_colour

#: the ``catalog list`` filters that apply to this game
FILTERS = ("colour", "name")

Paths = Sequence[str | Path] | None


def validate_catalogs(paths: Paths = None) -> dict[str, Any]:
    """Every file checked, problems reported per file (nothing raised for a bad set):
    ``{"valid", "catalogs": [{"catalog", "set", "cards", "errors": [{file, line, column, message}]}]}``."""
    def check(target: str | Path) -> dict[str, Any]:
        foods = load_catalog(target)
        return {"set": foods.code, "cards": len(foods), "variant": foods.variant}

    targets = list(paths or []) or [BUILTIN]
    return validate_each(GAME_ID, [(str(t), t) for t in targets], {"set": None, "cards": 0}, check)


#: the built-in set is kcal's reconstruction (docs/README.md), and says so wherever it is checked
_RECONSTRUCTION = "; kcal's reconstruction"


def validate_text(result: dict[str, Any]) -> str:
    return "\n".join(f"{shown(r['catalog'])}: " + (f"{len(r['errors'])} problem(s)" if r["errors"] else
                                            f"valid ({r['cards']} cards, set {r['set']}"
                                            f"{_RECONSTRUCTION if r['catalog'] == BUILTIN else ''})")
                     for r in result["catalogs"])


def validate(paths: Paths = None) -> dict[str, Any]:
    """Validate card-set files (none: the built-in set); every problem of every file is raised
    together (exit 2); otherwise a summary per file."""
    return raise_invalid(validate_catalogs(paths))


def _sets(catalogs: Paths, no_builtin: bool) -> list[FoodSet]:
    return card_sets(catalogs, no_builtin, load_catalog, load_catalog)


def _row(food: FoodCard, foods: FoodSet) -> dict[str, Any]:
    return {"card": str(food.card), "colour": food.colour.value, "number": food.number,
            "kcal": food.card.kcal, "food": food.food, "serving": food.serving, "set": foods.code}


def list_cards(colour: str | Sequence[str] | Mapping[str, Any] | None = None, catalogs: Paths = None,
               no_builtin: bool = False) -> dict[str, Any]:
    """``{"cards": [{"card", "colour", "number", "kcal", "food", "serving", "set"}]}`` in number order.
    ``colour`` is a colour, several, or the command line's filters ``{"colour": [...], "name": text}``
    (part of the food's name)."""
    filters: Mapping[str, Any] = colour if isinstance(colour, Mapping) else {"colour": colour}
    check_filters(filters, FILTERS)
    wanted = filters.get("colour")
    colours = {parse_colour(c) for c in ([wanted] if isinstance(wanted, str) else wanted or [])}
    part = " ".join(str(filters.get("name") or "").split()).casefold()
    rows = []
    for foods in _sets(catalogs, no_builtin):
        rows += [_row(f, foods) for f in foods.foods
                 if (not colours or f.colour in colours) and part in f.food.casefold()]
    return {"game": "how-many-calories", "count": len(rows), "cards": rows}


def list_text(listing: dict[str, Any]) -> str:
    return card_table(("card", "kcal", "food"), [(r["card"], f"{r['kcal']:>5,} kcal", f"{r['food']} ({r['serving']})")
                                                 for r in listing["cards"]])


def _find(foods: FoodSet, name: str) -> FoodCard | None:
    try:
        return foods.food(foods.card(name))
    except CardError:
        folded = " ".join(name.split()).casefold()
        return next((f for f in foods.foods if f.food.casefold() == folded), None)


def card_names(catalogs: Paths = None, no_builtin: bool = False) -> list[tuple[str, str]]:
    """Every way a card may be named (``yellow 14``, its food), with its card: the pairs of
    :func:`kcal.core.suggest.lookup`."""
    return _names(_sets(catalogs, no_builtin))


def _names(sets: list[FoodSet]) -> list[tuple[str, str]]:
    return [(alias, str(f.card)) for foods in sets for f in foods.foods for alias in (str(f.card), f.food)]


def icon_of(food: FoodCard) -> str:
    """The card's picture (docs/art.md)."""
    from kcal.games.how_many_calories.print.picture import icon_of as picture

    return picture(food)


def show(name: str, catalogs: Paths = None, no_builtin: bool = False) -> dict[str, Any]:
    """One card, by ``yellow 14``, by its food or by a word of it ("pizza"), with its values in a trick."""
    sets = _sets(catalogs, no_builtin)
    found = lookup(name, _names(sets))
    for foods in sets:
        food = _find(foods, name) or (_find(foods, found.name) if found.name else None)
        if food is not None:
            row = _row(food, foods)
            row.update({"fact": food.fact, "value_same_colour": food.number,
                        "value_other_colour": food.number + foods.plus, "icon": icon_of(food)})
            return row
    foods = sets[0]
    words = name.split()
    if len(words) == 2 and words[0].casefold() in COLOUR_NAMES and words[1].isdigit():
        try:
            foods.card(name)
        except CardError as exc:
            raise KcalError(exc.message, code="unknown-card") from None
    if found.several:
        raise KcalError(found.several_message("cards"), code="ambiguous")
    raise KcalError(f"no card {name!r} in the set {foods.code}{found.hint()}; name a card like 'yellow 14' "
                    "or its food", code="unknown-card")


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
