"""Rulebook phase 1 "Draw Cards", buying at any time, and an empty deck (ruling "empty-deck")."""

from __future__ import annotations

from kcal.games.kalua.state import DRAW, LEADERS


def test_a_god_with_fewer_than_5_cards_draws_up_to_5(kalua):
    state = kalua.position({"A": {"hand": ["Tornado", "Drought"]}}, phase="draw")
    assert state.step == DRAW and state.draws_left == 3
    for _ in range(3):
        kalua.do(state, "A", draw="bonus")
    assert len(kalua.hand(state, "A")) == 5 and state.step == LEADERS


def test_a_god_with_5_or_more_cards_draws_exactly_1(kalua):
    six = ["Tornado", "Drought", "Flood", "Festival", "Temple", "Amulets"]
    state = kalua.position({"A": {"hand": six}}, phase="draw")
    kalua.do(state, "A", draw="disaster")
    assert len(kalua.hand(state, "A")) == 7 and state.step == LEADERS


def test_a_draw_may_name_the_card_drawn(kalua):
    state = kalua.position(phase="draw")
    kalua.do(state, "A", draw="disaster", card="Tsunami")
    assert kalua.hand(state, "A") == ["Tsunami"]


def test_a_named_card_that_is_not_in_the_deck_is_refused(kalua):
    state = kalua.position({"B": {"hand": ["Tsunami"]}}, phase="draw")
    assert kalua.why(state, "A", draw="disaster", card="Tsunami") == \
        "no Tsunami is left in the disaster deck (1 in the game: B's hand)"
    assert kalua.why(state, "A", draw="bonus", card="Tornado") == \
        "Tornado is a disaster card, not in the bonus deck"


def test_an_empty_deck_is_refilled_from_its_shuffled_discard_pile(kalua):
    bonus = ["Good Harvest"] * 3 + ["Festival"] * 2 + ["Miracle"] + ["Pilgrimage"] * 2 + ["Prophet's Sermon"] * 2
    rest = ["Abundant Offerings"] * 2 + ["Temple"] * 2 + ["Amulets"] * 2 + ["New Leader"] * 2
    rest += ["Sacred Spring"] + ["Bountiful Fishing"] * 2
    state = kalua.position({"A": {"hand": []}, "B": {"hand": rest}}, discards={"bonus": bonus}, phase="draw")
    assert state.piles[0] == [] and len(state.discards[0]) == 10
    kalua.do(state, "A", draw="bonus")
    assert len(state.piles[0]) == 9 and state.discards[0] == []
    assert any(e[0] == "reshuffle" for e in state.events())


def test_a_deck_with_no_cards_and_no_discards_cannot_be_chosen(kalua):
    bonus = ["Good Harvest"] * 3 + ["Festival"] * 2 + ["Miracle"] + ["Pilgrimage"] * 2 + ["Prophet's Sermon"] * 2
    bonus += ["Abundant Offerings"] * 2 + ["Temple"] * 2 + ["Amulets"] * 2 + ["New Leader"] * 2
    bonus += ["Sacred Spring"] + ["Bountiful Fishing"] * 2
    state = kalua.position({"B": {"hand": bonus}}, phase="draw")
    assert kalua.why(state, "A", draw="bonus") == "the bonus deck and its discard pile are empty"
    assert all(m.deck.value == "disaster" for m in kalua.game.legal_moves(state, "A"))


def test_a_card_can_be_bought_for_5_pp_at_a_decision(kalua):
    state = kalua.position({"A": {"pp": 7}})
    kalua.do(state, "A", buy="bonus")
    assert kalua.pp(state)["A"] == 2 and len(kalua.hand(state, "A")) == 1
    assert kalua.why(state, "A", buy="bonus") == "A cannot buy a card: it costs 5 PP and A has 2"


def test_buying_is_allowed_while_answering_a_card(kalua):
    state = kalua.position({"A": {"hand": ["Drought"]}, "B": {"pp": 5}})
    kalua.do(state, "A", play="Drought")
    assert kalua.to_move(state) == "B"
    kalua.do(state, "B", buy="disaster")
    assert kalua.to_move(state) == "B" and len(kalua.hand(state, "B")) == 1
