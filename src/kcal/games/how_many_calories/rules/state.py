"""The position of a game, in plain ints and lists so that copying and playing are cheap.

Seats are ``0..n-1`` in turn order (the left of a seat is the next one). A card is its number: numbers
are unique within a set, and ``rules.foods.colour_of[number]`` gives its colour as a small int. Calories
are kept in kcal. Everything that does not change during a game (players, limit, set, explicit deals)
sits in one shared, frozen :class:`Rules`.

The history is a persistent list of events (``log``: ``(event, parent)`` pairs), shared between copies:
copying a state copies no history, and the record of a game is read back from it. A state made for a
search (:func:`~kcal.games.how_many_calories.rules.view.determinize`) keeps no history (``log`` is None).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from kcal.core.eventlog import EventLog
from kcal.core.rng import Rng
from kcal.games.how_many_calories.rules.cards import FoodSet
from kcal.games.how_many_calories.rules.domain import HAND_SIZE, KCAL_PER_POINT, PASS_SIZE

if TYPE_CHECKING:
    from kcal.games.how_many_calories.rules.position import Position

PASS, TRICK, OVER = 0, 1, 2
PHASES = ("pass", "trick", "over")

#: how a trick left its round: it goes on; every hand is empty (played out); at most one player is
#: still in while that player still holds cards (cut short)
GOES_ON, PLAYED_OUT, CUT_SHORT = 0, 1, 2

#: how a round's start player was chosen: the first of the players (round 1), named by the record or
#: the start position, the highest total, drawn among the tied highest totals (the table's
#: rock-paper-scissors, from the game's generator), or -- a start position in mid-round that names no
#: leader -- the first player still in
START_FIRST, START_NAMED, START_HIGHEST, START_DRAWN, START_POSITION = "first", "named", "highest", "drawn", "position"
#: The start player's draws on a tie come from a generator seeded apart from the deals' (``seed ^
#: DRAWS_SALT``): a tie drawn at one table and not at another leaves their later deals alike, so the two
#: arms of a what-if keep their deals (ruling start-player-tie).
DRAWS_SALT = 0x9D3C_6A5B_2F17_E4C1

#: one event of the history; the first item names its kind (see :mod:`kcal.games.how_many_calories.files.record`)
Event = tuple[Any, ...]
Log = tuple[Event, "Log | None"]


@dataclass(frozen=True, slots=True)
class Rules:
    """What stays fixed for a whole game."""

    players: tuple[str, ...]
    seat_of: Mapping[str, int]
    variant: str | None
    limit: int  # kcal
    rounds: int
    foods: FoodSet
    seed: int
    #: explicit deals, per round: the numbers each seat was dealt (None: drawn from the seed)
    deals: tuple[tuple[tuple[int, ...], ...] | None, ...] = ()
    #: explicit start players, per round (None: the rule decides)
    starts: tuple[int | None, ...] = ()
    start: Position | None = None  # the position the game began from, if not a fresh deal
    hand_size: int = HAND_SIZE
    pass_size: int = PASS_SIZE

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def plus(self) -> int:
        return self.foods.plus

    def card_text(self, number: int) -> str:
        return str(self.foods.card_of[number])


class TrickResult(NamedTuple):
    """A finished trick: who led, the cards in play order with their values, who won what."""

    leader: int
    cards: tuple[tuple[int, int], ...]  # (seat, number) in play order
    values: tuple[int, ...]  # number, or number + 5 for an off-colour card
    winner: int
    won: int  # the number of the card taken in
    loser: int  # the seat that played it, who leads next
    went_out: bool  # the winner passed the limit with it
    round_end: int = GOES_ON  # GOES_ON, PLAYED_OUT or CUT_SHORT

    @property
    def kcal(self) -> int:
        return self.won * KCAL_PER_POINT

    @property
    def ends_round(self) -> bool:
        """The round ends with this trick: nobody leads a next one."""
        return self.round_end != GOES_ON


class State(EventLog):
    """A game in progress. Mutated in place by :mod:`kcal.games.how_many_calories.rules.flow`."""

    __slots__ = ("rules", "rng", "draws", "round", "phase", "hands", "pending", "given", "start_seat", "start_how",
                 "leader", "lead_colour", "trick", "turn", "intake", "out", "totals", "won", "unseen",
                 "tricks_played", "last_trick", "log")

    rules: Rules
    rng: Rng  # the deals: one shuffle a round, nothing else (ruling start-player-tie)
    draws: Rng  # the start player's draw on a tie for the highest total
    round: int  # 0-based
    phase: int  # PASS, TRICK or OVER
    hands: list[list[int]]
    pending: list[tuple[int, ...] | None]  # chosen passes, not yet resolved
    given: list[tuple[int, ...]]  # resolved passes of this round (seat -> what it passed on)
    start_seat: int  # this round's start player
    start_how: str  # how they were chosen: one of the START_* above
    leader: int  # who leads (led) the current trick
    lead_colour: int  # -1 before the lead
    trick: list[tuple[int, int]]  # (seat, number) in play order
    turn: int  # the seat to play, -1 outside tricks
    intake: list[int]  # kcal this round
    out: list[bool]
    totals: list[int]  # kcal of finished rounds
    won: list[list[int]]  # numbers taken in this round
    unseen: list[int]  # cards nobody saw: set aside (3 players) or discarded from a hand going out
    tricks_played: int
    last_trick: TrickResult | None
    log: Log | None

    def seed_generators(self, seed: int) -> None:
        """Seed the game's two generators from ``seed``: the deals' and the start player's draws'
        (``seed ^ DRAWS_SALT``)."""
        self.rng = Rng(seed)
        self.draws = Rng(seed ^ DRAWS_SALT)

    def copy(self) -> State:
        s = State.__new__(State)
        s.rules = self.rules
        s.rng = self.rng.copy()
        s.draws = self.draws.copy()
        s.round = self.round
        s.phase = self.phase
        s.hands = [h[:] for h in self.hands]
        s.pending = self.pending[:]
        s.given = self.given[:]
        s.start_seat = self.start_seat
        s.start_how = self.start_how
        s.leader = self.leader
        s.lead_colour = self.lead_colour
        s.trick = self.trick[:]
        s.turn = self.turn
        s.intake = self.intake[:]
        s.out = self.out[:]
        s.totals = self.totals[:]
        s.won = [w[:] for w in self.won]
        s.unseen = self.unseen[:]
        s.tricks_played = self.tricks_played
        s.last_trick = self.last_trick
        s.log = self.log
        return s

    def seats_in(self) -> list[int]:
        return [s for s in range(len(self.out)) if not self.out[s]]

    def __repr__(self) -> str:
        return (f"<State round {self.round + 1}/{self.rules.rounds} {PHASES[self.phase]}, "
                f"turn {self.rules.players[self.turn] if self.turn >= 0 else '-'}, totals {self.totals}>")
