"""The what-if's sequential test decides as fishtest does (issue 35, item 2; issue 34, item 4): fishtest's
exact generalized log-likelihood ratio, no decision before the first look or on pairs that all agree
after a handful of games; and the marks corrected for the figures of a run (issue 35, item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.balance import glr, marks, paired, whatif, whatif_text

PENTANOMIAL = [0.0, 0.25, 0.5, 0.75, 1.0]
TWO_SEATS = [-1.0, -0.5, 0.0, 0.5, 1.0]
THREE_SEATS = [x / 6 for x in (-6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6)]

# Reference values from an independent implementation (not kcal's, not fishtest's code): the same
# regularized counts, the constrained maximum likelihood found by scipy.optimize.brentq on the secular
# equation (scipy 1.17.1) and, as a check of that, by scipy.optimize.minimize (SLSQP) over the simplex,
# which agreed to 1e-8. The first two rows are the pentanomial counts and Elo bounds of fishtest's own
# stat_util.py self-test (LLR_logistic); the others are what-if shapes (differences of a seat's share).
REFERENCE = [
    (PENTANOMIAL, [10789, 19328, 33806, 19402, 10543], glr.logistic(-3), glr.logistic(1), 2.131067811785043),
    (PENTANOMIAL, [39, 2226, 31451, 2412, 40], glr.logistic(0.2), glr.logistic(0.9), 2.1625425800500317),
    (TWO_SEATS, [3, 0, 120, 0, 5], 0.0, 0.05, -0.7923282353436648),
    (TWO_SEATS, [3, 0, 120, 0, 5], 0.0, -0.05, -3.3514821291291153),
    (TWO_SEATS, [0, 0, 128, 0, 0], 0.0, 0.05, -6.556336970709339),
    (THREE_SEATS, [150, 0, 10, 0, 0, 700, 0, 0, 12, 0, 128], 0.0, 0.05, -8.033067608094516),
]


@pytest.mark.parametrize("values,counts,s0,s1,expected", REFERENCE)
def test_the_ratio_is_fishtests_exact_glr(values: list[float], counts: list[int], s0: float, s1: float,
                                          expected: float) -> None:
    regular = glr.regularize(dict(zip(values, counts, strict=True)), values)
    assert glr.llr(regular, s0, s1) == pytest.approx(expected, rel=1e-9, abs=1e-9)


def test_the_normal_approximation_errs_most_where_few_pairs_differ() -> None:
    """fishtest's LLR_alt2 is within 0.01 % on its big pentanomial, off by a fifth with 8 of 128 pairs
    differing and by a factor of 1,000 on 128 pairs that all agree (issue 35's "3x")."""
    def both(values: list[float], counts: list[int], s1: float) -> tuple[float, float]:
        regular = glr.regularize(dict(zip(values, counts, strict=True)), values)
        return glr.llr(regular, 0.0, s1), glr.llr_normal(regular, 0.0, s1)

    exact, approx = both(TWO_SEATS, [3, 0, 120, 0, 5], -0.05)
    assert 1.2 < approx / exact < 1.3
    exact, approx = both(TWO_SEATS, [0, 0, 128, 0, 0], 0.05)
    assert approx / exact > 1000


def fill(pairs: list[tuple[int, int]], unit: int = 1) -> paired.Paired:
    p = paired.Paired(unit)
    for b, q in pairs:
        p.add(b, q)
    return p


def test_no_seat_is_decided_before_the_first_look() -> None:
    """16 pairs that all agree (EcoLogic's red deer, issue 34): no decision, whatever the ratio says."""
    sprt = paired.Sprt(["A", "B"])
    same = fill([(i % 2, i % 2) for i in range(16)])
    assert not sprt.update([same, same])
    assert [d.decision for d in sprt.decisions] == [None, None]
    assert sprt.decisions[0].llr_up > -3  # finite and small: 16 agreeing pairs are little evidence
    at_first_look = fill([(i % 2, i % 2) for i in range(paired.FIRST_LOOK)])
    assert sprt.update([at_first_look, at_first_look])  # 128 agreeing pairs: a 5-point change is unlikely


def test_a_what_if_capped_below_the_first_look_stops_at_the_cap_undecided(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("game: how-many-calories\nparams: {limit_kcal: 2700}\n", encoding="utf-8")
    data = whatif.what_if("how-many-calories", path, games=16, seed=3, bots=["greedy"])
    assert data["stopped"] == "cap" and data["games"] == 16
    assert [s["decision"] for s in data["sprt"]["seats"]] == [None] * 3
    text = whatif_text.what_if_text(data)
    assert "below the sequential test's first look at 128" in text


def test_marks_are_corrected_for_every_figure_of_the_run() -> None:
    """Three figures each just clear 0 at 95 % (p about 0.04): uncorrected, each would be marked; Holm over
    the three marks none, and the intervals widen to the level at which clearing 0 and the mark agree."""
    changes = [{"figure": f"win_rate.{s}", "base": 0.5, "patched": 0.52, "diff": 0.02, "diff_ci95": [0.001, 0.039],
                "se": 0.0098, "exact_diff": 0.02} for s in "ABC"]
    out, family = marks.mark(changes)
    assert family == {"correction": "holm", "alpha": 0.05, "confidence": pytest.approx(1 - 0.05 / 3, abs=1e-6),
                      "figures_compared": 3}
    assert not any(c["changed"] for c in out)
    assert all(c["diff_ci"][0] < 0 < c["diff_ci"][1] for c in out)
    assert all("se" not in c for c in out)
    strong = [*changes[:2], {**changes[2], "exact_diff": 0.05, "diff": 0.05}]
    out, family = marks.mark(strong)
    assert [c["changed"] for c in out] == [False, False, True]
    assert out[2]["diff_ci"][0] > 0 and family["confidence"] == pytest.approx(1 - 0.05 / 2, abs=1e-6)


def test_a_figure_every_pair_moves_alike_is_changed_and_one_never_moved_is_not() -> None:
    assert marks.p_of(0.0, 0.0) == 1.0 and marks.p_of(3.0, 0.0) == 0.0
