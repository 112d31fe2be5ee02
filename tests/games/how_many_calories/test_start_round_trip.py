"""A record's ``start:`` takes the replay's ``state`` as it is: given back, it replays to the same state
(issue 20, item 7), in the pass with some passes chosen, in a trick, and after the game."""

from __future__ import annotations

from kcal.games.how_many_calories.game import GAME
from kcal.games.how_many_calories.replay import replay

KEYS = ("state", "to_move", "ended", "end_reason", "winners", "scores")


def _given_back(hmc, tmp_path, state):
    first = replay(hmc.write_yaml(tmp_path / "game.yaml", GAME.record(state))).to_json()
    record = {"game": "how-many-calories", "players": list(state.rules.players), "seed": 1,
              "start": first["state"]}
    again = replay(hmc.write_yaml(tmp_path / "again.yaml", record)).to_json()
    assert again["legal"] and again["moves_applied"] == 0
    return {k: first[k] for k in KEYS}, {k: again[k] for k in KEYS}


def test_a_pass_with_some_passes_chosen_given_back_as_start(hmc, tmp_path):
    state = hmc.dealt()
    hmc.passes(state, {"A": "red 1, red 8"})
    first, again = _given_back(hmc, tmp_path, state)
    assert first["state"]["passes"] == {"A": ["red 1", "red 8"]} and first["to_move"] == ["B", "C", "D"]
    assert again == first


def test_a_round_in_play_with_its_history_given_back_as_start(hmc, tmp_path):
    state = hmc.play_out(hmc.dealt(), seed=3, stop=lambda s: s.round == 1 and s.tricks_played == 2)
    first, again = _given_back(hmc, tmp_path, state)
    assert len(first["state"]["rounds"]) == 2 and again == first


def test_a_finished_game_given_back_as_start_is_over_with_the_same_winners(hmc, tmp_path):
    state = hmc.play_out(hmc.dealt(), seed=4)
    first, again = _given_back(hmc, tmp_path, state)
    assert first["ended"] and first["state"]["phase"] == "over" and again == first


def test_a_position_before_the_pass_may_list_empty_cards_taken_in(hmc, tmp_path):
    hands = {p: [str(c) for c in hmc.cards(h)] for p, h in hmc.DEAL.items()}
    record = {"game": "how-many-calories", "players": ["A", "B", "C", "D"], "seed": 1,
              "start": {"phase": "pass", "hands": hands, "won": {p: [] for p in hands}}}
    assert replay(hmc.write_yaml(tmp_path / "game.yaml", record)).to_json()["legal"]
