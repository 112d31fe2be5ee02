"""Rulebook "Player Elimination" and "End Game Conditions", and kcal's rulings for what they leave open
(last standing, all eliminated, the turn limit)."""

from __future__ import annotations

from kcal.games.kalua.rules.state import OVER


def test_a_god_with_a_leader_and_no_families_is_still_in(kalua):
    state = kalua.position({"A": {"hand": ["Earthquake"], "pp": 7}, "B": {"families": 3}})
    kalua.settle(kalua.do(state, "A", play="Earthquake"))
    kalua.do(state, "A", target="B")
    assert kalua.fams(state)["B"] == 0 and not state.out[1]


def test_a_god_with_no_families_and_no_leader_is_eliminated_with_their_cards(kalua):
    state = kalua.position({"A": {"hand": ["Earthquake"], "pp": 7},
                            "B": {"families": 3, "leader": False, "hand": ["Festival"], "kept": ["Temple"]}})
    kalua.settle(kalua.do(state, "A", play="Earthquake"))
    kalua.do(state, "A", target="B")
    assert state.out[1] and kalua.hand(state, "B") == [] and kalua.kept(state, "B") == []
    assert ("eliminated", 1) in state.events()


def test_an_eliminated_god_takes_no_turn(kalua):
    state = kalua.position({"B": {"families": 0, "leader": False}})
    kalua.do(state, "A", convert=True)
    assert state.turn == 2 and kalua.to_move(state) == "C"


def test_a_leader_with_no_families_can_win_them_back(kalua):
    state = kalua.position({"B": {"families": 0}}, phase="leaders", island=4)
    kalua.do(state, "A", leader="none")
    kalua.do(state, "B", leader="atheists")
    assert kalua.fams(state)["B"] == 2


def test_the_only_religion_with_families_after_phase_5_wins(kalua):
    gods = {"B": {"families": 0}, "C": {"families": 0}, "D": {"families": 0}}
    state = kalua.position(gods)
    kalua.do(state, "A", convert=True)
    out = kalua.game.outcome(state)
    assert out.reason == "one_religion" and out.winners == ("A",)
    assert out.scores == {"A": 10, "B": 0, "C": 0, "D": 0}


def test_the_end_is_checked_only_after_phase_5(kalua):
    gods = {"A": {"hand": ["Earthquake"], "pp": 7}, "B": {"families": 3}, "C": {"families": 0},
            "D": {"families": 0}}
    state = kalua.position(gods)
    kalua.settle(kalua.do(state, "A", play="Earthquake"))
    kalua.do(state, "A", target="B")
    assert kalua.game.outcome(state) is None and state.step != OVER
    kalua.do(state, "A", convert=True)
    assert kalua.game.outcome(state).winners == ("A",)


def test_a_global_disaster_that_wipes_out_every_religion_gives_the_win_to_the_most_families_before(kalua):
    gods = {"A": {"hand": ["Tsunami"], "families": 2}, "B": {"families": 1}, "C": {"families": 2},
            "D": {"families": 0}}
    state = kalua.position(gods)
    kalua.do(state, "A", play="Tsunami", pay=0)
    kalua.settle(state)
    out = kalua.game.outcome(state)
    assert out.reason == "global_disaster" and out.winners == ("A", "C")  # tied religions share the win


def test_the_families_before_a_global_disaster_are_counted_when_it_is_played(kalua):
    gods = {"A": {"hand": ["Tsunami"], "families": 2}, "B": {"hand": ["Epidemic"], "families": 1},
            "C": {"families": 2}, "D": {"families": 0}}
    state = kalua.position(gods, players=("A", "B", "C", "D"))
    kalua.do(state, "A", play="Tsunami", pay=0)
    kalua.do(state, "B", reply="Epidemic")
    kalua.settle(state)
    assert kalua.game.outcome(state).winners == ("A", "C")


def test_a_global_disaster_with_protection_that_leaves_its_player_families_ends_nothing(kalua):
    gods = {"A": {"hand": ["Tsunami"], "families": 2, "pp": 6}, "B": {"families": 1}, "C": {"families": 2},
            "D": {"families": 0}}
    state = kalua.position(gods)
    kalua.settle(kalua.do(state, "A", play="Tsunami", pay=6))
    assert kalua.game.outcome(state) is None


def test_the_last_god_in_the_game_wins_even_without_families(kalua):
    gods = {"A": {"families": 0}, "B": {"families": 0, "leader": False}, "C": {"families": 0, "leader": False}}
    state = kalua.position(gods, players=("A", "B", "C"), island=0)
    kalua.do(state, "A", convert=True)
    out = kalua.game.outcome(state)
    assert out.reason == "last_standing" and out.winners == ("A",)


def test_when_every_god_is_eliminated_nobody_wins(kalua):
    gods = {"A": {"families": 0}, "B": {"families": 0, "leader": False}, "C": {"families": 0, "leader": False}}
    state = kalua.position(gods, players=("A", "B", "C"), island=0, phase="leaders")
    kalua.do(state, "A", leader="sacrifice")
    out = kalua.game.outcome(state)
    assert out.reason == "all_eliminated" and out.winners == ()


def test_the_game_stops_unfinished_at_the_turn_limit(kalua):
    state = kalua.position(turn=3, turn_limit=3)
    kalua.do(state, "A", convert=True)
    out = kalua.game.outcome(state)
    assert out.reason == "turn_limit" and out.winners == () and kalua.game.to_move(state) == ()


def test_random_games_end(kalua):
    for seed in range(10):
        state = kalua.play_out(kalua.new(seed=seed), seed=seed)
        assert kalua.game.outcome(state) is not None


def test_the_card_of_a_god_eliminated_before_it_resolves_does_nothing(kalua):
    gods = {"A": {"hand": ["Earthquake"], "pp": 7}, "B": {"families": 3, "leader": False, "hand": ["Festival"]}}
    state = kalua.position(gods)
    kalua.do(state, "A", play="Earthquake")
    kalua.do(state, "B", reply="Festival")
    kalua.settle(state)
    kalua.do(state, "A", target="B")
    assert state.out[1] and ("fizzle", 1, state.discards[0][-1]) in state.events()
    assert kalua.happy(state)["B"] == 5


def test_an_answer_that_completes_a_global_disasters_wipe_out_ends_the_game(kalua):
    gods = {"A": {"hand": ["Tsunami"], "families": 2}, "B": {"hand": ["Landslide"], "families": 1},
            "C": {"families": 3}, "D": {"families": 0}}
    state = kalua.position(gods)
    kalua.do(state, "A", play="Tsunami", pay=0)
    kalua.settle(kalua.do(state, "B", reply="Landslide"))
    assert kalua.fams(state) == {"A": 0, "B": 0, "C": 1, "D": 0} and kalua.game.outcome(state) is None
    kalua.do(state, "B", target="C")  # the answer takes C's last family: every religion is out of families
    out = kalua.game.outcome(state)
    assert out.reason == "global_disaster" and out.winners == ("C",)  # C had the most when Tsunami was played


def test_a_wipe_out_with_no_global_disaster_on_the_table_waits_for_phase_5(kalua):
    gods = {"A": {"hand": ["Landslide"], "families": 0}, "B": {"families": 1}, "C": {"families": 0},
            "D": {"families": 0}}
    state = kalua.settle(kalua.do(kalua.position(gods), "A", play="Landslide"))
    kalua.do(state, "A", target="B")
    assert kalua.fams(state)["B"] == 0 and kalua.game.outcome(state) is None
