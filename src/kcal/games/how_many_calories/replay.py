"""``kcal rules replay`` for How many Calories?: every move checked, the first illegal one reported
with its index, reason and ``file:line:column``; the end, winners, scores and position as SPEC JSON,
or a readable account trick by trick."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.plural import count
from kcal.core.replay import Replay, collector_paused, replay_moves, start_state
from kcal.core.results import game_over_line
from kcal.games.how_many_calories.files.position import state_json
from kcal.games.how_many_calories.files.recordfile import RecordedMove, load_record, set_path
from kcal.games.how_many_calories.game import GAME
from kcal.games.how_many_calories.rules.domain import GAME_NAME, kcal_text
from kcal.games.how_many_calories.rules.state import OVER, START_DRAWN, START_NAMED, State, TrickResult
from kcal.games.how_many_calories.rules.view import to_move


@dataclass
class ReplayResult(Replay[State]):
    """A replayed How many Calories? record: scores are the totals so far (kcal)."""

    def to_json(self) -> dict[str, Any]:
        totals = self.state.totals
        return self.spec_json({p: totals[s] for s, p in enumerate(self.state.rules.players)},
                              state_json(self.state))

    def to_text(self) -> str:
        rules = self.state.rules
        return self.account_text(f"{GAME_NAME}, players {', '.join(rules.players)}; limit {kcal_text(rules.limit)}; "
                                 f"{count(rules.rounds, 'round')}", story(self.state), summary(self.state))


def _out_of_round(state: State, rm: RecordedMove) -> str | None:
    """Why a move of round ``rm.round`` cannot come now, when the game is in another round."""
    if state.phase != OVER and state.round == rm.round:
        return None
    if state.phase != OVER and state.round < rm.round:
        return (f"this move belongs to round {rm.round + 1}, but round {state.round + 1} is not over: "
                f"{', '.join(to_move(state))} still to move")
    for event in state.events():
        if event[0] == "end" and event[1] == rm.round:
            scores = ", ".join(f"{p} {kcal_text(event[2][s])}" for s, p in enumerate(state.rules.players))
            return f"round {rm.round + 1} is over (scores: {scores})"
    return f"round {rm.round + 1} is over"


@collector_paused
def replay(path: str | Path) -> ReplayResult:
    """Replay a record file. Bad input raises :class:`KcalError` (exit 2) with its position; an
    illegal move stops the replay and is reported in the result (exit 1)."""
    loaded = load_record(path)
    doc = loaded.doc

    def late_error(state: State, rm: RecordedMove, exc: KcalError) -> KcalError:
        # a round's named start player who is not among the highest totals
        j = state.round - loaded.first_round
        return doc.error(f"rounds[{j}].start: {exc.message}", ("rounds", j, "start"), code=exc.code)

    result = ReplayResult(GAME, doc.path, start_state(GAME, doc, loaded.setup, loaded.seed))
    result.inputs = [set_path(doc, loaded.model)]
    return replay_moves(result, doc, loaded.moves, precheck=_out_of_round, apply_error=late_error)


#: how a round's start player was chosen, after "Round 2: B starts" (a lone highest total goes without)
HOW_STARTED = {START_DRAWN: " (tied for the highest total: the rock-paper-scissors is drawn from the seed)",
               START_NAMED: " (named by the record)"}


def trick_line(state: State, number: int, t: TrickResult) -> str:
    rules = state.rules
    players = rules.players
    card = rules.card_text
    parts = []
    for (seat, c), value in zip(t.cards, t.values, strict=True):
        shown = card(c) if value == c else f"{card(c)}+{value - c}={value}"
        parts.append(f"{players[seat]} {'leads ' if seat == t.leader else ''}{shown}")
    nxt = "" if t.ends_round else f"; {players[t.loser]} leads next"  # the round's last trick: nobody does
    return (f"  trick {number}: {'; '.join(parts)} -> {players[t.winner]} takes {card(t.won)} "
            f"({kcal_text(t.kcal)}){nxt}")


def story(state: State) -> list[str]:
    """The game so far, one line per deal, pass, trick, player going out and round end."""
    rules = state.rules
    players = rules.players
    card = rules.card_text
    out: list[str] = []
    intake = [0] * rules.n
    number = 0
    for event in state.events():
        kind = event[0]
        if kind == "deal":
            intake = [0] * rules.n
            number = 0
            out.append(f"Round {event[1] + 1}: {players[event[4]]} starts{HOW_STARTED.get(event[5], '')}")
            out += [f"  {p} is dealt {', '.join(card(c) for c in sorted(event[2][s]))}"
                    for s, p in enumerate(players)]
        elif kind == "position":
            pos = event[1]
            intake = [pos.intake_of(p) for p in players]
            number = state.rules.hand_size - max(len(h) for h in pos.hands.values())
            out.append(f"Round {pos.round}: from the start position")
        elif kind == "pass":
            to = players[(event[1] + 1) % rules.n]
            out.append(f"  {players[event[1]]} passes {', '.join(card(c) for c in event[2])} to {to}")
        elif kind == "trick":
            t: TrickResult = event[1]
            number += 1
            intake[t.winner] += t.kcal
            out.append(trick_line(state, number, t))
            if t.went_out:
                out.append(f"  {players[t.winner]} is out: {intake[t.winner]:,} kcal > {rules.limit:,}")
            else:
                out.append(f"    {players[t.winner]} has taken in {intake[t.winner]:,} of {kcal_text(rules.limit)}")
        elif kind == "end":
            scores = ", ".join(f"{p} {event[2][s]:,}" for s, p in enumerate(players))
            out.append(f"  round {event[1] + 1} scores: {scores}")
    return out


def summary(state: State) -> str:
    players = state.rules.players
    totals = ", ".join(f"{p} {state.totals[s]:,}" for s, p in enumerate(players))
    outcome = GAME.outcome(state)
    if outcome is not None:
        return game_over_line(outcome.reason, outcome.winners, f"{totals} kcal")
    table = ""
    if state.trick:
        card = state.rules.card_text
        table = "; on the table: " + ", ".join(f"{players[s]} {card(c)}" for s, c in state.trick)
    return f"scores: {totals} kcal; round {state.round + 1}{table}; to move: {', '.join(to_move(state))}"
