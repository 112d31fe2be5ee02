"""Rulebook phase 3 "Play Action Cards": paying, answers, resolution in play order, the three card
types, kept cards, discards, and "Convert!"."""

from __future__ import annotations

from kcal.games.kalua.rules.state import DISCARD, PLAY, REPLY, TARGET


def test_the_active_god_pays_the_cost_and_the_card_resolves(kalua):
    state = kalua.position({"A": {"hand": ["Good Harvest"], "pp": 5}})
    kalua.settle(kalua.do(state, "A", play="Good Harvest"))
    assert kalua.pp(state)["A"] == 3 and kalua.happy(state)["A"] == 7
    assert state.step == PLAY and kalua.to_move(state) == "A"
    assert [state.card_name(c) for c in state.discards[0]] == ["Good Harvest"]


def test_a_god_with_no_card_to_pay_for_and_under_5_pp_is_not_asked_to_answer(kalua):
    gods = {"A": {"hand": ["Drought"]}, "B": {"pp": 4}, "C": {"hand": ["Earthquake"], "pp": 4},
            "D": {"hand": ["Tsunami"], "pp": 0}}
    state = kalua.position(gods)
    kalua.do(state, "A", play="Drought")
    assert kalua.to_move(state) == "D"  # B: nothing; C: cannot pay Earthquake; D: a global costs 0


def test_a_god_cannot_pay_what_they_do_not_have(kalua):
    state = kalua.position({"A": {"hand": ["Earthquake"], "pp": 6}})
    assert kalua.why(state, "A", play="Earthquake") == "A cannot pay 7 PP for Earthquake: A has 6"
    assert kalua.why(state, "A", play="Earthquake", pay=3) == "Earthquake costs 7 PP, not 3"


def test_each_other_god_in_clockwise_order_may_answer_once(kalua):
    gods = {"A": {"hand": ["Drought"]}, "B": {"hand": ["Festival"]}, "C": {"hand": ["Drought"]},
            "D": {"hand": ["Festival"]}}
    state = kalua.position(gods, active="B")
    kalua.do(state, "B", play="Festival")
    seen = []
    while state.step == REPLY:
        seen.append(kalua.to_move(state))
        kalua.do(state, kalua.to_move(state), reply="none")
    assert seen == ["C", "D", "A"]


def test_a_god_answers_each_card_only_once(kalua):
    gods = {"A": {"hand": ["Drought"]}, "B": {"hand": ["Drought", "Festival"], "pp": 9},
            "C": {"hand": ["Festival"]}}
    state = kalua.position(gods)
    kalua.do(state, "A", play="Drought")
    kalua.do(state, "B", reply="Festival")
    assert kalua.why(state, "B", reply="Drought") == (
        "B has already answered A's Drought (with Festival); each god answers each card once, and now C is "
        "to answer A's Drought (phase 3)")


def test_answers_are_not_answered(kalua):
    gods = {"A": {"hand": ["Drought", "Festival"], "pp": 9}, "B": {"hand": ["Drought"]}}
    state = kalua.position(gods | {"C": {"pp": 0}}, players=("A", "B", "C"))
    kalua.do(state, "A", play="Festival")
    kalua.do(state, "B", reply="Drought")
    # C holds nothing and cannot buy: the answers are over, the table resolves; A is not asked to answer B
    assert state.step == TARGET and kalua.to_move(state) == "B"


def test_cards_resolve_in_the_order_they_were_played(kalua):
    gods = {"A": {"hand": ["Good Harvest"], "happiness": 9}, "B": {"hand": ["Drought"], "pp": 5},
            "C": {"pp": 0}}
    state = kalua.position(gods, players=("A", "B", "C"))
    kalua.do(state, "A", play="Good Harvest")  # 9 + 2 -> 10 (clamped), then -2 -> 8
    kalua.do(state, "B", reply="Drought")
    kalua.do(state, "B", target="A")
    assert kalua.happy(state)["A"] == 8
    kinds = [e[0] for e in state.events() if e[0] in ("play", "resolve")]
    assert kinds == ["play", "play", "resolve", "resolve"]


def test_a_local_disaster_chooses_its_target_when_it_resolves(kalua):
    state = kalua.position({"A": {"hand": ["Epidemic"]}})
    kalua.settle(kalua.do(state, "A", play="Epidemic"))
    assert state.step == TARGET and kalua.to_move(state) == "A"
    kalua.do(state, "A", target="C")
    assert kalua.fams(state)["C"] == 8


