"""A saved game (``--save-game K``) replays with ``kcal rules replay`` to its recorded final state."""

from __future__ import annotations

import pytest

import kcal.games.kcaloria.replay as replay_mod
from kcal.games.kcaloria.files.record import state_to_record
from kcal.sim.records import record_yaml, write_record


@pytest.fixture(scope="module")
def tiles():
    from pathlib import Path

    from kcal.games.kcaloria.files.load import load_deck

    return load_deck(Path(__file__).parent / "fixtures" / "piney.yaml").tiles()


def _board(state):
    return sorted((cell, p.info.name, p.owner) for cell, p in state.board.items())


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_saved_solo_game_replays_to_its_final_state(tiles, tmp_path, bot):
    from kcal.games.kcaloria.sim.solo import replay_solo_game

    state = replay_solo_game(tiles, bot, 11, 2)
    path = write_record(state_to_record(state), tmp_path / "game.yaml", comment="test")
    result = replay_mod.replay(path)
    assert result.illegal_index is None
    assert result.moves_applied == len(state.moves_played())
    assert result.state.scores() == state.scores()
    assert result.state.outcome() == state.outcome()
    assert _board(result.state) == _board(state)


def test_saved_match_game_replays_to_its_final_state(tiles, tmp_path):
    from kcal.games.kcaloria.sim.deckmatch import deck_match

    m = deck_match([tiles, tiles], games=2, seed=5, bots=["greedy", "random"], save_game=1)
    result = replay_mod.replay(write_record(m.record, tmp_path / "m.yaml"))
    assert result.illegal_index is None
    assert result.state.outcome() is not None and result.moves_applied == len(m.record["moves"])


def test_record_yaml_is_block_keys_with_flow_values():
    text = record_yaml({"players": ["A"], "mode": "solo", "moves": [{"player": "A", "tile": "Bayou", "at": [0, 0]}]},
                       comment="hi")
    assert text.splitlines() == [
        "# hi", "players:", '  - "A"', 'mode: "solo"', "moves:", '  - {"player": "A", "tile": "Bayou", "at": [0, 0]}',
    ]
