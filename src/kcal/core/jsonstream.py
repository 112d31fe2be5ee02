"""JSON arrays written as they are made: a long array of a ``--format json`` document (a replayed
board of 100,000 tiles) need not be built whole before it is encoded.

:class:`Streamed` stands for a list in the data that :func:`kcal.cli.common.write_json` writes: it
knows its length and makes its items, in order, only when the encoder reaches them, so each item is
encoded and let go before the next is made. The encoder is the same (``json.JSONEncoder.iterencode``
with an indent, whose arrays are any ``list`` it iterates), so the bytes are those of the whole list.

It is a ``list`` only to that encoder: it holds no items, so it compares, indexes and encodes in C
(``json.dumps`` without an indent) as an empty list. Keep it out of data that anything else reads:
a result's ``to_json()`` gives plain lists; only what a command writes may stream.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any


class Streamed(list):  # type: ignore[type-arg]
    """A JSON array of ``n`` items that ``make()`` gives in order, made as they are written."""

    __slots__ = ("_n", "_make")

    def __init__(self, n: int, make: Callable[[], Iterable[Any]]) -> None:
        super().__init__()
        self._n = n
        self._make = make

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[Any]:
        count = 0
        for item in self._make():
            count += 1
            yield item
        if count != self._n:  # the encoder wrote "[]" for none, so a wrong count would be a wrong document
            raise ValueError(f"a streamed array said {self._n} items and made {count}")

    def __repr__(self) -> str:
        return f"<Streamed array of {self._n} items>"
