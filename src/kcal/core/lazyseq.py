"""A read-only sequence that knows its length and builds its ``i``-th item only when asked for.

The lazy move lists of the packs are these: a random playout asks for ``len(moves)`` and one
``moves[k]``, so listing every move (every discard of a hand, every exchange of a step) costs more
than choosing. A subclass sets ``_n`` (its length) and writes ``_at(i)`` for ``0 <= i < _n``; it is
equal to the list it stands for, and iterating, slicing and ``list()`` build the items in order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class LazySequence(Sequence[T]):
    __slots__ = ("_n",)

    _n: int

    def _at(self, i: int) -> T:  # pragma: no cover - every subclass writes its own
        raise NotImplementedError

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: int | slice) -> T | list[T]:
        if isinstance(i, slice):
            return [self._at(k) for k in range(*i.indices(self._n))]
        n = self._n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("index out of range")
        return self._at(i)

    def __iter__(self) -> Iterator[T]:
        for k in range(self._n):
            yield self._at(k)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LazySequence, list, tuple)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Any) -> list[T]:
        return list(self) + list(other)

    def __radd__(self, other: Any) -> list[T]:
        return list(other) + list(self)

    def __repr__(self) -> str:
        return repr(list(self))
