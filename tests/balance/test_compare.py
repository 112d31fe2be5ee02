"""The statistics of ``kcal balance cards`` (kcal.balance.compare) against values computed by hand or
published: Wilson and Newcombe intervals on known counts, Holm and Benjamini-Hochberg on known p-values,
and the one level of a table's intervals that makes "clear of 0" and the flag agree."""

from __future__ import annotations

import pytest

from kcal.balance.compare import (
    alpha_of,
    benjamini_hochberg,
    corrected_alpha,
    holm,
    newcombe,
    p_value,
    wilson,
    z_of,
)

Z95 = 1.959963984540054


def test_z_of_and_alpha_of_are_the_normal_quantile_and_its_tail():
    assert z_of(0.05) == pytest.approx(Z95, abs=1e-12)
    assert alpha_of(Z95) == pytest.approx(0.05, abs=1e-12)
    assert z_of(0.01) == pytest.approx(2.5758293035489, abs=1e-9)


def test_wilson_interval_of_8_in_10_by_hand():
    # p = 0.8, z^2 = 3.8415; centre = (0.8 + z^2/20) / (1 + z^2/10) = 0.716738,
    # half = z sqrt(0.016 + z^2/400) / (1 + z^2/10) = 0.226581
    low, high = wilson(8, 10, Z95)
    assert low == pytest.approx(0.490162, abs=2e-5) and high == pytest.approx(0.943318, abs=2e-5)


def test_wilson_interval_of_all_wins_ends_at_1():
    low, high = wilson(20, 20, Z95)
    assert high == 1.0 and low == pytest.approx(20 / (20 + Z95 ** 2), abs=1e-12)  # n / (n + z^2) when p = 1


@pytest.mark.parametrize(("counts", "expected"), [
    ((56, 70, 48, 80), (0.0524, 0.3339)),   # Newcombe (1998), Table II, example (a), method 10
    ((9, 10, 3, 10), (0.1705, 0.8090)),     # example (b)
    ((5, 56, 0, 29), (-0.0381, 0.1926)),    # example (d)
    ((0, 10, 0, 20), (-0.1611, 0.2775)),    # example (g)
    ((10, 10, 0, 20), (0.6791, 1.0000)),    # example (h)
])
def test_newcombe_difference_interval_matches_the_published_examples(counts, expected):
    low, high = newcombe(*counts, Z95)
    assert (round(low, 4), round(high, 4)) == expected


def test_the_p_value_is_where_the_interval_touches_zero():
    p = p_value(56, 70, 48, 80)
    assert 0.001 < p < 0.05  # the 95% interval (0.0524, 0.3339) leaves out 0
    low, _ = newcombe(56, 70, 48, 80, z_of(p))
    assert low == pytest.approx(0.0, abs=1e-9)
    assert newcombe(56, 70, 48, 80, z_of(p * 1.01))[0] > 0 > newcombe(56, 70, 48, 80, z_of(p * 0.99))[0]
    assert p_value(3, 10, 6, 20) == 1.0  # equal shares
    assert p_value(48, 80, 56, 70) == pytest.approx(p)  # the other way round: the same p


def test_holm_on_known_p_values():
    # sorted: 0.005 (x4 = 0.02), 0.01 (x3 = 0.03), 0.03 (x2 = 0.06), 0.04 (x1 = 0.04 -> running max 0.06)
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])  # capped at 1


def test_benjamini_hochberg_on_known_p_values():
    # sorted: 4 * 0.005 / 1 = 0.02, 4 * 0.01 / 2 = 0.02, 4 * 0.03 / 3 = 0.04, 4 * 0.04 / 4 = 0.04
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    # the running minimum from the largest: 0.04 * 3 / 3 = 0.04 caps 0.03 * 3 / 2 = 0.045
    assert benjamini_hochberg([0.01, 0.03, 0.04]) == pytest.approx([0.03, 0.04, 0.04])


def test_the_tables_level_follows_the_rejections():
    p = [0.01, 0.04, 0.03, 0.005]
    assert corrected_alpha(holm(p), "holm") == pytest.approx(0.05 / 2)  # 2 of 4 rejected: alpha / (m - R)
    assert corrected_alpha(benjamini_hochberg(p), "bh") == pytest.approx(0.05)  # 4 of 4: R alpha / m
    assert corrected_alpha(holm([0.2, 0.3]), "holm") == pytest.approx(0.025)  # none: Bonferroni
    assert corrected_alpha(benjamini_hochberg([0.2, 0.3]), "bh") == pytest.approx(0.025)


@pytest.mark.parametrize("correction", ["holm", "bh"])
def test_an_interval_at_the_tables_level_is_clear_of_zero_exactly_when_the_card_is_flagged(correction):
    counts = [(56, 70, 48, 80), (30, 60, 28, 60), (9, 10, 3, 10), (40, 100, 55, 100), (12, 40, 60, 120),
              (70, 100, 50, 100), (20, 50, 21, 50)]
    raw = [p_value(*c) for c in counts]
    adjusted = holm(raw) if correction == "holm" else benjamini_hochberg(raw)
    z = z_of(corrected_alpha(adjusted, correction))
    for c, q in zip(counts, adjusted, strict=True):
        low, high = newcombe(*c, z)
        assert (q <= 0.05) == (low > 0 or high < 0), (c, q, low, high)
