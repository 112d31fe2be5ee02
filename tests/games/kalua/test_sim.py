"""``sim match --game kalua``: the shared runner with the pack's own figures (game length in turns, the
share of games stopped at the turn limit, end reasons, the per-card impact table)."""

from __future__ import annotations

import json

import pytest

from kcal.games.kalua import sim
from kcal.games.kalua.game import GAME


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_match_reports_seats_lengths_reasons_and_card_impact(players):
    from kcal.sim.match import simulate

    data = simulate("kalua", players, 16, seed=3).to_json()
    assert data["game"] == "kalua" and data["games"] == 16 and data["players"] == players
    assert len(data["seats"]) == players and all("win_ci95" in s for s in data["seats"])
    assert sum(data["end_reasons"].values()) == 16
    pack = data["pack"]
    assert pack["games"] == 16 and pack["card_impact"] and sum(h["games"] for h in pack["turns_histogram"]) == 16
    for row in pack["card_impact"]:
        low, high = row["win_ci95"]
        assert low <= row["win_rate"] <= high


@pytest.mark.usefixtures("registered")
def test_the_same_seed_gives_the_same_bytes_for_any_jobs():
    from kcal.sim.match import simulate

    a = simulate("kalua", 4, 24, seed=7, jobs=1).to_json()
    b = simulate("kalua", 4, 24, seed=7, jobs=2).to_json()
    for d in (a, b):
        d.pop("elapsed_seconds", None)
        d.pop("timing", None)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_the_card_impact_counts_the_cards_each_winner_played(kalua):
    state = kalua.play_out(kalua.new(seed=5), bot="greedy", seed=5)
    counts = sim.tally(GAME, state)
    winner = state.winners[0]
    played = {state.card_name(e[2]) for e in state.events() if e[0] == "play" and e[1] == winner}
    assert {k.removeprefix("won:") for k in counts if k.startswith("won:")} == played
    assert all(counts[f"won:{c}"] == sim.UNIT // len(state.winners) for c in played)
    assert counts["turns"] == state.turn and counts["decided"] == 1


def test_a_card_played_only_by_winners_stands_out_as_strong():
    totals = {"decided": 10, "god_games": 40, "god_wins": 10 * sim.UNIT, "played:Miracle": 10,
              "won:Miracle": 10 * sim.UNIT, "played:Drought": 30, "won:Drought": 0, "turns": 200,
              "turns_bin_20": 10}
    rows = {r["card"]: r for r in sim.summarize(totals, 10)["card_impact"]}
    assert rows["Miracle"]["flag"] == "strong" and rows["Drought"]["flag"] == "weak"
    assert rows["Miracle"]["impact"] == 1.0 and rows["Miracle"]["rest_win_rate"] == 0.0


def test_games_stopped_at_the_turn_limit_are_counted_as_not_ended(kalua):
    state = kalua.position(turn=2, turn_limit=2)
    kalua.do(state, "A", convert=True)
    counts = sim.tally(GAME, state)
    assert counts["decided"] == 0 and counts["stopped_at_turn_limit"] == 1
    summary = sim.summarize(counts, 1)
    assert summary["turn_limit"] == 2 and summary["stopped_at_turn_limit"]["value"] == 1.0
    lines = sim.summary_lines(summary)
    assert lines[0].startswith("decided games: 0.0%")
    # the house rule's limit as the game was played with it (it once said "within 200 turns")
    assert "turn limit (2 turns, kcal's house rule): 100.0%" in lines[0]


def test_the_report_prints_figures_for_people_not_raw_floats():
    """Issue 20, item 2: '43.3333 answers' read as a raw float; figures are rounded."""
    totals = {"turns": 130, "answers": 130, "bought": 1, "eliminated": 2, "turn_limit_300": 3}
    text = "\n".join(sim.summary_lines(sim.summarize(totals, 3)))
    assert "43.3 answers" in text and "43.3333" not in text
    assert "length in turns: mean 43.3" in text
    assert "turn limit (300 turns, kcal's house rule)" in text


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("players", [3, 5])
def test_the_text_report_prints_the_per_card_impact_table(players):
    from typer.testing import CliRunner

    from kcal.cli.app import app

    result = CliRunner().invoke(app, ["sim", "match", "--game", "kalua", "--players", str(players), "--games", "6",
                                      "--seed", "1", "--jobs", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "per-card impact (win rate of the god who played it vs the rest, 95% interval" in out
    table = out.split("per-card impact", 1)[1].splitlines()[1:]
    rows = [line for line in table if "impact" in line and "rest" in line]
    assert rows and all("[" in r and "n=" in r for r in rows)
    assert "end reasons" in out and "stopped unfinished at the turn limit (300 turns" in out
