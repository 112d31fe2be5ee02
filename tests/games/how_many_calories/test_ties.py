"""Rulebook: on equal values (through the +5), the card of the start player's colour is higher."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from kcal.games.how_many_calories.files.load import load_catalog
from kcal.games.how_many_calories.rules.domain import COLOUR_INDEX
from kcal.games.how_many_calories.rules.tricks import card_key, card_value, resolve

RULEBOOK = {"A": "yellow 14", "B": "red 9", "C": "yellow 30", "D": "red 25"}


def test_rulebook_yellow_14_red_9_yellow_30_red_25(hmc):
    # a second card each, so that the round goes on after this trick and someone leads next
    hands = {p: f"{c}, {more}" for (p, c), more in zip(RULEBOOK.items(), ("red 1", "blue 2", "green 4", "blue 5"),
                                                        strict=True)}
    state = hmc.position(hands, leader="A")
    hmc.play(state, "A yellow 14", "B red 9", "C yellow 30", "D red 25")
    last = hmc.tricks(state)[-1]
    assert last["values"] == {"A": 14, "B": 14, "C": 30, "D": 30}
    assert last["winner"] == "C"  # yellow 30 above red 25+5
    assert (last["won"], last["next_leader"]) == ("red 9", "B")  # red 9+5 below yellow 14


def test_leader_colour_card_ranks_above_equal_off_colour_card():
    yellow, red = COLOUR_INDEX[load_catalog().card("yellow 14").colour], COLOUR_INDEX[load_catalog().card("red 9").colour]
    assert card_value(14, yellow, yellow, 5) == card_value(9, red, yellow, 5) == 14
    assert card_key(14, yellow, yellow, 5) > card_key(9, red, yellow, 5)


def test_equal_values_only_between_leader_colour_n_and_other_colour_n_minus_5():
    foods = load_catalog()
    cards = [(f.number, COLOUR_INDEX[f.colour]) for f in foods.foods]
    for lead in range(4):
        keys = {card_key(n, c, lead, foods.plus) for n, c in cards}
        assert len(keys) == len(cards)  # a total order on the whole set
        for (n1, c1), (n2, c2) in combinations(cards, 2):
            if card_value(n1, c1, lead, foods.plus) == card_value(n2, c2, lead, foods.plus):
                (hi, chi), (lo, clo) = sorted([(n1, c1), (n2, c2)], reverse=True)
                assert chi == lead and clo != lead and hi - lo == foods.plus


@given(numbers=st.lists(st.integers(1, 99), min_size=2, max_size=5, unique=True),
       colours=st.lists(st.integers(0, 3), min_size=5, max_size=5), plus=st.integers(1, 20))
def test_ranking_is_total_for_any_house_rule_set(numbers, colours, plus):
    colour_of = [-1] * 100
    for n, c in zip(numbers, colours, strict=False):
        colour_of[n] = c
    trick = list(enumerate(numbers))
    winner, loser, taken, values = resolve(trick, colour_of, plus)
    lead = colour_of[numbers[0]]
    keys = [card_key(n, colour_of[n], lead, plus) for n in numbers]
    assert len(set(keys)) == len(keys)
    assert keys[winner] == max(keys) and keys[loser] == min(keys) and taken == numbers[loser]
    assert values[winner] == max(values) and values[loser] == min(values)
