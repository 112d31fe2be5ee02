"""Positions: a game set up at any point of a round (a record's ``start:``, like chess's FEN), and the
replay's ``state`` in the same shape.

Shape (every key optional but ``hands``)::

    round: 2                 # 1-based
    phase: trick             # trick (default), pass (hands before the pass, 8 each) or over
    limit_kcal: 2400         # default: the game's limit
    totals: {A: 1200, ...}   # kcal of the rounds before this one
    intake_kcal: {A: 0, ...} # kcal taken this round (default: the kcal of `won`)
    out: [C]                 # players above the limit this round
    won: {A: [green 4]}      # cards taken this round (they decide a tie for the win)
    hands: {A: [...], ...}   # what each player holds now
    leader: B                # who leads the current trick (pass phase: the round's start player)
    trick: [{player: B, card: red 9}]   # cards already in the current trick, in play order
    passes: {A: [red 8, green 4]}       # phase pass: passes chosen and not yet made (not everyone's)
    rounds: [...]            # the history of the rounds so far (tricks and scores), as the replay gives it

The replay's ``state`` has these keys: the ``state`` of any replay, given back as ``start:``, replays
to the same state (:func:`kcal.games.how_many_calories.files.position.state_json` writes it; a position
is read from a record's ``start:`` by :mod:`kcal.games.how_many_calories.files.recordfile`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kcal.core.suggest import did_you_mean
from kcal.games.how_many_calories.rules.cards import FoodSet
from kcal.games.how_many_calories.rules.domain import KCAL_PER_POINT, PASS_SIZE, Card
from kcal.games.how_many_calories.rules.state import (
    OVER,
    START_FIRST,
    START_NAMED,
    START_POSITION,
    TRICK,
    State,
)

Loc = tuple[str | int, ...]
Problem = tuple[str, Loc]


@dataclass(frozen=True)
class Position:
    hands: Mapping[str, tuple[Card, ...]]
    round: int = 1
    phase: str = "trick"
    limit: int | None = None
    totals: Mapping[str, int] = field(default_factory=dict)
    intake: Mapping[str, int] | None = None
    out: tuple[str, ...] = ()
    won: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    leader: str | None = None
    trick: tuple[tuple[str, Card], ...] = ()
    passes: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    #: the replay's ``rounds``: what happened in the rounds so far (plain JSON data, told again as given)
    history: tuple[Mapping[str, Any], ...] = ()

    def intake_of(self, player: str) -> int:
        if self.intake is not None and player in self.intake:
            return self.intake[player]
        return sum(c.number for c in self.won.get(player, ())) * KCAL_PER_POINT


def player_problems(names: Sequence[str], players: Sequence[str], loc: Loc) -> list[Problem]:
    return [(f"{name!r} is not one of the players ({', '.join(players)}){did_you_mean(name, players)}",
             loc + (name,)) for name in names if name not in players]


def card_problems(cards: Sequence[Card], foods: FoodSet, where: str, loc: Loc,
                  seen: dict[Card, str] | None = None) -> list[Problem]:
    """Cards not in the set, or (with ``seen``: card -> where it was) already somewhere else."""
    out: list[Problem] = []
    for i, card in enumerate(cards):
        if card not in foods:
            out.append((foods.not_in_set_reason(card), loc + (i,)))
        elif seen is None:
            continue
        elif card in seen:
            out.append((f"{card} is {seen[card]} already; every card is in one place", loc + (i,)))
        else:
            seen[card] = where
    return out


def position_problems(pos: Position, players: Sequence[str], foods: FoodSet, limit: int, rounds: int,
                      hand_size: int) -> list[Problem]:
    """Everything that makes ``pos`` impossible, each with the key path it is about."""
    out: list[Problem] = []
    if not 1 <= pos.round <= rounds:
        out.append((f"round {pos.round} is not one of the game's rounds (1 to {rounds})", ("round",)))
    if pos.phase not in ("pass", "trick", "over"):
        out.append((f"phase is 'pass', 'trick' or 'over', not {pos.phase!r}", ("phase",)))
    if pos.phase == "over" and pos.round != rounds:
        out.append((f"a game is over after its last round ({rounds}), not in round {pos.round}", ("round",)))
    out += _history_problems(pos)
    for key, names in (("hands", pos.hands), ("totals", pos.totals), ("intake_kcal", pos.intake or {}),
                       ("won", pos.won), ("out", pos.out), ("passes", pos.passes)):
        out += player_problems(list(names), players, (key,))
    out += player_problems([p for p, _ in pos.trick], players, ("trick",))
    if pos.leader is not None:
        out += [(m, ("leader",)) for m, _ in player_problems([pos.leader], players, ())]
    if out:
        return out
    limit = pos.limit if pos.limit is not None else limit
    seen: dict[Card, str] = {}
    for p in players:
        out += card_problems(pos.hands.get(p, ()), foods, f"in {p}'s hand", ("hands", p), seen)
    for p, cards in pos.won.items():
        out += card_problems(cards, foods, f"taken in by {p}", ("won", p), seen)
    for i, (p, card) in enumerate(pos.trick):
        out += [(m, ("trick", i, "card")) for m, _ in card_problems([card], foods, f"played by {p}", (), seen)]
    if pos.passes and pos.phase != "pass":
        out.append(("passes are chosen in phase pass", ("passes",)))
    if pos.phase == "pass":
        return out + _pass_problems(pos, players, hand_size)
    if pos.phase == "over":
        return out
    return out + _trick_problems(pos, players, limit, hand_size)


def _history_problems(pos: Position) -> list[Problem]:
    """The rounds of the history come in order, up to the position's round."""
    numbers = [h.get("round") for h in pos.history]
    if not all(isinstance(r, int) and 1 <= r <= pos.round for r in numbers) or \
            numbers != sorted({r for r in numbers if isinstance(r, int)}):
        return [(f"rounds gives the rounds so far in order, 1 to {pos.round}", ("rounds",))]
    return []


