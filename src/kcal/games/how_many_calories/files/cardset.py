"""A validated card set made into the rules' :class:`~kcal.games.how_many_calories.rules.cards.FoodSet`
(named here too), and the published composition it is checked against.

The rulebook fixes 32 food cards numbered 1 to 32, each number once, in four colours; the built-in set
has 8 of each colour and the cards the rulebook shows (red 8, red 9, red 25, yellow 11, yellow 14,
yellow 30, green 4). A file declaring ``variant: <name>`` is a house-rule set: numbers stay unique
(a card is named by its number alone in the engine), colours stay the four, numbers run 1 to 99.
"""

from __future__ import annotations

from collections import Counter

from kcal.core.setcheck import Finding
from kcal.games.how_many_calories.files.models import CardSetFile, FoodCard
from kcal.games.how_many_calories.rules.cards import FoodSet
from kcal.games.how_many_calories.rules.domain import COLOURS, PLUS, parse_card

PUBLISHED_SIZE = 32
PER_COLOUR = 8
#: the cards the rulebook shows; the published set has them in these colours
RULEBOOK_CARDS = tuple(parse_card(c) for c in ("red 8", "red 9", "red 25", "yellow 11", "yellow 14",
                                               "yellow 30", "green 4"))

Loc = tuple[str | int, ...]


def composition_findings(model: CardSetFile) -> tuple[list[Finding], list[Finding]]:
    """(errors, warnings) of a card-set file against the published composition, or, for a declared
    ``variant:``, against the rules every set must keep."""
    errors: list[Finding] = []
    warnings: list[Finding] = []
    first: dict[int, int] = {}
    for i, food in enumerate(model.cards):
        if food.number in first:
            other = model.cards[first[food.number]]
            errors.append(Finding("duplicate-number", f"cards[{i}]: number {food.number} is already "
                                  f"{other.card} (cards[{first[food.number]}]); every number is on one card",
                                  ("cards", i, "number")))
        else:
            first[food.number] = i
    foods = Counter(f.food.casefold() for f in model.cards)
    for i, food in enumerate(model.cards):
        if foods[food.food.casefold()] > 1 and first.get(food.number) == i:
            warnings.append(Finding("duplicate-food", f"cards[{i}]: the food {food.food!r} is on more "
                                    "than one card", ("cards", i, "food")))
            foods[food.food.casefold()] = 0
    if model.variant is not None:
        warnings.append(Finding("house-rule", f"a house-rule set ({model.variant!r}) of {len(model.cards)} "
                                "cards, not the published composition", ("variant",)))
        if len(model.cards) < 16:
            warnings.append(Finding("small-set", f"{len(model.cards)} cards cannot deal 8 to even 2 players",
                                    ("cards",)))
        return errors, warnings
    errors += _published(model)
    return errors, warnings


def _published(model: CardSetFile) -> list[Finding]:
    out: list[Finding] = []
    hint = "; a custom set declares 'variant: <name>' (a house rule)"
    if len(model.cards) != PUBLISHED_SIZE:
        out.append(Finding("card-count", f"the set has {len(model.cards)} food cards; the game has "
                           f"{PUBLISHED_SIZE}{hint}", ("cards",)))
    numbers = {f.number for f in model.cards}
    for i, food in enumerate(model.cards):
        if food.number > PUBLISHED_SIZE:
            out.append(Finding("number-range", f"cards[{i}]: number {food.number} is above "
                               f"{PUBLISHED_SIZE}{hint}", ("cards", i, "number")))
    missing = [n for n in range(1, PUBLISHED_SIZE + 1) if n not in numbers]
    if missing:
        out.append(Finding("missing-number", f"no card numbered {', '.join(map(str, missing))}; the numbers "
                           f"1 to {PUBLISHED_SIZE} are each on one card", ("cards",)))
    counts = Counter(f.colour for f in model.cards)
    for colour in COLOURS:
        if counts[colour] != PER_COLOUR:
            out.append(Finding("colour-count", f"{counts[colour]} {colour.value} cards; each colour has "
                               f"{PER_COLOUR}", ("cards",)))
    for card in RULEBOOK_CARDS:
        for i, food in enumerate(model.cards):
            if food.number == card.number and food.colour is not card.colour:
                out.append(Finding("rulebook-card", f"cards[{i}]: number {card.number} is {card} in the "
                                   f"rulebook, not {food.colour.value}", ("cards", i, "colour")))
    if model.plus_cards.value != PLUS:
        out.append(Finding("plus-value", f"the +5 card adds {PLUS}, not {model.plus_cards.value}{hint}",
                           ("plus_cards", "value")))
    return out


def food_set(model: CardSetFile, source: str = "builtin") -> FoodSet[FoodCard]:
    """The card set of a validated card-set file, as the rules use it."""
    return FoodSet(model.set.code, model.set.name, model.variant, model.plus_cards.value,
                   tuple(sorted(model.cards, key=lambda f: f.number)), source, model.plus_cards.icon)


__all__ = ["PER_COLOUR", "PUBLISHED_SIZE", "RULEBOOK_CARDS", "FoodSet", "composition_findings", "food_set"]
