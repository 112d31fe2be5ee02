"""Rulebook "Initial Setup": families, leaders, PP, happiness, atheists, the deal, the start player."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.games.kalua.game import GAME
from kcal.games.kalua.rules.state import DEAL, DRAW


@pytest.mark.parametrize("n", [3, 4, 5])
def test_each_god_starts_with_10_families_a_leader_5_pp_and_happiness_5(kalua, n):
    state = kalua.new(tuple("ABCDE"[:n]))
    assert state.families == [10] * n and state.leader == [True] * n
    assert state.pp == [5] * n and state.happy == [5] * n


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_island_starts_with_3_atheists_per_player(kalua, n):
    assert kalua.new(tuple("ABCDE"[:n])).island == 3 * n


@pytest.mark.parametrize("n", [1, 2, 6])
def test_kalua_is_played_by_3_to_5_gods(n):
    with pytest.raises(KcalError, match=f"Kalua is played by 3 to 5 players, not {n}"):
        GAME.new_state(Setup(tuple("ABCDEF"[:n])), 0)


def test_each_god_draws_5_cards_choosing_the_deck_for_each(kalua):
    state = kalua.new(start_player="B")
    assert state.step == DEAL and kalua.to_move(state) == "B"
    for deck in ("bonus", "bonus", "disaster", "bonus", "disaster"):
        kalua.do(state, "B", draw=deck)
    seat = state.rules.seat_of["B"]
    decks = sorted(state.rules.cards.def_of(c).deck for c in state.hands[seat])
    assert decks == [0, 0, 0, 1, 1]
    assert kalua.to_move(state) == "C"  # then the next god clockwise


def test_after_the_deal_the_start_player_begins_turn_1(kalua):
    state = kalua.new(start_player="C")
    for p in ("C", "D", "A", "B"):
        for _ in range(5):
            kalua.do(state, p, draw="disaster")
    assert state.turn == 1 and state.step == DRAW and kalua.to_move(state) == "C"
    assert all(len(h) == 5 for h in state.hands) and len(state.piles[1]) == 29 - 20


def test_the_start_player_is_drawn_from_the_seed():
    firsts = {GAME.new_state(Setup(("A", "B", "C", "D")), seed).rules.first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_no_card_is_bought_during_the_initial_deal(kalua):
    state = kalua.new(start_player="A")
    assert "not in the initial deal" in kalua.why(state, "A", buy="bonus")


def test_the_decks_are_the_bonus_cards_and_the_disasters_together(kalua):
    state = kalua.new()
    cards = state.rules.cards
    assert len(state.piles[0]) == 21 and {cards.def_of(c).kind for c in state.piles[0]} == {0}
    assert len(state.piles[1]) == 29 and {cards.def_of(c).kind for c in state.piles[1]} == {1, 2}


def test_the_same_seed_deals_the_same_decks_and_start(kalua):
    a, b = kalua.new(seed=5), kalua.new(seed=5)
    assert a.piles == b.piles and a.rules.first == b.rules.first
    assert kalua.new(seed=6).piles != a.piles


def test_an_unknown_option_is_refused_with_a_did_you_mean(kalua):
    with pytest.raises(KcalError, match="unknown option 'turn_limt'.*did you mean 'turn_limit'"):
        kalua.new(turn_limt=3)