def _pass_problems(pos: Position, players: Sequence[str], hand_size: int) -> list[Problem]:
    out: list[Problem] = []
    for p in players:
        if len(pos.hands.get(p, ())) != hand_size:
            out.append((f"{p} holds {len(pos.hands.get(p, ()))} card(s); before the pass every player holds "
                        f"{hand_size}", ("hands", p) if p in pos.hands else ("hands",)))
    if pos.out or any(pos.won.values()) or pos.trick or any(pos.intake_of(p) for p in players):
        out.append(("before the pass nobody has played, taken in or gone out", ("phase",)))
    for p, cards in pos.passes.items():
        held = pos.hands.get(p, ())
        if len(cards) != PASS_SIZE or len(set(cards)) != len(cards) or any(c not in held for c in cards):
            out.append((f"{p} passes {PASS_SIZE} different cards of their hand", ("passes", p)))
    if players and len(pos.passes) == len(players):
        out.append(("every player has chosen a pass, so the pass is made: give the position after it",
                    ("passes",)))
    if pos.leader is not None and pos.round > 1:
        best = max(pos.totals.get(p, 0) for p in players)
        if pos.totals.get(pos.leader, 0) != best:
            top = [p for p in players if pos.totals.get(p, 0) == best]
            out.append((f"the start player of a round has the highest total: {', '.join(top)} "
                        f"({best:,} kcal), not {pos.leader}", ("leader",)))
    return out


