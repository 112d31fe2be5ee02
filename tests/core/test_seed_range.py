"""One seed range and one wording for every pack (issue 21, item 6): a record's ``seed:`` is a whole number
from 0 to 2**63 - 1 (EcoLogic quoted Pydantic's "less than 9223372036854775808", How many Calories? and
Kalua allowed up to 2**64 - 1, kCaloria any size)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.core.registry import get, ids

#: the packs that replay records
GAMES = sorted(g for g in ids() if get(g).has("replay"))


def header(game: str) -> str:
    """A record of nothing but its game, its players (the fewest, at least two) and its seed."""
    players = ", ".join("ABCDEFGH"[:max(2, get(game).info.min_players)])
    return f"game: {game}\nplayers: [{players}]\n"


@pytest.mark.parametrize("seed", [-1, 2**63, 10**29])
@pytest.mark.parametrize("game", GAMES)
def test_a_seed_out_of_range_is_refused_in_the_same_words(tmp_path: Path, game: str, seed: int) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(header(game) + f"seed: {seed}\n", encoding="utf-8")
    with pytest.raises(KcalError) as err:
        get(game).hook("replay").replay(path)
    assert f"seed: a seed is a whole number from 0 to 9,223,372,036,854,775,807, not {seed:,}" in str(err.value)


@pytest.mark.parametrize("game", GAMES)
def test_the_largest_seed_is_accepted(tmp_path: Path, game: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(header(game) + f"seed: {2**63 - 1}\n", encoding="utf-8")
    assert get(game).hook("replay").replay(path).moves_applied == 0
