"""The position of a game, in plain ints and lists so that copying and playing are cheap.

Seats are ``0..n-1`` in turn order (clockwise). A card is its id in the set (``rules.cards.card_def[id]``
gives its definition); decks are ``0`` (bonus) and ``1`` (disaster); a draw pile's top card is its last
item. Everything fixed for the whole game sits in one shared, frozen :class:`Rules`.

Steps (who decides what, ``state.cursor`` is the seat to move):

``DEAL``     the initial draws: each god in turn draws 5 cards, choosing a deck for each
``DRAW``     phase 1: the active god draws up to 5 cards (1 if holding 5 or more)
``LEADERS``  phase 2: each god with a leader, from the active one clockwise, activates it or not
``PLAY``     phase 3: the active god plays a card or shouts "Convert!"
``REPLY``    phase 3: each other god in clockwise order may answer the card just played with one card
``TARGET``   phase 3: a local disaster resolving: its player chooses the god it punishes
``DISCARD``  phase 3: a god discards a card of their choice for a discard effect
``OVER``     the game has ended

Phases 4 (convert) and 5 (praying) have no decisions and run when the active god shouts "Convert!".
The history is a persistent list of events (``log``), shared between copies (see
:mod:`kcal.games.kalua.files.record`); a state made for a search keeps none (``log`` is None).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kcal.core.eventlog import EventLog
from kcal.core.rng import Rng
from kcal.games.kalua.rules.cards import CardSet

if TYPE_CHECKING:
    from kcal.games.kalua.rules.position import Position

DEAL, DRAW, LEADERS, PLAY, REPLY, TARGET, DISCARD, OVER = range(8)
STEPS = ("deal", "draw", "leaders", "play", "reply", "target", "discard", "over")
#: the rulebook phase of each step (0: the initial deal, 6: over)
PHASE_OF_STEP = (0, 1, 2, 3, 3, 3, 3, 6)
PHASE_NAMES = {0: "setup", 1: "draw", 2: "leaders", 3: "cards", 4: "convert", 5: "praying", 6: "over"}

Event = tuple[Any, ...]
Log = tuple[Event, "Log | None"]


@dataclass(frozen=True, slots=True)
class Rules:
    """What stays fixed for a whole game."""

    players: tuple[str, ...]
    seat_of: Mapping[str, int]
    variant: str | None
    cards: CardSet
    seed: int
    turn_limit: int
    first: int  # the start player's seat
    first_given: bool  # the start player was given (a record's start_player), not drawn
    start: Position | None = None

    @property
    def n(self) -> int:
        return len(self.players)


class Entry:
    """A card on the table: its id, who played it, what they paid, whether it answers another card,
    and (global disasters) every god's families when it was played."""

    __slots__ = ("card", "seat", "pay", "reply", "before")

    def __init__(self, card: int, seat: int, pay: int, reply: bool, before: tuple[int, ...] | None) -> None:
        self.card = card
        self.seat = seat
        self.pay = pay
        self.reply = reply
        self.before = before

    def __repr__(self) -> str:
        return f"Entry({self.card}, seat {self.seat}, pay {self.pay}{', reply' if self.reply else ''})"


class State(EventLog):
    """A game in progress. Mutated in place by :mod:`kcal.games.kalua.rules.flow`."""

    __slots__ = ("rules", "rng", "turn", "active", "step", "cursor", "offset", "draws_left", "families",
                 "leader", "pp", "happy", "out", "hands", "kept", "island", "piles", "discards", "table",
                 "resolving", "pending", "end_reason", "winners", "log")

    rules: Rules
    rng: Rng
    turn: int  # turns begun (0 during the deal)
    active: int
    step: int
    cursor: int  # the seat to decide
    offset: int  # LEADERS / REPLY: how far clockwise from the active god the cursor is
    draws_left: int
    families: list[int]
    leader: list[bool]
    pp: list[int]
    happy: list[int]
    out: list[bool]  # eliminated: no families and no leader
    hands: list[list[int]]
    kept: list[list[int]]
    island: int
    piles: list[list[int]]  # [bonus, disaster] draw piles, top card last
    discards: list[list[int]]
    table: list[Entry]  # the cards of the current play, in play order
    resolving: int  # how many table cards have resolved
    pending: list[list[int]]  # [seat, count] discards still owed, first first
    end_reason: str | None
    winners: tuple[int, ...]
    log: Log | None

    def copy(self) -> State:
        s = State.__new__(State)
        s.rules = self.rules
        s.rng = self.rng.copy()
        s.turn = self.turn
        s.active = self.active
        s.step = self.step
        s.cursor = self.cursor
        s.offset = self.offset
        s.draws_left = self.draws_left
        s.families = self.families[:]
        s.leader = self.leader[:]
        s.pp = self.pp[:]
        s.happy = self.happy[:]
        s.out = self.out[:]
        s.hands = [h[:] for h in self.hands]
        s.kept = [k[:] for k in self.kept]
        s.island = self.island
        s.piles = [self.piles[0][:], self.piles[1][:]]
        s.discards = [self.discards[0][:], self.discards[1][:]]
        s.table = [Entry(e.card, e.seat, e.pay, e.reply, e.before) for e in self.table]
        s.resolving = self.resolving
        s.pending = [p[:] for p in self.pending]
        s.end_reason = self.end_reason
        s.winners = self.winners
        s.log = self.log
        return s

    def seats_in(self) -> list[int]:
        """The gods still in the game, in seat order."""
        return [s for s, gone in enumerate(self.out) if not gone]

    def name(self, seat: int) -> str:
        return self.rules.players[seat]

    def card_name(self, card: int) -> str:
        return self.rules.cards.name_of(card)

    @property
    def phase(self) -> int:
        return PHASE_OF_STEP[self.step]

    def __repr__(self) -> str:
        who = self.rules.players[self.cursor] if self.step != OVER else "-"
        return (f"<State turn {self.turn} ({self.rules.players[self.active]}), {STEPS[self.step]}, to move "
                f"{who}, families {self.families}, island {self.island}>")
