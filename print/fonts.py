"""The embedded typeface (DejaVu Sans Condensed, Bitstream Vera licence: embedding allowed) and glyph coverage.

ReportLab never embeds its 14 standard fonts, and they draw black boxes for characters outside
Latin-1; a shipped TTF is embedded (subset) in every PDF. Every data string goes through
:func:`printable`, which replaces characters the font lacks by a visible stand-in and reports each one
with where it came from, so nothing disappears silently.
"""

from __future__ import annotations

import struct
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from kcal.core.errors import KcalError
from kcal.print.report import Report

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "KcalSans"
BOLD = "KcalSans-Bold"
_FILES = {REGULAR: "DejaVuSansCondensed.ttf", BOLD: "DejaVuSansCondensed-Bold.ttf"}
FALLBACK_CHAR = "?"


def register_fonts() -> None:
    """Register the shipped fonts with ReportLab once per process (every renderer calls this before
    drawing, so it also puts in ReportLab's faster number formatting, :mod:`kcal.print.rlfast`)."""
    from kcal.print.rlfast import install

    install()
    _register()


@lru_cache(maxsize=1)
def _register() -> None:
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    for name, filename in _FILES.items():
        path = FONT_DIR / filename
        try:
            pdfmetrics._fonts.pop(name, None)  # registerFont keeps an existing TTF of that name: replace it
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except (TTFError, OSError) as exc:
            raise KcalError(f"cannot use font {path}: {exc}") from None
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)


@contextmanager
def override(regular: str | Path | None = None, bold: str | Path | None = None) -> Iterator[None]:
    """Print with the user's TrueType fonts instead of the shipped ones (e.g. one covering CJK).

    The user's fonts are registered under kcal's font names for the duration, so every renderer
    uses them; the shipped fonts come back afterwards, also after an error.
    """
    if regular is None and bold is None:
        yield
        return
    register_fonts()
    first = regular if regular is not None else bold
    assert first is not None  # one of them was given (above)
    try:
        load_user_font(first, REGULAR)
        load_user_font(bold if bold is not None else first, BOLD)
        _clear_caches()
        yield
    finally:
        _register.cache_clear()
        _register()
        _clear_caches()


def _clear_caches() -> None:
    from kcal.print.text import _width1

    _coverage.cache_clear()
    _width1.cache_clear()


def font_inputs(fonts: tuple[str | Path | None, ...]) -> list[Path]:
    """The ``--font``/``--bold-font`` files given: inputs like any other, never to be overwritten by
    the output (``--font f.pdf -o f.pdf`` is refused)."""
    return [Path(f) for f in fonts if f is not None]


def load_user_font(path: str | Path, name: str) -> str:
    """Register a user-supplied TrueType font, with a clear message naming the file for the ways that fails."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    p = Path(path)
    if not p.is_file():
        raise KcalError(f"{p}: font file not found or not a regular file")
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise KcalError(f"{p}: cannot read the font: {exc.strerror or exc}") from None
    head = data[:4]
    if head == b"OTTO":
        raise KcalError(f"{p}: CFF-based OpenType (.otf) fonts cannot be embedded; use a TrueType (.ttf) font")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise KcalError(f"{p}: not a TrueType font")
    problem = table_problem(data)
    if problem:
        raise KcalError(f"{p}: not a valid TrueType font ({problem})")
    fs_type = embedding_flags(data)
    if fs_type is not None and (fs_type & 0x000F == 0x0002 or fs_type & 0x0300):
        raise KcalError(f"{p}: the font's licence does not allow embedding it in a PDF "
                        f"(OS/2 fsType 0x{fs_type:04X}); choose a font licensed for embedding")
    try:
        font = TTFont(name, str(p))
        pdfmetrics._fonts.pop(name, None)  # registerFont keeps an existing TTF of that name: replace it
        pdfmetrics.registerFont(font)
    except TTFError as exc:
        msg = str(exc)
        if "embed" in msg.lower() or "licen" in msg.lower():
            raise KcalError(f"{p}: the font's licence does not allow embedding it in a PDF") from None
        raise KcalError(f"{p}: cannot use this font: {msg}") from None
    except (ValueError, KeyError, IndexError, OverflowError, struct.error) as exc:  # a damaged table
        raise KcalError(f"{p}: cannot use this font: it is damaged ({type(exc).__name__}: {exc})") from None
    return name


def table_problem(data: bytes) -> str | None:
    """Why a TrueType file's table directory does not fit the file (a truncated download), or None."""
    try:
        (num_tables,) = struct.unpack(">H", data[4:6])
        if 12 + 16 * num_tables > len(data):
            return f"truncated: the table directory needs {12 + 16 * num_tables:,} bytes, the file has {len(data):,}"
        for i in range(num_tables):
            tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
            if offset + length > len(data):
                shown = tag.decode("latin-1")
                return (f"truncated: table {shown!r} ends at byte {offset + length:,}, "
                        f"the file has {len(data):,} bytes")
    except struct.error:
        return f"truncated: {len(data):,} bytes hold no table directory"
    return None


def embedding_flags(data: bytes) -> int | None:
    """The OS/2 ``fsType`` of a TrueType font (embedding permissions), or None when absent."""
    try:
        (num_tables,) = struct.unpack(">H", data[4:6])
        for i in range(num_tables):
            tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
            if tag == b"OS/2":
                (fs_type,) = struct.unpack(">H", data[offset + 8: offset + 10])
                return fs_type
    except struct.error:
        raise KcalError("not a valid TrueType font (truncated table directory)") from None
    return None


@lru_cache(maxsize=4)
def _coverage(font_name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    _register()
    face = pdfmetrics.getFont(font_name).face
    return frozenset(face.charToGlyph)


def covers(ch: str, font_name: str = REGULAR) -> bool:
    return ord(ch) in _coverage(font_name)


def printable(text: str, where: str, report: Report | None, font_name: str = REGULAR) -> str:
    """``text`` with every character the font can draw; the others replaced and reported.

    A character is first tried in its decomposed form (an accent the font lacks keeps its base
    letter); otherwise it becomes ``?``. Control characters and lone surrogates become ``?`` too.
    """
    if text.isascii() and text.isprintable():
        return text
    cov = _coverage(font_name)
    out: list[str] = []
    missing: list[str] = []
    for i, ch in enumerate(unicodedata.normalize("NFC", text) if _no_surrogates(text) else text):
        code = ord(ch)
        if code in cov and (ch.isprintable() or ch == " "):
            out.append(ch)
            continue
        if ch in "\t\n\r":
            out.append(" ")
            continue
        stand_in = FALLBACK_CHAR
        if 0xD800 <= code <= 0xDFFF:
            what = f"lone surrogate U+{code:04X}"
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            if base and all(ord(c) in cov and c.isprintable() for c in base):
                stand_in = base
            name = unicodedata.name(ch, "unnamed")
            what = f"{ch!r} (U+{code:04X} {name})" if ch.isprintable() else f"control character U+{code:04X}"
        missing.append(f"{what} at position {i + 1} as {stand_in!r}")
        out.append(stand_in)
    if missing and report is not None:
        report.warn(f"{where}: {'a character' if len(missing) == 1 else f'{len(missing)} characters'} not in the "
                    f"font, printed instead: {'; '.join(missing)}")
    return "".join(out)


def _no_surrogates(text: str) -> bool:
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False
