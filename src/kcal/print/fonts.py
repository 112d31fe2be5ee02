"""The embedded typeface (DejaVu Sans Condensed, Bitstream Vera licence: embedding allowed) and glyph coverage.

ReportLab never embeds its 14 standard fonts, and they draw black boxes for characters outside
Latin-1; a shipped TTF is embedded (subset) in every PDF. Every data string goes through
:func:`printable`, which replaces characters the font lacks by a visible stand-in and reports each one
with where it came from, so nothing disappears silently. A value read from a data file travels as a
:class:`~kcal.print.sourced.Sourced` string that knows its ``file:line:column``: :func:`printable` reports it there whatever
the drawing code calls it, and a template that reads it gets it checked there too
(:mod:`kcal.print.sandbox`), before the rendered text is checked at the template's own lines.
"""

from __future__ import annotations

import struct
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.print.report import Report
from kcal.print.sourced import Sourced

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "KcalSans"
BOLD = "KcalSans-Bold"
_FILES = {REGULAR: "DejaVuSansCondensed.ttf", BOLD: "DejaVuSansCondensed-Bold.ttf"}
FALLBACK_CHAR = "?"


#: the largest font file ``--font`` reads (a full CJK TrueType font is about 20 MB)
MAX_FONT_BYTES = 64 * 1024 * 1024

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
            pdfmetrics.registerFont(_shipped_font(name, path, TTFont))
        except (TTFError, OSError) as exc:
            raise KcalError(f"cannot use font {path}: {exc}") from None
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)


def _shipped_font(name: str, path: Path, ttfont: Any) -> Any:
    """ReportLab's ``TTFont`` of a shipped font, its parsed tables from kcal's cache when they are there.

    Parsing the two faces is ~80 M instructions of every print command; the parsed face is the same for
    the same font bytes and ReportLab version, so it is kept (as tagged JSON: nothing stored is executed,
    :mod:`kcal.core.parsecache`) and put back in place of the parse. Stored only when it reads back equal to
    what was parsed; any surprise on reading (another ReportLab, a damaged entry) means parsing again.
    ``tests/print/test_font_cache.py`` checks that the cached face equals a parsed one and that PDFs are the same.
    """
    from reportlab import Version
    from reportlab.pdfbase import ttfonts

    from kcal.core import parsecache

    data = path.read_bytes()
    salt = f"ttface-1 reportlab {Version}".encode()
    stored = parsecache.get_bytes("ttface", data, salt)
    if stored is not None:
        try:
            fields = _unpack(stored)
            face = ttfonts.TTFontFace.__new__(ttfonts.TTFontFace)
            face.__dict__.update(fields, _ttf_data=data, filename=str(path),
                                 _pdfScale=_Scale(1000 / fields["unitsPerEm"]))
        except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError, IndexError):
            face = None
        if face is not None:
            parse = ttfonts.TTFontFace
            ttfonts.TTFontFace = lambda *args, **kw: face  # TTFont's own constructor, with this face
            try:
                return ttfont(name, str(path))
            finally:
                ttfonts.TTFontFace = parse
    font = ttfont(name, str(path))
    fields = {k: v for k, v in font.face.__dict__.items() if k not in ("_ttf_data", "filename", "_pdfScale")}
    scale = font.face._pdfScale
    try:
        packed = _Packer().pack(fields)
        if _unpack(packed) == fields and all(scale(x) == _Scale(1000 / fields["unitsPerEm"])(x) for x in (1, 7, 1000)):
            parsecache.put_bytes("ttface", data, packed, salt)
    except (TypeError, KeyError, ValueError, ZeroDivisionError, OverflowError):
        pass
    return font


class _Scale:
    """A face's font units to PDF units, as ReportLab's own ``x * (1000 / unitsPerEm)`` does (its lambda
    is not kept in the cache, so a cached face gets this instead)."""

    def __init__(self, mult: float) -> None:
        self.mult = mult

    def __call__(self, x: float) -> float:
        return x if self.mult == 1 else x * self.mult


_SCALARS = (str, int, float, bool, type(None))


