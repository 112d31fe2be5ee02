"""The position: plain lists of ints, copied cheaply.

Each player's ecosystem is a row of habitat boards (``rules.boards`` of them, one above the other)
with ``FIELDS`` fields each, and ``EDGE_SLOTS`` places on each edge between two neighbouring boards.
Places are numbered: field ``s`` of board ``b`` is ``b * FIELDS + s``; place ``k`` of edge ``e``
(between boards ``e`` and ``e + 1``) is ``boards * FIELDS + e * EDGE_SLOTS + k``. A place holds a
stack of cards (bottom first; only the top card lives) and the biomass and remains tokens on its top
card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kcal.core.rng import Rng
from kcal.games.ecologic_europe.rules.cards import CardSet
from kcal.games.ecologic_europe.rules.domain import EDGE_SLOTS, FIELDS, HAND_SIZE, Place

EXCHANGE, PLACE, TRANSFER, OVER = 1, 2, 3, 0


@dataclass(frozen=True)
class Rules:
    """What stays fixed for a game: players, variant, the card set and the shape of an ecosystem."""

    players: tuple[str, ...]
    seed: int
    cards: CardSet
    variant: str | None
    expansions: frozenset[str]
    boards: int
    start: Any = None  # the start position a record gave, if any
    seat_of: dict[str, int] = field(default_factory=dict)
    crops: bool = False  # the human habitat expansion (its crop plants) is in the game
    area: tuple[tuple[int, ...], ...] = ()  # per place: the places it feeds from (its habitat or habitats)
    boards_of: tuple[tuple[int, ...], ...] = ()  # per place: the board(s) it belongs to
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)  # the engine's tables
    hand_size: int = HAND_SIZE  # cards dealt, and refilled to after every season (a balance parameter)
    #: a record's feeding choices (its ``feeding:``), per (season, seat): a beginning.FeedingChoice
    feeding: dict[tuple[int, int], Any] = field(default_factory=dict)
    feeding_record: Any = None  # the record's ``feeding:`` as it was written (for a record written again)

    def __post_init__(self) -> None:
        self.seat_of.update({p: s for s, p in enumerate(self.players)})
        object.__setattr__(self, "crops", "human-habitat" in self.expansions)
        area, boards_of = _shape(self.boards)
        object.__setattr__(self, "area", area)
        object.__setattr__(self, "boards_of", boards_of)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def places(self) -> int:
        return self.boards * FIELDS + (self.boards - 1) * EDGE_SLOTS

    @property
    def express(self) -> bool:
        return self.variant == "express"

    @property
    def weather(self) -> bool:
        return self.variant == "weather"

    @property
    def human(self) -> bool:
        return self.variant == "human-impact"

    @property
    def species_count(self) -> int:
        return len(self.cards.species)

    def place_index(self, spot: Place) -> int | None:
        """The place number of ``h2.3``/``e1.1`` (1-based), or None when there is no such place."""
        if spot.edge:
            if not (1 <= spot.board < self.boards and 1 <= spot.slot <= EDGE_SLOTS):
                return None
            return self.boards * FIELDS + (spot.board - 1) * EDGE_SLOTS + spot.slot - 1
        if not (1 <= spot.board <= self.boards and 1 <= spot.slot <= FIELDS):
            return None
        return (spot.board - 1) * FIELDS + spot.slot - 1

    def spot(self, place: int) -> Place:
        if place < self.boards * FIELDS:
            return Place(False, place // FIELDS + 1, place % FIELDS + 1)
        k = place - self.boards * FIELDS
        return Place(True, k // EDGE_SLOTS + 1, k % EDGE_SLOTS + 1)


@dataclass
class State:
    rules: Rules
    rng: Rng
    season: int = 0
    step: int = EXCHANGE
    habitat: list[tuple[int, ...]] = field(default_factory=list)  # per seat: habitat index per board
    stacks: list[list[tuple[int, ...]]] = field(default_factory=list)  # per seat, per place
    bio: list[list[int]] = field(default_factory=list)
    rem: list[list[int]] = field(default_factory=list)
    jokers: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)  # the stack; its top is the end
    discard: list[int] = field(default_factory=list)
    face_up: list[int] = field(default_factory=list)  # express
    weather: list[int] = field(default_factory=list)  # weather cards still face down; top is the end
    weather_used: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)  # human-impact cards played, face up
    active: list[bool] = field(default_factory=list)
    skip: list[bool] = field(default_factory=list)  # weather 3/4: no transfers till the season ends
    pending: list[Any] = field(default_factory=list)
    seen: list[int] = field(default_factory=list)  # bit set of cards each player has held
    log: list[tuple[Any, ...]] | None = field(default_factory=list)  # (seat, move) and events
    ended: bool = False
    # Bumped by every seasons.apply (and by touch()): a move built by a MoveList carries the version it
    # was listed at (``trust``), and apply checks it again only when the version moved on since.
    version: int = field(default=0, compare=False, repr=False)
    trust: Any = field(default=None, compare=False, repr=False)  # (move, seat, version) or None
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)  # the engine's caches

    def touch(self) -> None:
        """Say that the state changed other than through seasons.apply: moves listed before are
        checked again when applied."""
        self.version += 1
        self.trust = None

    def copy(self) -> State:
        return State(self.rules, self.rng.copy(), self.season, self.step, list(self.habitat),
                     [list(s) for s in self.stacks], [list(b) for b in self.bio], [list(r) for r in self.rem],
                     list(self.jokers), [list(h) for h in self.hands], list(self.pile), list(self.discard),
                     list(self.face_up), list(self.weather), list(self.weather_used), list(self.played), list(self.active),
                     list(self.skip), list(self.pending), list(self.seen),
                     None if self.log is None else list(self.log), self.ended)

    def top(self, seat: int, place: int) -> int | None:
        st = self.stacks[seat][place]
        return st[-1] if st else None


_SHAPES: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}


def _shape(b: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``Rules.area`` and ``Rules.boards_of`` of an ecosystem of ``b`` boards (worked out once per size)."""
    found = _SHAPES.get(b)
    if found is not None:
        return found
    fields_of = [[bb * FIELDS + s for s in range(FIELDS)] for bb in range(b)]
    edges_of: list[list[int]] = [[] for _ in range(b)]
    boards_of: list[tuple[int, ...]] = [(p // FIELDS,) for p in range(b * FIELDS)]
    for e in range(b - 1):
        for k in range(EDGE_SLOTS):
            place = b * FIELDS + e * EDGE_SLOTS + k
            edges_of[e].append(place)
            edges_of[e + 1].append(place)
            boards_of.append((e, e + 1))
    area = []
    for p, bs in enumerate(boards_of):
        places = sorted({q for bb in bs for q in fields_of[bb] + edges_of[bb]} - {p})
        area.append(tuple(places))
    found = _SHAPES[b] = (tuple(area), tuple(boards_of))
    return found
