"""Two messages every pack gives the same way (issue 20, item 7).

- ``players: [1, 2, 3]`` (YAML reads a bare 1 as a number) says, per name, that a player's name is
  text, in a record of any pack and in a ``Setup`` -- no "must have at least 1 item" (Pydantic counts
  only the items that validated), no "must be distinct names" for names that are distinct.
- A move out of turn says whose turn (or decision) it is and why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.registry import get, ids
from kcal.core.rng import Rng
from tests.packs import samples, with_sample

PACKS = ids()
NOT_TEXT = "a player's name is text, not the number {n}: put it in quotes to keep it as text"


def _game(pack: str):
    hook = get(pack).hook("game")
    return getattr(hook, "GAME", hook)


@pytest.mark.parametrize("pack", [p for p in PACKS if get(p).has("replay")])
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


@pytest.mark.parametrize("pack", with_sample("out_of_turn"))
def test_a_move_out_of_turn_says_whose_turn_and_why(pack: str):
    """Random games; at every single-player decision, another player tries the mover's first legal move.
    The pack's ``out_of_turn`` sample: what the mover has (a turn, a decision) and words the message
    says after it (why it is that player's)."""
    game, players = _game(pack), ("A", "B", "C")
    has, why = samples(pack)["out_of_turn"]
    state, rng, seen = game.new_state(Setup(players), 4), Rng(9), 0
    while game.outcome(state) is None and seen < 60:
        movers = game.to_move(state)
        if len(movers) == 1:
            (mover,) = movers
            for other in (p for p in players if p != mover):
                reason = game.why_illegal(state, other, game.legal_moves(state, mover)[0])
                if reason.startswith(f"{other} has already"):  # a second pass or answer: its own reason
                    assert "once" in reason, reason
                elif "is out of the game" not in reason:  # Kalua: an eliminated god
                    whose = f"it is {mover}'s {has}, not {other}'s: "
                    assert reason.startswith(whose), reason
                    assert len(reason) > len(whose) + 20 and (seen < 3 or why in reason), reason
                    seen += 1
        player = movers[rng.below(len(movers))]
        legal = game.legal_moves(state, player)
        game.apply(state, player, legal[rng.below(len(legal))])
    assert seen >= 20

