"""``sim match`` figures: integer counters per game (``tally``), rates (``summarize``), text lines."""

from __future__ import annotations

from kcal.games.how_many_calories import sim


def test_tally_counts_one_finished_game(hmc):
    state = hmc.play_out(hmc.dealt(None, seed=14), "greedy")
    counts = sim.tally(hmc.game, state)
    assert all(isinstance(v, int) for v in counts.values())
    assert counts["games_finished"] == 1 and counts["rounds"] == 4 and counts["player_rounds"] == 16
    tricks = [e[1] for e in state.events() if e[0] == "trick"]
    assert counts["tricks"] == len(tricks) and counts["outs"] == sum(t.went_out for t in tricks)
    assert counts["scored_kcal"] == sum(state.totals)
    assert counts["intake_kcal"] == sum(t.kcal for t in tricks)
    assert sum(v for k, v in counts.items() if k.startswith("outs_round_")) == counts["outs"]
    assert counts["rounds_limit_decided"] <= counts["rounds"]


def test_tally_of_an_unfinished_game(hmc):
    counts = sim.tally(hmc.game, hmc.dealt(None, seed=1))
    assert counts["games_finished"] == 0 and counts["rounds"] == 0


def test_summarize_gives_rates_with_intervals(hmc):
    result = hmc.match(["greedy", "random", "greedy", "random"], 20, seed=2)
    summary = sim.summarize(result.totals, result.games)
    out = summary["out_rate_per_player_round"]
    assert 0 < out["value"] < 1 and out["ci95"][0] <= out["value"] <= out["ci95"][1]
    assert summary["out_rate_per_player_round"]["value"] == result.totals["outs"] / (20 * 4 * 4)
    assert summary["limit_decides_round"]["value"] == result.totals["rounds_limit_decided"] / 80
    assert summary["mean_intake_kcal_per_player_round"] > summary["mean_score_kcal_per_player_round"] > 0
    assert set(summary["outs_by_round"]) == {"1", "2", "3", "4"}
    lines = sim.summary_lines(summary)
    assert any(line.startswith("players going out:") for line in lines)
    assert any("the limit decides a round" in line for line in lines)


def test_summarize_of_nothing_has_no_rates():
    summary = sim.summarize({}, 0)
    assert summary["out_rate_per_player_round"]["value"] is None
    assert sim.summary_lines(summary)


def test_a_round_played_to_its_last_card_is_not_cut_short(hmc):
    """3 players, B and C at 2,650 kcal of the 2,700 limit, two cards each: C goes out in the first
    trick and B in the second, the last: one player is left, but no card is."""
    state = hmc.position({"A": "red 1, red 8", "B": "yellow 30, blue 31", "C": "green 32, blue 24"},
                         ("A", "B", "C"), intake={"B": 2_650, "C": 2_650}, leader="A")
    hmc.play(state, "A red 1", "B yellow 30", "C green 32")  # 1, 35, 37: C takes red 1 -> 2,750, out
    assert state.out == [False, False, True] and state.round == 0
    hmc.play(state, "A red 8", "B blue 31")  # 8, 36: B takes red 8 -> 3,450, out; no card is left
    last = [e[1] for e in state.events() if e[0] == "trick"][-1]
    assert last.went_out and state.round == 1
    counts = sim.tally(hmc.game, state)
    assert counts["outs"] == 2 and counts["rounds_cut_short"] == 0


def test_a_round_with_one_player_left_holding_cards_is_cut_short(hmc):
    state = hmc.position({"A": "red 1, red 8, yellow 3, green 6", "B": "yellow 30, blue 31, green 4, red 12",
                          "C": "green 32, red 28, blue 2, yellow 7"}, ("A", "B", "C"),
                         won={"B": "red 25", "C": "blue 24"}, leader="A")
    hmc.play(state, "A red 1", "B yellow 30", "C blue 2")  # B takes red 1 -> 2,600
    hmc.play(state, "A red 8", "B blue 31", "C green 32")  # C takes red 8 -> 3,200, out
    hmc.play(state, "A yellow 3", "B green 4")  # B takes yellow 3 -> 2,900, out; A still holds green 6
    assert state.round == 1
    counts = sim.tally(hmc.game, state)
    assert counts["outs"] == 2 and counts["rounds_cut_short"] == 1
