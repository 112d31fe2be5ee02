"""The card-set file (built-in catalog or a house-rule set) as closed, frozen, strict Pydantic models.

These models validate at the edge; the engine never sees them (it works on :class:`FoodSet`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    StrictInt,
    StrictStr,
    WithJsonSchema,
)

from kcal.core.fields import NAME_IS_TEXT, Name
from kcal.core.fields import Text as MultiLine
from kcal.core.text import check_name
from kcal.games.how_many_calories.rules.domain import (
    COLOUR_NAMES,
    GAME_ID,
    MAX_NUMBER,
    MIN_NUMBER,
    Card,
    Colour,
    format_card,
    parse_card,
)
from kcal.print.picturefield import IconName

#: closed and frozen; strict where YAML would coerce (StrictInt, StrictStr: ``"14"`` is not 14)
_CONFIG = ConfigDict(extra="forbid", frozen=True)

#: a card in a file: ``yellow 14`` (read by :func:`parse_card`, written by :func:`format_card`)
CardText = Annotated[
    Card,
    PlainValidator(parse_card),
    PlainSerializer(format_card, return_type=str),
    WithJsonSchema({"type": "string", "pattern": r"^\s*[A-Za-z]+\s+[0-9]{1,2}\s*$",
                    "description": "a card, COLOUR NUMBER (" + ", ".join(COLOUR_NAMES) + "): yellow 14",
                    "examples": ["yellow 14"]}),
]
#: one visible line (no control, format or bidi characters: see kcal.core.text)
Text = Annotated[Name, Field(min_length=1, max_length=200)]
Note = Annotated[MultiLine, Field(min_length=1, max_length=400)]
Number = Annotated[StrictInt, Field(ge=MIN_NUMBER, le=MAX_NUMBER)]
#: a player's name: one printable word or phrase, no leading or trailing space
Player = Annotated[StrictStr, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$"),
                   AfterValidator(check_name), NAME_IS_TEXT]


class SetInfo(BaseModel):
    model_config = _CONFIG

    code: Annotated[StrictStr, Field(min_length=1, max_length=12, pattern=r"^[A-Z0-9-]+$")]
    name: Text


class FoodCard(BaseModel):
    """One food card: its colour and number (number x 100 = kcal), the food and a usual serving."""

    model_config = _CONFIG

    colour: Colour
    number: Number
    food: Text
    icon: IconName | None = None  #: the food's picture (absent: its colour's, docs/art.md)
    serving: Text
    fact: Text | None = None

    @property
    def card(self) -> Card:
        return Card(self.colour, self.number)


class PlusCards(BaseModel):
    """The +5 cards: one per player, stacked on an off-colour card, never eaten."""

    model_config = _CONFIG

    value: Annotated[StrictInt, Field(ge=1, le=20)] = 5
    per_player: Annotated[StrictInt, Field(ge=1, le=1)] = 1
    icon: IconName | None = None  #: the +5 card's picture (absent: knife-fork)
    note: Note | None = None


class CardSetFile(BaseModel):
    """A How many Calories? card set: the built-in catalog, or a custom set declared as a house rule
    (``variant: <name>``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="How many Calories? card set")

    game: Literal["how-many-calories"] = Field(description=f"always {GAME_ID}")
    set: SetInfo
    variant: Text | None = Field(default=None, description="a custom set's house-rule name; absent for "
                                                           "the published composition")
    cards: Annotated[tuple[FoodCard, ...], Field(min_length=1, max_length=99)]
    plus_cards: PlusCards = PlusCards()
