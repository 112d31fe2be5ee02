"""Rulebook: Trick-taking -- any card, highest value wins the lowest card, lowest card leads next."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.how_many_calories.rules.state import TRICK, TrickResult

HANDS = {"A": "red 12, yellow 3", "B": "red 8, yellow 7", "C": "red 20, green 10", "D": "red 9, blue 2"}


def test_start_player_leads_any_card(hmc):
    state = hmc.position(HANDS, leader="A")
    assert [str(m.card) for m in hmc.game.legal_moves(state, "A")] == ["yellow 3", "red 12"]
    assert hmc.game.to_move(state) == ("A",)


def test_every_other_player_plays_any_card_in_turn_order(hmc):
    state = hmc.position(HANDS, leader="C")
    order = []
    for _ in range(4):
        (player,) = hmc.game.to_move(state)
        order.append(player)
        hmc.game.apply(state, player, hmc.game.legal_moves(state, player)[-1])
    assert order == ["C", "D", "A", "B"]


def test_no_colour_has_to_be_followed(hmc):
    state = hmc.position(HANDS, leader="A")
    hmc.play(state, "A red 12")
    assert hmc.why(state, "B yellow 7") is None


def test_highest_value_wins_the_lowest_card(hmc):
    state = hmc.position(HANDS, leader="A")
    hmc.play(state, "A red 12", "B red 8", "C red 20", "D red 9")
    trick = state.last_trick
    assert state.rules.players[trick.winner] == "C"
    assert state.rules.card_text(trick.won) == "red 8"
    assert state.intake == [0, 0, 800, 0]


def test_only_the_lowest_card_is_taken_the_rest_are_discarded(hmc):
    state = hmc.position(HANDS, leader="A")
    hmc.play(state, "A red 12", "B red 8", "C red 20", "D red 9")
    assert state.won == [[], [], [8], []]
    everywhere = [c for h in state.hands for c in h] + [c for w in state.won for c in w]
    assert not {12, 20, 9} & set(everywhere)


def test_player_of_lowest_card_leads_next_trick(hmc):
    state = hmc.position(HANDS, leader="A")
    hmc.play(state, "A red 12", "B red 8", "C red 20", "D red 9")
    assert hmc.game.to_move(state) == ("B",)
    assert hmc.game.view(state, "A")["last_trick"]["next_leader"] == "B"


def test_playing_out_of_turn_is_illegal_and_says_whose_turn_and_why(hmc):
    state = hmc.position(HANDS, leader="A")
    hmc.play(state, "A red 12")
    assert hmc.why(state, "C red 20") == (
        "it is B's turn, not C's: trick 7 goes round in turn order from its leader A, and B plays next")


def test_out_of_turn_names_the_players_out_who_are_skipped(hmc):
    state = hmc.position({"A": "red 12, yellow 3", "B": "red 8, yellow 7", "D": "red 9, blue 2"}, leader="D",
                         out=("C",), intake={"C": 2_500}, won={"C": "red 25"})
    hmc.play(state, "D red 9", "A red 12")
    assert hmc.why(state, "D blue 2") == (
        "it is B's turn, not D's: trick 7 goes round in turn order from its leader D, and B plays next")
    state = hmc.position({"A": "red 12, yellow 3", "B": "red 8, yellow 7", "D": "red 9, blue 2"}, leader="B",
                         out=("C",), intake={"C": 2_500}, won={"C": "red 25"})
    hmc.play(state, "B red 8")
    assert hmc.why(state, "A red 12") == (
        "it is D's turn, not A's: trick 7 goes round in turn order from its leader B, and C is out, so D "
        "plays next")


def test_out_of_turn_says_the_lowest_card_leads(hmc):
    state = hmc.position(HANDS, leader="A")
    hmc.play(state, "A red 12", "B red 8", "C red 20", "D red 9")  # B played the lowest card
    assert hmc.why(state, "A yellow 3") == (
        "it is B's turn, not A's: B played the lowest card of trick 7 (red 8), so B leads trick 8")


def test_a_card_not_in_hand_is_illegal(hmc):
    state = hmc.position(HANDS, leader="D")
    assert hmc.why(state, "D red 8") == "D does not hold red 8"
    assert hmc.why(state, "D blue 9") == "there is no blue 9 in the set HMC: 9 is red 9"


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([("A", "B", "C"), ("A", "B", "C", "D")]))
def test_player_of_lowest_card_is_never_out(hmc, seed, players):
    game = hmc.game
    state = game.new_state(Setup(players), seed)
    rng = Rng(seed)
    seen: TrickResult | None = None
    checked = 0
    while game.to_move(state):
        for p in game.to_move(state):
            moves = game.legal_moves(state, p)
            game.apply(state, p, moves[rng.below(len(moves))])
            trick = state.last_trick
            if trick is not None and trick is not seen:
                seen = trick
                checked += 1
                assert trick.loser != trick.winner
                assert not state.out[trick.loser]
                if state.phase == TRICK:  # the round goes on: the lowest card's player leads, with cards
                    assert state.turn == trick.loser and state.hands[trick.loser]
    assert checked
