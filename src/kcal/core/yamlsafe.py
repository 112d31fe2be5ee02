"""Safe YAML loading with a position for every node.

kcal never lets a YAML library construct objects. It reads a parser's *events* and builds plain Python
data itself. The events come from libyaml's C parser through PyYAML (``yaml._yaml.CParser``, about 1 µs
an event) and, wherever libyaml stops on a file or is not built, from ruamel.yaml's pure parser (about
30 µs an event), which reads the file again from its start: so a file libyaml cannot read gets
ruamel's words and position for its syntax error, as before, and a file only ruamel reads still loads
(up to :data:`PURE_MAX_CHARS`; a bigger one gets libyaml's words, so no refusal takes long).
The two give the same events, marks and values for what both read (``tests/core/test_yaml_parsers.py``).
Then:

- no tag ever runs code: any explicit tag other than the core ones is "unsupported tag" at its line;
- nesting depth is checked as events arrive, before anything recurses;
- aliases are shared, not copied, and their *expanded* size is budgeted, so an alias bomb is
  rejected in milliseconds; an alias to a node still being built is a cycle, and is named;
- duplicate keys (and duplicate ``<<`` merges) are errors naming both lines;
- scalars resolve by the YAML 1.2 core schema (``no`` stays text, ``010`` is the integer 10) plus
  bare dates, which become ``datetime.date`` so a text field rejects them instead of guessing;
- every key path maps to the line and column of its key and of its value (1-based); the nodes are
  counted as the events arrive, so an oversized document is refused when it passes the budget.

Positions are found when an error first asks for one: the document is read again, keeping each node's
line and column packed in one 64-bit integer in an array per collection (about 8 bytes a node, where a
table of key paths took 300), so a document that loads cleanly keeps only its data.

The result is a :class:`YamlDoc`. Nothing here knows about kCaloria.
"""

from __future__ import annotations

import datetime as _dt
import functools
import math
import re
import sys
import types
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.source import decode_utf8, line_col, read_source

Loc = tuple[str | int, ...]

MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 64
#: The node budget, counted in the *expanded* document (an alias counts the size of what it stands for,
#: each node once): a file may have :data:`NODE_ALLOWANCE` nodes plus one for every two characters it
#: has, and never more than :data:`MAX_NODES`. Only a file written to be dense (a flow list of
#: one-letter items) takes fewer than two characters a node; kcal's densest records take four (a kCaloria
#: move ``- {player: A, tile: W, at: [0, 5]}`` is 9 nodes in 37 characters), so a record of 100,000
#: moves (900,000 nodes in 3.8 MB) loads. What aliases may add is what the
#: file's own size allows: the 342-character "billion laughs" of the tests stops at 100,171 nodes
#: (the cap was 500,000 for every file before).
#: The hard cap bounds the memory of the largest document (docs/performance.md measures it).
MAX_NODES = 1_200_000
NODE_ALLOWANCE = 100_000
MAX_SCALAR = 100_000  # characters in one scalar
#: The largest file that ruamel.yaml's pure parser reads again when libyaml stops on it (for ruamel's
#: words, which kcal's messages have always had). At 30 µs an event it reads 256 KiB in about a second;
#: a larger file that libyaml stops on gets libyaml's words at libyaml's position, so no file takes
#: longer than that to refuse (a 4 MiB file took 35 s).
PURE_MAX_CHARS = 256 * 1024
MAX_INT_DIGITS = 30

_CORE_TAGS = {
    "tag:yaml.org,2002:str": "str",
    "tag:yaml.org,2002:int": "int",
    "tag:yaml.org,2002:float": "float",
    "tag:yaml.org,2002:bool": "bool",
    "tag:yaml.org,2002:null": "null",
    "tag:yaml.org,2002:map": "map",
    "tag:yaml.org,2002:seq": "seq",
}

_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}


