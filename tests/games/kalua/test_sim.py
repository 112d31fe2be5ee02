"""``sim match --game kalua``: the shared runner with the pack's own figures (game length in turns, the
share of games stopped at the turn limit, end reasons). The per-card impact table moved to ``kcal balance
cards`` (tests/balance/test_impact.py, and the pack's hook in test_impact.py)."""

from __future__ import annotations

import json

import pytest

from kcal.games.kalua import sim
from kcal.games.kalua.game import GAME


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_match_reports_seats_lengths_and_reasons_and_leaves_card_impact_to_balance_cards(players):
    from kcal.sim.match import simulate

    data = simulate("kalua", players, 16, seed=3).to_json()
    assert data["game"] == "kalua" and data["games"] == 16 and data["players"] == players
    assert len(data["seats"]) == players and all("win_ci95" in s for s in data["seats"])
    assert sum(data["end_reasons"].values()) == 16
    pack = data["pack"]
    assert pack["games"] == 16 and sum(h["games"] for h in pack["turns_histogram"]) == 16
    assert "card_impact" not in pack and "typical_card_win_rate" not in pack  # one definition: balance cards


@pytest.mark.usefixtures("registered")
def test_the_same_seed_gives_the_same_bytes_for_any_jobs():
    from kcal.sim.match import simulate

    a = simulate("kalua", 4, 24, seed=7, jobs=1).to_json()
    b = simulate("kalua", 4, 24, seed=7, jobs=2).to_json()
    for d in (a, b):
        d.pop("elapsed_seconds", None)
        d.pop("timing", None)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_the_tally_counts_turns_and_decided_games(kalua):
    state = kalua.play_out(kalua.new(seed=5), bot="greedy", seed=5)
    counts = sim.tally(GAME, state)
    assert counts["turns"] == state.turn and counts["decided"] == 1
    assert not any(k.startswith(("played:", "won:", "plays:")) for k in counts)


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
def test_the_text_report_points_to_balance_cards_for_the_per_card_impact(players):
    from typer.testing import CliRunner

    from kcal.cli.app import app

    result = CliRunner().invoke(app, ["sim", "match", "--game", "kalua", "--players", str(players), "--games", "6",
                                      "--seed", "1", "--jobs", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "per-card impact: kcal balance cards --game kalua" in out
    assert "end reasons" in out and "stopped unfinished at the turn limit (300 turns" in out
