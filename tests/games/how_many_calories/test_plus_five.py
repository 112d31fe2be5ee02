"""Rulebook: a card of another colour than the start player's counts +5 (the +5 card is never eaten)."""

from __future__ import annotations

RULEBOOK = {"A": "yellow 11, red 1", "B": "green 4, red 8", "C": "red 25, blue 2", "D": "yellow 14, blue 5"}


def test_rulebook_green_4_plus_5_is_the_lowest_card(hmc):
    state = hmc.position(RULEBOOK, leader="A")
    hmc.play(state, "A yellow 11", "B green 4", "C red 25", "D yellow 14")
    last = hmc.game.view(state, "A")["last_trick"]
    assert last["values"] == {"A": 11, "B": 9, "C": 30, "D": 14}
    assert (last["winner"], last["won"], last["next_leader"]) == ("C", "green 4", "B")


def test_intake_counts_food_card_kcal_not_its_plus_five_value(hmc):
    state = hmc.position(RULEBOOK, leader="A")
    hmc.play(state, "A yellow 11", "B green 4", "C red 25", "D yellow 14")
    assert hmc.game.view(state, "C")["intake_kcal"]["C"] == 400


def test_leader_card_never_gets_plus_five(hmc):
    state = hmc.position(RULEBOOK, leader="A")
    hmc.play(state, "A yellow 11")
    assert hmc.game.view(state, "B")["trick"] == [{"player": "A", "card": "yellow 11", "value": 11}]


def test_every_off_colour_card_gets_plus_five_each_trick(hmc):
    state = hmc.position(RULEBOOK, leader="A")
    hmc.play(state, "A yellow 11", "B green 4", "C red 25", "D yellow 14")
    hmc.play(state, "B red 8", "C blue 2", "D blue 5", "A red 1")
    last = hmc.tricks(state)[-1]
    assert last["values"] == {"B": 8, "C": 7, "D": 10, "A": 1}  # C's and D's +5 came back after trick 1


def test_plus_five_can_change_the_winner(hmc):
    state = hmc.position({"A": "green 23", "B": "red 20", "C": "green 6"}, players=("A", "B", "C"), leader="A")
    hmc.play(state, "A green 23", "B red 20", "C green 6")
    last = hmc.tricks(state)[-1]
    assert last["values"] == {"A": 23, "B": 25, "C": 6}
    assert last["winner"] == "B"