@functools.cache
def _rx() -> types.SimpleNamespace:
    """The scalar resolvers and input checks, compiled on first parse (a cached file needs none)."""
    return types.SimpleNamespace(
        NULL=re.compile(r"^(?:~|null|Null|NULL|)$"),
        INT10=re.compile(r"^[-+]?[0-9]+$"),
        INT8=re.compile(r"^0o[0-7]+$"),
        INT16=re.compile(r"^0x[0-9a-fA-F]+$"),
        FLOAT=re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$"),
        INF=re.compile(r"^[-+]?\.(?:inf|Inf|INF)$"),
        NAN=re.compile(r"^\.(?:nan|NaN|NAN)$"),
        DEEP_FLOW=re.compile(r"[\[{](?:\s*[\[{]){" + str(MAX_DEPTH) + ",}"),
        SURROGATE=re.compile("[\ud800-\udfff]"),
        DATE=re.compile(r"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$"),
        # characters YAML does not allow (C0 controls but tab/LF/CR, DEL, C1 but NEL, surrogates, U+FFFE/F)
        BAD_CHAR=re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"),
    )



def _join_pairs(text: str) -> str:
    """``text`` with each high-low surrogate pair (two ``\\u`` escapes, as JSON writes a character past
    U+FFFF) made the one character it stands for; a lone half stays, to be refused."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


class YamlDoc:
    """Plain data from one YAML file, and where each node stood (found when first asked for)."""

    __slots__ = ("path", "data", "_source", "_where")

    def __init__(self, path: str, data: Any, *, source: bytes | str | None = None,
                 where: _Positions | None = None) -> None:
        self.path = path
        self.data = data
        self._source = source  # read again for positions when an error first names one
        self._where = where

    def __repr__(self) -> str:
        return f"YamlDoc({self.path!r}, {self.data!r})"

    def _positions(self) -> _Positions | None:
        if self._where is None and self._source is not None:
            self._where = _parse(self._source, self.path, where=True).where()
            self._source = None
        return self._where

    def pos(self, loc: Sequence[str | int], *, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the node at ``loc``, or of its nearest known ancestor: with
        ``key``, of its key where it has one (a map's entry), else of its value."""
        where = self._positions()
        if where is None:
            return (1, 1)
        found = where.along(tuple(loc))  # (key, value) packed, for each step of loc that exists
        depth = len(loc)
        while True:
            if depth < len(found):
                k, v = found[depth]
                if key and k:
                    return _unpack(k)
                return _unpack(v)
            if depth == 0:
                return (1, 1)
            depth -= 1
            key = False

    def has(self, loc: Sequence[str | int]) -> bool:
        """Whether the document has a node at ``loc`` (a position of its own, not an ancestor's)."""
        where = self._positions()
        return where is not None and len(where.along(tuple(loc))) > len(loc)

    def error(self, message: str, loc: Sequence[str | int] = (), *, key: bool = False,
              code: str = "error") -> KcalError:
        line, column = self.pos(loc, key=key)
        return KcalError(message, file=self.path, line=line, column=column, code=code)


#: a packed position is ``line << 32 | column`` (both 1-based); this bit marks a node reached through an
#: alias or a merge, whose inner nodes are named at the alias (they stand elsewhere in the file)
_STOP = 1 << 62
_COLUMN = (1 << 32) - 1


def _pack(mark: Any) -> int:
    return (mark.line + 1) << 32 | (mark.column + 1)


def _unpack(packed: int) -> tuple[int, int]:
    return ((packed & ~_STOP) >> 32, packed & _COLUMN)


