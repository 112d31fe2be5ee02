"""Rulebook phase 4 "Convert Families": the pool from the unhappiest and the middle ones, shared among
the happiest up to 3 each, the remainder to the island."""

from __future__ import annotations

from kcal.games.kalua.rules.flow import convert_phase


def _convert(kalua, happiness, families=None, players=("A", "B", "C", "D"), island=0):
    gods = {p: {"happiness": h} for p, h in zip(players, happiness, strict=True)}
    for p, f in zip(players, families or [10] * len(players), strict=True):
        gods[p]["families"] = f
    state = kalua.position(gods, players=players, island=island)
    convert_phase(state)
    return state


def test_all_religions_equally_happy_nothing_happens(kalua):
    state = _convert(kalua, [4, 4, 4, 4])
    assert kalua.fams(state) == {"A": 10, "B": 10, "C": 10, "D": 10} and state.island == 0


def test_the_unhappiest_give_2_and_the_middle_ones_1(kalua):
    state = _convert(kalua, [2, 5, 5, 8])  # pool 2 + 1 + 1 = 4; the one happiest takes 3; 1 to the island
    assert kalua.fams(state) == {"A": 8, "B": 9, "C": 9, "D": 13} and state.island == 1


def test_the_pool_is_shared_evenly_among_the_happiest(kalua):
    state = _convert(kalua, [1, 1, 7, 7])  # pool 4: 2 each
    assert kalua.fams(state) == {"A": 8, "B": 8, "C": 12, "D": 12} and state.island == 0


def test_the_remainder_of_an_uneven_share_goes_to_the_island(kalua):
    state = _convert(kalua, [1, 4, 7, 7])  # pool 3: 1 each, 1 atheist
    assert kalua.fams(state) == {"A": 8, "B": 9, "C": 11, "D": 11} and state.island == 1


def test_a_pool_too_small_to_share_all_goes_to_the_island(kalua):
    state = _convert(kalua, [3, 6, 6, 6], families=[1, 10, 10, 10])  # pool 1 for 3 happiest
    assert kalua.fams(state) == {"A": 0, "B": 10, "C": 10, "D": 10} and state.island == 1


def test_each_happiest_religion_takes_at_most_3(kalua):
    state = _convert(kalua, [0, 0, 0, 9], players=("A", "B", "C", "D"))  # pool 6, 3 to D, 3 atheists
    assert kalua.fams(state)["D"] == 13 and state.island == 3


def test_a_god_gives_only_the_families_they_have(kalua):
    state = _convert(kalua, [0, 9, 9], families=[1, 10, 10], players=("A", "B", "C"))
    assert kalua.fams(state) == {"A": 0, "B": 10, "C": 10} and state.island == 1


def test_eliminated_gods_take_no_part_in_the_comparison(kalua):
    gods = {"A": {"happiness": 0, "families": 0, "leader": False}, "B": {"happiness": 5}, "C": {"happiness": 5}}
    state = kalua.position(gods, players=("A", "B", "C"), active="B")
    convert_phase(state)
    assert kalua.fams(state) == {"A": 0, "B": 10, "C": 10}  # B and C are equally happy: nothing happens


def test_a_god_with_only_a_leader_counts_and_can_win_families(kalua):
    state = _convert(kalua, [2, 2, 9], families=[10, 10, 0], players=("A", "B", "C"))
    assert kalua.fams(state) == {"A": 8, "B": 8, "C": 3} and state.island == 1


def test_families_the_happiest_cannot_take_go_to_the_island(kalua):
    players = ("A", "B", "C", "D", "E")
    state = _convert(kalua, [0, 0, 0, 0, 9], players=players)  # pool 8: E takes 3, 5 become atheists
    assert kalua.fams(state) == {"A": 8, "B": 8, "C": 8, "D": 8, "E": 13} and state.island == 5
