"""``kcal rules replay`` for Kalua: every move checked, the first illegal one reported with its index,
reason and ``file:line:column``; the end, winners, scores and position as SPEC JSON, or a readable
account of the game turn by turn: one line per event of its history (:func:`story`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.core.replay import Replay, collector_paused, replay_moves, start_state
from kcal.core.results import game_over_line
from kcal.games.kalua.files.position import state_json
from kcal.games.kalua.files.recordfile import RecordedMove, load_record, set_path
from kcal.games.kalua.game import GAME
from kcal.games.kalua.rules.domain import DECKS, DOUBLE_COST, EFFECT_KINDS, GAME_NAME, PROTECTION_COST
from kcal.games.kalua.rules.legal import recorded_no_answer
from kcal.games.kalua.rules.state import OVER, State
from kcal.games.kalua.rules.view import to_move


@dataclass
class ReplayResult(Replay[State]):
    """A replayed Kalua record: scores are each god's families."""

    def to_json(self) -> dict[str, Any]:
        players = self.state.rules.players
        return self.spec_json({p: self.state.families[s] for s, p in enumerate(players)},
                              state_json(self.state))

    def to_text(self) -> str:
        rules = self.state.rules
        return self.account_text(f"{GAME_NAME}, gods {', '.join(rules.players)} (clockwise); set {rules.cards.code}",
                                 story(self.state), summary(self.state))


def check_recorded(state: State, rm: RecordedMove) -> str | None:
    """Why a recorded move is illegal: the game's reason, except for an explicit "no answer" from a god
    the engine passed over, which a record may write (ruling "skip-gods-who-cannot-answer")."""
    if recorded_no_answer(state, rm.player, rm.move):
        return None
    return GAME.why_illegal(state, rm.player, rm.move)


def apply_recorded(state: State, rm: RecordedMove) -> None:
    """Play a recorded move that :func:`check_recorded` accepts."""
    if recorded_no_answer(state, rm.player, rm.move):
        state.note(("pass", state.rules.seat_of[rm.player]))  # the same as being passed over
    else:
        GAME.apply(state, rm.player, rm.move)


@collector_paused
def replay(path: str | Path) -> ReplayResult:
    """Replay a record file. Bad input raises :class:`KcalError` (exit 2) with its position; an
    illegal move stops the replay and is reported in the result (exit 1)."""
    loaded = load_record(path)
    doc = loaded.doc
    result = ReplayResult(GAME, doc.path, start_state(GAME, doc, loaded.setup, loaded.seed))
    result.inputs = [set_path(doc, loaded.model)]
    return replay_moves(result, doc, loaded.moves, check=check_recorded, play=apply_recorded)

_END = {
    "one_religion": "only {w} has families left after phase 5",
    "global_disaster": "a global disaster left every religion without families; most families before it: {w}",
    "last_standing": "every other god is out of the game; {w} is the last one",
    "all_eliminated": "every god is out of the game",
    "turn_limit": "the turn limit was reached (kcal's house rule)",
}


def _pay(pay: int, global_card: bool) -> str:
    if global_card:
        return {0: "paying 0", PROTECTION_COST: f"paying {pay} PP: protected",
                DOUBLE_COST: f"paying {pay} PP: doubled"}.get(pay, f"paying {pay} PP")
    return f"paying {pay} PP"


