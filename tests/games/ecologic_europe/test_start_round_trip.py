"""A record's ``start:`` takes the replay's ``state`` as it is: given back, it replays to the same state
(issue 20, item 7), in the middle of a step with some moves chosen, in every variant, and after the
game."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.conformance import play_random
from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.games.ecologic_europe.game import GAME
from kcal.games.ecologic_europe.replay import replay
from kcal.sim.records import record_yaml

KEYS = ("state", "to_move", "ended", "end_reason", "winners", "scores")


def _write(path: Path, record: dict) -> Path:
    path.write_text(record_yaml(record), encoding="utf-8")
    return path


def _given_back(tmp_path: Path, setup: Setup, seed: int, stop: int | None):
    state = play_random(GAME, setup, seed, checks=False, stop_after=stop)
    record = GAME.record(state)
    first = replay(_write(tmp_path / "game.yaml", record)).to_json()
    header = {k: record[k] for k in ("game", "players", "variant", "seed") if k in record}
    again = replay(_write(tmp_path / "again.yaml", header | {"start": first["state"]})).to_json()
    assert again["legal"] and again["moves_applied"] == 0
    return {k: first[k] for k in KEYS}, {k: again[k] for k in KEYS}


def test_a_step_with_some_moves_chosen_given_back_as_start(tmp_path):
    first, again = _given_back(tmp_path, Setup(("A", "B", "C")), 1, 4)
    assert first["state"]["chosen"] and len(first["to_move"]) < 3
    assert again == first


@pytest.mark.parametrize(("variant", "key"), [("express", "face_up"), ("weather", "weather"),
                                              ("human-impact", "human_impact_played")])
def test_every_variants_state_given_back_as_start(tmp_path, variant, key):
    first, again = _given_back(tmp_path, Setup(("A", "B"), variant), 2, 40)
    assert key in first["state"] and again == first


def test_a_finished_game_given_back_as_start_is_over_with_the_same_winners(tmp_path):
    first, again = _given_back(tmp_path, Setup(("A", "B")), 3, None)
    assert first["ended"] and first["state"]["step"] == "over" and again == first


def test_a_chosen_move_that_is_not_legal_there_is_bad_input(tmp_path):
    state = play_random(GAME, Setup(("A", "B")), 1, checks=False, stop_after=0)
    first = replay(_write(tmp_path / "game.yaml", GAME.record(state))).to_json()
    start = first["state"] | {"chosen": {"A": {"place": "Quercus robur", "at": "h9.9"}}}
    with pytest.raises(KcalError, match="start.chosen.A: A cannot have chosen this move"):
        replay(_write(tmp_path / "bad.yaml", {"game": "ecologic-europe", "players": ["A", "B"], "seed": 1,
                                              "start": start}))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_weather_cards_mechanics_a_record_cut_mid_game_rolls_the_same_die(tmp_path, seed):
    """Issue 32, item 8: a record cut after some moves and continued from its ``state`` as ``start:``
    (with the rest of its moves) rolls the same weather die and ends as the whole record did: the
    position carries the generator."""
    state = play_random(GAME, Setup(("A", "B"), "weather"), seed, checks=False)
    record = GAME.record(state)
    rolls = [e for e in state.log if e[0] == "roll"]
    assert rolls, "a weather game that never rolls tests nothing"
    whole = replay(_write(tmp_path / "whole.yaml", record)).to_json()
    header = {k: record[k] for k in ("game", "players", "variant", "seed")}
    for cut in (len(record["moves"]) // 4, len(record["moves"]) // 2):
        first = replay(_write(tmp_path / "first.yaml", record | {"moves": record["moves"][:cut]})).to_json()
        rest = header | {"start": first["state"], "moves": record["moves"][cut:]}
        again = replay(_write(tmp_path / "rest.yaml", rest)).to_json()
        assert again["legal"] and {k: again[k] for k in KEYS} == {k: whole[k] for k in KEYS}


def test_a_position_s_generator_is_16_hex_digits(tmp_path):
    state = play_random(GAME, Setup(("A", "B")), 1, checks=False, stop_after=4)
    first = replay(_write(tmp_path / "game.yaml", GAME.record(state))).to_json()
    assert len(first["state"]["generator"]) == 16
    bad = {"game": "ecologic-europe", "players": ["A", "B"], "seed": 1, "start": first["state"] | {"generator": "xyz"}}
    with pytest.raises(KcalError, match="generator"):
        replay(_write(tmp_path / "bad.yaml", bad))


def test_a_finished_weather_game_keeps_who_skipped_transfers_when_given_back(tmp_path):
    """A game over while a player still skips transfers (the weather die's 3/4): its state, given back as
    start:, keeps skipping_transfers (the conformance suite found it with a 3-player weather game)."""
    first, again = _given_back(tmp_path, Setup(("p1", "p2", "p3"), "weather"), 13, None)
    assert first["ended"] and first["state"]["skipping_transfers"] and again == first
