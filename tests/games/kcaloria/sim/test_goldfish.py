"""Goldfish: Monte Carlo within 4 standard errors of the exact values; same seed, same bytes."""

from __future__ import annotations

import json

import pytest

from kcal.core.errors import KcalError
from kcal.games.kcaloria.sim.goldfish import simulate_goldfish
from kcal.games.kcaloria.sim.profile import profile_of


@pytest.fixture(scope="module")
def result(tools):
    return simulate_goldfish(profile_of(tools.make_deck(water=6), "six water"), hands=200_000, games=3000, seed=11)


def within(fig: dict, k: float = 4.0) -> bool:
    return abs(fig["simulated"] - fig["exact"]) <= k * fig["se"] + 1e-9


class TestOpeningAgainstExact:
    def test_water_in_opening(self, result):
        assert within(result["figures"]["p_water_in_opening"])

    def test_mean_reshuffles(self, result):
        assert within(result["figures"]["mean_reshuffles"])

    def test_reshuffle_distribution(self, result):
        for row in result["figures"]["reshuffles"][:3]:
            assert within(row)

    def test_kept_hand_composition(self, result):
        for fig in result["figures"]["kept_mean_by_type"].values():
            if fig["exact"]:
                assert within(fig)
        for fig in result["figures"]["kept_p_at_least_one"].values():
            if 0 < fig["exact"] < 1:
                assert within(fig)

    def test_water_count_in_first_draw(self, result):
        for row in result["figures"]["water_in_first_draw"][:4]:
            assert within(row)

    def test_spec_keys(self, result):
        for key in ("hands", "seed", "p_water_in_opening", "p_water_exact", "mean_reshuffles", "mean_by_type"):
            assert key in result
        assert result["hands"] == 200_000
        assert set(result["mean_by_type"]) >= {"water", "plant", "herbivore", "carnivore"}

    def test_every_figure_says_exact_or_simulated(self, result):
        for fig in result["figures"]["kept_mean_by_type"].values():
            assert set(fig) == {"simulated", "se", "exact", "kind"}
            assert fig["kind"] == ("simulated" if fig["exact"] is None else "simulated, exact known")
        assert result["turns"]["p_place"][1]["kind"] == "simulated"


class TestPlacementModel:
    def test_turn_one_always_places_water(self, result):
        first = result["turns"]["p_place"][0]
        assert first["simulated"] == 1.0 and first["exact"] == 1.0

    def test_placement_chances_are_probabilities(self, result):
        assert all(0 <= row["simulated"] <= 1 for row in result["turns"]["p_place"])

    def test_first_placeable_is_cumulative(self, result):
        for m in result["turns"]["first_placeable"].values():
            values = [row["simulated"] for row in m["p_by_turn"]]
            assert values == sorted(values)

    def test_herbivore_never_before_turn_two(self, result):
        # a herbivore costs blue and green: not on turn 1 (empty table) nor turn 2 (only water placed)
        herb = result["turns"]["first_placeable"]["herbivore"]["p_by_turn"]
        assert herb[0]["simulated"] == 0.0 and herb[1]["simulated"] == 0.0
        assert herb[2]["simulated"] > 0.0

    def test_colour_curve_after_turn_one_is_blue_only(self, result):
        row = result["turns"]["colour_curve"][0]
        assert row["blue"]["simulated"] == 2.0 and row["green"]["simulated"] == 0.0


class TestReproducible:
    def test_same_seed_same_bytes_for_any_jobs(self, tools, monkeypatch):
        monkeypatch.setattr("kcal.sim.parallel.MIN_PARALLEL_SECONDS", 0.0)  # really use the pool
        prof = profile_of(tools.make_deck(), "d")
        runs = [
            json.dumps(simulate_goldfish(prof, hands=1_200_000, games=2500, seed=5, jobs=j), sort_keys=True)
            for j in (1, 2, 3)
        ]
        assert runs[0] == runs[1] == runs[2]

    def test_other_seed_other_numbers(self, tools):
        prof = profile_of(tools.make_deck(), "d")
        a = simulate_goldfish(prof, hands=1000, games=10, seed=1)
        b = simulate_goldfish(prof, hands=1000, games=10, seed=2)
        assert a["p_water_in_opening"] != b["p_water_in_opening"] or a["mean_by_type"] != b["mean_by_type"]


class TestBadDecks:
    def test_no_water_is_an_error(self, tools):
        tiles = [tools.make_tile(2, "Phlox", "plant", "flower", [{"blue": 1}], {"green": 2})] * 60
        with pytest.raises(KcalError, match="no water"):
            profile_of(tiles, "dry")

    def test_fewer_than_seven_tiles_is_an_error(self, tools):
        with pytest.raises(KcalError):
            profile_of([tools.make_tile(1, "Bayou", "water", "water", (), {"blue": 2})] * 6, "tiny")

    def test_one_water_tile_still_terminates(self, tools):
        r = simulate_goldfish(profile_of(tools.make_deck(water=1, plants=29), "one"), hands=20_000, games=0, seed=3)
        assert abs(r["figures"]["mean_reshuffles"]["simulated"] - r["figures"]["mean_reshuffles"]["exact"]) < 4 * r["figures"]["mean_reshuffles"]["se"]


class TestSampler:
    """The bit-parallel tree sampler draws composition rows with the hypergeometric probabilities."""

    def test_row_frequencies_pass_a_chi_square_test(self):
        from math import comb

        from kcal.core.seeding import rng_for
        from kcal.games.kcaloria.sim.opening import OpeningTable, draw_rows

        table = OpeningTable.build([10, 20, 15, 15], 0)
        n = 400_000
        rows = draw_rows(rng_for(123, "chi"), table, n)
        assert sum(rows.values()) == n
        total = comb(60, 7)
        # pool rows with small expectations so every cell expects at least 20 hands
        chi2, dof, acc_obs, acc_exp = 0.0, -1, 0, 0.0
        for i, ways in enumerate(table.ways):
            acc_obs += rows.get(i, 0)
            acc_exp += n * ways / total
            if acc_exp >= 20:
                chi2 += (acc_obs - acc_exp) ** 2 / acc_exp
                dof += 1
                acc_obs, acc_exp = 0, 0.0
        # mean dof, sd sqrt(2 dof): 5 sd above the mean is a failure under any honest seed
        assert chi2 < dof + 5 * (2 * dof) ** 0.5, (chi2, dof)

    def test_bernoulli_count_edges(self):
        import random

        from kcal.games.kcaloria.sim.opening import bernoulli_count

        g = random.Random(1).getrandbits
        assert bernoulli_count(g, 0, 1 << 63) == 0
        assert bernoulli_count(g, 100, 0) == 0
        assert bernoulli_count(g, 100, 1 << 64) == 100
        half = sum(bernoulli_count(g, 1000, 1 << 63) for _ in range(100))
        assert abs(half - 50_000) < 5 * (100_000 * 0.25) ** 0.5
