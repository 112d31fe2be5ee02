"""Rulebook "Special Cards": Temple, Temple destroyed!, Amulets, New Leader."""

from __future__ import annotations

from kcal.games.kalua.rules.flow import praying_phase


def test_a_temple_stays_in_front_of_its_god(kalua):
    state = kalua.position({"A": {"hand": ["Temple"], "pp": 6}})
    kalua.settle(kalua.do(state, "A", play="Temple"))
    assert kalua.kept(state, "A") == ["Temple"]


def test_a_temples_benefit_comes_in_phase_5(kalua):
    gods = {p: {"pp": 0} for p in "ABCD"}
    gods["A"]["kept"] = ["Temple"]
    state = kalua.position(gods)
    praying_phase(state)
    assert kalua.pp(state) == {"A": 3, "B": 2, "C": 2, "D": 2}


def test_temple_destroyed_discards_the_chosen_gods_temple(kalua):
    state = kalua.position({"A": {"hand": ["Temple destroyed!"]}, "C": {"kept": ["Temple"]}})
    kalua.settle(kalua.do(state, "A", play="Temple destroyed!"))
    kalua.do(state, "A", target="C")
    assert kalua.kept(state, "C") == [] and "Temple" in [state.card_name(c) for c in state.discards[0]]
    assert kalua.happy(state)["C"] == 4


def test_temple_destroyed_without_a_temple_still_does_the_rest(kalua):
    state = kalua.position({"A": {"hand": ["Temple destroyed!"]}})
    kalua.settle(kalua.do(state, "A", play="Temple destroyed!"))
    kalua.do(state, "A", target="B")
    assert kalua.happy(state)["B"] == 4


def test_amulets_stop_one_card_from_taking_families_and_are_used_up(kalua):
    state = kalua.position({"A": {"hand": ["Tornado", "Epidemic"], "pp": 9}, "B": {"kept": ["Amulets"]}})
    kalua.settle(kalua.do(state, "A", play="Tornado"))
    kalua.do(state, "A", target="B")
    assert kalua.fams(state)["B"] == 10 and kalua.happy(state)["B"] == 4 and kalua.kept(state, "B") == []
    kalua.settle(kalua.do(state, "A", play="Epidemic"))
    kalua.do(state, "A", target="B")
    assert kalua.fams(state)["B"] == 8


def test_amulets_are_not_used_by_a_card_that_takes_no_family(kalua):
    state = kalua.position({"A": {"hand": ["Drought"]}, "B": {"kept": ["Amulets"]}})
    kalua.settle(kalua.do(state, "A", play="Drought"))
    kalua.do(state, "A", target="B")
    assert kalua.kept(state, "B") == ["Amulets"]


def test_new_leader_turns_a_family_into_the_leader(kalua):
    state = kalua.position({"A": {"hand": ["New Leader"], "leader": False, "families": 4}})
    kalua.settle(kalua.do(state, "A", play="New Leader"))
    assert state.leader[0] and kalua.fams(state)["A"] == 3


def test_new_leader_does_nothing_while_the_leader_is_there(kalua):
    state = kalua.position({"A": {"hand": ["New Leader"], "families": 4}})
    kalua.settle(kalua.do(state, "A", play="New Leader"))
    assert kalua.fams(state)["A"] == 4
    state = kalua.position({"B": {"hand": ["New Leader"], "leader": True, "families": 0}}, active="B")
    kalua.settle(kalua.do(state, "B", play="New Leader"))
    assert state.leader[1] and kalua.fams(state)["B"] == 0