def test_a_local_disaster_may_target_its_own_player(kalua):
    state = kalua.position({"A": {"hand": ["Crisis of Faith"]}}, island=0)
    kalua.settle(kalua.do(state, "A", play="Crisis of Faith"))
    kalua.do(state, "A", target="A")
    assert kalua.fams(state)["A"] == 8 and state.island == 2


def test_a_card_cannot_target_an_eliminated_god(kalua):
    state = kalua.position({"A": {"hand": ["Epidemic"]}, "C": {"families": 0, "leader": False}})
    kalua.settle(kalua.do(state, "A", play="Epidemic"))
    assert kalua.why(state, "A", target="C") == \
        "C is out of the game (no families, no leader): a card cannot target them"


def test_a_global_disaster_paid_0_hits_everyone(kalua):
    state = kalua.position({"A": {"hand": ["Tsunami"]}})
    kalua.settle(kalua.do(state, "A", play="Tsunami", pay=0))
    assert kalua.fams(state) == {"A": 8, "B": 8, "C": 8, "D": 8}


def test_a_global_disaster_paid_6_protects_its_player(kalua):
    state = kalua.position({"A": {"hand": ["Tsunami"], "pp": 6}})
    kalua.settle(kalua.do(state, "A", play="Tsunami", pay=6))
    assert kalua.fams(state) == {"A": 10, "B": 8, "C": 8, "D": 8} and kalua.pp(state)["A"] == 0


def test_a_global_disaster_paid_12_doubles_without_protection(kalua):
    state = kalua.position({"A": {"hand": ["Volcanic Eruption"], "pp": 12}})
    kalua.settle(kalua.do(state, "A", play="Volcanic Eruption", pay=12))
    assert kalua.fams(state) == {"A": 6, "B": 6, "C": 6, "D": 6}
    assert kalua.happy(state) == {"A": 3, "B": 3, "C": 3, "D": 3}


def test_protection_needs_6_pp(kalua):
    gods = {"A": {"hand": ["Drought"]}, "B": {"hand": ["Tsunami"], "pp": 4}}
    state = kalua.position(gods)
    kalua.do(state, "A", play="Drought")
    assert kalua.why(state, "B", reply="Tsunami", pay=6) == "B cannot pay 6 PP for protection: B has 4"
    assert kalua.why(state, "B", reply="Tsunami", pay=5) == \
        "a global disaster is paid 0, 6 (protection) or 12 (double), not 5"


def test_a_discard_effect_lets_the_target_choose_the_cards(kalua):
    gods = {"A": {"hand": ["Heresy"]}, "C": {"hand": ["Festival", "Tornado", "Temple"], "pp": 0}}
    state = kalua.position(gods)
    kalua.settle(kalua.do(state, "A", play="Heresy"))
    kalua.do(state, "A", target="C")
    assert state.step == DISCARD and kalua.to_move(state) == "C"
    kalua.do(state, "C", discard="Tornado")
    kalua.do(state, "C", discard="Temple")
    assert kalua.hand(state, "C") == ["Festival"] and state.step == PLAY


def test_a_god_holding_no_more_than_the_discard_loses_the_whole_hand(kalua):
    state = kalua.position({"A": {"hand": ["Heresy"]}, "C": {"hand": ["Festival"], "pp": 0}})
    kalua.settle(kalua.do(state, "A", play="Heresy"))
    kalua.do(state, "A", target="C")
    assert kalua.hand(state, "C") == [] and state.step == PLAY


def test_the_active_god_may_shout_convert_before_any_card(kalua):
    state = kalua.position({"A": {"hand": ["Festival"]}})
    kalua.do(state, "A", convert=True)
    assert state.turn == 2 and kalua.to_move(state) == "B"


def test_cards_are_played_only_in_phase_3(kalua):
    state = kalua.position({"A": {"hand": ["Festival"]}}, phase="leaders")
    assert kalua.why(state, "A", play="Festival") == ("cards are played by the active god in phase 3; now it "
                                                      "is phase 2 (leaders): A is to activate their leader "
                                                      "(phase 2)")
    assert kalua.why(state, "B", play="Festival").startswith("cards are played by the active god in phase 3")


def test_only_the_active_god_plays_and_others_answer(kalua):
    state = kalua.position({"B": {"hand": ["Festival"]}})
    assert kalua.why(state, "B", reply="Festival") == \
        "a card is answered in phase 3 right after it is played; now A is to play a card or shout Convert! (phase 3)"


