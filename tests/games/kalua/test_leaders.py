"""Rulebook phase 2 "Activate Leader": the four actions, the order, gods without a leader."""

from __future__ import annotations

from kcal.games.kalua.rules.state import PLAY


def test_leaders_act_from_the_active_god_clockwise(kalua):
    state = kalua.position(phase="leaders", active="C")
    order = []
    while state.step != PLAY:
        order.append(kalua.to_move(state))
        kalua.do(state, kalua.to_move(state), leader="none")
    assert order == ["C", "D", "A", "B"]


def test_a_god_without_a_leader_is_skipped(kalua):
    state = kalua.position({"D": {"leader": False}}, phase="leaders", active="C")
    kalua.do(state, "C", leader="none")
    assert kalua.to_move(state) == "A"


def test_a_speech_raises_happiness_by_1_up_to_10(kalua):
    state = kalua.position({"A": {"happiness": 9}, "B": {"happiness": 10}}, phase="leaders")
    kalua.do(state, "A", leader="speech")
    kalua.do(state, "B", leader="speech")
    assert kalua.happy(state)["A"] == 10 and kalua.happy(state)["B"] == 10


def test_converting_atheists_takes_2_from_the_island(kalua):
    state = kalua.position(phase="leaders", island=5)
    kalua.do(state, "A", leader="atheists")
    assert kalua.fams(state)["A"] == 12 and state.island == 3


def test_converting_atheists_takes_what_is_left_and_needs_one(kalua):
    state = kalua.position(phase="leaders", island=1)
    kalua.do(state, "A", leader="atheists")
    assert kalua.fams(state)["A"] == 11 and state.island == 0
    assert kalua.why(state, "B", leader="atheists") == "the island has no atheists to convert"


def test_converting_a_believer_takes_1_family_from_another_god(kalua):
    state = kalua.position({"C": {"families": 4}}, phase="leaders")
    kalua.do(state, "A", leader="believer", from_="C")
    assert kalua.fams(state) == {"A": 11, "B": 10, "C": 3, "D": 10}
    assert kalua.why(state, "B", leader="believer", from_="B") == \
        "a leader converts a believer from another god, not from their own"


def test_a_believer_cannot_come_from_a_god_with_no_family(kalua):
    state = kalua.position({"C": {"families": 0}}, phase="leaders")
    assert kalua.why(state, "A", leader="believer", from_="C") == "C has no family to convert"


def test_the_massive_speech_removes_the_leader_and_adds_up_to_5_atheists(kalua):
    state = kalua.position(phase="leaders", island=12)
    kalua.do(state, "A", leader="sacrifice")
    assert kalua.fams(state)["A"] == 15 and state.island == 7 and not state.leader[0]
    state = kalua.position(phase="leaders", island=3)
    kalua.do(state, "A", leader="sacrifice")
    assert kalua.fams(state)["A"] == 13 and state.island == 0


def test_leader_actions_only_in_phase_2(kalua):
    state = kalua.position()
    assert kalua.why(state, "A", leader="speech").startswith("leaders act in phase 2; now it is phase 3 (cards)")


def test_a_god_without_a_leader_is_told_so_when_they_activate_one(kalua):
    state = kalua.position({"B": {"leader": False}}, phase="leaders")
    assert kalua.why(state, "B", leader="none") == \
        "B has no leader: only a god with a leader activates it in phase 2"
    assert kalua.why(state, "B", leader="speech") == \
        "B has no leader: only a god with a leader activates it in phase 2"


def test_a_speech_at_the_top_of_the_track_gains_nothing_and_says_so(kalua):
    from kcal.games.kalua.replay import story

    state = kalua.position({"A": {"happiness": 10}, "B": {"happiness": 4}}, phase="leaders")
    kalua.do(state, "A", leader="speech")
    kalua.do(state, "B", leader="speech")
    lines = story(state)
    assert "  A's leader gives a speech: happiness stays at 10, the top" in lines
    assert "  B's leader gives a speech: +1 happiness" in lines
