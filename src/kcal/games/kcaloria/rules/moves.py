"""Moves, outcomes and the illegal-move error: small values with record round-trips."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

# a move the rules forbid: the game interface's one error (exit code 1, code ``illegal-move``)
from kcal.core.game import IllegalMove as IllegalMove
from kcal.games.kcaloria.rules.hexgrid import Hex, parse_hex
from kcal.games.kcaloria.rules.tiles import COLOR_INDEX, COLORS

#: One payment entry: cubes of one colour taken from the tile at a cell.
Payment = tuple[tuple[Hex, int, int], ...]


def _pay_to_record(pay: Payment) -> list[dict]:
    merged: dict[Hex, dict[str, int]] = {}
    for cell, c, n in pay:
        d = merged.setdefault(cell, {})
        d[COLORS[c]] = d.get(COLORS[c], 0) + n
    return [{"from": [q, r], **{k: d[k] for k in COLORS if k in d}} for (q, r), d in merged.items()]


def _pay_from_record(entries: Iterable[Any]) -> Payment:
    out = []
    for e in entries:
        if hasattr(e, "model_dump"):
            e = e.model_dump(by_alias=True, exclude_none=True)
        cell = parse_hex(list(e["from"]))
        for k, v in e.items():
            if k == "from":
                continue
            if k not in COLOR_INDEX:
                raise ValueError(f"unknown colour {k!r} in a payment")
            if v:
                out.append((cell, COLOR_INDEX[k], int(v)))
    return tuple(out)


class MoveKind(StrEnum):
    """What a move does. A ``str`` enum: the values are the strings records and JSON use, and a
    member equals its string (``MoveKind.PLACE == "place"``)."""

    PLACE = "place"  # put a tile from the hand on the table (a turn)
    DISCARD = "discard"  # put 1 to 3 tiles aside and draw as many (a turn; not in solo)
    RESCUE = "rescue"  # re-pay a starving tile after a collapse (not a turn)


@dataclass(frozen=True, slots=True)
class Move:
    """A turn (place a tile, or discard 1-3 tiles) or a rescue (re-pay a starving tile; not a turn)."""

    kind: MoveKind
    player: str
    tile: str | None = None
    at: Hex | None = None
    pay: Payment | None = None
    color: str | None = None  # colour for bonus cubes (choose.color)
    camouflage: str | None = None  # colour a camouflaged tile turns one cube into (choose.camouflage)
    target: str | None = None  # the name a remove tile names
    discard: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if type(self.kind) is not MoveKind:  # a plain string: "place", "discard" or "rescue"
            object.__setattr__(self, "kind", MoveKind(self.kind))

    @classmethod
    def place(cls, player: str, tile: str, at: Hex, **kw: Any) -> Move:
        """A place move; ``at`` kept when it is a cell already (a replay's board is keyed by its moves'
        cells: a copy of each was 56 bytes a tile), else made one."""
        cell = at if type(at) is tuple and len(at) == 2 else (at[0], at[1])
        return cls(MoveKind.PLACE, player, tile=tile, at=cell, **kw)

    @classmethod
    def discard_tiles(cls, player: str, names: Iterable[str]) -> Move:
        return cls(MoveKind.DISCARD, player, discard=tuple(names))

    @classmethod
    def rescue(cls, player: str, at: Hex, pay: Payment | None = None) -> Move:
        return cls(MoveKind.RESCUE, player, at=(at[0], at[1]), pay=pay)

    def with_player(self, player: str) -> Move:
        """The same move made by ``player`` (the spelling the game uses for a name)."""
        return replace(self, player=player)

    def to_record(self) -> dict[str, Any]:
        """The game-record entry for this move (SPEC "Game record file")."""
        if self.kind is MoveKind.DISCARD:
            return {"player": self.player, "discard": list(self.discard)}
        assert self.at is not None  # places and rescues name a cell
        if self.kind is MoveKind.RESCUE:
            d: dict[str, Any] = {"player": self.player, "rescue": list(self.at)}
            if self.pay is not None:
                d["pay"] = _pay_to_record(self.pay)
            return d
        d = {"player": self.player, "tile": self.tile, "at": list(self.at)}
        if self.pay is not None:
            d["pay"] = _pay_to_record(self.pay)
        choose = {k: v for k, v in (("color", self.color), ("camouflage", self.camouflage)) if v}
        if choose:
            d["choose"] = choose
        if self.target is not None:
            d["target"] = self.target
        return d

    @classmethod
    def from_record(cls, entry: Any) -> Move:
        """Parse a record entry (a dict or a ``kcal.games.kcaloria.files.recordfile`` move model)."""
        if hasattr(entry, "model_dump"):
            entry = entry.model_dump(by_alias=True, exclude_none=True)
        player = entry["player"]
        if "discard" in entry:
            return cls.discard_tiles(player, entry["discard"])
        pay = _pay_from_record(entry["pay"]) if entry.get("pay") is not None else None
        if "rescue" in entry:
            return cls.rescue(player, parse_hex(list(entry["rescue"])), pay)
        choose = entry.get("choose") or {}
        return cls.place(player, entry["tile"], parse_hex(list(entry["at"])), pay=pay,
                         color=choose.get("color"), camouflage=choose.get("camouflage"),
                         target=entry.get("target"))

    def __str__(self) -> str:
        if self.kind is MoveKind.DISCARD:
            return f"{self.player} discards {', '.join(self.discard)}"
        assert self.at is not None  # places and rescues name a cell
        if self.kind is MoveKind.RESCUE:
            return f"{self.player} re-pays the tile at [{self.at[0]}, {self.at[1]}]"
        extra = f" naming {self.target}" if self.target else ""
        return f"{self.player} places {self.tile} at [{self.at[0]}, {self.at[1]}]{extra}"


class EndReason(StrEnum):
    """Every way the engine ends a game (rulebook "Winning" and "Solo Mode"); the values are the
    strings :attr:`Outcome.end_reason` holds and the JSON prints. The game interface's outcome
    (:mod:`kcal.games.kcaloria.game`) carries the member."""

    SECOND_HUMAN = "second_human"  # a player placed their second human tile
    PACK_TACTICS = "pack_tactics"  # three adjacent same-name pack-tactics tiles of one player
    TILES_EXHAUSTED = "tiles_exhausted"  # a draw pile (solo: deck and piles) ran out
    STAGNATION = "stagnation"  # solo: no tile can be placed; the player has lost


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the reason, every player's score and the winners (empty: nobody won)."""

    end_reason: str  # an EndReason value: second_human | pack_tactics | tiles_exhausted | stagnation
    scores: dict[str, int]
    winners: list[str]


_NEW = object.__new__
(_S_KIND, _S_PLAYER, _S_TILE, _S_AT, _S_PAY, _S_COLOR, _S_CAMO, _S_TARGET, _S_DISCARD) = (
    Move.__dict__[f].__set__ for f in Move.__slots__)


def fast_place(player: str, tile: str, at: Hex, target: str | None = None) -> Move:
    """Build a generated place move without the frozen ``__init__``'s per-field checks (hot path)."""
    m = _NEW(Move)
    _S_KIND(m, MoveKind.PLACE)
    _S_PLAYER(m, player)
    _S_TILE(m, tile)
    _S_AT(m, at)
    _S_PAY(m, None)
    _S_COLOR(m, None)
    _S_CAMO(m, None)
    _S_TARGET(m, target)
    _S_DISCARD(m, ())
    return m
