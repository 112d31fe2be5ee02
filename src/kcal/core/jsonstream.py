"""JSON arrays written as they are made: a long array of a ``--format json`` document (a replayed
board of 100,000 tiles) need not be built whole before it is encoded.

:class:`Streamed` stands for a list in the data that :func:`kcal.cli.common.write_json` writes: it
knows its length and makes its items, in order, only when the writer reaches them, so each item is
encoded and let go before the next is made. The writer (:class:`IndentedWriter`, which writes what
``json.JSONEncoder.iterencode`` with an indent writes) iterates any ``list``, so the bytes are those of
the whole list.

It is a ``list`` only to that writer: it holds no items, so it compares, indexes and encodes in C
(``json.dumps`` without an indent) as an empty list. Keep it out of data that anything else reads:
a result's ``to_json()`` gives plain lists; only what a command writes may stream.
"""

from __future__ import annotations

import json
import json.encoder
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


#: the scalar types whose JSON the C encoder writes as Python's indented encoder does
_LEAF_TYPES = frozenset((str, int, float, bool, type(None)))
#: pieces held before they are written (as ``write_json`` did with ``iterencode``'s pieces)
PIECES = 2048


def _float(value: float) -> str:
    """A float as ``json`` writes it (``allow_nan``: NaN and the infinities as JavaScript spells them)."""
    if value != value:
        return "NaN"
    if value == _INF:
        return "Infinity"
    if value == -_INF:
        return "-Infinity"
    return float.__repr__(value)


_INF = float("inf")


