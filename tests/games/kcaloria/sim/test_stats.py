"""Statistics helpers and the solo/match summaries, on hand-made rows (no engine needed)."""

from __future__ import annotations

import pytest

from kcal.core.stats import histogram, mean_se, proportion, quantile
from kcal.games.kcaloria.sim.deckmatch import deck_extras
from kcal.games.kcaloria.sim.solo import summarize_solo


class TestHelpers:
    def test_wilson_interval_known_value(self):
        p = proportion(8, 10)
        assert p["value"] == 0.8
        assert p["ci95"] == [pytest.approx(0.4902, abs=1e-4), pytest.approx(0.9433, abs=1e-4)]

    def test_wilson_interval_at_zero_is_not_degenerate(self):
        p = proportion(0, 20)
        assert p["ci95"][0] == 0.0 and p["ci95"][1] > 0.1

    def test_mean_se(self):
        m, se = mean_se([1, 2, 3, 4])
        assert m == 2.5 and se == pytest.approx((5 / 3 / 4) ** 0.5)

    def test_nearest_rank_quantiles(self):
        v = list(range(1, 11))
        assert (quantile(v, 0.1), quantile(v, 0.5), quantile(v, 0.9)) == (1, 5, 9)

    def test_histogram_covers_every_value(self):
        h = histogram([0, 3, 3, 41, 100])
        assert sum(b["count"] for b in h) == 5 and h[0]["from"] == 0 and h[-1]["to"] >= 100


class TestSoloSummary:
    rows = [
        (10, "stagnation", 12, ("Heron",), ("Heron", "Bayou")),
        (30, "second_human", 30, ("Bayou",), ("Bayou",)),
        (20, "stagnation", 20, ("Heron", "Lynx"), ("Heron",)),
        (40, "pack_tactics", 25, (), ()),
    ]

    def test_figures(self):
        r = summarize_solo(self.rows, deck_name="d", seed=1, bot="greedy")
        assert r["games"] == 4 and r["mean_score"] == 25 and r["stagnation_rate"] == 0.5
        assert r["end_reasons"] == {"pack_tactics": 1, "second_human": 1, "stagnation": 2}
        assert r["score_quantiles"] == {"p10": 10, "p50": 20, "p90": 40}

    def test_stuck_counts_only_stagnated_games(self):
        r = summarize_solo(self.rows, deck_name="d", seed=1, bot="greedy")
        assert r["stuck_face_up"][0] == {"tile": "Heron", "games": 2, "share": 1.0}
        assert all(s["tile"] != "Bayou" for s in r["stuck_face_up"])
        assert {"tile": "Bayou", "games": 2, "share": 0.5} in r["left_in_piles"]


def test_match_summary_splits_ties_and_finds_first_seat():
    rows = [
        ((50, 40), (0,), 0, "second_human", 30),
        ((40, 50), (1,), 1, "second_human", 31),
        ((45, 45), (0, 1), 0, "tiles_exhausted", 60),
        ((60, 20), (0,), 1, "second_human", 20),
    ]
    from kcal.sim.match_tally import Tally, figures

    t = Tally(2)
    for scores, winners, first, reason, turns in rows:
        slots = [first, 1 - first]  # the deck in each seat
        t.add_game(slots, [slots.index(w) for w in winners], [scores[k] for k in slots], turns, reason)
    data = figures(t, ("A", "B"), ("greedy", "greedy"), None)
    r = deck_extras(data, ["x", "y"])
    assert [d["wins"] for d in r["decks"]] == [2.5, 1.5]
    assert [d["deck"] for d in r["decks"]] == ["x", "y"]
    assert r["draws"] == 1
    assert r["first_seat"]["win_rate"] == pytest.approx((1 + 1 + 0.5 + 0) / 4)
