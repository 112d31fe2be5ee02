"""The game record file (SPEC "Game record file"): what ``kcal rules replay`` reads.

Three move forms, told apart by their keys: a placement (``tile`` + ``at``), a discard
(``discard``) and a rescue (``rescue``: re-pay a starving tile after a collapse; not a turn).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    Discriminator,
    Field,
    StrictInt,
    StrictStr,
    Tag,
    ValidationInfo,
    field_validator,
    model_validator,
)

from kcal.core.fields import NAME_IS_TEXT, Seed
from kcal.games.kcaloria.files.models import Closed, Name, Quantity, Tile
from kcal.games.kcaloria.files.position import StartPosition
from kcal.games.kcaloria.rules.domain import Color, fold_name

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
    players: Annotated[tuple[Annotated[Name, NAME_IS_TEXT], ...], Field(min_length=1, max_length=4)]
    mode: Literal["standard", "beginner", "solo"] = "standard"
    seed: Seed | None = None
    decks: dict[Name, tuple[Name, ...]] | None = Field(
        default=None, description="each player's deck in dealt order; with seed, hands are tracked")
    start: StartPosition | None = Field(
        default=None, description="the position the game begins from: a replay's state, given back "
                                  "(kcal.games.kcaloria.files.position)")
    moves: tuple[MoveEntry, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _one_player_plays_solo(cls, data: Any) -> Any:
        """No ``mode`` and one player: the solo rules (docs/rulings.md, "One player"); no ``mode`` and a
        ``start:`` that names one: the position's (docs/rulings.md, "Start positions")."""
        if isinstance(data, dict) and "mode" not in data:
            start = data.get("start")
            if isinstance(start, dict) and start.get("mode") in ("standard", "beginner", "solo"):
                return {**data, "mode": start["mode"]}
            players = data.get("players")
            if isinstance(players, (list, tuple)) and len(players) == 1:
                data = {**data, "mode": "solo"}
        return data

    @field_validator("mode", mode="after")
    @classmethod
    def _mode_fits_players(cls, mode: str, info: ValidationInfo) -> str:
        players = info.data.get("players")
        if players is None:
            return mode  # the players' own error is reported
        if mode == "solo" and len(players) != 1:
            raise ValueError(f"a solo game has exactly one player, not {len(players)}")
        if mode != "solo" and len(players) == 1:
            raise ValueError(f"one player plays the solo rules: mode {mode} needs 2 to 4 players "
                             f"(write mode: solo, or leave the mode out)")
        return mode

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
        if self.decks is not None:
            if sorted(map(fold_name, self.decks)) != sorted(map(fold_name, self.players)):
                raise ValueError("decks must name exactly the players (case and spacing aside)")
            if self.seed is None:
                raise ValueError("decks need a seed to deal the same hands")
        return self

    def deck_of(self, player: str) -> tuple[str, ...]:
        """The deck of ``player`` (names are matched case and spacing aside)."""
        assert self.decks is not None
        key = fold_name(player)
        return next(d for p, d in self.decks.items() if fold_name(p) == key)

    def player_named(self, name: str) -> str | None:
        """The player ``name`` names, as the record spells it (case and spacing aside), or None."""
        key = fold_name(name)
        return next((p for p in self.players if fold_name(p) == key), None)
