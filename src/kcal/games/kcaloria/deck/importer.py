"""Import a deck list (``4 Bayou``, ``4x Bayou``, ``Bayou x4``, Moxfield and Archidekt exports) into deck YAML.

Three steps, each usable alone:

- :func:`parse_list` reads the text into :class:`ListLine` entries (name, count, line, column,
  section); blank lines and ``#`` / ``//`` comments are skipped, a Moxfield-style trailing
  ``(SET) 12`` and Archidekt's ``[Category]``, ``^tag^`` and ``*F*`` are stripped, section headers
  (``Water``, ``Deck``, ``SIDEBOARD:``, ``Plants (12)``) open a section, and a line that is none of the
  accepted forms is an error at its position. Entries of a sideboard or maybeboard section (or with an
  Archidekt category ``Sideboard``/``Maybeboard``) are kept apart: reported, never added;
- :func:`resolve` looks every name up in a :class:`~kcal.games.kcaloria.files.load.Library` (printed name first,
  then a unique common name), adds up repeated names, and reports unknown ones with a did-you-mean;
- :func:`render_deck_yaml` writes the deck file's text, with a header comment naming the source.

:func:`import_deck` runs the three on a file. Errors are :class:`~kcal.core.errors.KcalError` with
``file:line:column``; several at once come as :class:`~kcal.core.errors.KcalErrors`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kcal.core.errors import KcalError, raise_all
from kcal.core.source import decode_utf8, read_source
from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.files.load import Library
from kcal.games.kcaloria.rules.domain import DECK_SIZE, fold_name

MAX_LIST_BYTES = 1024 * 1024
MAX_COUNT = 99

#: ``4 Bayou``, ``4x Bayou``, ``4 x Bayou``, ``4X Bayou``
_COUNT_FIRST = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<name>\S.*)$|^(?P<count2>\d+)[xX](?P<name2>\S.*)$")
#: the patterns below are bounded in width and searched from each end of a line, so that reading a line
#: takes time in proportion to its length: every run of spaces is crossed once, by ``rstrip`` (a pattern
#: that starts with an unbounded ``\s+`` and is searched for took 21 s on 32,000 spaces; issue 21)
#: ``(ETPW)`` or ``[ETPW]``: a Moxfield-ish set code at the end, after a space
_SET_CODE = re.compile(r"\s[(\[][A-Za-z0-9]{1,8}[)\]]\Z")
#: ``12`` or ``12a``: a collector number at the end, after a space
_COLLECTOR = re.compile(r"\s[A-Za-z0-9-]{1,8}\Z")
#: ``*F*``, ``*E*``: Archidekt's finish markers at the end, after a space
_FINISH = re.compile(r"\s\*[A-Za-z]{1,3}\*\Z")
#: a section header's words: ``Water``, ``Main deck``, ``Plants & Fungi``
_HEADER_WORDS = re.compile(r"[A-Za-z][A-Za-z &/-]*")
#: sections whose tiles are not part of the deck (reported, not added)
SIDE_SECTIONS = frozenset({"sideboard", "side", "maybeboard", "maybe", "considering", "tokens"})
#: section words an export uses for the deck itself
MAIN_SECTIONS = frozenset({"deck", "main", "mainboard", "main deck", "commander", "companion", "tiles"})
#: where an inline comment starts: ``4 Bayou   # the only water`` (the spaces before it go too)
_COMMENT_START = re.compile(r"\s(?:#|//)")
_NEWLINE = re.compile(r"\r\n|\r|\n")  # as editors count lines (not str.splitlines, which splits on \f too)
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f\ud800-\udfff\ufffe\uffff]")


@dataclass(frozen=True)
class ListLine:
    """One entry of a plain-text list, where the user wrote it (1-based line and column of the name)."""

    name: str
    count: int
    line: int
    column: int
    section: str | None = None  # the header above it, as written
    side: bool = False  # in a sideboard or maybeboard: reported, not added


@dataclass(frozen=True)
class ResolvedEntry:
    """A list entry matched to a tile; ``lines`` holds every line that named it."""

    tile: Tile
    count: int
    lines: tuple[int, ...]
    written: str  # the spelling of its first line
    column: int = 1  # where the name stands on its first line
    spellings: tuple[tuple[int, str, int], ...] = ()  # (line, name as written, count) of every line

    def spelt_differently(self) -> bool:
        """Two lines name this tile in different words (a common name and its Latin name)."""
        return len({fold_name(w) for _, w, _ in self.spellings}) > 1


@dataclass
class ImportResult:
    """What :func:`import_deck` produced: the deck's YAML text and a summary of it."""

    name: str
    format: str
    source: str
    entries: list[ResolvedEntry]
    text: str
    catalogs: list[str] | None = None
    notes: list[str] = field(default_factory=list)
    sideboard: list[ListLine] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(e.count for e in self.entries)

    def to_dict(self) -> dict:
        return {
            "source": self.source,
            "name": self.name,
            "format": self.format,
            "tiles": self.total,
            "distinct": len(self.entries),
            "catalogs": self.catalogs,
            "entries": [
                {"name": e.tile.name, "id": e.tile.id, "count": e.count, "lines": list(e.lines),
                 **({"written": e.written} if e.written != e.tile.name else {})}
                for e in self.entries
            ],
            "sideboard": [{"name": e.name, "count": e.count, "line": e.line, "section": e.section}
                          for e in self.sideboard],
            "notes": list(self.notes),
        }


