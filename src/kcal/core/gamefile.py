"""Which game a file belongs to: its top-level ``game:`` key (absent: the default game).

Commands that read a file dispatch on it. A quick look at the raw text settles the common case (no
top-level ``game`` key at all) without parsing; otherwise the file is parsed (the parse is cached, so
the pack's own loader gets it for free) and the key's value is checked against the installed packs,
with the error placed on the value the user wrote.
"""

from __future__ import annotations

import re
from pathlib import Path

from .errors import KcalError
from .registry import DEFAULT_GAME, get

#: a line that may start a top-level ``game`` key (block style), or a flow mapping at the top
_MAYBE = re.compile(rb"^(?:[\"']?game[\"']?[ \t]*:|\{)", re.MULTILINE)


def _declared(path: str | Path, display: str | None, *, parse: bool = False) -> tuple[str | None, tuple[int, int]]:
    """The file's ``game:`` and its position; without ``parse``, a file with no line that may start one
    is taken at a glance to have none."""
    from .source import read_source
    from .yamlsafe import MAX_BYTES, load_yaml

    name = display if display is not None else str(path)
    raw = read_source(path, display=name, max_bytes=MAX_BYTES, what="a YAML file")
    if not parse and not _MAYBE.search(raw.removeprefix(b"\xef\xbb\xbf")):
        return None, (1, 1)
    doc = load_yaml(path, display=name, raw=raw)
    if not isinstance(doc.data, dict) or "game" not in doc.data:
        return None, (1, 1)
    value = doc.data["game"]
    if not isinstance(value, str) or not value.strip():
        raise doc.error(f"game: expected a game id such as {DEFAULT_GAME!r}, got {value!r}", ("game",),
                        code="unknown-game")
    try:
        get(value.strip())
    except KcalError as err:
        raise doc.error(err.message, ("game",), code="unknown-game") from None
    return value.strip(), doc.pos(("game",))


def game_position(path: str | Path, *, display: str | None = None) -> tuple[int, int]:
    """Where the file says its ``game:`` (its value), or 1:1 for a file without one."""
    return _declared(path, display, parse=True)[1]


def game_of(path: str | Path, expected: str | None = None, *, display: str | None = None,
            hint: str | None = None) -> str:
    """The game of a file (its ``game:``, or the default game). With ``expected`` (a command's
    ``--game``, or the game of the command's first file), a file of another game is an error that says
    what the file is; ``hint`` is what to do about it (default: drop ``--game``, or pass a file of
    ``expected``)."""
    declared, (line, column) = _declared(path, display)
    if declared is None and expected is not None and expected != DEFAULT_GAME:
        # before saying "no game: key", parse: a broken file (a control byte, bad UTF-8, a syntax
        # error on the game: line itself) is refused for what is wrong with it, at its position
        declared, (line, column) = _declared(path, display, parse=True)
    game = declared or DEFAULT_GAME
    if expected is not None and expected != game:
        get(expected)  # an unknown --game is named first
        name = display if display is not None else str(path)
        said = f"says game: {declared}" if declared else f"has no game: key, so it is a {DEFAULT_GAME} file"
        hint = hint or f"drop --game, or pass a file of {expected}"
        raise KcalError(f"this file {said}, not {expected} ({hint})", file=name, line=line, column=column,
                        code="wrong-game")
    return game
