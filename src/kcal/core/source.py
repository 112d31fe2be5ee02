"""Reading a user's input file: a regular file, not too large, strict UTF-8, errors with positions."""

from __future__ import annotations

from pathlib import Path

from kcal.core.errors import KcalError


def read_source(path: str | Path, *, display: str | None = None, max_bytes: int,
                what: str = "a YAML file") -> bytes:
    """The bytes of a regular file no larger than ``max_bytes``; otherwise a clear :class:`KcalError`."""
    name = display if display is not None else str(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise KcalError(f"is a directory, expected {what}", file=name)
        if not p.exists():
            raise KcalError("no such file", file=name)
        if not p.is_file():
            raise KcalError("not a regular file", file=name)
        size = p.stat().st_size
        if size > max_bytes:
            raise KcalError(f"file is {size:,} bytes; the limit is {max_bytes:,}", file=name)
        return p.read_bytes()
    except PermissionError:
        raise KcalError("permission denied", file=name) from None
    except OSError as exc:
        raise KcalError(f"cannot read: {exc.strerror or exc}", file=name) from None


def decode_utf8(raw: bytes, name: str = "<input>") -> str:
    """Strict UTF-8; an invalid byte is an error at its line and column. A leading BOM is kept."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start].decode("utf-8", errors="replace")
        line, column = line_col(before, len(before))
        raise KcalError(
            f"invalid UTF-8 byte 0x{raw[exc.start]:02X}; save the file as UTF-8",
            file=name, line=line, column=column,
        ) from None


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1
