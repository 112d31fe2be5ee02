"""Bytes kept between runs, beside :mod:`kcal.core.parsecache`'s JSON (same folder, same switch).

:mod:`kcal.core.parsecache` stores JSON only; the processed tile art is pixels. Entries are keyed by the
SHA-256 of the input bytes plus a ``salt`` the caller derives from whatever else decides the result
(size, background, library versions), so a changed byte or setting is a new key. Writes are atomic
(temporary file, then rename); any failure to read or write is ignored: the cache can only make kcal
slower, never wrong. ``KCAL_NO_CACHE=1`` bypasses it. The bytes are data, never code.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path

FORMAT = 1
MAX_ENTRIES = 256
SUFFIX = ".bin"


def _path(kind: str, raw: bytes, salt: bytes) -> Path:
    from kcal.core.parsecache import cache_dir

    digest = hashlib.sha256(salt + b"\0" + raw).hexdigest()[:40]
    return cache_dir() / f"{kind}-{FORMAT}-{digest}{SUFFIX}"


def get_bytes(kind: str, raw: bytes, salt: bytes = b"") -> bytes | None:
    """The bytes stored for ``raw`` (and ``salt``), or None."""
    if os.environ.get("KCAL_NO_CACHE"):
        return None
    try:
        return _path(kind, raw, salt).read_bytes()
    except (OSError, ValueError):
        return None


def put_bytes(kind: str, raw: bytes, payload: bytes, salt: bytes = b"") -> None:
    """Store ``payload`` for ``raw`` (and ``salt``), atomically; errors ignored."""
    if os.environ.get("KCAL_NO_CACHE"):
        return
    with contextlib.suppress(OSError, ValueError):
        target = _path(kind, raw, salt)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=SUFFIX)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _prune(target.parent)


def _prune(folder: Path) -> None:
    with contextlib.suppress(OSError):
        entries = [e for e in os.scandir(folder) if e.name.endswith(SUFFIX) and not e.name.startswith(".")]
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort(key=lambda e: e.stat().st_mtime)
        for entry in entries[: len(entries) - MAX_ENTRIES]:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