class IndentedWriter:
    """``json.JSONEncoder(indent=..., ensure_ascii=False).iterencode(value)``, byte for byte, written
    through ``write`` a few thousand pieces at a time, in about half the time.

    Python's encoder runs in Python when it indents (its C encoder does not indent), a generator per
    level and a piece per value (a 100,000-move replay: 6.2 million pieces, 1.7 s). Here a list or map
    that holds only scalars (a cell ``[q, r]``, a tile's cubes) is written by the C encoder in one call,
    with the item separator that carries its indent (the same bytes), and every other container walks
    its items in one Python loop, a text or a whole number written in place. Everything else is as
    ``json`` does it: the same order and spelling of keys, ``NaN`` and the infinities, lists and tuples
    alike, a :class:`Streamed` array made as it is written, the same ``TypeError`` for a value JSON has
    no form for and ``ValueError`` for a cycle."""

    def __init__(self, write: Callable[[str], Any], indent: int = 2) -> None:
        from json.encoder import encode_basestring

        self._write = write
        self._text = encode_basestring
        self._indent = indent
        self._newlines: list[str] = []
        self._leaf: list[Callable[[Any, int], Any]] = []
        self._levels: list[tuple[Any, ...]] = []
        self._out: list[str] = []
        self._open: set[int] = set()

    def dump(self, value: Any) -> None:
        """Write ``value`` (its JSON, without a final newline: the caller adds one)."""
        self._value(value, 0)
        self._flush()

    def _flush(self) -> None:
        if self._out:
            self._write("".join(self._out))
            self._out.clear()

    def _level(self, level: int) -> None:
        """Make the newlines (with their indent) and the C encoders of scalars up to ``level + 1``."""
        c_make_encoder = getattr(json.encoder, "c_make_encoder", None)
        while len(self._newlines) <= level + 1:
            self._newlines.append("\n" + " " * (self._indent * len(self._newlines)))
        while len(self._leaf) <= level + 1:
            separator = "," + self._newlines[len(self._leaf)]
            if c_make_encoder is None:  # a Python without the C accelerator: the pure encoder, same bytes
                self._leaf.append(_pure_leaf(separator))
            else:
                self._leaf.append(c_make_encoder(None, _unserializable, self._text, None, ": ", separator,
                                                 False, False, True))

    def _key(self, key: Any) -> str:
        if isinstance(key, str):
            return self._text(key)
        if isinstance(key, float):
            return self._text(_float(key))
        if key is True:
            return '"true"'
        if key is False:
            return '"false"'
        if key is None:
            return '"null"'
        if isinstance(key, int):
            return self._text(int.__repr__(key))
        raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")

    def _value(self, value: Any, level: int) -> None:
        if isinstance(value, (dict, list, tuple)):
            self._container(value, level)
        elif isinstance(value, str):
            self._out.append(self._text(value))
        elif value is None:
            self._out.append("null")
        elif value is True:
            self._out.append("true")
        elif value is False:
            self._out.append("false")
        elif isinstance(value, int):
            self._out.append(int.__repr__(value))
        elif isinstance(value, float):
            self._out.append(_float(value))
        else:
            _unserializable(value)

    def _consts(self, level: int) -> tuple[Any, ...]:
        """What a container at ``level`` writes around its items, kept per level: its items' newline,
        its end (a map's, a list's), the C encoder of its items if they are all scalars, and the same
        for an item of it that holds only scalars."""
        while len(self._levels) <= level:
            at = len(self._levels)
            self._level(at + 1)
            inner, deeper = self._newlines[at + 1], self._newlines[at + 2]
            self._levels.append((inner, {dict: self._newlines[at] + "}", list: self._newlines[at] + "]"},
                                 self._leaf[at + 1], deeper, {dict: inner + "}", list: inner + "]"},
                                 self._leaf[at + 2]))
        return self._levels[level]

    # kept whole: the loop that writes every item of a long document, each common kind of item in place
    def _container(self, value: Any, level: int) -> None:
        out = self._out
        kind = type(value)
        is_map = isinstance(value, dict)
        if not value:
            out.append("{}" if is_map else "[]")
            return
        inner, ends, leaf_self, leaf_inner, leaf_ends, leaf = (
            self._levels[level] if level < len(self._levels) else self._consts(level))
        end = ends[dict if is_map else list]
        scalars = _LEAF_TYPES.issuperset
        if (kind is dict and scalars(map(type, value.values()))) or (kind is list and scalars(map(type, value))):
            text = "".join(leaf_self(value, 0))
            out.append(text[0] + inner + text[1:-1] + end)
            return
        marker = id(value)
        if marker in self._open:
            raise ValueError("Circular reference detected")
        self._open.add(marker)
        separator = ("{" if is_map else "[") + inner
        between = "," + inner
        text_of = self._text
        deeper = level + 1
        # an item that is a list or map of scalars is written here by the C encoder (leaf)
        if is_map:
            for key, item in value.items():
                key_text = text_of(key) if type(key) is str else self._key(key)
                kind = type(item)
                if kind is str:
                    out.append(separator + key_text + ": " + text_of(item))
                elif kind is int:
                    out.append(separator + key_text + ": " + int.__repr__(item))
                elif item and (kind is list and scalars(map(type, item))
                               or kind is dict and scalars(map(type, item.values()))):
                    text = "".join(leaf(item, 0))
                    out.append(separator + key_text + ": " + text[0] + leaf_inner + text[1:-1] + leaf_ends[kind])
                else:
                    out.append(separator + key_text + ": ")
                    self._value(item, deeper)
                separator = between
                if len(out) >= PIECES:
                    self._flush()
        else:
            for item in value:
                kind = type(item)
                if kind is str:
                    out.append(separator + text_of(item))
                elif kind is int:
                    out.append(separator + int.__repr__(item))
                elif item and (kind is list and scalars(map(type, item))
                               or kind is dict and scalars(map(type, item.values()))):
                    text = "".join(leaf(item, 0))
                    out.append(separator + text[0] + leaf_inner + text[1:-1] + leaf_ends[kind])
                elif kind is dict:
                    out.append(separator)
                    self._container(item, deeper)
                else:
                    out.append(separator)
                    self._value(item, deeper)
                separator = between
                if len(out) >= PIECES:
                    self._flush()
        out.append(end)
        self._open.discard(marker)


def _pure_leaf(separator: str) -> Callable[[Any, int], Any]:
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(separator, ": "))

    def encode(value: Any, _level: int) -> tuple[str]:
        return (encoder.encode(value),)

    return encode


def _unserializable(value: Any) -> Any:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")
