"""The game record file (SPEC "Game record file"): what ``kcal rules replay`` reads.

Three move forms, told apart by their keys: a placement (``tile`` + ``at``), a discard
(``discard``) and a rescue (``rescue``: re-pay a starving tile after a collapse; not a turn).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, StrictInt, StrictStr, Tag, field_validator, model_validator

from kcal.games.kcaloria.domain import Color, fold_name
from kcal.games.kcaloria.models import Closed, Name, Quantity, Tile

Cell = Annotated[tuple[StrictInt, StrictInt], Field(description="axial [q, r]")]


class PayEntry(Closed):
    """Cubes taken from the tile at ``from``: ``{from: [1, 0], blue: 1, green: 2}``."""

    from_: Cell = Field(alias="from")
    blue: Quantity | None = None
    green: Quantity | None = None
    yellow: Quantity | None = None
    orange: Quantity | None = None
    red: Quantity | None = None
    purple: Quantity | None = None

    @model_validator(mode="after")
    def _some_colour(self) -> PayEntry:
        if not any(getattr(self, c.value) for c in Color):
            raise ValueError("a payment entry takes at least one cube (e.g. blue: 1)")
        return self


class Choose(Closed):
    """Choices the rules leave to the player."""

    color: Color | None = Field(default=None, description="colour of bonus cubes on a multi-colour tile")
    camouflage: Color | None = Field(default=None, description="colour a camouflage tile turns one cube into")


class PlaceEntry(Closed):
    player: Name
    tile: Name
    at: Cell
    pay: tuple[PayEntry, ...] | None = None
    choose: Choose | None = None
    target: Name | None = None


class DiscardEntry(Closed):
    player: Name
    discard: Annotated[tuple[Name, ...], Field(min_length=1, max_length=3)]


class RescueEntry(Closed):
    """Re-pay a starving tile's missing cubes from tiles next to it (a collapse rescue)."""

    player: Name
    rescue: Cell
    pay: tuple[PayEntry, ...] | None = None


def _move_kind(value: Any) -> str:
    if isinstance(value, dict):
        if "discard" in value:
            return "discard"
        if "rescue" in value:
            return "rescue"
        return "place"
    for kind, cls in (("discard", DiscardEntry), ("rescue", RescueEntry)):
        if isinstance(value, cls):
            return kind
    return "place"


MoveEntry = Annotated[
    Annotated[PlaceEntry, Tag("place")] | Annotated[DiscardEntry, Tag("discard")] | Annotated[RescueEntry, Tag("rescue")],
    Discriminator(_move_kind),
]


class GameRecord(Closed):
    """A game to replay: players in turn order, the mode, and one entry per turn."""

    schema_: StrictStr | None = Field(default=None, alias="$schema")
    game: Literal["kcaloria"] | None = Field(default=None, description="the game (absent: kcaloria)")
    catalogs: tuple[StrictStr, ...] | None = None
    tiles: tuple[Tile, ...] = Field(default=(), description="tiles defined in the record itself")
    players: Annotated[tuple[Name, ...], Field(min_length=1, max_length=4)]
    mode: Literal["standard", "beginner", "solo"] = "standard"
    seed: Annotated[StrictInt, Field(ge=0)] | None = None
    decks: dict[Name, tuple[Name, ...]] | None = Field(
        default=None, description="each player's deck in dealt order; with seed, hands are tracked")
    moves: tuple[MoveEntry, ...] = ()

    @field_validator("players", mode="after")
    @classmethod
    def _distinct_players(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        seen: dict[str, str] = {}
        for p in players:  # reported at the players list, not at the top of the file
            if fold_name(p) in seen:
                raise ValueError(f"player names must differ (case and spacing aside): {seen[fold_name(p)]!r} "
                                 f"and {p!r}")
            seen[fold_name(p)] = p
        return players

    @model_validator(mode="after")
    def _players(self) -> GameRecord:
        if self.mode == "solo" and len(self.players) != 1:
            raise ValueError("a solo game has exactly one player")
        if self.decks is not None:
            if set(self.decks) != set(self.players):
                raise ValueError("decks must name exactly the players")
            if self.seed is None:
                raise ValueError("decks need a seed to deal the same hands")
        return self
