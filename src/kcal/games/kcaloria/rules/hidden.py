"""What one seat cannot see, redealt: the one mechanism behind the game's ``determinize`` and behind
every bot, so that a decision depends only on what the deciding seat may know (issue 32).

Hidden from a seat: every other player's hand, draw pile and face-down discards (each player's deck list
is public, so an opponent's unseen tiles are redealt among that opponent's own places, sizes kept), and
the order of the seat's own draw pile (solo: the face-down tiles under the pile tops, and the deck).
The board, every pile top and the seat's own hand and discards stay.

The redeal is *canonical*: each pool of unseen tiles is put in one order (by tile) before it is
shuffled, so two states that look the same from the seat give the same redeal for the same generator,
whatever their hidden tiles were. Without that, a determinized world (and so a search) would still
depend on where the hidden tiles really were, though not on what they were.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState
    from kcal.games.kcaloria.rules.tiles import TileInfo

#: ``shuffle(items)``: shuffles a list in place (a seeded generator's)
Shuffle = Callable[[list], None]


def _deal(shuffle: Shuffle, groups: list[list[TileInfo]]) -> list[list[TileInfo]]:
    """The tiles of ``groups`` in one canonical order, shuffled, dealt back in groups of the same sizes."""
    pool = sorted((t for g in groups for t in g), key=_order)
    shuffle(pool)
    out, k = [], 0
    for g in groups:
        out.append(pool[k:k + len(g)])
        k += len(g)
    return out


def _order(info: TileInfo) -> int:
    return info.idx


def redeal(state: GameState, seat: int, shuffle: Shuffle) -> None:
    """Redeal in ``state`` everything ``seat`` cannot see (module docstring). New lists take the old
    lists' places without the undo log: for a copy of its own (``determinize``), or inside
    :func:`seat_view`, which puts the old ones back."""
    if state.open_hands:
        return  # no tile is tracked: nothing is hidden
    piles = state.piles
    for k in range(len(state.players)):
        if k != seat:
            state.hands[k], state.draw[k], state.discards[k] = _deal(
                shuffle, [state.hands[k], state.draw[k], state.discards[k]])
        elif piles is not None:  # solo: the tops stay, the face-down rest and the deck are redealt
            groups = _deal(shuffle, [p[:-1] for p in piles] + [state.draw[k]])
            state.piles = [g + p[-1:] for g, p in zip(groups, piles, strict=False)]
            state.draw[k] = groups[-1]
        else:
            state.draw[k] = _deal(shuffle, [state.draw[k]])[0]


@contextmanager
def seat_view(state: GameState, seat: int, shuffle: Shuffle) -> Iterator[GameState]:
    """``state`` itself, with everything ``seat`` cannot see redealt (:func:`redeal`) while the block
    runs, then put back as it was: a bot decides on it without a copy of the state (a copy would cost
    the greedy bot's score keeper, which follows the game from decision to decision). The block must
    leave the state as it found it (every move it pushes, popped)."""
    saved = (list(state.hands), list(state.draw), list(state.discards), state.piles)
    redeal(state, seat, shuffle)
    try:
        yield state
    finally:
        state.hands[:], state.draw[:], state.discards[:] = saved[0], saved[1], saved[2]
        state.piles = saved[3]


__all__ = ["redeal", "seat_view"]