def test_a_card_not_in_hand_cannot_be_played(kalua):
    state = kalua.position({"A": {"hand": ["Festival"]}})
    assert kalua.why(state, "A", play="Drought") == "A does not hold Drought"
    assert "no card 'Drougt'" in kalua.why(state, "A", play="Drougt")


def test_an_effect_on_everyone_touches_gods_from_the_cards_player_clockwise(kalua):
    state = kalua.position({"C": {"hand": ["Comet"]}, "D": {"hand": ["Festival", "Drought"]},
                            "A": {"hand": ["Temple", "Amulets"]}}, active="C")
    kalua.settle(kalua.do(state, "C", play="Comet", pay=0))
    assert kalua.to_move(state) == "D"  # C holds nothing: D is the first to choose a discard
    kalua.do(state, "D", discard="Drought")
    assert kalua.to_move(state) == "A"


def test_a_god_loses_at_most_the_families_they_have_and_never_the_leader(kalua):
    state = kalua.position({"A": {"hand": ["Earthquake"], "pp": 7}, "B": {"families": 2}})
    kalua.settle(kalua.do(state, "A", play="Earthquake"))
    kalua.do(state, "A", target="B")
    assert kalua.fams(state)["B"] == 0 and state.leader[1] and not state.out[1]


def test_an_active_god_eliminated_in_phase_3_ends_the_phase(kalua):
    state = kalua.position({"A": {"hand": ["Earthquake"], "pp": 7, "families": 2, "leader": False}})
    kalua.settle(kalua.do(state, "A", play="Earthquake"))
    kalua.do(state, "A", target="A")
    assert state.out[0] and state.turn == 2 and kalua.to_move(state) == "B"


def _passed_over_record(kalua, tmp_path, moves):
    start = {"phase": "cards", "gods": {"A": {"families": 10, "leader": True, "pp": 5, "happiness": 5,
                                              "hand": ["Drought"], "kept": []},
                                        "B": {"families": 10, "leader": True, "pp": 4, "happiness": 5,
                                              "hand": [], "kept": []},
                                        "C": {"families": 10, "leader": True, "pp": 5, "happiness": 5,
                                              "hand": ["Festival"], "kept": []}}}
    record = {"game": "kalua", "players": ["A", "B", "C"], "seed": 3, "start": start, "moves": moves}
    from kcal.games.kalua.replay import replay

    return replay(kalua.write_yaml(tmp_path / "game.yaml", record)).to_json()


def test_a_record_may_write_no_answer_for_a_god_who_was_not_asked(kalua, tmp_path):
    # B holds nothing and has 4 PP: the engine passes B over; the record says so explicitly
    data = _passed_over_record(kalua, tmp_path, [
        {"player": "A", "play": "Drought"}, {"player": "B", "reply": "none"},
        {"player": "C", "reply": "none"}, {"player": "A", "target": "C"}])
    assert data["legal"] and data["moves_applied"] == 4 and data["state"]["gods"]["C"]["happiness"] == 3


def test_a_god_passed_over_may_write_no_answer_after_the_answers_are_over(kalua, tmp_path):
    data = _passed_over_record(kalua, tmp_path, [
        {"player": "A", "play": "Drought"}, {"player": "C", "reply": "none"},
        {"player": "B", "reply": "none"}, {"player": "A", "target": "B"}])
    assert data["legal"] and data["moves_applied"] == 4


def test_a_god_passed_over_is_told_so_not_that_they_answered(kalua):
    gods = {"A": {"hand": ["Drought"]}, "B": {"pp": 4}, "C": {"hand": ["Festival"]}}
    state = kalua.do(kalua.position(gods, players=("A", "B", "C")), "A", play="Drought")
    assert kalua.to_move(state) == "C"
    assert kalua.why(state, "B", reply="none") == (
        "B was not asked to answer A's Drought: they had nothing to answer with (no card they could pay "
        "for, and no card to buy for 5 PP), which is the same as no answer")


def test_no_answer_written_twice_for_a_god_passed_over_is_illegal(kalua, tmp_path):
    data = _passed_over_record(kalua, tmp_path, [
        {"player": "A", "play": "Drought"}, {"player": "B", "reply": "none"}, {"player": "B", "reply": "none"}])
    assert data["illegal_move"]["index"] == 2
    assert data["illegal_move"]["reason"] == (
        "B has already answered A's Drought (no answer); each god answers each card once, and now C is to "
        "answer A's Drought (phase 3)")