# kept whole: one branch per kind of event in a game's history, read top to bottom as the list of what can happen
def _line(state: State, event: tuple) -> str | None:  # one branch per event
    p = state.rules.players
    name = state.card_name
    kind = event[0]
    if kind == "begin":
        return f"{p[event[1]]} starts; each god draws 5 cards"
    if kind == "position":
        pos = event[1]
        return f"from the start position: turn {pos.turn}, {pos.phase}"
    if kind == "turn":
        return f"Turn {event[1]}: {p[event[2]]}"
    if kind == "draw":
        verb = "buys (5 PP)" if event[4] else "draws"
        return f"  {p[event[1]]} {verb} {name(event[3])} from the {DECKS[event[2]].value} deck"
    if kind == "reshuffle":
        return f"  the {DECKS[event[1]].value} discard pile ({event[2]} cards) is shuffled into a new deck"
    if kind == "leader":
        who, action, source, gained = p[event[1]], event[2], event[3], event[4]
        top = state.rules.cards.happiness_max
        return "  " + {"speech": f"{who}'s leader gives a speech: " + (f"{gained:+d} happiness" if gained else
                                                                       f"happiness stays at {top}, the top"),
                       "atheists": f"{who}'s leader converts {gained} atheist(s)",
                       "believer": f"{who}'s leader converts {gained} believer from {p[source] if source >= 0 else '?'}",
                       "sacrifice": f"{who}'s leader gives a massive speech and sacrifices himself: "
                                    f"{gained} atheist(s) join",
                       "none": f"{who}'s leader stays home"}[action]
    if kind == "play":
        d = state.rules.cards.def_of(event[2])
        verb = "answers with" if event[4] else "plays"
        return f"  {p[event[1]]} {verb} {d.name}, {_pay(event[3], d.kind == 2)}"
    if kind == "pass":
        return f"  {p[event[1]]} does not answer"
    if kind == "resolve":
        target = f" on {p[event[3]]}" if event[3] >= 0 else ""
        return f"    {name(event[2])} ({p[event[1]]}) resolves{target}"
    if kind == "changes":
        parts = []
        for s, fam, hap, pp in event[1]:
            bits = [f"{fam:+d} families" if fam else "", f"{hap:+d} happiness" if hap else "",
                    f"{pp:+d} PP" if pp else ""]
            parts.append(f"{p[s]} " + ", ".join(b for b in bits if b))
        if event[2]:
            parts.append(f"island {event[2]:+d}")
        return "      " + ("; ".join(parts) if parts else "no change")
    if kind == "destroyed":
        return f"    {p[event[1]]}'s {name(event[2])} is destroyed"
    if kind == "amulets":
        return f"    {p[event[1]]} uses up Amulets: no family lost to {name(event[3])}"
    if kind == "fizzle":
        return f"    {name(event[2])} ({p[event[1]]}) does nothing: its god is out of the game"
    if kind == "discard":
        return f"    {p[event[1]]} discards {name(event[2])}" + (" (all they held)" if event[3] else "")
    if kind == "convert":
        return f"  {p[event[1]]} shouts Convert!"
    if kind == "phase4":
        if not event[1] and not event[2]:
            return "  convert: all religions are equally happy, nothing happens"
        gave = ", ".join(f"{p[s]} {k}" for s, k in event[1]) or "nobody"
        took = ", ".join(f"{p[s]} {k}" for s, k in event[2])
        return f"  convert: gave {gave}; happiest take {took}; {event[3]} to the island"
    if kind == "phase5":
        return "  praying: " + ", ".join(f"{p[s]} +{g}" for s, g in event[1])
    if kind == "kept":
        return f"  {p[event[1]]}'s {name(event[2])}: {EFFECT_KINDS[event[3]].value.replace('_', ' ')} {event[4]:+d}"
    if kind == "eliminated":
        return f"  {p[event[1]]} is out of the game (no families, no leader)"
    if kind == "end":
        winners = [p[s] for s in event[2]]
        return game_over_line(_END[event[1]].format(w=" and ".join(winners)), winners)
    return None


def story(state: State) -> list[str]:
    """The game so far, one line per draw, leader action, card, phase and elimination (a game begun
    from a ``start:`` position has no deal: its first line is the position)."""
    events = list(state.events())
    if any(e[0] == "position" for e in events):
        events = [e for e in events if e[0] != "begin"]
    return [line for line in (_line(state, e) for e in events) if line is not None]


def summary(state: State) -> str:
    players = state.rules.players
    gods = "; ".join(f"{p}: {state.families[s]} families, {'leader, ' if state.leader[s] else ''}"
                     f"{state.pp[s]} PP, happiness {state.happy[s]}{' (out)' if state.out[s] else ''}"
                     for s, p in enumerate(players))
    if state.step == OVER:
        return f"after turn {state.turn}: {gods}; island {state.island}"
    return f"turn {state.turn}: {gods}; island {state.island}; to move: {', '.join(to_move(state))}"
