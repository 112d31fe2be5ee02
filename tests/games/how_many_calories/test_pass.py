"""Rulebook: each player passes 2 cards to the player on their left -- all at the same time."""

from __future__ import annotations

from kcal.games.how_many_calories.rules.moves import Pass, Play
from kcal.games.how_many_calories.rules.state import PASS, TRICK

CHOSEN = {"A": "red 1, blue 2", "B": "red 9, yellow 7", "C": "red 17, blue 22", "D": "red 25, blue 31"}


def hand(hmc, state, player):
    return set(hmc.game.view(state, player)["hand"])


def test_all_players_pass_at_the_same_time(hmc):
    state = hmc.dealt()
    assert hmc.game.to_move(state) == ("A", "B", "C", "D")
    hmc.passes(state, {"C": CHOSEN["C"]})
    assert hmc.game.to_move(state) == ("A", "B", "D")


def test_pass_resolves_when_last_player_passes(hmc):
    state = hmc.dealt()
    before = {p: hand(hmc, state, p) for p in "ABCD"}
    hmc.passes(state, {p: CHOSEN[p] for p in "ABC"})
    assert state.phase == PASS
    assert {p: hand(hmc, state, p) for p in "ABCD"} == before
    hmc.passes(state, {"D": CHOSEN["D"]})
    assert state.phase == TRICK
    assert hmc.game.to_move(state) == ("A",)


def test_cards_go_to_the_left_neighbour(hmc):
    state = hmc.dealt()
    hmc.passes(state, CHOSEN)
    assert {"red 1", "blue 2"} <= hand(hmc, state, "B")
    assert {"red 9", "yellow 7"} <= hand(hmc, state, "C")
    assert {"red 17", "blue 22"} <= hand(hmc, state, "D")
    assert {"red 25", "blue 31"} <= hand(hmc, state, "A")  # the left of the last player is the first
    assert all(len(hand(hmc, state, p)) == 8 for p in "ABCD")


def test_passed_cards_come_from_dealt_hand_not_received(hmc):
    state = hmc.dealt()
    hmc.passes(state, {"A": CHOSEN["A"]})
    reason = hmc.game.why_illegal(state, "B", Pass(hmc.cards("red 1, red 9")))
    assert reason == ("B does not hold red 1 yet: A passes it to B, and passed cards change hands only once "
                      "every player has passed, so a pass comes from the dealt hand")


def test_a_card_the_right_neighbour_was_dealt_is_not_passed_on(hmc):
    state = hmc.dealt()  # D passes to A, and has not chosen yet
    reason = hmc.game.why_illegal(state, "A", Pass(hmc.cards("red 1, red 25")))
    assert reason == ("A does not hold red 25 (D was dealt it): a pass comes from the dealt hand, before any "
                      "passed card arrives")
    assert hmc.game.why_illegal(state, "A", Pass(hmc.cards("red 1, red 9"))) == "A does not hold red 9"


def test_a_player_passes_once_a_round(hmc):
    state = hmc.dealt()
    hmc.passes(state, {"A": CHOSEN["A"]})
    assert hmc.game.why_illegal(state, "A", Pass(hmc.cards("red 8, yellow 3"))) == (
        "A has already passed red 1, blue 2 this round; still to pass: B, C, D (every player passes once, "
        "and the cards change hands when the last has passed)")
    assert hmc.game.legal_moves(state, "A") == []


def test_pass_exactly_two_cards_not_three_or_one(hmc):
    state = hmc.dealt()
    assert hmc.game.why_illegal(state, "A", Pass(hmc.cards("red 1, red 8, yellow 3"))) == \
        "pass exactly 2 cards, not 3"
    assert hmc.game.why_illegal(state, "A", Pass(hmc.cards("red 1"))) == "pass exactly 2 cards, not 1"


def test_pass_of_the_same_card_twice_is_illegal(hmc):
    state = hmc.dealt()
    assert hmc.game.why_illegal(state, "A", Pass(hmc.cards("red 1, red 1"))) == \
        "pass 2 different cards, not red 1 twice"


def test_every_pair_of_cards_in_hand_is_a_legal_pass(hmc):
    state = hmc.dealt()
    moves = hmc.game.legal_moves(state, "B")
    assert len(moves) == 28  # 8 choose 2
    assert Pass(hmc.cards("blue 19, red 9")) in moves  # a pass is the same in any order


def test_no_card_is_played_before_the_pass(hmc):
    state = hmc.dealt()
    hmc.passes(state, {"B": CHOSEN["B"]})
    assert hmc.game.why_illegal(state, "A", Play(hmc.card("red 8"))) == (
        "round 1 starts with the pass: every player passes 2 cards to the left first "
        "(still to pass: A, C, D)")


def test_no_pass_during_the_tricks(hmc):
    state = hmc.dealt()
    hmc.passes(state, CHOSEN)
    assert hmc.game.why_illegal(state, "A", Pass(hmc.cards("red 8, yellow 3"))) == (
        "cards are passed only at the start of a round; now A is to play in trick 1 of round 1")
