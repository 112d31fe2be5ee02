"""Scoring (rulebook "Scoring"): diversity per habitat, the cards' own points, unfilled fields.
"""

from __future__ import annotations

from itertools import product

from kcal.games.ecologic_europe.rules.domain import (
    FIELDS,
)
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import sp

# -- scoring -------------------------------------------------------------------------------------

def board_types(state: State, seat: int, b: int) -> int:
    """The most different species types habitat ``b`` can count: its fields' cards, and for each edge
    card beside it the top or the bottom card."""
    rules = state.rules
    types = set()
    for q in range(b * FIELDS, (b + 1) * FIELDS):
        t = state.top(seat, q)
        if t is not None:
            types.add(sp(state, t).type)
    options = []
    for q in range(rules.boards * FIELDS, rules.places):
        if b in rules.boards_of[q] and state.stacks[seat][q]:
            st = state.stacks[seat][q]
            options.append({sp(state, st[0]).type, sp(state, st[-1]).type})
    best = len(types)
    for choice in product(*options):
        best = max(best, len(types | set(choice)))
    return best


def diversity_points(kinds: int) -> int:
    return 3 if kinds >= 7 else 2 if kinds == 6 else 1 if kinds == 5 else 0


def score_parts(state: State, seat: int) -> tuple[int, int, int]:
    """(diversity points, card points, unfilled fields)."""
    rules = state.rules
    diversity = sum(diversity_points(board_types(state, seat, b)) for b in range(rules.boards))
    points = 0
    for q in range(rules.places):
        t = state.top(seat, q)
        if t is not None:
            points += sp(state, t).points
    unfilled = sum(1 for q in range(rules.boards * FIELDS) if not state.stacks[seat][q])
    return diversity, points, unfilled


def score(state: State, seat: int) -> int:
    d, p, _ = score_parts(state, seat)
    return d + p
