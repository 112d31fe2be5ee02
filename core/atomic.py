"""Atomic output: write to a temp file beside the target, then rename over it.

Nothing the user wrote is ever overwritten by accident: a target that is one of the command's inputs
(also through a link) is refused, and a failure leaves the old file byte-identical and no temp file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from kcal.core.errors import KcalError, UsageError


def check_output_path(
    target: str | Path, *, inputs: Iterable[str | Path] = (), force: bool = True
) -> Path:
    """Validate an output path before any work is done; return it as a Path."""
    out = Path(target)
    if str(out) == "" or out.name in ("", ".", ".."):
        raise UsageError(f"{target}: output must name a file")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"{target}: the output folder {str(parent)!r} does not exist")
    if out.exists() and out.is_dir():
        raise UsageError(f"{target}: output is a directory")
    resolved = out.resolve()
    for inp in inputs:
        try:
            if Path(inp).resolve() == resolved or (out.exists() and os.path.samefile(out, inp)):
                raise UsageError(f"{target}: refusing to overwrite an input file")
        except OSError:
            continue
    if out.exists() and not force:
        raise UsageError(f"{target}: already exists (use --force to replace it)")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"{target}: the output folder is not writable")
    return out


@contextlib.contextmanager
def atomic_output(
    target: str | Path, *, inputs: Iterable[str | Path] = (), force: bool = True
) -> Iterator[Path]:
    """Yield a temp path in the target's folder; on success it replaces the target atomically."""
    out = check_output_path(target, inputs=inputs, force=force)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent or ".")
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, out)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def atomic_write_bytes(
    target: str | Path, data: bytes, *, inputs: Iterable[str | Path] = (), force: bool = True
) -> Path:
    with atomic_output(target, inputs=inputs, force=force) as tmp:
        try:
            tmp.write_bytes(data)
        except OSError as exc:
            raise KcalError(f"cannot write {target}: {exc.strerror}") from None
    return Path(target)


def atomic_write_text(
    target: str | Path, text: str, *, inputs: Iterable[str | Path] = (), force: bool = True
) -> Path:
    return atomic_write_bytes(target, text.encode("utf-8"), inputs=inputs, force=force)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
