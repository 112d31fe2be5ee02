"""Safe YAML loading with a position for every node.

kcal never lets a YAML library construct objects. It reads the parser's *events* (ruamel.yaml's pure
parser, which is iterative) and builds plain Python data itself, so:

- no tag ever runs code: any explicit tag other than the core ones is "unsupported tag" at its line;
- nesting depth is checked as events arrive, before anything recurses;
- aliases are shared, not copied, and their *expanded* size is budgeted, so an alias bomb is
  rejected in milliseconds; an alias to a node still being built is a cycle, and is named;
- duplicate keys (and duplicate ``<<`` merges) are errors naming both lines;
- scalars resolve by the YAML 1.2 core schema (``no`` stays text, ``010`` is the integer 10) plus
  bare dates, which become ``datetime.date`` so a text field rejects them instead of guessing;
- every key path maps to the line and column of its key and of its value (1-based).

The result is a :class:`YamlDoc`. Nothing here knows about kCaloria.
"""

from __future__ import annotations

import datetime as _dt
import functools
import math
import re
import types
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
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


@dataclass
class YamlDoc:
    """Plain data from one YAML file plus where each node stood."""

    path: str
    data: Any
    key_pos: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    value_pos: dict[Loc, tuple[int, int]] = field(default_factory=dict)

    def pos(self, loc: Sequence[str | int], *, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the node at ``loc``, or of its nearest known ancestor."""
        loc = tuple(loc)
        while True:
            table = self.key_pos if key else self.value_pos
            if loc in table:
                return table[loc]
            if key and loc in self.value_pos:
                return self.value_pos[loc]
            if not loc:
                return (1, 1)
            loc = loc[:-1]
            key = False

    def error(self, message: str, loc: Sequence[str | int] = (), *, key: bool = False,
              code: str = "error") -> KcalError:
        line, column = self.pos(loc, key=key)
        return KcalError(message, file=self.path, line=line, column=column, code=code)


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
    if isinstance(raw, bytes):
        if len(raw) > max_bytes:
            raise KcalError(f"input is {len(raw):,} bytes; the limit is {max_bytes:,}", file=name)
        text = decode_utf8(raw, name)
    else:
        text = raw
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
    return _Builder(text, name).build()


def node_budget(characters: int) -> int:
    """How many nodes a document of ``characters`` characters may expand to (see :data:`MAX_NODES`)."""
    return min(MAX_NODES, NODE_ALLOWANCE + characters // 2)


class _Open:
    """A collection being built: its value, its key path, and (for maps) the pending key."""

    __slots__ = ("value", "loc", "anchor", "pending_key", "key_line", "merged", "key_lines", "size")

    def __init__(self, value: Any, loc: Loc, anchor: str | None) -> None:
        self.value = value
        self.loc = loc
        self.anchor = anchor
        self.pending_key: Any = _NOKEY
        self.key_line: tuple[int, int] = (0, 0)
        self.merged: list[tuple[dict[str, Any], tuple[int, int]]] = []
        self.key_lines: dict[str, tuple[int, int]] = {}
        self.size = 1


_NOKEY = object()
#: a plain ``<<`` key: YAML's merge key (a quoted ``"<<"`` is an ordinary key)
_MERGE = object()


class _Builder:
    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.doc = YamlDoc(name, None)
        self.anchors: dict[str, tuple[Any, int, tuple[int, int]]] = {}
        self.open_anchors: set[str] = set()
        self.nodes = 0  # nodes of the expanded document so far: an alias counts what it stands for
        self.budget = node_budget(len(text))
        self.last: tuple[int, int] = (1, 1)  # where the parser last got to, for errors without a mark

    def fail(self, message: str, mark: Any = None, line_col: tuple[int, int] | None = None) -> KcalError:
        if line_col is None and mark is not None:
            line_col = (mark.line + 1, mark.column + 1)
        line, column = line_col if line_col else (None, None)
        return KcalError(message, file=self.name, line=line, column=column, code="yaml")

    def build(self) -> YamlDoc:
        try:
            self._consume(self._events())
        except RecursionError:
            raise self.fail(f"nesting deeper than {MAX_DEPTH} levels", line_col=self.last) from None
        return self.doc

    def _events(self) -> Iterator[Any]:
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
                raise self.fail(f"malformed YAML: {what}", mark, None if mark else self.last) from None
            except YAMLError as exc:
                raise self._unmarked(exc, str(exc).split("\n")[0]) from None
            except RecursionError:
                raise self.fail(f"nesting deeper than {MAX_DEPTH} levels", line_col=self.last) from None
            except Exception as exc:  # noqa: BLE001 - an assertion or other slip inside the parser
                raise self._unmarked(exc, f"{type(exc).__name__}: {exc}") from None
            mark = event.end_mark or event.start_mark
            if mark is not None:
                self.last = (mark.line + 1, mark.column + 1)
            yield event

    def _unmarked(self, exc: BaseException, what: str) -> KcalError:
        """A parser failure without a mark, placed as well as the input allows."""
        position = getattr(exc, "position", None)
        if isinstance(position, int):  # ReaderError: a character offset
            return self.fail(f"malformed YAML: {what}", line_col=line_col(self.text, position))
        directive = _bad_directive(self.text)
        if directive is not None:
            message, where = directive
            return self.fail(message, line_col=where)
        return self.fail(f"malformed YAML: the parser stopped ({what})", line_col=self.last)

    # kept whole: one branch per kind of YAML event, in the loop every file read goes through (parse time is measured by bench/bench_validate.py)
    def _consume(self, events: Any) -> None:
        from ruamel.yaml import events as ev

        stack: list[_Open] = []
        documents = 0
        for event in events:
            kind = type(event)
            if kind is ev.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise self.fail("expected one YAML document, found a second one", event.start_mark)
                continue
            if kind in (ev.StreamStartEvent, ev.StreamEndEvent, ev.DocumentEndEvent):
                continue
            mark = event.start_mark
            pos = (mark.line + 1, mark.column + 1)
            if kind is ev.MappingEndEvent or kind is ev.SequenceEndEvent:
                done = stack.pop()
                if isinstance(done.value, dict) and done.merged:
                    self._apply_merges(done)
                if done.anchor is not None:
                    self.open_anchors.discard(done.anchor)
                    self.anchors[done.anchor] = (done.value, done.size, pos)
                self._attach(stack, done.value, done.size, pos)
                continue
            anchor = getattr(event, "anchor", None)
            tag = getattr(event, "tag", None)
            tag = None if tag is None else str(tag)
            if kind is ev.AliasEvent:
                if event.anchor in self.open_anchors:
                    raise self.fail(f"alias *{event.anchor} refers to a node that contains it (a cycle)", mark)
                if event.anchor not in self.anchors:
                    raise self.fail(f"alias *{event.anchor} has no anchor before it", mark)
                value, size, _ = self.anchors[event.anchor]
                self._count(size, pos)
                self._attach(stack, value, size, pos, alias=True)
                continue
            if kind is ev.ScalarEvent:
                self._count(1, pos)
                lone = _rx().SURROGATE.search(event.value)
                if lone:  # only an escape ("\ud800") makes one; no UTF-8 output could hold it
                    raise self.fail(f"escape for U+{ord(lone.group()):04X} (half of a surrogate pair) "
                                    "is not a character", mark)
                awaiting_key = bool(stack) and isinstance(stack[-1].value, dict) and stack[-1].pending_key is _NOKEY
                if awaiting_key and tag is None:
                    # keys are names: kept as written, never resolved; only a plain << merges
                    value = _MERGE if event.value == "<<" and event.style is None else event.value
                else:
                    value = self._scalar(event, tag, mark)
                if anchor is not None:
                    self.anchors[anchor] = (value, 1, pos)
                self._attach(stack, value, 1, pos)
                continue
            # a collection starts
            self._count(1, pos)
            if len(stack) >= MAX_DEPTH:
                raise self.fail(f"nesting deeper than {MAX_DEPTH} levels", mark)
            expect = "map" if kind is ev.MappingStartEvent else "seq"
            if tag is not None and _CORE_TAGS.get(tag) != expect:
                raise self.fail(f"unsupported tag {_short_tag(tag)!r}", mark)
            loc = self._child_loc(stack, mark)
            node = _Open({} if expect == "map" else [], loc, anchor)
            if anchor is not None:
                self.open_anchors.add(anchor)
            self._record_pos(stack, loc, pos)
            stack.append(node)
        if documents == 0 or self.doc.data is None and not self.doc.value_pos:
            raise KcalError("the file is empty; expected a YAML mapping", file=self.name, line=1, column=1)

    # -- helpers --

    def _child_loc(self, stack: list[_Open], mark: Any) -> Loc:
        if not stack:
            return ()
        parent = stack[-1]
        if isinstance(parent.value, list):
            return parent.loc + (len(parent.value),)
        if parent.pending_key is _NOKEY:
            raise self.fail("a mapping key must be a plain value, not a list or mapping", mark)
        return parent.loc + ("<<" if parent.pending_key is _MERGE else parent.pending_key,)

    def _record_pos(self, stack: list[_Open], loc: Loc, pos: tuple[int, int]) -> None:
        self.doc.value_pos.setdefault(loc, pos)
        if stack and isinstance(stack[-1].value, dict):
            self.doc.key_pos.setdefault(loc, stack[-1].key_line)

    def _count(self, size: int, pos: tuple[int, int]) -> None:
        """Add ``size`` nodes to the expanded document: 1 for a node written out, the expanded size of
        its target for an alias. Each node is counted once, when it is met, never again per ancestor."""
        self.nodes += size
        if self.nodes > self.budget:
            raise self.fail(
                f"the document expands to more than {self.budget:,} nodes (alias bomb?)", line_col=pos
            )

    def _attach(self, stack: list[_Open], value: Any, size: int, pos: tuple[int, int],
                alias: bool = False) -> None:
        if not stack:
            self.doc.data = value
            self.doc.value_pos.setdefault((), pos)
            return
        parent = stack[-1]
        parent.size += size
        if isinstance(parent.value, list):
            loc = parent.loc + (len(parent.value),)
            if alias or not isinstance(value, (dict, list)):
                self.doc.value_pos.setdefault(loc, pos)
            parent.value.append(value)
            return
        if parent.pending_key is _NOKEY:  # this value is a key
            if isinstance(value, (dict, list)):
                raise self.fail("a mapping key must be a plain value, not a list or mapping", line_col=pos)
            key = value
            if key in parent.key_lines and key is not _MERGE:
                first = parent.key_lines[key]
                raise self.fail(f"duplicate key {key!r} (first defined at line {first[0]})", line_col=pos)
            if key is _MERGE and _MERGE in parent.key_lines:
                first = parent.key_lines[_MERGE]
                raise self.fail(f"duplicate merge key '<<' (first at line {first[0]})", line_col=pos)
            parent.key_lines[key] = pos
            parent.pending_key = key
            parent.key_line = pos
            return
        key = parent.pending_key
        parent.pending_key = _NOKEY
        loc = parent.loc + (key,)
        if key is _MERGE:
            self._queue_merge(parent, value, pos)
            return
        self.doc.key_pos.setdefault(loc, parent.key_line)
        if alias or not isinstance(value, (dict, list)):
            self.doc.value_pos.setdefault(loc, pos)
        parent.value[key] = value

    def _queue_merge(self, parent: _Open, value: Any, pos: tuple[int, int]) -> None:
        sources = value if isinstance(value, list) else [value]
        for src in sources:
            if not isinstance(src, dict):
                raise self.fail("a merge key '<<' takes a mapping or a list of mappings", line_col=pos)
            parent.merged.append((src, pos))

    def _apply_merges(self, node: _Open) -> None:
        own = node.value
        merged: dict[str, Any] = {}
        for src, pos in node.merged:
            for k, v in src.items():
                merged.setdefault(k, v)
                loc = node.loc + (k,)
                self.doc.key_pos.setdefault(loc, pos)
                self.doc.value_pos.setdefault(loc, pos)
        merged.update(own)
        own.clear()
        own.update(merged)

    def _scalar(self, event: Any, tag: str | None, mark: Any) -> Any:
        text: str = event.value
        if len(text) > MAX_SCALAR:
            raise self.fail(f"a value of {len(text):,} characters; the limit is {MAX_SCALAR:,}", mark)
        plain = event.style is None
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
        if not plain or tag == "!":
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
    except Exception:  # noqa: BLE001 - the scan only looks for a position; the caller reports anyway
        return None
    return None
