"""The food cards: the built-in set (kcal's reconstruction) and the COLOUR NUMBER card notation."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.games.how_many_calories.files.cardset import RULEBOOK_CARDS
from kcal.games.how_many_calories.files.load import BUILTIN_PATH, load_catalog
from kcal.games.how_many_calories.rules.domain import (
    COLOURS,
    Card,
    CardError,
    Colour,
    format_card,
    parse_card,
)


def test_builtin_set_has_32_cards_numbered_1_to_32_once():
    foods = load_catalog()
    assert len(foods) == 32 and foods.numbers == tuple(range(1, 33))


def test_builtin_set_has_8_cards_of_each_colour():
    assert Counter(f.colour for f in load_catalog().foods) == dict.fromkeys(COLOURS, 8)


def test_builtin_set_has_the_rulebook_cards():
    foods = load_catalog()
    for card in ("red 8", "red 9", "red 25", "yellow 11", "yellow 14", "yellow 30", "green 4"):
        assert parse_card(card) in foods
    assert len(RULEBOOK_CARDS) == 7


def test_every_serving_is_within_15_percent_of_the_card_kcal():
    for food in load_catalog().foods:
        stated = re.search(r"~([\d,]+) kcal", food.serving)
        assert stated, f"{food.card}: the serving states no kcal"
        kcal = int(stated.group(1).replace(",", ""))
        assert abs(kcal - food.card.kcal) <= 0.15 * food.card.kcal, f"{food.card}: {food.serving}"


def test_foods_are_distinct_and_facts_are_one_line():
    foods = load_catalog().foods
    assert len({f.food.casefold() for f in foods}) == 32
    assert all(f.fact and "\n" not in f.fact and len(f.fact) < 120 for f in foods)


def test_colours_are_kcals_food_groups():
    foods = load_catalog()
    assert foods.food(parse_card("red 8")).food.startswith("Salmon")  # red: meat, fish and eggs
    assert foods.food(parse_card("blue 2")).food == "Whole milk"  # blue: dairy and drinks
    assert foods.food(parse_card("green 4")).food == "Almonds"  # green: vegetables, fruit and nuts
    assert foods.food(parse_card("yellow 14")).food == "Cheese pizza"  # yellow: grains, starches, sweets


def test_builtin_file_carries_its_game():
    assert BUILTIN_PATH.read_text(encoding="utf-8").count("game: how-many-calories") == 1


@given(colour=st.sampled_from(COLOURS), number=st.integers(1, 99),
       spaces=st.tuples(st.sampled_from(["", " ", "  ", "\t"]), st.sampled_from([" ", "   ", "\t "]),
                        st.sampled_from(["", " "])),
       upper=st.booleans())
def test_card_parse_and_format_round_trip(colour, number, spaces, upper):
    card = Card(colour, number)
    name = colour.value.upper() if upper else colour.value.title()
    text = f"{spaces[0]}{name}{spaces[1]}{number}{spaces[2]}"
    assert parse_card(text) == card
    assert parse_card(format_card(card)) == card and str(card) == f"{colour.value} {number}"


def test_card_repr_rebuilds_the_card():
    card = parse_card("yellow 14")
    assert repr(card) == "Card.parse('yellow 14')"
    assert eval(repr(card), {"Card": Card}) == card  # the repr's own contract
    assert card.kcal == 1_400 and card.colour is Colour.YELLOW


@pytest.mark.parametrize("text, message", [
    ("yelow 14", "unknown colour 'yelow' (did you mean 'yellow'?)"),
    ("yellow", "a card is written COLOUR NUMBER (like 'yellow 14'), got 'yellow'"),
    ("yellow 0", "the number must be a whole number from 1 to 99"),
    ("yellow 100", "the number must be a whole number from 1 to 99"),
    ("yellow fourteen", "the number must be a whole number"),
    ("yellow １４", "the number must be a whole number"),
    (14, "a card is written COLOUR NUMBER"),
])
def test_bad_card_text_says_what_is_wrong(text, message):
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert message in str(err.value)
    assert isinstance(err.value, KcalError) and isinstance(err.value, ValueError)


def test_a_card_of_another_colour_names_the_sets_card_of_that_number():
    with pytest.raises(KcalError, match="there is no blue 9 in the set HMC: 9 is red 9"):
        load_catalog().card("blue 9")
