"""Reading a game record file: the model (closed, strict) and the ``game:`` check.

A record::

    game: ecologic-europe
    players: [A, B]              # turn order; clockwise is from A to B
    seed: 7                      # the shuffle, the boards and the weather die
    variant: weather             # optional: express, weather, human-impact
    expansions: [mountains]      # optional
    start: {...}                 # optional: the position to begin from (state_json's shape)
    feeding:                     # optional: feeding orders at the beginnings of seasons (else kcal's)
      - {season: summer, player: A, order: [h1.3, h1.2], process: {h2.1: false, h3.2: 1}}
    moves:
      - {player: A, exchange: none}
      - {player: A, place: Taraxacum officinale, at: h1.2}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PlainValidator, WithJsonSchema

from kcal.core.fields import NAME_IS_TEXT, Seed
from kcal.core.packfile import read_record
from kcal.core.text import check_name
from kcal.games.ecologic_europe.files.position import StartModel, Word

#: a player's name: refused with an invisible or bidi character, as every pack's (BAD-INPUT.md, class 22)
Player = Annotated[Word, AfterValidator(check_name)]


def _count(value: object) -> bool | int:
    if isinstance(value, int) and (isinstance(value, bool) or value >= 0):
        return value
    raise ValueError(f"true (every plant remains token around it), false (none) or a number of tokens (0 or "
                     f"more), got {value!r}")


#: an earthworm's choice (ruling "earthworm"): true all the plant remains tokens around it, false none,
#: or how many
ProcessCount = Annotated[bool | int, PlainValidator(_count), WithJsonSchema(
    {"anyOf": [{"type": "boolean"}, {"type": "integer", "minimum": 0}],
     "description": "plant remains tokens an earthworm processes: true all, false none, or how many"})]


class FeedingEntry(BaseModel):
    """One player's choices at one beginning of a season (ruling "feeding-order"): the places whose
    cards are fed first, in this order (kcal orders the rest), and by place how many of the plant
    remains tokens around it an earthworm processes: true all, false none, or a number (ruling
    "earthworm")."""

    model_config = ConfigDict(extra="forbid")
    season: Literal["summer", "autumn", "winter"]
    player: Word
    order: Annotated[list[Word], Field(max_length=40)] = []
    process: Annotated[dict[Word, ProcessCount], Field(max_length=40)] = {}


class RecordFile(BaseModel):
    model_config = ConfigDict(extra="forbid", title="EcoLogic: Europe game record")
    game: Literal["ecologic-europe"]
    players: Annotated[list[Annotated[Player, NAME_IS_TEXT]], Field(min_length=1, max_length=7)]
    seed: Seed = 0
    variant: Literal["express", "weather", "human-impact"] | None = None
    expansions: Annotated[list[Word], Field(max_length=3)] = []
    start: StartModel | None = None
    feeding: Annotated[list[FeedingEntry], Field(max_length=200)] = []
    moves: Annotated[list[dict[Word, Any]], Field(max_length=100_000)] = []


@dataclass(frozen=True)
class RecordedMove:
    index: int
    loc: tuple[str | int, ...]
    player: str
    move: Any


def load_record(path: str | Path) -> tuple[Any, RecordFile]:
    """The record read and checked: its ``game:``, its fields, and its header (variant, player count, a
    player named twice, each at its own line)."""
    from kcal.games.ecologic_europe import PACK

    return read_record(path, RecordFile, PACK.info)
