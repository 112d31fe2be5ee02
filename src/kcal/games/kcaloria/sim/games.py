"""One simulated game: deal with a derived seed, let bots move until the engine says it is over.

This is the only place that drives the engine; solo and match runners call :func:`play_game`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kcal.core.seeding import derive_seed, rng_for
from kcal.games.kcaloria.bots.basic import get_bot
from kcal.sim.parallel import game_done

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState

#: A safety net: no real game of 60-tile decks is this long (plus rescues); a game of bigger decks gets
#: twice its tiles (a turn plays or discards at least one tile; rescues are not turns), so that a deck
#: of any size a library caller gives (the commands refuse more than ``MAX_PLAYED_TILES``) plays to its
#: end (issue 21, item 3).
MAX_MOVES = 2_000

#: Engine seeds are 63-bit, so they fit every integer field a record may go through.
_SEED_MASK = (1 << 63) - 1


def game_seed(master: int, kind: str, index: int) -> int:
    """The engine seed of game ``index`` of a ``kind`` run (``solo``, ``match``) under ``master``."""
    return derive_seed(master, kind, index) & _SEED_MASK


def play_game(decks: Sequence[Sequence], players: Sequence[str], bots: Sequence[str], *, master: int,
              kind: str, index: int, mode: str | None = None) -> GameState:
    """Play game ``index`` to its end; return the final engine state. ``mode`` None: solo for one
    player, else standard.

    ``decks[i]`` (a list of :class:`kcal.games.kcaloria.files.models.Tile`) and ``bots[i]`` belong to
    ``players[i]``, who sits in seat ``i``. The engine deals from :func:`game_seed`; each bot draws
    from its own generator, derived from the same master seed, game and seat.
    """
    from kcal.games.kcaloria.rules import new_game

    state = new_game(None, [list(d) for d in decks], list(players), game_seed(master, kind, index), mode)
    policy = {p: get_bot(b) for p, b in zip(players, bots, strict=True)}
    rngs = {p: rng_for(master, kind + "-bot", index, seat) for seat, p in enumerate(players)}
    moves = 0
    limit = max(MAX_MOVES, 2 * sum(len(d) for d in decks))
    while state.outcome() is None and moves < limit:
        me = state.turn_player
        if not any(m.player == me for m in state.legal_moves()):
            break  # the engine ends games itself; this only guards against a stuck state
        state.push(policy[me](state, rngs[me]))
        moves += 1
    game_done()  # what a progress bar counts, in whichever process plays it
    return state


def end_reason(state: GameState) -> str:
    out = state.outcome()
    if out is not None:
        return out.end_reason
    return "move_limit"


def turns_played(state: GameState) -> int:
    """Turns taken (placements and discards; rescues are not turns)."""
    from kcal.games.kcaloria.rules import MoveKind

    return sum(1 for m in state.moves_played() if m.kind is not MoveKind.RESCUE)
