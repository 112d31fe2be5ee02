"""Rulebook phase 5 "Praying": 1 PP per 5 families rounded up, +4 for the unhappiest, +2 for the middle
ones; all equally happy: no bonus (ruling "equal-happiness-praying")."""

from __future__ import annotations

from kcal.games.kalua.rules.flow import praying_phase


def _pray(kalua, happiness, families, players=("A", "B", "C", "D")):
    gods = {p: {"happiness": h, "families": f, "pp": 0}
            for p, h, f in zip(players, happiness, families, strict=True)}
    state = kalua.position(gods, players=players)
    praying_phase(state)
    return kalua.pp(state)


def test_one_pp_per_5_families_rounded_up(kalua):
    assert _pray(kalua, [5, 5, 5, 5], [1, 5, 6, 11]) == {"A": 1, "B": 1, "C": 2, "D": 3}


def test_no_families_no_praying_points(kalua):
    gods = {"A": {"families": 0, "pp": 0}}
    state = kalua.position(gods)
    praying_phase(state)
    assert kalua.pp(state)["A"] == 0


def test_the_unhappiest_get_4_more_and_the_middle_ones_2_more(kalua):
    assert _pray(kalua, [1, 1, 4, 9], [10, 10, 10, 10]) == {"A": 6, "B": 6, "C": 4, "D": 2}


def test_all_equally_happy_nobody_gets_the_bonus(kalua):
    assert _pray(kalua, [3, 3, 3, 3], [10, 10, 10, 10]) == {"A": 2, "B": 2, "C": 2, "D": 2}


def test_happiness_stays_on_the_track_from_0_to_10(kalua):
    state = kalua.position({"A": {"hand": ["Drought"], "happiness": 1}, "B": {"hand": ["Festival"],
                                                                          "happiness": 9, "pp": 4}})
    kalua.do(state, "A", play="Drought")
    kalua.do(state, "B", reply="Festival")
    kalua.settle(state)
    kalua.do(state, "A", target="A")
    assert kalua.happy(state)["A"] == 0 and kalua.happy(state)["B"] == 10


def test_praying_points_never_go_below_0(kalua):
    state = kalua.position({"A": {"hand": ["Locusts"]}, "C": {"pp": 1}})
    kalua.settle(kalua.do(state, "A", play="Locusts"))
    kalua.do(state, "A", target="C")
    assert kalua.pp(state)["C"] == 0


def test_a_god_with_only_a_leader_gets_the_bonus_of_their_happiness(kalua):
    # A has no family (no PP for families) but is the unhappiest religion: +4; B is in the middle: +2 + 2
    assert _pray(kalua, [1, 5, 9], [0, 10, 10], players=("A", "B", "C")) == {"A": 4, "B": 4, "C": 2}
