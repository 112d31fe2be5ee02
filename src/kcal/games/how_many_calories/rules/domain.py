"""The nouns of the game: colours, cards, the +5, the calorie limits.

A food card is written ``COLOUR NUMBER`` (``yellow 14``): case-insensitive, white space folded. Its
number times 100 is its kcal. :func:`parse_card` and :func:`format_card` round-trip, and
``repr(card)`` is an expression that rebuilds the card (python-chess style).
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean

GAME_ID = "how-many-calories"
GAME_NAME = "How many Calories?"

HAND_SIZE = 8  # cards dealt to each player
PASS_SIZE = 2  # cards passed to the left at the start of a round
PLUS = 5  # what the +5 card adds to an off-colour card
KCAL_PER_POINT = 100  # a card's number times 100 is its kcal
DEFAULT_ROUNDS = 4
MIN_NUMBER, MAX_NUMBER = 1, 99  # numbers a custom (house-rule) set may use
#: the rulebook's calorie limits by player count; 2 players is kcal's house rule (docs/README.md)
LIMITS = {2: 6_000, 3: 2_700, 4: 2_400}


class Colour(str, Enum):
    """The four food colours (kcal's grouping, see docs/README.md)."""

    RED = "red"  # meat, fish and eggs
    YELLOW = "yellow"  # grains, starches and sweets
    GREEN = "green"  # vegetables, fruit and nuts
    BLUE = "blue"  # dairy and drinks


COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_NAMES: tuple[str, ...] = tuple(c.value for c in COLOURS)
#: colour -> its index (the engine keeps colours as small ints)
COLOUR_INDEX: dict[Colour, int] = {c: i for i, c in enumerate(COLOURS)}


class CardError(KcalError, ValueError):
    """A card that cannot be read; a ValueError too, so Pydantic reports it at its node."""

    def __init__(self, message: str) -> None:
        KcalError.__init__(self, message, code="card")


class Card(NamedTuple):
    """A food card: a colour and a number (unique within a card set)."""

    colour: Colour
    number: int

    @property
    def kcal(self) -> int:
        return self.number * KCAL_PER_POINT

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"Card.parse({format_card(self)!r})"


def format_card(card: Card) -> str:
    """``yellow 14``."""
    return f"{card.colour.value} {card.number}"


def parse_colour(text: str) -> Colour:
    word = " ".join(str(text).split()).casefold()
    for c in COLOURS:
        if c.value == word:
            return c
    raise CardError(f"unknown colour {text!r}{did_you_mean(word, COLOUR_NAMES)}; "
                    f"the colours are {', '.join(COLOUR_NAMES)}")


def parse_card(text: object) -> Card:
    """``"Yellow  14"`` -> ``Card(YELLOW, 14)``; a :class:`CardError` says what is wrong."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"a card is written COLOUR NUMBER (like 'yellow 14'), got {text!r}")
    words = text.split()
    if len(words) != 2:
        raise CardError(f"a card is written COLOUR NUMBER (like 'yellow 14'), got {text!r}")
    colour = parse_colour(words[0])
    digits = words[1]
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 2:
        raise CardError(f"{text!r}: the number must be a whole number from {MIN_NUMBER} to {MAX_NUMBER}")
    number = int(digits)
    if not MIN_NUMBER <= number <= MAX_NUMBER:
        raise CardError(f"{text!r}: the number must be a whole number from {MIN_NUMBER} to {MAX_NUMBER}")
    return Card(colour, number)


def default_limit(players: int) -> int:
    """The calorie limit for a player count (2: kcal's house rule)."""
    return LIMITS[players]


def kcal_text(kcal: int) -> str:
    """``2,400 kcal``."""
    return f"{kcal:,} kcal"