def clip(text: str, width: int = 60) -> str:
    """``text`` as a message quotes it: whole when short, else its start and how long it is (a message
    never holds a whole 1 MB line)."""
    return text if len(text) <= width else f"{text[:width]}... ({len(text):,} characters)"


# --- reading ------------------------------------------------------------------------------------


def read_list_text(path: str | Path, display: str | None = None) -> str:
    """Read a list file as strict UTF-8; a bad byte or control character is an error at its position."""
    name = display if display is not None else str(path)
    return decode_list(read_source(path, display=name, max_bytes=MAX_LIST_BYTES, what="a text file"), name)


def decode_list(raw: bytes, name: str = "<input>") -> str:
    if len(raw) > MAX_LIST_BYTES:
        raise KcalError(f"input is {len(raw):,} bytes; the limit is {MAX_LIST_BYTES:,}", file=name)
    return decode_utf8(raw, name).removeprefix("\ufeff")


# --- parsing ------------------------------------------------------------------------------------


def parse_list(text: str, file: str = "<input>") -> list[ListLine]:
    """Parse a plain-text list; every malformed line is reported, each at its position."""
    out, errors = scan_list(text, file)
    raise_all(errors)
    return out


def scan_list(text: str, file: str = "<input>") -> tuple[list[ListLine], list[KcalError]]:
    """The entries that parse, and an error for every line that does not."""
    out: list[ListLine] = []
    errors: list[KcalError] = []
    section: str | None = None
    side = False
    for lineno, raw in enumerate(_NEWLINE.split(text), start=1):
        bad = _BAD_CHAR.search(raw)
        if bad:
            errors.append(KcalError(f"control character U+{ord(bad.group()):04X} is not allowed",
                                    file=file, line=lineno, column=bad.start() + 1))
            continue
        stripped = raw.strip()
        if not stripped or stripped.startswith("#") or stripped.startswith("//"):
            continue
        indent = len(raw) - len(raw.lstrip())
        header = _section(stripped)
        if header is not None:
            section, side = header, _is_side(header)
            continue
        body, categories = _strip_suffixes(_without_comment(stripped))
        parsed = _parse_entry(body)
        if parsed is None:
            errors.append(KcalError(
                f"cannot read {clip(stripped)!r}: expected a count and a tile name, like '4 Bayou', "
                "'4x Bayou' or 'Bayou x4', or a section header like 'Water' or 'SIDEBOARD:'",
                file=file, line=lineno, column=indent + 1))
            continue
        name, count_text, name_offset = parsed
        name = " ".join(name.split())
        column = indent + 1 + name_offset
        # the digits are read only when few: int() refuses more than 4,300 (a traceback), and a count
        # past MAX_COUNT is refused whatever its size
        count = int(count_text) if len(count_text.lstrip("0")) <= len(str(MAX_COUNT)) else MAX_COUNT + 1
        if count < 1 or count > MAX_COUNT:
            errors.append(KcalError(f"count {clip(count_text)} for {clip(name)!r} must be between 1 and {MAX_COUNT}",
                                    file=file, line=lineno, column=column))
            continue
        side_category = next((re.sub(r"\{[^}]*\}", "", c) for c in categories if _is_side(c)), None)
        line_side = side or side_category is not None
        out.append(ListLine(name, count, lineno, column, section if side or not side_category else side_category,
                            line_side))
    if not out and not errors:
        errors.append(KcalError("the list names no tiles (expected lines like '4 Bayou')", file=file))
    return out, errors


