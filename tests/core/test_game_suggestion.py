"""Issue 34 item 7: an unknown ``--game`` suggests by the game's name as well as its id: ``calories``
is How many Calories?, not kCaloria, whose id merely looks alike."""

from __future__ import annotations

import re

import pytest

from kcal.core.errors import KcalError
from kcal.core.registry import get, ids

GAMES = sorted(ids())


def _words(game_id: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W_]+", get(game_id).info.name) if len(w) >= 4}


def _suggestion(word: str) -> str:
    with pytest.raises(KcalError) as info:
        get(word)
    m = re.search(r"\(did you mean (.*)\?\)", str(info.value))
    return m.group(1) if m else ""


@pytest.mark.parametrize("game_id", GAMES)
def test_a_word_of_a_games_name_suggests_that_game(game_id: str) -> None:
    others = set().union(*(_words(g) for g in GAMES if g != game_id))
    words = sorted(w for w in _words(game_id) - others if w not in ids())
    for word in words:
        assert _suggestion(word) == repr(game_id), word


@pytest.mark.parametrize("game_id", GAMES)
def test_a_misspelt_id_still_suggests_the_id(game_id: str) -> None:
    typo = game_id[:-1] + ("x" if game_id[-1] != "x" else "y")
    assert repr(game_id) in _suggestion(typo)


def test_the_issues_case() -> None:
    assert _suggestion("calories") == "'how-many-calories'"
    assert _suggestion("zzzz") == ""
