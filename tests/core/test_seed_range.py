"""One seed range and one wording for every pack (issue 21, item 6): a record's ``seed:`` is a whole number
from 0 to 2**63 - 1 (EcoLogic quoted Pydantic's "less than 9223372036854775808", How many Calories? and
Kalua allowed up to 2**64 - 1, kCaloria any size)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.core.registry import get

HEADERS = {
    "kcaloria": "players: [A, B]\nmoves: []\n",
    "how-many-calories": "game: how-many-calories\nplayers: [A, B, C]\n",
    "kalua": "game: kalua\nplayers: [A, B, C]\nmoves: []\n",
    "ecologic-europe": "game: ecologic-europe\nplayers: [A, B]\nmoves: []\n",
}


@pytest.mark.parametrize("seed", [-1, 2**63, 10**29])
@pytest.mark.parametrize("game", sorted(HEADERS))
def test_a_seed_out_of_range_is_refused_in_the_same_words(tmp_path: Path, game: str, seed: int) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(HEADERS[game] + f"seed: {seed}\n", encoding="utf-8")
    with pytest.raises(KcalError) as err:
        get(game).hook("replay").replay(path)
    assert f"seed: a seed is a whole number from 0 to 9,223,372,036,854,775,807, not {seed:,}" in str(err.value)


@pytest.mark.parametrize("game", sorted(HEADERS))
def test_the_largest_seed_is_accepted(tmp_path: Path, game: str) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(HEADERS[game] + f"seed: {2**63 - 1}\n", encoding="utf-8")
    assert get(game).hook("replay").replay(path).moves_applied == 0