# kept whole: every check of a trick in a start: position, in the order the rulebook plays a trick; each names its own field
def _trick_problems(pos: Position, players: Sequence[str], limit: int, hand_size: int) -> list[Problem]:
    out: list[Problem] = []
    still_in = [p for p in players if p not in pos.out]
    for p in players:
        kcal = pos.intake_of(p)
        if pos.intake is not None and p in pos.intake and p in pos.won and kcal != sum(
                c.number for c in pos.won[p]) * KCAL_PER_POINT:
            out.append((f"{p} took in {kcal:,} kcal but the cards in won add up to "
                        f"{sum(c.number for c in pos.won[p]) * KCAL_PER_POINT:,}", ("intake_kcal", p)))
        if p in pos.out and kcal <= limit:
            out.append((f"{p} is out with {kcal:,} kcal; a player goes out only above the limit "
                        f"({limit:,})", ("out",)))
        if p not in pos.out and kcal > limit:
            out.append((f"{p} has {kcal:,} kcal > {limit:,} and so is out; list them in 'out'",
                        ("intake_kcal", p) if pos.intake and p in pos.intake else ("won", p)))
        if p in pos.out and pos.hands.get(p):
            out.append((f"{p} is out: the rest of their hand was discarded", ("hands", p)))
    if len(still_in) < 2:
        out.append(("a round goes on only while at least two players are still in", ("out",)))
        return out
    leader = pos.leader if pos.leader is not None else still_in[0]
    if leader in pos.out:
        out.append((f"the leader {leader} is out this round", ("leader",)))
        return out
    order = [players[(players.index(leader) + k) % len(players)] for k in range(len(players))]
    order = [p for p in order if p in still_in]
    played = [p for p, _ in pos.trick]
    if played != order[:len(played)]:
        out.append((f"the trick is played from the leader {leader} in turn order: "
                    f"{', '.join(order[:max(1, len(played))])}, not {', '.join(played)}", ("trick",)))
    if len(played) >= len(still_in):
        out.append(("the trick is complete: give the position after it", ("trick",)))
    sizes = {p: len(pos.hands.get(p, ())) for p in still_in}
    to_play = [p for p in still_in if p not in played]
    size = sizes[to_play[0]] if to_play else 0
    if any(sizes[p] != (size - 1 if p in played else size) for p in still_in) or not 1 <= size <= hand_size:
        shown = ", ".join(f"{p} {sizes[p]}" for p in still_in)
        out.append((f"players still in hold the same number of cards, 1 to {hand_size} (one fewer once "
                    f"they have played in the current trick); here: {shown}", ("hands",)))
    return out


def apply_position(state: State, pos: Position) -> None:
    """Set ``state`` (fresh, with its rules) to ``pos`` (already checked)."""
    from kcal.games.how_many_calories.rules.flow import begin_round, next_in, pick_start

    rules = state.rules
    seat = rules.seat_of
    n = rules.n
    state.round = pos.round - 1
    state.totals = [pos.totals.get(p, 0) for p in rules.players]
    hands = [[c.number for c in pos.hands.get(p, ())] for p in rules.players]
    placed = {c for h in hands for c in h} | {c.number for cs in pos.won.values() for c in cs}
    placed |= {c.number for _, c in pos.trick}
    unseen = [c for c in rules.foods.numbers if c not in placed]
    if pos.leader is not None:
        start, how = seat[pos.leader], START_NAMED
    elif pos.phase == "pass":
        start, how = pick_start(state, None) if pos.round > 1 else (0, START_FIRST)
    else:
        start, how = next(s for s in range(n) if rules.players[s] not in pos.out), START_POSITION
    begin_round(state, hands, unseen, start, how)
    state.note(("position", pos))
    if pos.phase == "pass":
        for p, cards in pos.passes.items():
            state.pending[seat[p]] = tuple(c.number for c in cards)
        return
    state.phase = TRICK
    state.out = [p in pos.out for p in rules.players]
    state.intake = [pos.intake_of(p) for p in rules.players]
    state.won = [[c.number for c in pos.won.get(p, ())] for p in rules.players]
    state.trick = [(seat[p], c.number) for p, c in pos.trick]
    state.lead_colour = rules.foods.colour_of[state.trick[0][1]] if state.trick else -1
    if pos.phase == "over":
        state.phase = OVER
        state.turn = -1
        return
    state.turn = next_in(state, state.trick[-1][0]) if state.trick else start
    state.tricks_played = rules.hand_size - len(state.hands[state.turn])
