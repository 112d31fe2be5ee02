"""A cache of work done on a file's bytes, keyed by their SHA-256.

ruamel.yaml's pure-Python parser needs about a quarter of a second for a 1,400-line catalog, and
building and running the Pydantic validators costs tens of milliseconds more; the built-in catalog is
the same bytes on every run, and so is a tile's art. So kcal keeps, in ``$KCAL_CACHE_DIR`` (default
``$XDG_CACHE_HOME/kcal`` or ``~/.cache/kcal``):

- ``yaml`` (JSON): the plain data of a file that parsed cleanly (its positions are found again from
  the bytes when an error first names one, :class:`kcal.core.yamlsafe.YamlDoc`);
- any other *kind* a caller names, as JSON (the validated form of a catalog) or bytes (processed
  art pixels), keyed by the input bytes plus a ``salt`` the caller derives from whatever else decides
  the result (its own source, sizes, library versions), so a change there is a new key.

A changed byte is a new key; the oldest entries beyond :data:`MAX_ENTRIES` are pruned. Set
``KCAL_NO_CACHE=1`` to bypass it. Failure to read or write the cache is ignored: it can only make kcal
slower, never wrong. Nothing stored is ever executed: JSON and raw bytes only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from kcal.core.yamlsafe import YamlDoc

#: the stored forms' version; a new one sets every entry aside (3: a quoted "<<" key is an ordinary key,
#: where 2 had merged it; 4: a YAML file's data without its positions)
FORMAT = 4
MAX_ENTRIES = 512


def cache_dir() -> Path:
    """The cache folder. Raises OSError (which every reader and writer ignores: no cache this run)
    when there is none to be had, as for a container user with no HOME and no passwd entry."""
    if os.environ.get("KCAL_CACHE_DIR"):
        return Path(os.environ["KCAL_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):
            raise OSError("no home folder, so no cache folder") from None
    return Path(base) / "kcal"


def _path(kind: str, raw: bytes, salt: bytes, suffix: str) -> Path:
    return cache_dir() / (f"{kind}-{FORMAT}-" + hashlib.sha256(salt + b"\0" + raw).hexdigest()[:40] + suffix)


#: the values JSON gives back as they were (by exact type: a subclass is not cached, which costs a reading)
_SCALARS = frozenset((str, int, float, bool, type(None)))
_KEYS = frozenset((str,))


def _plain(value: Any) -> bool:
    """True if JSON keeps this value exactly (no dates, no non-string keys). One loop over the
    containers, each one's items checked by type in C (a 100,000-move record: 0.2 s as a recursion)."""
    todo = [value]
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind is dict:
            if not _KEYS.issuperset(map(type, item)):
                return False
            inner = item.values()
        elif kind is list:
            inner = item
        elif kind in _SCALARS:
            continue
        else:
            return False
        if not _SCALARS.issuperset(map(type, inner)):
            todo.extend(x for x in inner if type(x) not in _SCALARS)
    return True


def get_bytes(kind: str, raw: bytes, salt: bytes = b"", *, suffix: str = ".bin") -> bytes | None:
    """The bytes stored for ``raw`` (and ``salt``), or None."""
    if os.environ.get("KCAL_NO_CACHE"):
        return None
    try:
        return _path(kind, raw, salt, suffix).read_bytes()
    except (OSError, ValueError):
        return None


def put_bytes(kind: str, raw: bytes, payload: bytes, salt: bytes = b"", *, suffix: str = ".bin") -> None:
    """Store ``payload`` for ``raw`` (and ``salt``): temp file, then rename; errors ignored."""
    if os.environ.get("KCAL_NO_CACHE"):
        return
    import tempfile  # the write path only: a warm run reads and never writes

    with contextlib.suppress(OSError, ValueError):
        target = _path(kind, raw, salt, suffix)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=suffix)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _prune(target.parent)


def get_json(kind: str, raw: bytes, salt: bytes = b"") -> Any:
    """The JSON payload stored for these bytes, or None."""
    data = get_bytes(kind, raw, salt, suffix=".json")
    if data is None:
        return None
    try:
        return json.loads(data)
    except ValueError:
        return None


def put_json(kind: str, raw: bytes, payload: Any, salt: bytes = b"") -> None:
    """Store a JSON-able payload for these bytes (only values JSON keeps exactly)."""
    if os.environ.get("KCAL_NO_CACHE") or not _plain(payload):
        return
    try:
        data = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError):
        return
    put_bytes(kind, raw, data, salt, suffix=".json")


def get(raw: bytes, name: str) -> YamlDoc | None:
    """A parsed document for these bytes, if one is cached."""
    stored = get_json("yaml", raw)
    try:
        return YamlDoc(name, stored["data"], source=raw)
    except (KeyError, TypeError):
        return None


def put(raw: bytes, doc: YamlDoc) -> None:
    put_json("yaml", raw, {"data": doc.data})


def _prune(folder: Path) -> None:
    with contextlib.suppress(OSError):
        entries = [e for e in os.scandir(folder) if not e.name.startswith(".") and e.is_file()]
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort(key=lambda e: e.stat().st_mtime)
        for entry in entries[: len(entries) - MAX_ENTRIES]:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