def _fold_section(name: str) -> str:
    return " ".join(name.casefold().split())


def _section_words() -> frozenset[str]:
    """Headers an export groups tiles under: deck words, side words, tile types and classes."""
    from kcal.games.kcaloria.rules.domain import Klass, TileType

    words = set(MAIN_SECTIONS | SIDE_SECTIONS)
    for member in (*TileType, *Klass):
        words.add(member.value)
        words.add(member.value + "s")
    return frozenset(words)


def _section(line: str) -> str | None:
    """The section a header line opens (as written, without count or colon), or None for an entry.

    A line ending in ``:`` is always a header; a line without a colon only when it is a word exports
    group by (``Water``, ``Plants (12)``, ``Sideboard``), so a bare tile name stays an error.
    """
    colon = line.endswith(":")
    name = (line[:-1] if colon else line).rstrip()
    if name.endswith(")"):  # a count: ``Plants (12)``
        opening = name.rfind("(")
        if opening >= 0 and name[opening + 1:-1].isdecimal():
            name = name[:opening].rstrip()
    if _HEADER_WORDS.fullmatch(name) is None:
        return None
    if colon or _fold_section(name) in _section_words():
        return name
    return None


def _is_side(section: str) -> bool:
    words = re.sub(r"\{[^}]*\}", "", section)  # Archidekt's {noDeck}{noPrice} flags
    return _fold_section(words) in SIDE_SECTIONS or "{nodeck}" in section.casefold()


#: the longest Archidekt category list (``[Maybeboard{noDeck}{noPrice},Water]``) and tag (``^Have,#37d67a^``)
#: read as one: a bracket or caret farther back is part of the name
MAX_CATEGORY = 200
MAX_TAG = 64


def _strip_suffixes(body: str) -> tuple[str, list[str]]:
    """The entry without trailing set codes, Archidekt categories, tags and finish markers; the categories.

    Read from the end by moving one index left, never copying the line: each suffix is looked for in a
    window of bounded width before the index, so a line costs time in proportion to its length however
    many suffixes it holds (a line copied once per suffix took 8 s on 1 MB of ``[Water]``; issue 32)."""
    categories: list[str] = []
    end = _rstrip_end(body, len(body))
    while True:
        before = end
        opening = _category_opening(body, end)
        if opening >= 0:
            inside = body[opening + 1:end - 1]
            if not _SET_ONLY.fullmatch(inside):  # ``[ETPW]`` is a set code, stripped below
                categories.extend(c.strip() for c in inside.split(","))
                end = _rstrip_end(body, opening)
        end = _rstrip_end(body, _tag_start(body, end))
        end = _rstrip_end(body, _set_start(body, end))
        if end == before:
            return body[:end].strip(), categories


