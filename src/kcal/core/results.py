"""The words every pack uses for results, for people (issue 20, "One product, four games", item 2).

One game-over line in every pack's replay text and pictures::

    game over (REASON); scores: A 89, B 59, C 102; winner: C
    game over (REASON); scores: ...; winners: A, B        (a shared win)
    game over (REASON); no winner

Moves are numbered from 1 for people (``move 1`` is the first move); JSON keeps SPEC's 0-based
``index`` and a record's key path (``moves[0]``) names the entry as the file holds it. Numbers for
people are rounded (:func:`amount`), never printed as raw floats.
"""

from __future__ import annotations

from collections.abc import Sequence


def reason_words(reason: str) -> str:
    """An end reason in words (``second_human`` reads ``second human``)."""
    return reason.replace("_", " ")


def winners_text(winners: Sequence[str]) -> str:
    """``winner: A``, ``winners: A, B`` (a shared win) or ``no winner``."""
    if not winners:
        return "no winner"
    if len(winners) == 1:
        return f"winner: {winners[0]}"
    return f"winners: {', '.join(winners)}"


def game_over_line(reason: str, winners: Sequence[str], scores: str | None = None) -> str:
    """``game over (REASON); scores: SCORES; winner: A``; ``scores`` is left out when None."""
    parts = [f"game over ({reason_words(reason)})"]
    if scores:
        parts.append(f"scores: {scores}")
    parts.append(winners_text(winners))
    return "; ".join(parts)


def move_number(index: int) -> int:
    """The number people read for the move at 0-based ``index``."""
    return index + 1


def amount(value: float | None, places: int = 1) -> str:
    """A figure for people: rounded to ``places`` decimals with thousands separators, trailing zeros
    kept (``43.3`` rather than ``43.3333``); ``n/a`` for None."""
    if value is None:
        return "n/a"
    return f"{value:,.{places}f}"


def card_table(columns: Sequence[str], rows: Sequence[Sequence[str]], noun: str = "card") -> str:
    """``catalog list`` for people in every game: a header line, one aligned line per card (the last
    column left unpadded), and the count (``32 cards``; ``no cards match`` when there are none)."""
    if not rows:
        return f"no {noun}s match"
    table = [list(columns)] + [[str(c) for c in r] for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(columns) - 1)]
    out = ["  ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[-1]]).rstrip()
           for row in table]
    out.append(f"{len(rows):,} {noun}{'s' if len(rows) != 1 else ''}")
    return "\n".join(out)
