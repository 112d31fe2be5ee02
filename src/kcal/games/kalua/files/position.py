"""The replay's ``state``: where a game stands, in the shape of a record's ``start:`` (the position itself,
its checks and how a game is set to it are the rules': :mod:`kcal.games.kalua.rules.position`, named here
too)."""

from __future__ import annotations

from typing import Any

from kcal.games.kalua.rules.domain import fold
from kcal.games.kalua.rules.position import (
    START_PHASES,
    STEP_PHASE,
    God,
    Loc,
    Position,
    Problem,
    TableCard,
    apply_position,
    player_problems,
    position_problems,
)
from kcal.games.kalua.rules.state import DEAL, DRAW, OVER, PHASE_NAMES, STEPS, Entry, State


def god_json(state: State, seat: int) -> dict[str, Any]:
    name = state.card_name
    return {"families": state.families[seat], "leader": state.leader[seat], "pp": state.pp[seat],
            "happiness": state.happy[seat], "hand": sorted((name(c) for c in state.hands[seat]), key=fold),
            "kept": [name(c) for c in state.kept[seat]]}


def state_json(state: State) -> dict[str, Any]:
    """The position (the keys of a ``start:``), standing exactly where the game stands."""
    players = state.rules.players
    name = state.card_name
    over = state.step == OVER
    return {
        "turn": state.turn,
        "active": players[state.active],
        "phase": PHASE_NAMES[state.phase],
        "step": STEPS[state.step],
        "island": state.island,
        "gods": {p: god_json(state, s) for s, p in enumerate(players)},
        "discards": {"bonus": [name(c) for c in state.discards[0]],
                     "disaster": [name(c) for c in state.discards[1]]},
        "out": [p for s, p in enumerate(players) if state.out[s]],
        "decks": {"bonus": len(state.piles[0]), "disaster": len(state.piles[1])},
        "table": [] if over else [_table_json(state, e) for e in state.table[state.resolving:]],
        "to_move": None if over else players[state.cursor],
        "draws_left": state.draws_left if state.step in (DEAL, DRAW) else 0,
        "owed_discards": [{"player": players[s], "cards": k} for s, k in state.pending],
        "end_reason": state.end_reason,
        "winners": [players[s] for s in state.winners],
    }


def _table_json(state: State, e: Entry) -> dict[str, Any]:
    players = state.rules.players
    out: dict[str, Any] = {"player": players[e.seat], "card": state.card_name(e.card), "pay": e.pay,
                           "reply": e.reply}
    if e.before is not None:
        out["families_before"] = {p: e.before[s] for s, p in enumerate(players)}
    return out


__all__ = ["START_PHASES", "STEP_PHASE", "God", "Loc", "Position", "Problem", "TableCard", "apply_position",
           "god_json", "player_problems", "position_problems", "state_json"]
