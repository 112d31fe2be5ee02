"""Messages every pack gives the same way (issue 20, item 7).

- ``players: [1, 2, 3]`` (YAML reads a bare 1 as a number) says, per name, that a player's name is
  text, in a record of any pack and in a ``Setup`` -- no "must have at least 1 item" (Pydantic counts
  only the items that validated), no "must be distinct names" for names that are distinct.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.registry import get

PACKS = ["kcaloria", "how-many-calories", "kalua", "ecologic-europe"]
NOT_TEXT = "a player's name is text, not the number {n}: put it in quotes to keep it as text"


def _game(pack: str):
    hook = get(pack).hook("game")
    return getattr(hook, "GAME", hook)


@pytest.mark.parametrize("pack", PACKS)
def test_a_record_whose_players_are_numbers_says_names_are_text(pack: str, tmp_path: Path):
    path = tmp_path / "numbers.yaml"
    path.write_text(f"game: {pack}\nplayers: [1, 2, 3]\nseed: 1\n", encoding="utf-8")
    with pytest.raises(KcalError) as err:
        get(pack).hook("replay").replay(path)
    assert err.value.exit_code == 2
    assert str(err.value).splitlines() == [
        f"{path}:2:{column}: players[{i}]: {NOT_TEXT.format(n=i + 1)}" for i, column in enumerate((11, 14, 17))]


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize(("players", "message"), [
    ((1, 2, 3), "players[0]: " + NOT_TEXT.format(n=1)),
    (("A", "B", "A"), "players[2]: 'A' is named twice"),
    (("A", " ", "C"), "players[1]: a player's name must not be empty"),
    (("A", "B\x1b", "C"), "players[1]: control character U+001B at position 2 is not allowed in a name"),
])
def test_a_setup_whose_players_are_not_names_says_why(pack: str, players, message: str):
    with pytest.raises(KcalError) as err:
        _game(pack).new_state(Setup(players), 1)
    assert str(err.value) == message and err.value.exit_code == 2