class _Packer:
    """A face's fields as a JSON header plus number columns as raw machine arrays (read back at memory
    speed: JSON numbers cost as much to read as the font's own tables cost to parse)."""

    def __init__(self) -> None:
        self.blob = bytearray()

    def column(self, values: list[Any]) -> list[Any]:
        """[code, offset, count] of a list of numbers in the blob; TypeError for anything else."""
        from array import array

        kinds = {type(v) for v in values}
        if kinds <= {int}:
            arr, code = array("q", values), "q"
        elif kinds <= {float}:
            arr, code = array("d", values), "d"
        elif kinds <= {int, float}:  # a metric that is a float for a few glyphs: the ints are flagged
            flags = array("b", [type(v) is int for v in values])
            ref = ["m", len(self.blob), len(values)]
            self.blob += array("d", values).tobytes() + flags.tobytes()
            return ref
        else:
            raise TypeError(f"not a number column: {sorted(k.__name__ for k in kinds)}")
        ref = [code, len(self.blob), len(values)]
        self.blob += arr.tobytes()
        return ref

    def tag(self, value: Any) -> Any:
        from reportlab.pdfbase.ttfonts import TTFNameBytes

        kind = type(value)
        if kind in _SCALARS:
            return value
        if kind is list:
            if len(value) > 16 and all(type(v) in (int, float) for v in value):
                return {"c": self.column(value)}
            if len(value) > 16 and all(type(v) is tuple for v in value) and len({len(v) for v in value}) == 1:
                return {"lt": [self.column(list(col)) for col in zip(*value, strict=True)]}
            return {"l": [self.tag(v) for v in value]}
        if kind is tuple:
            return {"t": [self.tag(v) for v in value]}
        if kind is dict:
            if len(value) > 16 and all(type(k) is int for k in value):
                values = list(value.values())
                if all(type(v) in (int, float) for v in values):
                    return {"dn": [self.column(list(value)), self.column(values)]}
                if all(type(v) is list for v in values):
                    return {"dl": [self.column(list(value)), self.column([len(v) for v in values]),
                                   self.column([x for v in values for x in v])]}
            return {"d": [[self.tag(k), self.tag(v)] for k, v in value.items()]}
        if kind is TTFNameBytes:
            return {"n": value.ustr}
        if kind is bytes:
            return {"b": value.decode("latin-1")}
        raise TypeError(f"cannot keep a {kind.__name__}")

    def pack(self, fields: dict[str, Any]) -> bytes:
        import json

        head = json.dumps(self.tag(fields), separators=(",", ":")).encode("utf-8")
        return len(head).to_bytes(4, "big") + head + bytes(self.blob)


def _unpack(payload: bytes) -> Any:
    """The fields :meth:`_Packer.pack` stored, exactly."""
    import json
    from array import array

    from reportlab.pdfbase.ttfonts import TTFNameBytes

    size = int.from_bytes(payload[:4], "big")
    blob = memoryview(payload)[4 + size:]

    def column(ref: list[Any]) -> list[Any]:
        code, offset, count = ref
        if code == "m":
            doubles, flags = array("d"), array("b")
            doubles.frombytes(blob[offset: offset + 8 * count])
            flags.frombytes(blob[offset + 8 * count: offset + 9 * count])
            return [int(v) if f else v for v, f in zip(doubles, flags, strict=True)]
        arr = array(code)
        arr.frombytes(blob[offset: offset + arr.itemsize * count])
        return arr.tolist()

    def untag(value: Any) -> Any:
        if type(value) is not dict:
            return value
        (tag, inner), = value.items()
        if tag == "c":
            return column(inner)
        if tag == "lt":
            return list(zip(*map(column, inner), strict=True))
        if tag == "dn":
            return dict(zip(column(inner[0]), column(inner[1]), strict=True))
        if tag == "dl":
            keys, lengths, flat = (column(ref) for ref in inner)
            out, at = {}, 0
            for key, n in zip(keys, lengths, strict=True):
                out[key] = flat[at: at + n]
                at += n
            return out
        if tag == "l":
            return [untag(v) for v in inner]
        if tag == "t":
            return tuple(untag(v) for v in inner)
        if tag == "d":
            return {untag(k): untag(v) for k, v in inner}
        if tag == "n":
            return TTFNameBytes(inner.encode("utf-8"))
        if tag == "b":
            return inner.encode("latin-1")
        raise ValueError(f"unknown tag {tag!r}")

    return untag(json.loads(bytes(payload[4: 4 + size])))


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
    from kcal.print.text import unit_width

    _coverage.cache_clear()
    unit_width.cache_clear()


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
        size = p.stat().st_size
        if size > MAX_FONT_BYTES:  # checked before the file is read whole
            raise KcalError(f"{p}: a font of {size:,} bytes; kcal embeds fonts of at most {MAX_FONT_BYTES:,} bytes")
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
    letter); otherwise it becomes ``?``. Control characters and lone surrogates become ``?`` too. A
    :class:`~kcal.print.sourced.Sourced` text is reported at its own position (``where`` is for text that has none), and
    so is what is made of it: the result is :class:`~kcal.print.sourced.Sourced` too (fitting it reports there).
    """
    if isinstance(text, Sourced):
        return Sourced(_printable(str(text), text.where, report, font_name), text.where)
    return _printable(text, where, report, font_name)


def _printable(text: str, where: str, report: Report | None, font_name: str) -> str:
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
