"""Exact opening-hand mathematics against known values (the hypergeometric redraw table)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from kcal.core.errors import KcalError
from kcal.games.kcaloria.sim import exact


class TestRedrawTable:
    """The Pokemon TCG mulligan table is the same mathematics: 60 cards, 7 drawn, redraw while none."""

    @pytest.mark.parametrize(("basics", "percent"), [(1, 88.33), (10, 25.86), (20, 4.83)])
    def test_redraw_chance_matches_published_table(self, basics, percent):
        assert round(float(exact.p_none(60, basics, 7)) * 100, 2) == percent

    def test_one_basic_is_53_in_60(self):
        assert exact.p_none(60, 1, 7) == Fraction(53, 60)

    def test_expected_reshuffles_is_geometric_mean(self):
        q = exact.p_none(60, 10, 7)
        assert exact.expected_reshuffles(60, 10, 7) == q / (1 - q)
        assert sum(exact.p_reshuffles(60, 10, 7, r) for r in range(200)) == pytest.approx(1.0)

    def test_no_water_deck_is_an_error_not_an_endless_loop(self):
        with pytest.raises(KcalError):
            exact.expected_reshuffles(60, 0, 7)


class TestHypergeometric:
    def test_pmf_sums_to_one(self):
        assert sum(exact.hypergeom_pmf(60, 12, 7, k) for k in range(8)) == 1

    def test_pmf_known_value(self):
        assert exact.hypergeom_pmf(60, 10, 7, 1) == Fraction(comb(10, 1) * comb(50, 6), comb(60, 7))

    def test_impossible_counts_are_zero(self):
        assert exact.hypergeom_pmf(60, 3, 7, 4) == 0


class TestCompositions:
    def test_ways_add_up_to_all_hands(self):
        rows = exact.compositions([10, 20, 15, 15], 7)
        assert sum(w for _, w in rows) == comb(60, 7)
        assert all(sum(c) == 7 for c, _ in rows)

    def test_eight_types_have_at_most_3432_rows(self):
        rows = exact.compositions([8] * 7 + [4], 7)
        assert len(rows) <= comb(14, 7)
        assert sum(w for _, w in rows) == comb(60, 7)


class TestKeptHand:
    """Closed forms of the kept hand (conditioned on holding water) agree with full enumeration."""

    counts = {"water": 10, "plant": 20, "herbivore": 15, "carnivore": 15}

    def test_kept_means_match_enumeration(self):
        table = exact.exact_kept_table(self.counts, "water", 7)
        for kind, count in self.counts.items():
            closed = exact.kept_mean(60, 10, 7, count, is_kept_kind=(kind == "water"))
            assert closed == table["mean"][kind]

    def test_kept_means_add_up_to_seven(self):
        total = sum(exact.kept_mean(60, 10, 7, c, is_kept_kind=(k == "water")) for k, c in self.counts.items())
        assert total == 7

    def test_kept_p_at_least_one_matches_enumeration(self):
        table = exact.exact_kept_table(self.counts, "water", 7)
        for kind in ("plant", "herbivore", "carnivore"):
            assert exact.kept_p_at_least_one(60, 10, 7, self.counts[kind]) == table["p_at_least_one"][kind]
