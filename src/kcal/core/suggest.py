"""Did-you-mean: the close spellings of a word among the names a user could have meant.

One helper for every "unknown X" message in kcal (tile names, colours, topics, bots, game ids).
Matching ignores case (or any other folding the caller gives); the suggestion is spelled as the choice is.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable


def close_matches(word: str, choices: Iterable[str], *, n: int = 1, cutoff: float = 0.6,
                  fold: Callable[[str], str] = str.casefold) -> list[str]:
    """Up to ``n`` choices spelled close to ``word``, best first, as the choices spell them."""
    by_key: dict[str, str] = {}
    for c in choices:
        by_key.setdefault(fold(c), c)
    key = fold(str(word))
    if key in by_key and n == 1:
        return [by_key[key]]
    return [by_key[k] for k in difflib.get_close_matches(key, list(by_key), n=n, cutoff=cutoff)]


def phrase(matches: list[str], joiner: str = " or ") -> str:
    """`` (did you mean 'a'?)``, or nothing when there is no match."""
    if not matches:
        return ""
    return " (did you mean " + joiner.join(repr(m) for m in matches) + "?)"


def did_you_mean(word: str, choices: Iterable[str], *, n: int = 1, cutoff: float = 0.6,
                 joiner: str = " or ", fold: Callable[[str], str] = str.casefold) -> str:
    """The did-you-mean clause for ``word`` among ``choices`` (empty when nothing is close)."""
    return phrase(close_matches(word, choices, n=n, cutoff=cutoff, fold=fold), joiner)