class _Positions:
    """Where every node of one reading stood: for each collection (by identity), an array of packed
    positions, a list's one per item, a map's a key's and a value's per entry in the map's order."""

    __slots__ = ("data", "root", "table", "_order")

    def __init__(self, data: Any, root: int, table: dict[int, array[int]]) -> None:
        self.data = data  # the reading the table describes (kept alive: the table's keys are its ids)
        self.root = root
        self.table = table
        #: each map's keys -> their place in it, made when the map is first looked into: one error per
        #: entry of a 40,000-entry map looked each key up in a list of the keys (quadratic; issue 36)
        self._order: dict[int, dict[Any, int]] = {}

    def along(self, loc: tuple[str | int, ...]) -> list[tuple[int, int]]:
        """(key, value) positions of the root and of each step of ``loc`` that the document has, up to
        the first that it has not (or that leads through an alias); a list item has no key (0)."""
        found = [(0, self.root)]
        node = self.data
        for part in loc:
            marks = self.table.get(id(node))
            if marks is None:
                break
            if isinstance(node, list):
                if type(part) is not int or not 0 <= part < len(node) or len(marks) != len(node):
                    break
                k, v, child = 0, marks[part], node[part]
            elif isinstance(node, dict):
                if part not in node or len(marks) != 2 * len(node):
                    break
                order = self._order.get(id(node))
                if order is None:
                    order = self._order[id(node)] = {key: n for n, key in enumerate(node)}
                i = 2 * order[part]
                k, v, child = marks[i], marks[i + 1], node[part]
            else:
                break
            found.append((k, v))
            if v & _STOP:
                break
            node = child
        return found


def load_yaml(path: str | Path, *, display: str | None = None, max_bytes: int = MAX_BYTES,
              cache: bool = True, raw: bytes | None = None) -> YamlDoc:
    """Read and parse one YAML file safely. Raises :class:`KcalError` with a position.

    Parsed documents are kept in a cache keyed by the file's SHA-256 (see :mod:`kcal.core.parsecache`):
    a catalog parses once, not on every run. ``raw`` passes bytes already read by :func:`read_source`.
    """
    name = display if display is not None else str(path)
    if raw is None:
        raw = read_source(path, display=name, max_bytes=max_bytes, what="a YAML file")
    if not cache:
        return parse_yaml(raw, name, max_bytes=max_bytes)
    from kcal.core import parsecache

    doc = parsecache.get(raw, name)
    if doc is None:
        doc = parse_yaml(raw, name, max_bytes=max_bytes)
        parsecache.put(raw, doc)
    return doc


def parse_yaml(raw: bytes | str, name: str = "<input>", *, max_bytes: int = MAX_BYTES) -> YamlDoc:
    """Parse YAML text (bytes are decoded as strict UTF-8) into a :class:`YamlDoc`."""
    if isinstance(raw, bytes) and len(raw) > max_bytes:
        raise KcalError(f"input is {len(raw):,} bytes; the limit is {max_bytes:,}", file=name)
    return YamlDoc(name, _parse(raw, name).data, source=raw)


