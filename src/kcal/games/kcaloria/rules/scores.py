"""Every player's score (the points of the unused cubes on their tiles) kept from the cells a move
changed, instead of summed over the whole board after every move.

:meth:`GameState.scores` counts the board, which is right once a game; counted after every move of a
replay, or for every candidate of a greedy decision, it made both quadratic in the board (10,000 replayed
moves took 38 s; a match of 480-tile decks 11.6 s for two games; issue 21). A :class:`ScoreKeeper` counts
the board once, then asks the state which cells a move touched (``GameState.touched``, collected only
while a keeper is attached): the cells whose cubes were set or dropped, which covers every placement,
payment, yield and removal.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import mul
from typing import TYPE_CHECKING

from kcal.games.kcaloria.rules.tiles import POINTS

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.hexgrid import Hex
    from kcal.games.kcaloria.rules.state import GameState


class ScoreKeeper:
    """The players' scores (``totals``, in seat order), kept up to date through ``state.touched``.

    Each counted cell's owner and points are one int, ``points << 2 | owner`` (a seat is 0 to 3): a
    small one for the usual points, which Python shares, where a tuple each was 56 bytes a tile."""

    def __init__(self, state: GameState) -> None:
        self.totals = [0] * len(state.players)
        self._by_cell: dict[Hex, int] = {}
        for cell in state.tiles:
            self._count(state, cell)
        state.touched = set()

    def update(self, state: GameState) -> None:
        """Follow the move just played: recount the cells it touched."""
        touched = state.touched
        assert touched is not None  # attached in __init__
        for cell in touched:
            self._count(state, cell)
        touched.clear()

    def totals_with(self, state: GameState, cells: Iterable[Hex]) -> list[int]:
        """The totals as they would be with ``cells`` recounted, the keeper left as it is (a candidate
        move, pushed to be popped)."""
        totals = self.totals.copy()
        for cell in cells:
            old = self._by_cell.get(cell)
            if old is not None:
                totals[old & 3] -= old >> 2
            placed = state.tiles.get(cell)
            if placed is not None:
                totals[placed.owner] += sum(map(mul, state.cubes[cell], POINTS))
        return totals

    def _count(self, state: GameState, cell: Hex) -> None:
        old = self._by_cell.pop(cell, None)
        if old is not None:
            self.totals[old & 3] -= old >> 2
        placed = state.tiles.get(cell)
        if placed is not None:
            points = sum(map(mul, state.cubes[cell], POINTS))
            self._by_cell[cell] = points << 2 | placed.owner
            self.totals[placed.owner] += points
