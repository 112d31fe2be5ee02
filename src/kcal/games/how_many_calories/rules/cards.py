"""A card set as the rules use it (:class:`FoodSet`): the cards of one set, indexed by number.

It lives in ``rules/`` because the rules play with it, and ``files/`` sits above ``rules/``
(docs/ARCHITECTURE.md, the pack layers): :mod:`kcal.games.how_many_calories.files.cardset` builds it from
a validated card-set file (:func:`~kcal.games.how_many_calories.files.cardset.food_set`) and names it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from kcal.core.suggest import did_you_mean
from kcal.games.how_many_calories.rules.domain import (
    COLOUR_INDEX,
    MAX_NUMBER,
    Card,
    CardError,
    Colour,
    parse_card,
)


class Food(Protocol):
    """One food card as the rules and the pictures read it (the card-set file's ``FoodCard`` is one)."""

    @property
    def colour(self) -> Colour: ...
    @property
    def number(self) -> int: ...
    @property
    def food(self) -> str: ...
    @property
    def icon(self) -> str | None: ...
    @property
    def serving(self) -> str: ...
    @property
    def fact(self) -> str | None: ...
    @property
    def card(self) -> Card: ...


#: the food cards a set holds (``files/`` gives the card-set file's ``FoodCard``)
FoodT = TypeVar("FoodT", bound=Food)


@dataclass(frozen=True)
class FoodSet(Generic[FoodT]):
    """The cards of one set, indexed by number for the engine (``colour_of[n]`` is a colour index or -1)."""

    code: str
    name: str
    variant: str | None
    plus: int
    foods: tuple[FoodT, ...]  # by number
    source: str = "builtin"
    plus_icon: str | None = None  #: the +5 card's picture (kcal.print.pictures), as the set names it
    colour_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    card_of: tuple[Card | None, ...] = field(init=False, repr=False, compare=False)
    by_number: Mapping[int, FoodT] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        colour = [-1] * (MAX_NUMBER + 1)
        cards: list[Card | None] = [None] * (MAX_NUMBER + 1)
        for f in self.foods:
            colour[f.number] = COLOUR_INDEX[f.colour]
            cards[f.number] = f.card
        object.__setattr__(self, "colour_of", tuple(colour))
        object.__setattr__(self, "card_of", tuple(cards))
        object.__setattr__(self, "by_number", {f.number: f for f in self.foods})

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(f.number for f in self.foods)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(f.card for f in self.foods)

    def __len__(self) -> int:
        return len(self.foods)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and 0 < card.number <= MAX_NUMBER and self.card_of[card.number] == card

    def food(self, card: Card) -> FoodT:
        if card not in self:
            raise CardError(self.not_in_set_reason(card))
        return self.by_number[card.number]

    def card(self, text: object) -> Card:
        """Read a card and check it is in this set (with a did-you-mean when it is not)."""
        card = parse_card(text)
        if card not in self:
            raise CardError(self.not_in_set_reason(card))
        return card

    def not_in_set_reason(self, card: Card) -> str:
        """Why ``card`` is not in this set, with the set's card of that number or a did-you-mean."""
        same = self.card_of[card.number] if 0 < card.number <= MAX_NUMBER else None
        if same is not None:
            return f"there is no {card} in the set {self.code}: {card.number} is {same}"
        close = did_you_mean(str(card), [str(c) for c in self.cards])
        return f"there is no {card} in the set {self.code}{close}"


__all__ = ["Food", "FoodSet"]
