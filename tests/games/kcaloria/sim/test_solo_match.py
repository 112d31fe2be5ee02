"""Solo mode and matches played by bots through the engine; saved games replay to the same end."""

from __future__ import annotations

import json

import pytest

import kcal.games.kcaloria.rules as engine
from kcal.core.errors import UsageError
from kcal.games.kcaloria.bots import basic as bots
from kcal.games.kcaloria.sim.deckmatch import deck_match
from kcal.games.kcaloria.sim.solo import replay_solo_game, simulate_solo
from kcal.sim.match import slot_in_seat


@pytest.fixture(scope="module")
def tiles(fixtures_dir=None):
    from pathlib import Path

    from kcal.games.kcaloria.files.load import load_deck

    return load_deck(Path(__file__).parent / "fixtures" / "piney.yaml").tiles()


@pytest.fixture(scope="module")
def solo_result(tiles):
    return simulate_solo(tiles, deck_name="Piney Test", games=10, seed=2, bot="greedy")


class TestBots:
    @pytest.mark.parametrize("name", bots.BOT_NAMES)
    def test_bot_returns_a_legal_move_of_the_turn_player(self, tiles, name):
        import random

        state = engine.new_game(None, [tiles, tiles], ["A", "B"], seed=3)
        for _ in range(6):
            move = bots.get_bot(name)(state, random.Random(1))
            assert state.why_illegal(move) is None and move.player == state.turn_player
            state.push(move)

    def test_greedy_takes_the_best_scoring_move(self, tiles):
        import random

        # a position a few placements in that still has a choice (which seed gives one is not the point)
        for seed in range(50):
            state = engine.new_game(None, [tiles], ["solo"], seed=seed, mode="solo")
            for _ in range(4):
                if state.outcome() is not None or not state.legal_moves():
                    break
                state.push(bots.greedy_bot(state, random.Random(0)))
            if state.outcome() is None and len(state.legal_moves()) >= 2:
                break
        else:
            pytest.fail("no solo position with a choice after four placements in 50 seeds")
        best = max(_after(state, m) for m in state.legal_moves())
        chosen = bots.greedy_bot(state, random.Random(0))
        assert _after(state, chosen) == best

    def test_random_bot_places_rather_than_discards(self, tiles):
        import random

        state = engine.new_game(None, [tiles, tiles], ["A", "B"], seed=3)
        rng = random.Random(4)
        assert all(bots.random_bot(state, rng).kind == "place" for _ in range(20))

    def test_unknown_bot_is_a_usage_error(self):
        with pytest.raises(UsageError):
            bots.get_bot("clever")


def _after(state, move) -> int:
    state.push(move)
    v = state.scores()[state.players[0]]
    state.pop()
    return v


class TestSolo:
    def test_spec_keys(self, solo_result):
        for key in ("games", "seed", "mean_score", "score_quantiles", "stagnation_rate", "mean_turns", "end_reasons"):
            assert key in solo_result
        assert set(solo_result["score_quantiles"]) == {"p10", "p50", "p90"}

    def test_quantiles_are_ordered(self, solo_result):
        q = solo_result["score_quantiles"]
        assert solo_result["score_min"] <= q["p10"] <= q["p50"] <= q["p90"] <= solo_result["score_max"]

    def test_end_reasons_cover_every_game(self, solo_result):
        assert sum(solo_result["end_reasons"].values()) == 10
        assert sum(h["count"] for h in solo_result["score_histogram"]) == 10

    def test_stagnation_rate_matches_end_reasons(self, solo_result):
        assert solo_result["stagnation_rate"] == pytest.approx(solo_result["end_reasons"].get("stagnation", 0) / 10)

    def test_same_seed_same_bytes_for_any_jobs(self, tiles, monkeypatch):
        monkeypatch.setattr("kcal.sim.parallel.MIN_PARALLEL_SECONDS", 0.0)
        a = simulate_solo(tiles, games=18, seed=7, bot="random", jobs=1)
        b = simulate_solo(tiles, games=18, seed=7, bot="random", jobs=2)
        assert json.dumps(a) == json.dumps(b)

    def test_replayed_game_matches_the_simulated_one(self, tiles):
        from kcal.games.kcaloria.sim.solo import solo_game_summary

        state = replay_solo_game(tiles, "greedy", 2, 4)
        score, reason, *_ = solo_game_summary(tiles, "greedy", 2, 4)
        assert state.scores()["solo"] == score and state.outcome().end_reason == reason