def _parse(raw: bytes | str, name: str, *, where: bool = False, fast: bool | None = None) -> _Builder:
    """The checks on the whole text, then the events built into data (positions kept with ``where``).

    ``fast``: read with libyaml (the default where it is built), or with ruamel.yaml's pure parser."""
    text = decode_utf8(raw, name) if isinstance(raw, bytes) else raw
    bad = _rx().BAD_CHAR.search(text)
    if bad:
        line, column = line_col(text, bad.start())
        raise KcalError(
            f"control character U+{ord(bad.group()):04X} is not allowed in YAML",
            file=name, line=line, column=column,
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    deep = _rx().DEEP_FLOW.search(text)
    if deep:
        line, column = line_col(text, deep.start())
        raise KcalError(f"nesting deeper than {MAX_DEPTH} levels", file=name, line=line, column=column)
    if fast is None:
        fast = _libyaml() is not None
    if fast:
        builder = _Builder(text, name, where=where)
        try:
            return builder.build(_libyaml_events(text))
        except _LibyamlStopped as stop:
            if len(text) > PURE_MAX_CHARS:
                raise builder.stopped(stop.__cause__) from None
            # else read again from the start by ruamel, for its words and position (or its data)
    return _Builder(text, name, where=where).build()


def node_budget(characters: int) -> int:
    """How many nodes a document of ``characters`` characters may expand to (see :data:`MAX_NODES`)."""
    return min(MAX_NODES, NODE_ALLOWANCE + characters // 2)


@functools.cache
def _libyaml() -> Any:
    """libyaml's parser as PyYAML builds it (``yaml._yaml.CParser``), or None where it is not built."""
    try:
        from yaml._yaml import CParser
    except ImportError:  # PyYAML without libyaml (a platform without its wheel): ruamel reads everything
        return None
    return CParser


class _LibyamlStopped(Exception):
    """libyaml stopped on the file: it is read again by ruamel.yaml."""


def _libyaml_events(text: str) -> Iterator[Any]:
    """libyaml's events, one at a time (so the node budget stops a file as soon as it is passed)."""
    from yaml.events import StreamEndEvent

    get_event = _libyaml()(text).get_event
    while True:
        try:
            event = get_event()
        except Exception as exc:  # any stop of libyaml's: ruamel reads the file instead
            raise _LibyamlStopped from exc
        yield event
        if event.__class__ is StreamEndEvent:
            return


# what each kind of event is, for both parsers' event classes
_SKIP, _DOC, _MAP, _SEQ, _END, _SCALAR, _ALIAS = range(7)


@functools.cache
def _kinds() -> dict[type, int]:
    from ruamel.yaml import events as ruamel_events

    modules: list[Any] = [ruamel_events]
    if _libyaml() is not None:
        from yaml import events as libyaml_events

        modules.append(libyaml_events)
    kinds: dict[type, int] = {}
    for ev in modules:
        kinds.update({ev.StreamStartEvent: _SKIP, ev.StreamEndEvent: _SKIP, ev.DocumentEndEvent: _SKIP,
                      ev.DocumentStartEvent: _DOC, ev.MappingStartEvent: _MAP, ev.SequenceStartEvent: _SEQ,
                      ev.MappingEndEvent: _END, ev.SequenceEndEvent: _END, ev.ScalarEvent: _SCALAR,
                      ev.AliasEvent: _ALIAS})
    return kinds


#: the first characters of a plain scalar that the core schema may resolve to something but text
#: (null, a bool, a number, .inf/.nan, a date); any other plain scalar is text as it stands
_RESOLVABLE = frozenset("~nNtTfF0123456789+-.")


class _Open:
    """A collection being built: its value, anchor and size, and (for maps) the pending key, the keys
    written (with their marks, for duplicates), the merges queued; ``marks``: positions being kept."""

    __slots__ = ("value", "is_map", "anchor", "pending_key", "key_mark", "merged", "key_marks", "size",
                 "marks")

    def __init__(self, value: Any, anchor: str | None, where: bool) -> None:
        self.value = value
        self.is_map = isinstance(value, dict)
        self.anchor = anchor
        self.pending_key: Any = _NOKEY
        self.key_mark: Any = None
        self.merged: list[tuple[dict[str, Any], Any]] = []
        self.key_marks: dict[Any, Any] = {}
        self.size = 1
        self.marks: Any = ({} if self.is_map else []) if where else None


_NOKEY = object()
#: a plain ``<<`` key: YAML's merge key (a quoted ``"<<"`` is an ordinary key)
_MERGE = object()


class _Builder:
    def __init__(self, text: str, name: str, *, where: bool = False) -> None:
        self.text = text
        self.name = name
        self.data: Any = None
        self.has_root = False
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.open_anchors: set[str] = set()
        self.nodes = 0  # nodes of the expanded document so far: an alias counts what it stands for
        self.budget = node_budget(len(text))
        self.last: Any = None  # the last event read, for errors without a mark
        self.keep = where
        self.root = 0
        self.table: dict[int, array[int]] = {}

    def where(self) -> _Positions:
        return _Positions(self.data, self.root, self.table)

    def fail(self, message: str, mark: Any = None, line_col: tuple[int, int] | None = None) -> KcalError:
        if line_col is None and mark is not None:
            line_col = (mark.line + 1, mark.column + 1)
        line, column = line_col if line_col else (None, None)
        return KcalError(message, file=self.name, line=line, column=column, code="yaml")

    def last_place(self) -> tuple[int, int]:
        """Where the parser last got to (for an error that has no mark of its own)."""
        event = self.last
        mark = None if event is None else event.end_mark or event.start_mark
        return (1, 1) if mark is None else (mark.line + 1, mark.column + 1)

    def build(self, events: Iterator[Any] | None = None) -> _Builder:
        """Build the data from ``events`` (default: ruamel.yaml's parser's)."""
        if events is None:
            events = self.ruamel_events()
        try:
            self._consume(events)
        except RecursionError:
            raise self.fail(f"nesting deeper than {MAX_DEPTH} levels", line_col=self.last_place()) from None
        return self

    def ruamel_events(self) -> Iterator[Any]:
        """ruamel's parse events; whatever the parser raises becomes a :class:`KcalError` at a position.

        Only the parser's own steps are guarded here, so a mistake in this module is never disguised
        as malformed input. ruamel raises ``MarkedYAMLError`` (with marks) for most syntax errors,
        ``ReaderError`` (a character offset) for bad characters, and plain ``AssertionError`` for a
        ``%YAML`` directive other than 1.1 or 1.2; anything else is caught too.
        """
        from ruamel.yaml import YAML
        from ruamel.yaml.error import MarkedYAMLError, YAMLError

        events = YAML(typ="safe", pure=True).parse(self.text)
        while True:
            try:
                event = next(events)
            except StopIteration:
                return
            except MarkedYAMLError as exc:
                mark = exc.problem_mark or exc.context_mark
                what = " ".join(s for s in (exc.context, exc.problem) if s) or "malformed YAML"
                raise self.fail(f"malformed YAML: {what}", mark, None if mark else self.last_place()) from None
            except YAMLError as exc:
                raise self._unmarked(exc, str(exc).split("\n")[0]) from None
            except RecursionError:
                raise self.fail(f"nesting deeper than {MAX_DEPTH} levels", line_col=self.last_place()) from None
            except Exception as exc:  # an assertion or other slip inside the parser
                raise self._unmarked(exc, f"{type(exc).__name__}: {exc}") from None
            yield event

    def stopped(self, exc: BaseException | None) -> KcalError:
        """libyaml's own words for where it stopped (a file too big for ruamel to read again)."""
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        what = " ".join(s for s in (getattr(exc, "context", None), getattr(exc, "problem", None)) if s)
        if mark is None or not what:
            return self.fail(f"malformed YAML: the parser stopped ({type(exc).__name__}: {exc})",
                             line_col=self.last_place())
        return self.fail(f"malformed YAML: {what}", mark)

    def _unmarked(self, exc: BaseException, what: str) -> KcalError:
        """A parser failure without a mark, placed as well as the input allows."""
        position = getattr(exc, "position", None)
        if isinstance(position, int):  # ReaderError: a character offset
            return self.fail(f"malformed YAML: {what}", line_col=line_col(self.text, position))
        directive = _bad_directive(self.text)
        if directive is not None:
            message, where = directive
            return self.fail(message, line_col=where)
        return self.fail(f"malformed YAML: the parser stopped ({what})", line_col=self.last_place())

    # kept whole: one branch per kind of YAML event, in the loop every file read goes through (parse time is measured by bench/bench_validate.py)
    def _consume(self, events: Iterator[Any]) -> None:
        kinds = _kinds()
        stack: list[_Open] = []
        documents = 0
        keep = self.keep
        for event in events:
            self.last = event
            kind = kinds[event.__class__]
            if kind == _SCALAR:
                mark = event.start_mark
                self.nodes += 1
                if self.nodes > self.budget:
                    raise self._over(mark)
                text: str = event.value
                style = event.style or None  # libyaml writes a plain scalar's style as ''
                tag = event.tag
                if style == '"':  # only an escape ("\ud800") makes a lone surrogate; no UTF-8 output could hold it
                    lone = _rx().SURROGATE.search(text)
                    if lone:  # a pair of escapes ("\ud83d\udc38", as json.dumps writes U+1F438) is one character
                        text = _join_pairs(text)
                        lone = _rx().SURROGATE.search(text)
                    if lone:
                        raise self.fail(f"escape for U+{ord(lone.group()):04X} (half of a surrogate pair) "
                                        "is not a character", mark)
                parent = stack[-1] if stack else None
                if parent is not None and parent.is_map and parent.pending_key is _NOKEY and tag is None:
                    # keys are names: kept as written, never resolved; only a plain << merges
                    value = _MERGE if text == "<<" and style is None else sys.intern(text)
                elif tag is None and style is None:
                    if len(text) > MAX_SCALAR:
                        raise self._too_long(text, mark)
                    if not text or text[0] not in _RESOLVABLE:
                        value = text
                    elif text.isdigit() and text.isascii() and len(text) <= MAX_INT_DIGITS:
                        value = int(text)  # (what _resolve makes of [0-9]+, without its patterns)
                    else:
                        value = self._resolve(text, mark)
                else:
                    value = self._scalar(text, style, str(tag) if tag is not None else None, mark)
                if event.anchor is not None:
                    self.anchors[event.anchor] = (value, 1)
                # (_attach's usual cases in place, no positions kept: a list's item, a map's new key,
                # the value of a key that is not a merge; the rest, and every error, in _attach)
                if parent is None or parent.marks is not None:
                    self._attach(stack, value, 1, mark)
                elif not parent.is_map:
                    parent.size += 1
                    parent.value.append(value)
                elif parent.pending_key is _NOKEY:
                    if value in parent.key_marks:
                        self._attach(stack, value, 1, mark)
                    else:
                        parent.size += 1
                        parent.key_marks[value] = parent.key_mark = mark
                        parent.pending_key = value
                elif parent.pending_key is _MERGE:
                    self._attach(stack, value, 1, mark)
                else:
                    parent.size += 1
                    parent.value[parent.pending_key] = value
                    parent.pending_key = _NOKEY
            elif kind == _END:
                done = stack.pop()
                if done.merged:
                    self._apply_merges(done)
                if keep:
                    self._keep_marks(done)
                if done.anchor is not None:
                    self.open_anchors.discard(done.anchor)
                    self.anchors[done.anchor] = (done.value, done.size)
                parent = stack[-1] if stack else None
                if parent is None or parent.marks is not None or (
                        parent.is_map and (parent.pending_key is _NOKEY or parent.pending_key is _MERGE)):
                    self._attach(stack, done.value, done.size, event.start_mark, start=False)
                elif parent.is_map:  # (_attach's usual cases in place, as for a scalar)
                    parent.size += done.size
                    parent.value[parent.pending_key] = done.value
                    parent.pending_key = _NOKEY
                else:
                    parent.size += done.size
                    parent.value.append(done.value)
            elif kind == _MAP or kind == _SEQ:
                mark = event.start_mark
                self.nodes += 1
                if self.nodes > self.budget:
                    raise self._over(mark)
                if len(stack) >= MAX_DEPTH:
                    raise self.fail(f"nesting deeper than {MAX_DEPTH} levels", mark)
                tag = event.tag
                expect = "map" if kind == _MAP else "seq"
                if tag is not None and _CORE_TAGS.get(str(tag)) != expect:
                    raise self.fail(f"unsupported tag {_short_tag(str(tag))!r}", mark)
                anchor = event.anchor
                node = _Open({} if kind == _MAP else [], anchor, keep)
                if anchor is not None:
                    self.open_anchors.add(anchor)
                self._started(stack, node, mark)
                stack.append(node)
            elif kind == _ALIAS:
                mark = event.start_mark
                if event.anchor in self.open_anchors:
                    raise self.fail(f"alias *{event.anchor} refers to a node that contains it (a cycle)", mark)
                if event.anchor not in self.anchors:
                    raise self.fail(f"alias *{event.anchor} has no anchor before it", mark)
                value, size = self.anchors[event.anchor]
                self.nodes += size
                if self.nodes > self.budget:
                    raise self._over(mark)
                self._attach(stack, value, size, mark, alias=True)
            elif kind == _DOC:
                documents += 1
                if documents > 1:
                    raise self.fail("expected one YAML document, found a second one", event.start_mark)
        if documents == 0 or not self.has_root:
            raise KcalError("the file is empty; expected a YAML mapping", file=self.name, line=1, column=1)

    # -- helpers --

    def _over(self, mark: Any) -> KcalError:
        """The expanded document passed its node budget (counted as the events arrive: an alias counts
        the size of what it stands for, each node once, when it is met)."""
        return self.fail(f"the document expands to more than {self.budget:,} nodes (alias bomb?)", mark)

    def _too_long(self, text: str, mark: Any) -> KcalError:
        return self.fail(f"a value of {len(text):,} characters; the limit is {MAX_SCALAR:,}", mark)

    def _started(self, stack: list[_Open], node: _Open, mark: Any) -> None:
        """A collection starts: it may not be a key; its own position is kept where it starts."""
        if not stack:
            self.root = _pack(mark)
            return
        parent = stack[-1]
        if parent.is_map and parent.pending_key is _NOKEY:
            raise self.fail("a mapping key must be a plain value, not a list or mapping", mark)
        if parent.marks is None:
            return
        if parent.is_map:
            if parent.pending_key is not _MERGE:
                parent.marks.setdefault(parent.pending_key, (_pack(parent.key_mark), _pack(mark)))
        else:
            parent.marks.append(_pack(mark))

    def _keep_marks(self, done: _Open) -> None:
        """A collection ends: its items' positions go into one array, in the collection's order."""
        if done.is_map:
            marks = array("q")
            for k in done.value:
                marks.extend(done.marks[k])
        else:
            marks = array("q", done.marks)
        self.table[id(done.value)] = marks
        done.marks = None

    def _attach(self, stack: list[_Open], value: Any, size: int, mark: Any, *, alias: bool = False,
                start: bool = True) -> None:
        """A node is complete: it becomes the root, a list's item, a map's key, or the value of the
        pending key. ``start``: ``mark`` is where the node starts (not a collection's end)."""
        if not stack:
            self.data = value
            self.has_root = True
            if start:
                self.root = _pack(mark)
            return
        parent = stack[-1]
        parent.size += size
        if not parent.is_map:
            if start and parent.marks is not None:
                parent.marks.append(_pack(mark) | (_STOP if alias else 0))
            parent.value.append(value)
            return
        if parent.pending_key is _NOKEY:  # this value is a key
            if isinstance(value, (dict, list)):
                raise self.fail("a mapping key must be a plain value, not a list or mapping", mark)
            key = value
            if key in parent.key_marks:
                first = parent.key_marks[key].line + 1
                if key is _MERGE:
                    raise self.fail(f"duplicate merge key '<<' (first at line {first})", mark)
                raise self.fail(f"duplicate key {key!r} (first defined at line {first})", mark)
            parent.key_marks[key] = mark
            parent.pending_key = key
            parent.key_mark = mark
            return
        key = parent.pending_key
        parent.pending_key = _NOKEY
        if key is _MERGE:
            self._queue_merge(parent, value, mark)
            return
        if start and parent.marks is not None:
            parent.marks.setdefault(key, (_pack(parent.key_mark), _pack(mark) | (_STOP if alias else 0)))
        parent.value[key] = value

    def _queue_merge(self, parent: _Open, value: Any, mark: Any) -> None:
        sources = value if isinstance(value, list) else [value]
        for src in sources:
            if not isinstance(src, dict):
                raise self.fail("a merge key '<<' takes a mapping or a list of mappings", mark)
            parent.merged.append((src, mark))

    def _apply_merges(self, node: _Open) -> None:
        own = node.value
        merged: dict[str, Any] = {}
        for src, mark in node.merged:
            for k, v in src.items():
                merged.setdefault(k, v)
                if node.marks is not None:
                    node.marks.setdefault(k, (_pack(mark), _pack(mark) | _STOP))
        merged.update(own)
        own.clear()
        own.update(merged)

    def _scalar(self, text: str, style: str | None, tag: str | None, mark: Any) -> Any:
        if len(text) > MAX_SCALAR:
            raise self._too_long(text, mark)
        if tag is not None and tag != "!":
            kind = _CORE_TAGS.get(tag)
            if kind is None or kind in ("map", "seq"):
                raise self.fail(f"unsupported tag {_short_tag(tag)!r}", mark)
            if kind == "str":
                return text
            value = self._resolve(text, mark)
            expected = {"int": int, "float": float, "bool": bool, "null": type(None)}[kind]
            if kind == "float" and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if type(value) is not expected:
                raise self.fail(f"{text!r} is not a valid {kind}", mark)
            return value
        if style is not None or tag == "!":
            return text
        return self._resolve(text, mark)

    def _resolve(self, text: str, mark: Any) -> Any:
        if _rx().NULL.match(text):
            return None
        if text in _BOOL:
            return _BOOL[text]
        if _rx().INT10.match(text) or _rx().INT8.match(text) or _rx().INT16.match(text):
            digits = text.lstrip("+-")
            if len(digits) > MAX_INT_DIGITS:
                raise self.fail(f"number with {len(digits)} digits is too large", mark)
            if digits.startswith("0o"):
                return int(text.replace("0o", ""), 8)
            if digits.startswith("0x"):
                return int(text.replace("0x", ""), 16)
            return int(text, 10)
        if _rx().FLOAT.match(text):
            value = float(text)
            if math.isinf(value):
                raise self.fail(f"number {text!r} is out of range", mark)
            return value
        if _rx().INF.match(text) or _rx().NAN.match(text):
            raise self.fail(f"{text!r} (infinity or not-a-number) is not allowed", mark)
        if _rx().DATE.match(text):
            try:
                y, m, d = (int(x) for x in text.split("-"))
                return _dt.date(y, m, d)
            except ValueError:
                return text
        return text


def _short_tag(tag: str) -> str:
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


_YAML_VERSIONS = ((1, 1), (1, 2))


def _bad_directive(text: str) -> tuple[str, tuple[int, int]] | None:
    """The first ``%YAML`` directive naming a version kcal does not read, and where it stands.

    Run only after the parser failed without a mark: ruamel asserts on ``%YAML 1.0`` or ``%YAML 1.3``.
    """
    from ruamel.yaml import YAML
    from ruamel.yaml.tokens import DirectiveToken

    try:
        for token in YAML(typ="safe", pure=True).scan(text):
            if isinstance(token, DirectiveToken) and token.name == "YAML" and token.value not in _YAML_VERSIONS:
                major, minor = token.value
                mark = token.start_mark
                return (f"unsupported YAML version {major}.{minor} in the %YAML directive "
                        "(kcal reads YAML 1.1 and 1.2; write '%YAML 1.2' or leave the directive out)",
                        (mark.line + 1, mark.column + 1))
    except Exception:  # the scan only looks for a position; the caller reports anyway
        return None
    return None
