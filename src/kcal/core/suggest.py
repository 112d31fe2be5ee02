"""Did-you-mean: the close spellings of a word among the names a user could have meant.

One helper for every "unknown X" message in kcal (tile names, colours, topics, bots, game ids).
Matching ignores case (or any other folding the caller gives); the suggestion is spelled as the choice is.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence


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



class Unknown(ValueError):
    """A word that is none of ``choices``, cheap to raise: its message, ``before`` + the did-you-mean of
    ``word`` among ``choices`` + ``after``, is phrased only when it is read (:meth:`phrased`), so a
    validator that fails on half a million values pays for the few messages shown
    (:func:`kcal.core.validation.choice`)."""

    def __init__(self, before: str, word: str, choices: Sequence[str], after: str = "") -> None:
        super().__init__(before, word, choices, after)
        self.before, self.word, self.choices, self.after = before, word, tuple(choices), after

    def phrased(self) -> str:
        return f"{self.before}{did_you_mean(self.word, self.choices)}{self.after}"

    def __str__(self) -> str:
        return self.phrased()

# --- looking a card up by any of its names -----------------------------------------------------------

#: how close a spelling must be to be suggested: the whole name, or as many of its words as the query has
#: ("roe der" is close to the "roe deer" of "European roe deer")
WHOLE_CUTOFF = 0.6
WORDS_CUTOFF = 0.75
#: suggestions stay within this much of the closest one ("roe der": not 'Elder' beside 'European roe deer')
SPREAD = 0.15


def fold_words(text: str) -> str:
    """A name as lookups compare it: case folded, ``-`` and ``_`` as spaces, white space folded."""
    return " ".join(str(text).replace("-", " ").replace("_", " ").casefold().split())


def or_list(items: Iterable[str]) -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'``."""
    shown = [repr(i) for i in items]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


class Found:
    """What a lookup found for ``query``: the card (``name``: the key its names map to), or, when it
    names none, the names to suggest (``candidates``, as the user may type them, and ``keys``, the keys
    of their cards); ``several`` when it names more than one card."""

    __slots__ = ("candidates", "keys", "name", "query", "several")

    def __init__(self, query: str, name: str | None = None, matches: Iterable[tuple[str, str]] = (),
                 several: bool = False) -> None:
        pairs = tuple(matches)
        self.query, self.name, self.several = query, name, several
        self.candidates = tuple(alias for alias, _ in pairs)
        self.keys = tuple(key for _, key in pairs)

    def hint(self) -> str:
        """The clause an "unknown card" message ends with: `` (did you mean 'a' or 'b'?)``, or nothing."""
        if not self.candidates or self.several:
            return ""
        return f" (did you mean {or_list(self.candidates)}?)"

    def several_message(self, noun: str) -> str:
        """Why a query that names several cards names none: ``'deer' names several species cards:
        'European roe deer', 'Red deer' or 'Fallow deer'; say which``."""
        return f"{self.query!r} names several {noun}: {or_list(self.candidates)}; say which"

    def __repr__(self) -> str:
        return f"Found({self.query!r}, name={self.name!r}, candidates={self.candidates!r})"


def lookup(query: str, names: Iterable[tuple[str, str]], *, n: int = 3, close: bool = True) -> Found:
    """The card ``query`` names, among ``names``: ``(alias, key)`` pairs, every way a card may be named
    (printed name, common name, id, food...) with the key of its card. In order:

    1. an alias equal to the query (folded by :func:`fold_words`);
    2. the one card with an alias holding every word of the query ("pizza" finds "Cheese pizza");
    3. no card, with up to ``n`` close spellings to suggest (``close=False``: none), of the whole alias
       or of as many of its words as the query has ("great blu heron", "roe der").

    A query that several cards answer (1 or 2) names none: their aliases are the candidates."""
    pairs = [(fold_words(alias), alias, key) for alias, key in names if alias]
    q = fold_words(query)
    exact: dict[str, str] = {}
    for folded, _, key in pairs:
        if folded == q:
            exact.setdefault(key, key)
    if len(exact) == 1:
        return Found(query, next(iter(exact)))
    if exact:
        return Found(query, None, list(exact.items())[:n], several=True)
    words = q.split()
    if not words:
        return Found(query)
    hits: dict[str, str] = {}
    for folded, alias, key in pairs:
        have = folded.split()
        if all(w in have for w in words):
            hits.setdefault(key, alias)
    if len(hits) == 1:
        return Found(query, next(iter(hits)))
    if hits:
        return Found(query, None, [(alias, key) for key, alias in hits.items()][:n], several=True)
    if not close:
        return Found(query)
    best: dict[str, tuple[float, str]] = {}
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(q)
    k = len(words)
    for folded, alias, key in pairs:
        matcher.set_seq1(folded)
        score = matcher.ratio() if matcher.real_quick_ratio() >= WHOLE_CUTOFF else 0.0
        score = score if score >= WHOLE_CUTOFF else 0.0
        have = folded.split()
        for i in range(len(have) - k + 1) if k < len(have) else ():
            matcher.set_seq1(" ".join(have[i:i + k]))
            if matcher.real_quick_ratio() >= WORDS_CUTOFF and matcher.quick_ratio() >= WORDS_CUTOFF:
                window = matcher.ratio()
                if window >= WORDS_CUTOFF:
                    score = max(score, window)
        if score and score > best.get(key, (0.0, ""))[0]:
            best[key] = (score, alias)
    ranked = sorted(best.items(), key=lambda kv: -kv[1][0])
    top = ranked[0][1][0] if ranked else 0.0
    return Found(query, None, [(alias, key) for key, (score, alias) in ranked if score >= top - SPREAD][:n])


def in_other_game(query: str, game_id: str) -> str:
    """When ``query`` names a card of another installed game (exactly, or by its words), the clause that
    says so: ``'NAME' is a GAME card: add --game ID``; else ``""``.
    Each other pack's built-in catalog is read (only on this error path)."""
    from kcal.core.registry import packs

    for pack in packs():
        if pack.id == game_id or not pack.has("catalog"):
            continue
        names = getattr(pack.hook("catalog"), "card_names", None)
        if names is None:
            continue
        found = lookup(query, names(None, False), close=False)
        if found.name is not None:
            article = "an" if pack.info.name[:1].casefold() in "aeiou" else "a"
            return f"{query!r} is {article} {pack.info.name} card: add --game {pack.id}"
    return ""
