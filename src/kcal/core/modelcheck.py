"""A parsed document validated against a Pydantic model in bounded memory, however many errors it has.

Pydantic collects every error of a validation before it returns, about 400 bytes each, and
:meth:`ValidationError.errors` makes a dict of each (about 900 more): a 1 MiB flow list of one-letter
items (``cards: [a, a, ...]``, 524,000 errors) took 1.1 GB. kcal reports the first
:data:`~kcal.core.errors.MAX_SHOWN` errors of a file and counts the rest (docs/cli.md, "Many errors"), so
:func:`validate` never lets Pydantic see more than :data:`LONG` entries of a long list or mapping at
once when they fail:

- a document without a container of more than :data:`LONG` entries is validated in one pass (its errors
  are bounded by its size);
- otherwise a first pass sees each long container cut to its first :data:`LONG` entries; if no entry of
  them fails, the whole document is validated in one pass (a legal record of 100,000 moves pays one
  extra pass over 1,000 of them);
- if entries fail (or the whole pass finds more than :data:`DENSE` errors), the errors are counted
  :data:`LONG` entries at a time, each long container in turn: only the first errors are kept, as
  Pydantic's dicts, and :class:`Invalid` carries them with the count of all.

A long container inside an entry of another is not chunked on its own (the node budget of
:mod:`kcal.core.yamlsafe` bounds what one chunk holds). Nothing here names a game.
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
        model.model_validate(_cut(data, {p: (0, LONG) for p in longs}))
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
    """The paths of the lists and mappings with more than :data:`LONG` entries, in document order; the
    entries of one are not searched."""
    out: list[Path] = []
    stack: list[tuple[Path, Any]] = [((), data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            children: Iterator[tuple[str | int, Any]] = iter(node.items())
        elif isinstance(node, list):
            children = enumerate(node)
        else:
            continue
        if len(node) > LONG:
            out.append(path)
            continue
        stack.extend(reversed([(path + (k,), v) for k, v in children if isinstance(v, (dict, list))]))
    return out


def _counted(model: type[BaseModel], data: Any, longs: list[Path],
             first: Sequence[Mapping[str, Any]] | None) -> Invalid:
    """Every error of ``data`` counted, :data:`LONG` entries of one long container at a time (the others
    left empty); the errors outside the long containers are those of the first chunks' pass."""
    if first is None:
        first = _errors(model, _cut(data, {p: (0, LONG) for p in longs}))
    outside = [e for e in first if all(_entry_at(e["loc"], p) is None for p in longs)]
    kept = outside[:KEEP]
    total = len(outside)
    entries: list[Mapping[str, Any]] = []
    for p in longs:
        container = _at(data, p)
        for start in range(0, len(container), LONG):
            cuts = {q: ((start, start + LONG) if q == p else (0, 0)) for q in longs}
            view = _cut(data, cuts)
            chunk = _at(view, p)
            for e in _errors(model, view, whole=len(entries) < KEEP):
                loc = e["loc"]
                at = len(p) if len(loc) > len(p) and loc[:len(p)] == p else _entry_at(loc, p)
                if at is None:
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


def _errors(model: type[BaseModel], data: Any, whole: bool = True) -> Sequence[Mapping[str, Any]]:
    """Pydantic's errors of ``data``; only their ``type`` and ``loc`` unless ``whole`` (errors only counted)."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        return exc.errors(include_url=False, include_context=whole, include_input=whole)
    return []


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
