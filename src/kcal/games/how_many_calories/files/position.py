"""The replay's ``state``: a game's position in the shape of a record's ``start:`` (the position itself, its
checks and how a game is set to it are the rules': :mod:`kcal.games.how_many_calories.rules.position`,
named here too), plus the history of the rounds so far."""

from __future__ import annotations

from typing import Any

from kcal.games.how_many_calories.files.record import round_history
from kcal.games.how_many_calories.rules.position import (
    Loc,
    Position,
    Problem,
    apply_position,
    card_problems,
    player_problems,
    position_problems,
)
from kcal.games.how_many_calories.rules.state import PASS, PHASES, State


def state_json(state: State) -> dict[str, Any]:
    """The position (the keys of a ``start:``) plus ``rounds``, the history so far."""
    rules = state.rules
    players = rules.players
    card = rules.card_text
    return {
        "round": state.round + 1,
        "phase": PHASES[state.phase],
        "limit_kcal": rules.limit,
        "totals": {p: state.totals[s] for s, p in enumerate(players)},
        "intake_kcal": {p: state.intake[s] for s, p in enumerate(players)},
        "out": [p for s, p in enumerate(players) if state.out[s]],
        "won": {p: [card(c) for c in state.won[s]] for s, p in enumerate(players)},
        "hands": {p: [card(c) for c in sorted(state.hands[s])] for s, p in enumerate(players)},
        "leader": players[state.leader],
        "trick": [{"player": players[s], "card": card(c)} for s, c in state.trick],
        "passes": {p: [card(c) for c in chosen] for p, chosen in zip(players, state.pending, strict=True)
                   if state.phase == PASS and chosen is not None},
        "rounds": round_history(state),
    }


__all__ = ["Loc", "Position", "Problem", "apply_position", "card_problems", "player_problems", "position_problems",
           "state_json"]
