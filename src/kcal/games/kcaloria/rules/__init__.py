"""The kCaloria rules: the game's nouns, the board, the state, every rule and legal moves.

Modules, one concept each:

``domain``    colours, tile types, classifications, rarities, biomes (the nouns, named before any rule)
``modifiers`` the 37 modifiers: name, shape, parameters and rule text, defined once
``hexgrid``   axial cells, neighbours, distance, rings
``tiles``     per-tile data compiled once from the Pydantic ``Tile`` (costs packed as ints)
``effects``   the registry: each of the 37 modifiers' trigger and effect, defined once
``moves``     ``Move`` (its ``kind`` a ``MoveKind``: place / discard / rescue), ``Outcome``, ``IllegalMove``
``state``     ``GameState``: tiles with owner and provenance, cubes, dice, barricades, hands, the
              seeded generator; ``copy``, ``push``/``pop`` (an undo log), ``legal_moves``, ``why_illegal``
``legal``     where a player may place and ``check``: a ``Verdict`` (why a move is illegal, or its
              plan: a ``PlacePlan`` for a placement)
``movegen``   legal-move generation from the same tests (the hot loop)
``movelist``  a standard turn's move list, whose placements and discards are built on demand
``undolog``   the markers of the undo log that ``push``/``pop`` keep
``payment``   costs: what adjacent cubes can pay, the default payment, explicit payments
``yields``    a new tile's cubes and its effects on its neighbours
``collapse``  collapse dice, removal, returned cubes, starvation and rescue
``turnflow``  a turn step by step and the end-of-game checks
``setup``     ``new_game``: shuffling, dealing, reshuffles, solo piles
``render``    text for people: an ASCII hex map of the board and a line per tile

>>> from kcal.games.kcaloria.rules import new_game, Move
>>> state = new_game(tiles, decks, ["A", "B"], seed=1)      # doctest: +SKIP
>>> state.push(state.legal_moves()[0]); state.pop()        # doctest: +SKIP
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.effects import EFFECTS
    from kcal.games.kcaloria.rules.hexgrid import DIRECTIONS, Hex, distance, neighbours
    from kcal.games.kcaloria.rules.moves import IllegalMove, Move, MoveKind, Outcome
    from kcal.games.kcaloria.rules.setup import new_game
    from kcal.games.kcaloria.rules.state import GameState, Placed

#: the engine's names, each imported from its module on first use: the rules' nouns (``domain``,
#: ``modifiers``) live in this package too, and the files read them without loading the engine
_LAZY = {
    "EFFECTS": "effects", "DIRECTIONS": "hexgrid", "Hex": "hexgrid", "distance": "hexgrid",
    "neighbours": "hexgrid", "IllegalMove": "moves", "Move": "moves", "MoveKind": "moves",
    "Outcome": "moves", "new_game": "setup", "GameState": "state", "Placed": "state",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def why_illegal(state: GameState, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state``, in words a player understands; None when legal."""
    return state.why_illegal(move)


def legal_moves(state: GameState) -> Sequence[Move]:
    """Every move the turn player may make; each one applies (a list, or a read-only
    :class:`~kcal.games.kcaloria.rules.movelist.MoveList` in a standard game)."""
    return state.legal_moves()


__all__ = [
    "DIRECTIONS", "EFFECTS", "GameState", "Hex", "IllegalMove", "Move", "MoveKind", "Outcome", "Placed",
    "distance", "legal_moves", "neighbours", "new_game", "why_illegal",
]
