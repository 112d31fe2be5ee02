"""The legal moves of a step, built lazily: a read-only sequence that knows its length and builds
only the moves asked for.

A random playout asks for ``len(moves)`` and one ``moves[k]``; listing every exchange (a winter step
offers every pair of cards times every back) or building every :class:`~.moves.Place` with its spot
costs more than choosing. :class:`MoveList` is a concatenation of parts, each a count and a function
that builds the ``i``-th move of the part. The order is the eager list's (legality.legal_moves), so
the same seeds give the same games; iterating or slicing builds the moves asked for, in that order.

A list made for a state and a seat stamps the move it builds for ``moves[k]`` on the state
(``state.trust``: the move, the seat and the state's version), so that ``apply`` need not check that
move again; any change of the state (``seasons.apply``, ``State.touch``) moves the version on, and a
stale move is checked as any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, overload

from kcal.core.lazyseq import LazySequence
from kcal.games.ecologic_europe.rules.moves import Move

Part = tuple[int, Callable[[int], Move]]


class MoveList(LazySequence[Move]):
    """Parts in order; ``moves[k]`` also stamps the move on the state as trusted (see above)."""

    __slots__ = ("_parts", "_state", "_seat", "_version")

    def __init__(self, parts: list[Part], state: Any = None, seat: int = -1) -> None:
        kept = []
        total = 0
        for p in parts:
            if p[0] > 0:
                kept.append(p)
                total += p[0]
        self._parts = kept
        self._n = total
        self._state = state
        self._seat = seat
        self._version = -1 if state is None else state.version

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if type(index) is int and 0 <= index < self._n:
            i = index
        else:
            if isinstance(index, slice):
                return [self._at(i) for i in range(*index.indices(self._n))]
            i = index.__index__()
            if i < 0:
                i += self._n
            if not 0 <= i < self._n:
                raise IndexError("move index out of range")
        move = self._at(i)
        state = self._state
        if state is not None and state.version == self._version:
            state.trust = (move, self._seat, self._version)
        return move

    def _at(self, i: int) -> Move:
        for count, build in self._parts:
            if i < count:
                return build(i)
            i -= count
        raise IndexError("move index out of range")  # pragma: no cover - _n is the parts' sum

    def __iter__(self) -> Iterator[Move]:
        for count, build in self._parts:
            for i in range(count):
                yield build(i)


def listed(moves: list[Move]) -> Part:
    """A part holding moves already built."""
    return len(moves), moves.__getitem__
