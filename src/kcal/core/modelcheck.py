"""A parsed document validated against a Pydantic model in bounded memory, however many errors it has.

Pydantic collects every error of a validation before it returns, about 400 bytes each, and
:meth:`ValidationError.errors` makes a dict of each (about 900 more): a 1 MiB flow list of one-letter
items (``cards: [a, a, ...]``, 524,000 errors) took 1.1 GB. kcal reports the first
:data:`~kcal.core.errors.MAX_SHOWN` errors of a file and counts the rest (docs/cli.md, "Many errors"), so
:func:`validate` never lets Pydantic see more than one chunk of a big list or mapping at once when its
entries fail. A container is chunked when it has more than :data:`LONG` entries, or when its entries
hold more than :data:`BIG` nodes outside such containers (600 cards of 999 bad values each); a chunk is
at most :data:`LONG` entries and :data:`BIG` nodes (at least one entry):

- a document without such a container is validated in one pass (its errors are bounded by its size);
- otherwise a first pass sees each of them cut to its first chunk; if no entry of those fails, the whole
  document is validated in one pass (a legal record of 100,000 moves pays one extra pass over 1,000);
- if entries fail (or the whole pass finds more than :data:`DENSE` errors), the errors are counted a
  chunk at a time, each container in turn (the others left empty): only the first errors are kept, as
  Pydantic's dicts, and :class:`Invalid` carries them with the count of all. An echo (:func:`echo`) is
  neither kept nor counted, as :mod:`kcal.core.validation` never shows one.

A long container inside an entry of another long one is not chunked on its own (one chunk then holds
it whole; the node budget of :mod:`kcal.core.yamlsafe` bounds it). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from kcal.core.errors import MAX_SHOWN

M = TypeVar("M", bound=BaseModel)
Path = tuple[str | int, ...]

#: entries of a list or mapping validated at once when the document is invalid
LONG = 1_000
#: nodes of a container's entries validated at once (a container whose entries hold more is chunked too)
BIG = 5_000
#: errors of one pass past which they are counted in chunks rather than listed
DENSE = 10_000
#: the errors :class:`Invalid` keeps (more than kcal shows: some are dropped as echoes of others, and the
#: first one left out places the "more" line)
KEEP = 2 * MAX_SHOWN


class Invalid(Exception):
    """A document's first errors (Pydantic's dicts, at most :data:`KEEP` of the long containers' entries
    and of the rest) and the count of all; read as a :class:`pydantic.ValidationError` is read."""

    def __init__(self, errors: Sequence[Mapping[str, Any]], total: int) -> None:
        super().__init__(f"{total} validation errors")
        self._errors = errors
        self.total = total

    def errors(self, include_url: bool = True) -> list[Mapping[str, Any]]:
        return list(self._errors)

    def error_count(self) -> int:
        return self.total


def validate(model: type[M], data: Any) -> M:
    """``model.model_validate(data)``; an invalid document raises :class:`pydantic.ValidationError` (its
    errors bounded by its size) or :class:`Invalid` (the first errors, and the count of all)."""
    longs = long_containers(data)
    if not longs:
        return model.model_validate(data)
    try:
        model.model_validate(_cut(data, {p: next(_chunks(_at(data, p))) for p in longs}))
    except ValidationError as exc:
        first = exc.errors(include_url=False)
        if any(_entry_at(e["loc"], p) is not None for e in first for p in longs):
            raise _counted(model, data, longs, first) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        if exc.error_count() <= DENSE:
            raise
    raise _counted(model, data, longs, None) from None


def long_containers(data: Any) -> list[Path]:
    """The containers validated a chunk at a time, in document order: the lists and mappings of more than
    :data:`LONG` entries (their entries are not searched), and a shorter one whose entries hold more
    than :data:`BIG` nodes outside such containers, none of them chosen (600 cards of 999 bad values
    each); the entries of a long one are not searched."""
    out: list[Path] = []
    _plan(data, (), out)
    return sorted(out, key=_order(data))


def _plan(node: Any, path: Path, out: list[Path]) -> int:
    """The nodes of ``node`` outside the containers chosen in it, choosing as :func:`long_containers` says
    (a chosen one counts as one node)."""
    if isinstance(node, dict):
        children: Iterator[tuple[str | int, Any]] = iter(node.items())
    elif isinstance(node, list):
        children = enumerate(node)
    else:
        return 1
    if len(node) > LONG:
        out.append(path)
        return 1
    chosen = len(out)
    size = 1 + sum(_plan(v, path + (k,), out) if isinstance(v, (dict, list)) else 1 for k, v in children)
    if size > BIG and len(out) == chosen and len(node) > 1:
        out.append(path)
        return 1
    return size


def _order(data: Any) -> Any:
    def key(path: Path) -> list[int]:
        out, node = [], data
        for seg in path:
            out.append(list(node).index(seg) if isinstance(node, dict) else int(seg))
            node = node[seg]
        return out
    return key


def _size(node: Any) -> int:
    """The nodes of ``node`` (a mapping's keys not counted)."""
    if isinstance(node, dict):
        return 1 + sum(_size(v) for v in node.values())
    if isinstance(node, list):
        return 1 + sum(_size(v) for v in node)
    return 1


def _chunks(container: Any) -> Iterator[tuple[int, int]]:
    """``[start, stop)`` ranges of the container's entries, each at most :data:`LONG` entries and
    :data:`BIG` nodes (at least one entry), from the first entry to the last."""
    values = list(container.values()) if isinstance(container, dict) else container
    start = 0
    while start < len(values) or start == 0:
        stop, nodes = start, 0
        while stop < len(values) and stop - start < LONG:
            nodes += _size(values[stop])
            if nodes > BIG and stop > start:
                break
            stop += 1
        yield start, stop
        if stop >= len(values):
            return
        start = stop


def _counted(model: type[BaseModel], data: Any, longs: list[Path],
             first: Sequence[Mapping[str, Any]] | None) -> Invalid:
    """Every error of ``data`` counted, :data:`LONG` entries of one long container at a time (the others
    left empty); the errors outside the long containers are those of the first chunks' pass."""
    if first is None:
        first = _errors(model, _cut(data, {p: (0, LONG) for p in longs}))
    outside = [e for e in first if not echo(e) and all(_entry_at(e["loc"], p) is None for p in longs)]
    kept = outside[:KEEP]
    total = len(outside)
    entries: list[Mapping[str, Any]] = []
    for p in longs:
        container = _at(data, p)
        for start, stop in _chunks(container):
            cuts = {q: ((start, stop) if q == p else (0, 0)) for q in longs}
            view = _cut(data, cuts)
            chunk = _at(view, p)
            for e in _errors(model, view):
                loc = e["loc"]
                at = len(p) if len(loc) > len(p) and loc[:len(p)] == p else _entry_at(loc, p)
                if at is None or echo(e):
                    continue
                key = loc[at]
                if isinstance(chunk, dict) and key not in chunk and (key in container or start > 0):
                    continue  # an entry of another chunk, or a missing key counted with the first chunk
                total += 1
                if len(entries) < KEEP:
                    moved = list(loc)
                    if isinstance(chunk, list) and isinstance(key, int):
                        moved[at] = key + start
                    entries.append({**e, "loc": tuple(moved)})
    return Invalid(kept + entries[:KEEP - len(kept)] if len(kept) < KEEP else kept, total)


def _errors(model: type[BaseModel], data: Any) -> Sequence[Mapping[str, Any]]:
    try:
        model.model_validate(data)
    except ValidationError as exc:
        return exc.errors(include_url=False)
    return []


def echo(err: Mapping[str, Any]) -> bool:
    """A "too short" that Pydantic reports because it counts only the items that validated: the list
    as written is long enough, and each bad item has its own error (``players: [1, 2, 3]`` is three
    names that are not text, not a list with fewer than one item). Neither shown nor counted."""
    if err["type"] != "too_short":
        return False
    value, low = err.get("input"), (err.get("ctx") or {}).get("min_length")
    return isinstance(value, (list, tuple, dict)) and isinstance(low, int) and len(value) >= low


def _entry_at(loc: Sequence[Any], path: Path) -> int | None:
    """Where in Pydantic's ``loc`` the entry of the container at ``path`` is named (its index or key),
    or None when the error is not inside an entry of it (segments Pydantic adds, such as a union's tag,
    are passed over)."""
    i = 0
    for j, seg in enumerate(loc):
        if i == len(path):
            return j
        if seg == path[i]:
            i += 1
        elif isinstance(seg, int) or isinstance(path[i], int):
            return None
    return None


def _at(data: Any, path: Path) -> Any:
    for seg in path:
        data = data[seg]
    return data


def _cut(data: Any, cuts: Mapping[Path, tuple[int, int]], path: Path = ()) -> Any:
    """``data`` with the container at each path of ``cuts`` cut to its entries ``[start, stop)`` (copies
    along the way; nothing of ``data`` changes)."""
    if path in cuts:
        start, stop = cuts[path]
        if isinstance(data, dict):
            return dict(islice(data.items(), start, stop))
        return data[start:stop]
    below = {p[len(path)] for p in cuts if len(p) > len(path) and p[:len(path)] == path}
    if not below:
        return data
    copy = dict(data) if isinstance(data, dict) else list(data)
    for seg in below:
        copy[seg] = _cut(data[seg], cuts, path + (seg,))  # type: ignore[index]
    return copy
