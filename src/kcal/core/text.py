"""Names and text from users' files: what may reach a comparison, a terminal and a PDF.

Two kinds of string, each an ``Annotated`` type any pack's models can use:

- a **name** (a tile, common, deck, player or set name) is one visible line. It refuses control
  characters, every format character (Unicode category Cf: zero-width space U+200B and joiners U+200C/D,
  bidi marks, embeddings, overrides and isolates U+202A-202E and U+2066-2069, the BOM U+FEFF, the soft
  hyphen...), the line and paragraph separators U+2028/2029, surrogates, and the other characters
  Unicode lists as default-ignorable (variation selectors, Hangul fillers, the combining grapheme
  joiner). Each of them is invisible, so ``Pond``, ``Pond\\u200b`` and ``P\\u200dond`` would look like one
  name and count as three, and a right-to-left override would reorder what the terminal shows.
  Refused, not folded: the file then says what the player sees.
- a **text** (a tile's fact line, a deck's description) may run over several lines. It allows a line
  feed and a tab (ruling: both are harmless white space on a terminal and print as a space on a tile),
  and refuses every other control character (ESC would start a terminal escape sequence, CR would
  return to the start of the line and overwrite it, BEL rings), surrogates, U+2028/2029, the bidi
  embeddings, overrides and isolates, and a BOM. Other format characters stay allowed in text: a
  zero-width joiner belongs inside an emoji, a zero-width non-joiner in Persian words.
- a **path text** (a file name written in a file, such as a deck's catalog list) refuses control
  characters only: a file name may be anything else.

Every refusal names the code point, its Unicode name and its position in the string, for a message
at the value's ``file:line:column``.
"""

from __future__ import annotations

import functools
import re
import unicodedata

