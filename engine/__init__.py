"""The kCaloria rules engine: board, state, every rule, legal moves, replay.

>>> from kcal.engine import new_game, Move
>>> state = new_game(tiles, decks, ["A", "B"], seed=1)      # doctest: +SKIP
>>> state.push(state.legal_moves()[0]); state.pop()        # doctest: +SKIP
"""

from .effects import EFFECTS
from .hexgrid import DIRECTIONS, Hex, distance, neighbours
from .moves import IllegalMove, Move, Outcome
from .setup import new_game
from .state import GameState, Placed

__all__ = [
    "DIRECTIONS", "EFFECTS", "GameState", "Hex", "IllegalMove", "Move", "Outcome", "Placed",
    "distance", "neighbours", "new_game",
]
