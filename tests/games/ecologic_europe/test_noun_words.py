"""The nouns a file names (habitats, species and food types, bonuses, features, expansions, seasons): a
word is found by its id, title or alias in a table built once per noun, and an unknown one raises a cheap
error whose did-you-mean is found only when it is shown, worded as ``parse_*`` words it (docs/cli.md
"Many errors": a species file of half a million bad habitats)."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.suggest import Unknown, did_you_mean
from kcal.games.ecologic_europe.rules.domain import NOUNS, DomainError, _fold, match_noun, parse_noun

KINDS = list(NOUNS)
SPELLINGS = [w for kind in KINDS for m in kind for w in (m.value, getattr(m, "label", m.value))] + [
    a for _, aliases in NOUNS.values() for a in (aliases or {})]


def _scan(kind: type[Enum], text: str) -> Any:
    """The lookup as written before the table: each member's id or folded title, then the aliases."""
    what, aliases = NOUNS[kind]
    word = _fold(text)
    for member in kind:
        if member.value == word or _fold(getattr(member, "label", member.value)) == word:
            return member
    if aliases and word in aliases:
        return kind(aliases[word])
    ids = [m.value for m in kind]
    return f"unknown {what} {text!r}{did_you_mean(word, ids)}; the {what}s are {', '.join(ids)}"


@settings(max_examples=300)
@given(st.sampled_from(KINDS), st.sampled_from(SPELLINGS) | st.text(max_size=20)
       | st.sampled_from(SPELLINGS).map(lambda s: s.upper().replace("-", " ")[:-1]))
def test_a_word_names_the_member_the_scan_named_or_the_same_message(kind: type[Enum], text: str) -> None:
    expected = _scan(kind, text)
    if not isinstance(expected, Enum):
        with pytest.raises(Unknown) as cheap:
            match_noun(kind, text)
        with pytest.raises(DomainError) as worded:
            parse_noun(kind, text)
        assert cheap.value.phrased() == worded.value.message == expected
    else:
        assert match_noun(kind, text) is parse_noun(kind, text) is expected


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_word_of_a_nouns_table_is_folded_so_the_word_as_written_is_looked_up_first(kind: type[Enum]) -> None:
    from kcal.games.ecologic_europe.rules.domain import _words

    assert all(_fold(word) == word for word in _words(kind).members)
