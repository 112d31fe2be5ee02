"""kcal's mark on the files it writes, so that a file kcal wrote can be told from one the user wrote.

The overwrite policy (docs/cli.md, "Writing files") replaces an existing output without ``--force`` only
when kcal wrote it and nobody changed it since; this module says which files those are.

- **PDF**: every PDF kcal writes names itself (``/Creator (kcal VERSION)``, written by ReportLab: the
  ``/Producer`` is ReportLab's). A program that edits a PDF writes its own producer, so an edited PDF is
  no longer kcal's. Nothing is added: the bytes stay as they were.
- **PNG**: a ``tEXt`` chunk ``Software: kcal VERSION`` after the header.
- **Text** (YAML, SVG, HTML, JSON): one line with a digest of everything else in the file, in the
  format's own comment (``#``, ``<!-- -->``, JSON Schema's ``"$comment"``). Any edit (a deck changed
  by hand, a record typed into) changes the digest, and the file becomes the user's.

:func:`stamp` marks the bytes of an output; :func:`made_by_kcal` reads an existing file's mark.
"""

from __future__ import annotations

import hashlib
import mmap
import re
import struct
import zlib
from pathlib import Path

from kcal import __version__

_PNG = b"\x89PNG\r\n\x1a\n"
_PNG_KEY = b"Software\x00kcal"
_DIGEST = re.compile(rb"kcal-sha256:([0-9a-f]{16})")
#: the PDF's info dictionary, as :mod:`kcal.print.output` and ReportLab write it
_PDF_CREATOR = b"/Creator (kcal "
_PDF_PRODUCER = b"/Producer (ReportLab PDF Library"
#: text outputs larger than this are not read back to check a digest (kcal writes none this large)
MAX_TEXT_BYTES = 256 * 1024 * 1024


def _digest(rest: bytes) -> str:
    return hashlib.sha256(rest).hexdigest()[:16]


def _note(digest: str) -> str:
    return f"written by kcal {__version__}; replaced by kcal while unchanged (kcal-sha256:{digest})"


#: the comment each text output is marked in, by the file's suffix
_TEXT = {".yaml": "#", ".yml": "#", ".svg": "<", ".html": "<", ".htm": "<", ".xml": "<", ".json": "{"}


def stamp(data: bytes, target: str | Path) -> bytes:
    """``data``, to be written to ``target``, with kcal's mark (a PDF as it is: it names its creator
    already). Bytes kcal cannot mark (another suffix, or content that does not match it) are returned
    unchanged, and such a file is never taken for kcal's."""
    suffix = Path(target).suffix.lower()
    if data.startswith(_PNG):
        return _stamp_png(data) if suffix == ".png" else data
    kind = _TEXT.get(suffix)
    return data if kind is None else _stamp_text(data, kind)


def _stamp_png(data: bytes) -> bytes:
    if len(data) < 33 or data[12:16] != b"IHDR" or _PNG_KEY in data[:4096]:
        return data
    body = b"tEXt" + _PNG_KEY + b" " + __version__.encode("ascii")
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    return data[:33] + chunk + data[33:]


def _stamp_text(data: bytes, kind: str) -> bytes:
    """One line holding the digest of every other byte: after an XML or DOCTYPE opening line, inside a
    JSON object's first line, or last (a ``#`` comment: YAML)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    if _DIGEST.search(data):
        return data
    digest = _digest(data)
    head, sep, rest = data.partition(b"\n")
    stripped = data.lstrip()
    if kind == "<":
        if not stripped.startswith(b"<"):
            return data
        line = f"<!-- {_note(digest)} -->\n".encode()
        if (head.startswith(b"<?xml") or head.lower().startswith(b"<!doctype")) and sep:
            return head + sep + line + rest
        return line + data
    if kind == "{":
        if head.strip() != b"{" or not sep or not rest.strip() or rest.lstrip().startswith(b"}"):
            return data  # not an object kcal wrote (indented, not empty): left unmarked
        return head + sep + f'  "$comment": "{_note(digest)}",\n'.encode() + rest
    line = f"# {_note(digest)}\n".encode()
    return data + line if data.endswith(b"\n") else line + data  # last: a first-line comment stays first


def made_by_kcal(path: str | Path) -> bool:
    """Whether ``path`` is a file kcal wrote that nobody changed since (see the module)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
            if head.startswith(b"%PDF-"):
                with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
                    return mm.rfind(_PDF_CREATOR) >= 0 and mm.rfind(_PDF_PRODUCER) >= 0
            if head.startswith(_PNG):
                fh.seek(0)
                return _PNG_KEY in fh.read(4096)
            fh.seek(0)
            data = fh.read(MAX_TEXT_BYTES + 1)
    except (OSError, ValueError):
        return False
    if len(data) > MAX_TEXT_BYTES:
        return False
    return _text_unchanged(data)


def _text_unchanged(data: bytes) -> bool:
    found = _DIGEST.search(data)
    if found is None:
        return False
    start = data.rfind(b"\n", 0, found.start()) + 1
    end = data.find(b"\n", found.end())
    if end < 0:
        return False
    rest = data[:start] + data[end + 1:]
    return _digest(rest) == found.group(1).decode("ascii")