class TestMatch:
    def test_seats_rotate_as_every_match_seats_its_bots(self):
        """SPEC: bot (and deck) k sits in seat (k + game) mod N."""
        assert [slot_in_seat(3, i).index(0) for i in range(6)] == [0, 1, 2, 0, 1, 2]
        assert [slot_in_seat(3, i).index(2) for i in range(3)] == [2, 0, 1]

    def test_every_deck_plays_every_seat(self, tiles):
        r = deck_match([tiles] * 3, games=3, seed=1, bots=["random"]).data
        assert [d["games_by_seat"] for d in r["decks"]] == [[1, 1, 1]] * 3

    def test_win_shares_add_up(self, tiles):
        r = deck_match([tiles, tiles], games=4, seed=1, bots=["random"]).data
        assert sum(d["wins"] for d in r["decks"]) == pytest.approx(4 - r["no_winner"])
        assert r["games"] == 4 and sum(r["end_reasons"].values()) == 4
        lo, hi = r["first_seat"]["win_ci95"]
        assert 0 <= lo <= r["first_seat"]["win_rate"] <= hi <= 1

    def test_the_deck_match_is_in_specs_match_shape(self, tiles):
        r = deck_match([tiles, tiles], games=2, seed=1, bots=["random"]).data
        assert {"game", "games", "seed", "players", "seats", "mean_length", "end_reasons"} <= set(r)
        assert r["game"] == "kcaloria" and r["players"] == 2
        assert {"bot", "win_rate", "win_ci95", "mean_score"} <= set(r["seats"][0])
        assert {"decks", "draws", "first_seat", "warnings"} <= set(r)
        assert r["first_seat"]["win_rate"] == r["seats"][0]["win_rate"]

    def test_three_decks(self, tiles):
        r = deck_match([tiles] * 3, games=3, seed=1, bots=["random"]).data
        assert [d["label"] for d in r["decks"]] == ["A", "B", "C"]

    def test_deck_count_is_checked(self, tiles):
        with pytest.raises(UsageError):
            deck_match([tiles], games=1)
        with pytest.raises(UsageError):
            deck_match([tiles, tiles], games=1, bots=["greedy", "random", "greedy"])

    def test_same_seed_same_bytes_for_any_jobs(self, tiles, monkeypatch):
        monkeypatch.setattr("kcal.sim.parallel.MIN_PARALLEL_SECONDS", 0.0)
        a = deck_match([tiles, tiles], games=8, seed=3, bots=["random"], jobs=1).data
        b = deck_match([tiles, tiles], games=8, seed=3, bots=["random"], jobs=2).data
        assert json.dumps(a) == json.dumps(b)


def test_save_game_never_replaces_a_record_without_force(tmp_path):
    from pathlib import Path

    from typer.testing import CliRunner

    from kcal.cli.app import app

    deck = str(Path(__file__).parent / "fixtures" / "piney.yaml")
    record = tmp_path / "mine.yaml"
    record.write_text("my notes\n")
    args = ["sim", "solo", deck, "--games", "2", "--quiet", "--save-game", "1", "--output", str(record)]
    refused = CliRunner().invoke(app, args)
    assert refused.exit_code == 2 and "already exists" in refused.stderr
    assert record.read_text() == "my notes\n"
    replaced = CliRunner().invoke(app, [*args, "--force"])
    assert replaced.exit_code == 0, replaced.output
    assert "moves:" in record.read_text()


def test_bot_names_ignore_case_like_the_other_choices():
    assert bots.get_bot("Greedy") is bots.get_bot("greedy")
