"""A cache of parsed YAML, keyed by the content's SHA-256.

ruamel.yaml's pure-Python parser needs about a quarter of a second for a 1,400-line catalog; the
built-in catalog is the same bytes on every run, so its plain data and positions are kept as JSON in
``$KCAL_CACHE_DIR`` (default ``$XDG_CACHE_HOME/kcal`` or ``~/.cache/kcal``). Only content that parsed
cleanly is stored; a changed byte is a new key. Set ``KCAL_NO_CACHE=1`` to bypass it. Any failure to
read or write the cache is ignored: it can only make kcal slower, never wrong.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .yamlsafe import YamlDoc

FORMAT = 1
MAX_ENTRIES = 512  # oldest entries beyond this are pruned when a new one is written


def cache_dir() -> Path:
    if os.environ.get("KCAL_CACHE_DIR"):
        return Path(os.environ["KCAL_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kcal"


def _key(raw: bytes) -> str:
    return f"yaml-{FORMAT}-" + hashlib.sha256(raw).hexdigest()[:40] + ".json"


def _plain(value: Any) -> bool:
    """True if JSON keeps this value exactly (no dates, no non-string keys)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool)) and not isinstance(value, _dt.date)


def get(raw: bytes, name: str) -> YamlDoc | None:
    if os.environ.get("KCAL_NO_CACHE"):
        return None
    try:
        stored = json.loads((cache_dir() / _key(raw)).read_text(encoding="utf-8"))
        return YamlDoc(
            name,
            stored["data"],
            {tuple(loc): (line, col) for loc, line, col in stored["key_pos"]},
            {tuple(loc): (line, col) for loc, line, col in stored["value_pos"]},
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def put(raw: bytes, doc: YamlDoc) -> None:
    if os.environ.get("KCAL_NO_CACHE") or not _plain(doc.data):
        return
    payload = {
        "data": doc.data,
        "key_pos": [[list(loc), *pos] for loc, pos in doc.key_pos.items()],
        "value_pos": [[list(loc), *pos] for loc, pos in doc.value_pos.items()],
    }
    with contextlib.suppress(OSError, TypeError, ValueError):
        folder = cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(payload, fh, separators=(",", ":"))
            os.replace(tmp, folder / _key(raw))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _prune(folder)


def _prune(folder: Path) -> None:
    with contextlib.suppress(OSError):
        entries = [e for e in os.scandir(folder) if e.name.startswith(f"yaml-{FORMAT}-")]
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort(key=lambda e: e.stat().st_mtime)
        for entry in entries[: len(entries) - MAX_ENTRIES]:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)

