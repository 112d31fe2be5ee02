"""Counts in words: ``1 game``, ``2 games``, ``1 card face``, ``1,000 parameters`` (issue 34, item 7).

Every message that puts a number before a noun says it through :func:`count` (or :func:`noun` when the
number is written apart), so a count of one is never "1 games". English plurals are regular for the
nouns kcal counts (add ``s``; ``es`` after s, x, z, ch, sh; ``y`` after a consonant becomes ``ies``); an
irregular one is given (``count(n, "species", "species")``). A noun of several words grows its head:
``card face`` -> ``card faces``, ``player help card`` -> ``player help cards``. The module imports nothing.
"""

from __future__ import annotations

_IRREGULAR = {"species": "species", "family": "families", "match": "matches", "matchup": "matchups",
              "die": "dice", "child": "children", "person": "people"}


def plural_of(word: str) -> str:
    """The plural of a noun (its last word for a phrase): ``game`` -> ``games``, ``entry`` -> ``entries``."""
    head, _, last = word.rpartition(" ")
    low = last.lower()
    if low in _IRREGULAR:
        grown = _IRREGULAR[low]
        grown = grown[0].upper() + grown[1:] if last[:1].isupper() else grown
    elif low.endswith(("s", "x", "z", "ch", "sh")):
        grown = last + "es"
    elif low.endswith("y") and low[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        grown = last[:-1] + "ies"
    else:
        grown = last + "s"
    return f"{head} {grown}" if head else grown


def noun(n: int | float, word: str, plural: str | None = None) -> str:
    """``word`` or its plural, as the number ``n`` asks (1 and -1 take the singular)."""
    return word if abs(n) == 1 else (plural if plural is not None else plural_of(word))


def count(n: int | float, word: str, plural: str | None = None, *, sep: bool = True) -> str:
    """``n word`` with the noun agreeing: ``count(1, "game")`` is ``1 game``, ``count(2500, "game")``
    ``2,500 games`` (``sep``: thousands separators)."""
    shown = f"{n:,}" if sep and isinstance(n, int) else f"{n:g}" if isinstance(n, float) else str(n)
    return f"{shown} {noun(n, word, plural)}"