#: Default-ignorable code points outside category Cf (Unicode's DerivedCoreProperties.txt).
_IGNORABLE = (
    (0x034F, 0x034F),  # COMBINING GRAPHEME JOINER
    (0x115F, 0x1160),  # HANGUL CHOSEONG / JUNGSEONG FILLER
    (0x17B4, 0x17B5),  # KHMER VOWEL INHERENT AQ / AA
    (0x180B, 0x180F),  # MONGOLIAN FREE VARIATION SELECTORS
    (0x3164, 0x3164),  # HANGUL FILLER
    (0xFE00, 0xFE0F),  # VARIATION SELECTORS
    (0xFFA0, 0xFFA0),  # HALFWIDTH HANGUL FILLER
    (0xE0000, 0xE0FFF),  # tags and VARIATION SELECTORS SUPPLEMENT (the Cf ones are caught anyway)
)
#: Characters that reorder or hide text; refused in text as well as in names.
_TEXT_REFUSED = frozenset([0x2028, 0x2029, 0xFEFF, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
_TEXT_CONTROLS_ALLOWED = frozenset("\t\n")

_NAMES = {  # control characters have no Unicode name: the usual ones, for the message
    0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED",
    0x0B: "LINE TABULATION", 0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE",
    0x7F: "DELETE", 0x85: "NEXT LINE", 0x9B: "CONTROL SEQUENCE INTRODUCER",
}


def char_label(ch: str) -> str:
    """``U+200B ZERO WIDTH SPACE``: the code point and its name, for a message."""
    code = ord(ch)
    name = unicodedata.name(ch, "") or _NAMES.get(code, "")
    return f"U+{code:04X} {name}".rstrip()


def _ignorable(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in _IGNORABLE)


def name_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name, or None when it can."""
    if value.isascii() and value.isprintable():
        return None  # the common case, decided without a loop
    for i, ch in enumerate(value):
        category = unicodedata.category(ch)
        if category == "Cc":
            return f"control character U+{ord(ch):04X} at position {i + 1} is not allowed in a name"
        if category in ("Cf", "Cs", "Zl", "Zp") or _ignorable(ord(ch)):
            return f"{char_label(ch)} at position {i + 1} is not allowed in a name"
    return None


def not_text_problem(value: object, what: str = "a player's name") -> str | None:
    """Why ``value`` is not text at all (YAML reads a bare ``1``, ``yes`` or ``2024-01-02`` as a number,
    a truth value or a date), or None for a string."""
    if isinstance(value, str):
        return None
    if isinstance(value, bool):
        bare = "true" if value else "false"
    elif isinstance(value, (int, float)):
        bare = f"the number {value!r}"
    elif hasattr(value, "isoformat"):
        bare = f"a date ({value.isoformat()})"
    else:
        kind = "nothing (null)" if value is None else "a list" if isinstance(value, (list, tuple)) else \
            "a mapping" if isinstance(value, dict) else type(value).__name__
        return f"{what} is text, not {kind}"
    return f"{what} is text, not {bare}: put it in quotes to keep it as text"


def players_problem(players: object) -> str | None:
    """Why ``players`` (a game's, in turn order) are not a list of names, naming the first bad one: every
    name is text, not empty, a name (:func:`name_problem`) and given once."""
    if not isinstance(players, (list, tuple)):
        return f"players: a list of names, not {type(players).__name__}"
    for i, p in enumerate(players):
        problem = not_text_problem(p) or ("a player's name must not be empty" if not p.strip() else
                                          name_problem(p))
        if problem is None and p in players[:i]:
            problem = f"{p!r} is named twice"
        if problem is not None:
            return f"players[{i}]: {problem}"
    return None


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be a text field, or None when it can."""
    if value.isascii() and (value.isprintable() or all(c.isprintable() or c in "\t\n" for c in value)):
        return None
    for i, ch in enumerate(value):
        code = ord(ch)
        category = unicodedata.category(ch)
        if category == "Cc" and ch not in _TEXT_CONTROLS_ALLOWED:
            return (f"control character {char_label(ch)} at position {i + 1} is not allowed in text "
                    "(only a line break and a tab are)")
        if category == "Cs" or code in _TEXT_REFUSED:
            return f"{char_label(ch)} at position {i + 1} is not allowed in text"
    return None


def path_problem(value: str) -> str | None:
    """Why ``value`` cannot be a file name written in a file, or None when it can."""
    for i, ch in enumerate(value):
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return f"control character {char_label(ch)} at position {i + 1} is not allowed in a file name"
    return None


def check_name(value: str) -> str:
    """Pydantic ``AfterValidator``: ``value`` if it can be a name, else ValueError saying why."""
    problem = name_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def check_text(value: str) -> str:
    """Pydantic ``AfterValidator`` for a text field."""
    problem = text_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def check_path_text(value: str) -> str:
    """Pydantic ``AfterValidator`` for a file name written in a file."""
    problem = path_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def shown(text: object) -> str:
    """``text`` (a path from the command line or a file) as it may be shown in a message: each character
    that would act on a terminal, break the line or hide itself written as ``\\xNN`` or ``\\uNNNN``, as a
    name's ``repr`` shows it. So ``d\\x1b[31m`` shows as typed, and a newline in a file name cannot forge a
    second ``file:line:column:`` line. Text without such a character is returned as it is."""
    value = str(text)
    if value.isascii() and value.isprintable() or not _unsafe_rx().search(value):
        return value
    return _unsafe_rx().sub(lambda m: repr(m.group())[1:-1], value)


@functools.cache
def _unsafe_rx() -> re.Pattern[str]:
    """The characters that would act on a terminal, break a line or hide themselves, as one pattern
    (searched in C, not a loop per character): every control character (C0, DEL, C1), the surrogates, the
    line and paragraph separators, the bidi controls and the BOM (``_TEXT_REFUSED``)."""
    refused = "".join(f"\\u{c:04x}" for c in sorted(_TEXT_REFUSED))
    return re.compile(f"[\\x00-\\x1f\\x7f-\\x9f\\ud800-\\udfff{refused}]")


def shown_line(text: object) -> str:
    """A message as it reaches a terminal: :func:`shown` over the whole line, so nothing in it (a path, a
    value read back from a file) can act on the terminal or start a second line. Every line kcal prints
    on stderr goes through it (:func:`kcal.cli.output.say`)."""
    return shown(text)


def shown_text(text: str, keep: str = "\n\t") -> str:
    """A report written to stdout: every character :func:`shown` escapes, except those in ``keep`` (the
    report's own line breaks and tabs, and ESC when kcal coloured it)."""
    if not _unsafe_rx().search(text):
        return text
    return _unsafe_rx().sub(lambda m: m.group() if m.group() in keep else repr(m.group())[1:-1], text)


_JSON_UNSAFE = None


def json_safe(encoded: str) -> str:
    """JSON text with every character :func:`shown` escapes that ``json`` leaves raw (DEL, the C1
    controls, the line and paragraph separators, the bidi controls, the BOM) written as ``\\uXXXX``: the
    same document to a JSON reader, harmless on a terminal. ``json`` escapes the C0 controls itself;
    every other such character can only stand inside a string, where ``\\uXXXX`` is the same text."""
    global _JSON_UNSAFE
    if encoded.isascii() and "\x7f" not in encoded:
        return encoded
    if _JSON_UNSAFE is None:
        import re

        _JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", encoded)


def shown_data(value: object) -> object:
    """``value`` (a command's plain-data result) with every string in it :func:`shown`: what a text
    report formats, so a path or a value in it shows escaped whatever the renderer does with it. Other
    objects are handed on as they are."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, dict):
        return {shown_data(k): shown_data(v) for k, v in value.items()}
    if isinstance(value, list) and type(value) is list:
        return [shown_data(v) for v in value]
    if isinstance(value, tuple) and type(value) is tuple:
        return tuple(shown_data(v) for v in value)
    return value


def shown_path(path: object) -> str:
    """A path written by a command, as a message shows it: ``out/../in/x.pdf`` as ``in/x.pdf`` (the name
    the file has), escaped as :func:`shown` escapes."""
    import os

    return shown(os.path.normpath(str(path)))


def leaves_folder(art: str) -> bool:
    """Whether a relative art path climbs out of its folder as written (``../x.png``, ``a/../../x.png``);
    ``art/../art/ok.png`` stays inside. Links are followed later, when the file is opened."""
    import posixpath

    normal = posixpath.normpath(art.replace("\\", "/"))
    return normal == ".." or normal.startswith("../")