def _rstrip_end(text: str, end: int) -> int:
    """``end`` moved left past white space: ``len(text[:end].rstrip())`` without the copy."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end


def _without_comment(text: str) -> str:
    """``text`` up to an inline comment (``#`` or ``//`` after a space), the spaces before it too."""
    m = _COMMENT_START.search(text)
    return text if m is None else text[:m.start()].rstrip()


def _category_opening(text: str, end: int) -> int:
    """Where Archidekt's trailing ``[Water]`` (after a space) ending at ``end`` opens, or -1."""
    if end < 2 or text[end - 1] != "]":
        return -1
    opening = text.rfind("[", max(0, end - 2 - MAX_CATEGORY), end - 1)
    if opening <= 0 or text.find("]", opening + 1, end - 1) >= 0 or not text[opening - 1].isspace():
        return -1
    return opening


def _tag_start(text: str, end: int) -> int:
    """Where one trailing Archidekt tag (``^Have,#37d67a^``) or finish marker (``*F*``) ending at ``end``
    starts, or ``end``."""
    if end > 1 and text[end - 1] == "^":
        opening = text.rfind("^", max(0, end - 2 - MAX_TAG), end - 1)
        if opening > 0 and text[opening - 1].isspace():
            return opening
        return end
    m = _FINISH.search(text, max(0, end - 6), end)
    return m.start() if m is not None else end


def _set_start(text: str, end: int) -> int:
    """Where a trailing set code and collector number (``(ETPW) 12``, ``[ETPW]``) ending at ``end``
    starts, or ``end``."""
    m = _SET_CODE.search(text, max(0, end - 11), end)
    if m is not None:
        return m.start()
    m = _COLLECTOR.search(text, max(0, end - 9), end)
    if m is not None:
        rest = _rstrip_end(text, m.start())
        m = _SET_CODE.search(text, max(0, rest - 11), rest)
        if m is not None:
            return m.start()
    return end


_SET_ONLY = re.compile(r"[A-Z0-9]{2,8}")


def _parse_entry(body: str) -> tuple[str, str, int] | None:
    """(name, count text, offset of the name in ``body``) or None."""
    m = _COUNT_FIRST.match(body)
    if m:
        if m.group("count") is not None:
            name, count = m.group("name"), m.group("count")
            return name.strip(), count, m.start("name")
        return m.group("name2").strip(), m.group("count2"), m.start("name2")
    return _count_last(body)


def _count_last(body: str) -> tuple[str, str, int] | None:
    """``Bayou x4``, ``Bayou x 4``, ``Bayou X4``: (name, count text, 0), read from the end."""
    end = len(body)
    digits = end
    while digits > 0 and body[digits - 1].isdecimal():
        digits -= 1
    if digits == end:
        return None
    x = len(body[:digits].rstrip()) - 1
    if x < 1 or body[x] not in "xX" or not body[x - 1].isspace():
        return None
    name = body[:x].rstrip()
    if not name or name[0].isspace():
        return None
    return name.strip(), body[digits:], 0


# --- resolving ----------------------------------------------------------------------------------


#: unknown names given a did-you-mean, each over every name of the library: past these, an unknown name
#: is reported without one (a list of 100,000 unknown names would otherwise take half an hour)
MAX_SUGGESTIONS = 25


def lookup(library: Library, name: str, commons: dict[str, list[Tile]] | None = None) -> Tile | None:
    """A tile by printed name, else by a common name that only one tile carries (``commons``: the tiles
    by folded common name, :func:`common_names`, made once for many lookups)."""
    tile = library.get(name)
    if tile is not None:
        return tile
    by_common = (commons if commons is not None else common_names(library)).get(fold_name(name), [])
    return by_common[0] if len(by_common) == 1 else None


def common_names(library: Library) -> dict[str, list[Tile]]:
    """The library's tiles by folded common name."""
    index: dict[str, list[Tile]] = {}
    for t in library.tiles:
        if t.common_name:
            index.setdefault(fold_name(t.common_name), []).append(t)
    return index


def resolve(lines: Sequence[ListLine], library: Library, file: str = "<input>",
            errors: Sequence[KcalError] = ()) -> list[ResolvedEntry]:
    """Match every entry to a tile; repeated names add up, in order of first appearance.

    Unknown names are reported together with ``errors`` (e.g. the list's malformed lines), by line; the
    first :data:`MAX_SUGGESTIONS` different ones with a did-you-mean.
    """
    errors = list(errors)
    merged: dict[str, list[ListLine]] = {}
    tiles: dict[str, Tile] = {}
    commons = common_names(library)
    hints: dict[str, str] = {}
    for entry in lines:
        tile = lookup(library, entry.name, commons)
        if tile is None:
            key = fold_name(entry.name)
            if key not in hints:
                hints[key] = library.suggest_text(entry.name) if len(hints) < MAX_SUGGESTIONS else ""
            errors.append(KcalError(f"unknown tile {clip(entry.name)!r}{hints[key]}",
                                    file=file, line=entry.line, column=entry.column, code="unknown-tile"))
            continue
        tiles.setdefault(tile.key, tile)
        merged.setdefault(tile.key, []).append(entry)
    errors.sort(key=lambda e: (e.where.line or 0, e.where.column or 0))
    raise_all(errors)
    return [ResolvedEntry(tiles[key], sum(e.count for e in group), tuple(e.line for e in group), group[0].name,
                          group[0].column, tuple((e.line, e.name, e.count) for e in group))
            for key, group in merged.items()]


def check_copies(entries: Sequence[ResolvedEntry], max_copies: int, file: str = "<input>") -> list[str]:
    """Enforce the copy limit on the merged counts; the notes about tiles named in several words.

    A common name and the Latin name of one tile are one tile: their counts add up before the limit
    applies (Deck Building: at most 5 tiles of a name), and the user is told that they did.
    """
    errors: list[KcalError] = []
    notes: list[str] = []
    for e in entries:
        spelt = e.spelt_differently()
        how = _spellings_text(e.spellings)
        if e.count > max_copies:
            why = "; a common name and its Latin name are one tile" if spelt else ""
            errors.append(KcalError(
                f"{e.count:,} copies of {e.tile.name!r} ({how}){why}; at most {max_copies} tiles may share a name",
                file=file, line=e.lines[0], column=e.column, code="too-many-copies"))
        elif spelt:
            notes.append(f"{e.tile.name!r} is named in different words ({how}): one tile, "
                         f"{e.count} copies counted together")
    raise_all(errors)
    return notes


def _spellings_text(spellings: Sequence[tuple[int, str, int]]) -> str:
    """``line 2: 3 as 'great blue heron', line 5: 3 as 'Ardea herodias'``; one spelling on many lines
    is summed (``102 lines from line 2: 10,098 as 'Bayou'``)."""
    groups: dict[str, list[tuple[int, str, int]]] = {}
    for entry in spellings:
        groups.setdefault(fold_name(entry[1]), []).append(entry)
    parts = []
    for group in groups.values():
        line, written, _ = group[0]
        total = sum(count for _, _, count in group)
        where = f"line {line}" if len(group) == 1 else f"{len(group)} lines from line {line}"
        parts.append(f"{where}: {total:,} as {written!r}")
    return ", ".join(parts)


# --- writing ------------------------------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 .,'()/_-]*$")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def yaml_scalar(text: str, *, flow: bool = False) -> str:
    """A YAML scalar that reads back as exactly ``text`` (plain when safe, else double-quoted).

    ``flow``: the scalar stands inside ``[...]``, where a comma would end it.
    """
    if (_PLAIN.match(text) and text == text.strip() and text.lower() not in _YAML_WORDS
            and not (flow and "," in text)):
        return text
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid YAML double-quoted scalar


def render_deck_yaml(name: str, entries: Sequence[ResolvedEntry], *, source: str | None = None,
                     format: str = "standard", catalogs: Sequence[str] | None = None) -> str:
    """The deck file's text: a header comment, name, format, optional catalogs, then tile counts."""
    out: list[str] = []
    if source is not None:  # a file name may hold characters a YAML file may not: shown as '?'
        shown = "".join(c if c.isprintable() else "?" for c in " ".join(source.split()))
        out.append(f"# Imported from {shown} by kcal deck import.")
    total = sum(e.count for e in entries)
    out.append(f"# {total} tiles, {len(entries)} names.")
    out.append(f"name: {yaml_scalar(name)}")
    out.append(f"format: {format}")
    if catalogs is not None:
        out.append(f"catalogs: [{', '.join(yaml_scalar(c, flow=True) for c in catalogs)}]")
    out.append("tiles:")
    for e in entries:
        out.append(f"  {yaml_scalar(e.tile.name)}: {e.count}")
    return "\n".join(out) + "\n"


#: the path that names standard input
STDIN = "-"


def import_deck(path: str | Path, library: Library, *, name: str | None = None,
                format: str = "standard", catalogs: Sequence[str] | None = None,
                display: str | None = None, raw: bytes | None = None) -> ImportResult:
    """Read a list (a file, or ``raw`` bytes such as standard input) and produce the deck YAML for it.

    Nothing is written here. Sideboard entries are resolved (a typo is still an error) and reported in
    ``sideboard`` and ``notes``, never added; the copy limit applies to the merged counts.
    """
    from kcal.games.kcaloria.deck.formats import FORMATS

    from_stdin = str(path) == STDIN
    shown = display if display is not None else ("<stdin>" if from_stdin else str(path))
    text = decode_list(raw, shown) if raw is not None else read_list_text(path, shown)
    lines, errors = scan_list(text, shown)
    main = [e for e in lines if not e.side]
    side = [e for e in lines if e.side]
    entries = resolve(main, library, shown, errors)
    resolve(side, library, shown)  # a misspelt sideboard tile is still a typo to fix
    fmt = FORMATS.get(format)
    notes = check_copies(entries, fmt.max_copies if fmt is not None else 5, shown)
    deck_name = name if name is not None else ("Imported deck" if from_stdin else _name_from_path(Path(path)))
    if not deck_name.strip():
        raise KcalError("the deck name must not be empty (use --name)")
    check_deck(deck_name, entries, format=format, catalogs=catalogs, file=shown, named=name is not None)
    yaml_text = render_deck_yaml(deck_name, entries, source="standard input" if from_stdin else Path(path).name,
                                 format=format, catalogs=catalogs)
    result = ImportResult(deck_name, format, shown, entries, yaml_text,
                          list(catalogs) if catalogs is not None else None, sideboard=side)
    result.notes.extend(notes)
    for e in side:
        result.notes.append(f"{shown}:{e.line}: {e.count} {e.name} is in the {e.section or 'sideboard'} "
                            "section: reported, not added to the deck")
    if result.total != DECK_SIZE:
        result.notes.append(f"the deck has {result.total} tiles; a legal deck has exactly {DECK_SIZE}")
    return result


def check_deck(name: str, entries: Sequence[ResolvedEntry], *, format: str = "standard",
               catalogs: Sequence[str] | None = None, file: str = "<input>", named: bool = True) -> None:
    """Refuse to write a deck that ``kcal deck validate`` would refuse to read.

    The deck is validated by the same model (:class:`~kcal.games.kcaloria.files.models.Deck`) before a
    byte is written. A problem with a tile's count is reported at the list line that first names the
    tile; a problem with the name at ``--name`` (or the list's file name, when the name came from it).
    """
    from pydantic import ValidationError

    from kcal.core.errors import UsageError
    from kcal.core.validation import phrase
    from kcal.games.kcaloria.files.models import Deck

    data = {"name": name, "format": format, "tiles": {e.tile.name: e.count for e in entries}}
    if catalogs is not None:
        data["catalogs"] = list(catalogs)
    try:
        Deck.model_validate(data)
    except ValidationError as exc:
        by_name = {e.tile.name: e for e in entries}
        problems: list[KcalError] = []
        for err in exc.errors(include_url=False):
            loc = err["loc"]
            message = phrase(err, Deck)
            if loc[:1] == ("name",):
                source = "--name" if named else f"the deck name {name!r} (taken from the file name; use --name)"
                problems.append(UsageError(f"{source}: {message}"))
            elif loc[:1] == ("tiles",) and len(loc) > 1 and loc[1] in by_name:
                entry = by_name[str(loc[1])]
                total = f"{len(entry.lines)} lines name it, {entry.count:,} in all: " if len(entry.lines) > 1 else ""
                problems.append(KcalError(f"{entry.tile.name!r}: {total}{message}", file=file,
                                          line=entry.lines[0], column=entry.column))
            else:
                where = ".".join(str(part) for part in loc)
                problems.append(KcalError(f"the deck file would not be valid: {where}: {message}"))
        raise_all(problems)


def _name_from_path(path: Path) -> str:
    stem = path.stem.replace("_", " ").replace("-", " ").strip()
    words = stem.split()
    return " ".join(w[:1].upper() + w[1:] for w in words) or "Imported deck"
