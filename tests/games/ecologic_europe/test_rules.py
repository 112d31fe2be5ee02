"""The rulebook's sections, one test (or a few) each; rulings in docs/rulings.md name these tests."""

from __future__ import annotations

import pytest

from kcal.core.game import IllegalMove
from kcal.games.ecologic_europe.game import GAME
from kcal.games.ecologic_europe.rules import scoring, seasons, tables
from kcal.games.ecologic_europe.rules.domain import Place as Spot
from kcal.games.ecologic_europe.rules.moves import (
    Exchange,
    Impact,
    Keep,
    Pass,
    Place,
    Trade,
    Transfer,
    Weather,
)
from kcal.games.ecologic_europe.rules.state import EXCHANGE, PLACE, TRANSFER

from .conftest import at, card, position

DANDELION, DEER, PEACOCK = "Taraxacum officinale", "Capreolus capreolus", "Aglais io"


def to_step2(state):
    for p in GAME.to_move(state):
        GAME.apply(state, p, Keep())
    assert state.step == PLACE
    return state


def place(latin, spot, then=None):
    return Place(card(latin), Spot.parse(spot), then)


def test_placing_reason_names_species_food_habitat_and_numbers():
    st = to_step2(position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 3}}}, {"A": [DEER]}))
    reason = GAME.why_illegal(st, "A", place(DEER, "h1.2"))
    assert reason == ("Capreolus capreolus needs 4 biomass from herbaceous plants or woody plants in meadows "
                      "and fields; 3 are there and 0 jokers")
    with pytest.raises(IllegalMove):
        GAME.apply(st, "A", place(DEER, "h1.2"))


def test_placing_consumer_takes_biomass_then_feeding_bonus():
    st = to_step2(position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 3},
                                  "h1.3": {"cards": ["Lolium perenne"], "biomass": 2}}}, {"A": [DEER, PEACOCK]}))
    GAME.apply(st, "A", place(DEER, "h1.2"))
    # 4 taken (plants, fullest first: 3 from the dandelion, 1 from the ryegrass), +1 for one grass plant
    assert at(st, "A", "h1.2")["biomass"] == 5
    assert at(st, "A", "h1.1")["biomass"] == 0 and at(st, "A", "h1.3")["biomass"] == 1


def test_placing_wrong_habitat_is_refused():
    st = to_step2(position({}, {"A": ["Salmo trutta", DANDELION]}))
    assert "lives in rivers and floodplains, and h1.1 is in meadows and fields" in GAME.why_illegal(
        st, "A", place("Salmo trutta", "h1.1"))


def test_placing_plant_produces_for_the_season():
    st = to_step2(position({}, {"A": [DANDELION, PEACOCK]}, season="summer"))
    GAME.apply(st, "A", place(DANDELION, "h1.1"))
    assert at(st, "A", "h1.1")["biomass"] == 2  # 3-2-2-2: summer 2


def test_placing_a_card_on_a_card_takes_the_biomass_and_discards_the_remains():
    st = to_step2(position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 2, "remains": 1},
                                  "h1.2": {"cards": ["Trifolium pratense"], "biomass": 3}}}, {"A": [PEACOCK, DEER]}))
    GAME.apply(st, "A", place(PEACOCK, "h1.1"))
    spot = at(st, "A", "h1.1")
    assert spot["cards"] == [DANDELION, PEACOCK] and spot["remains"] == 0
    # fed from the covered dandelion's 2, nothing taken from the clover; +1 for the flowering clover
    # (the covered dandelion is no longer a plant of the habitat)
    assert spot["biomass"] == 3 and at(st, "A", "h1.2")["biomass"] == 3


def test_placing_cover_only_what_it_eats_and_plants_cover_nothing():
    st = to_step2(position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 3}}}, {"A": ["Trifolium pratense", DEER,
                                                                                       "Vulpes vulpes"]}))
    assert "plants do not cover" in GAME.why_illegal(st, "A", place("Trifolium pratense", "h1.1"))
    assert "does not feed on it" in GAME.why_illegal(st, "A", place("Vulpes vulpes", "h1.1"))


def test_placing_no_herbaceous_plant_or_insect_in_winter():
    st = to_step2(position({}, {"A": [DANDELION, "Quercus robur"]}, season="winter"))
    assert GAME.why_illegal(st, "A", place(DANDELION, "h1.1")).startswith("in winter no herbaceous plants")
    assert GAME.why_illegal(st, "A", place("Quercus robur", "h1.1")) is None


def test_consumption_only_from_its_own_habitat():
    st = to_step2(position({"A": {"h3.1": {"cards": ["Urtica dioica"], "biomass": 9}}}, {"A": [PEACOCK, DEER]}))
    reason = GAME.why_illegal(st, "A", place(PEACOCK, "h1.1"))
    assert "needs a card it feeds on (herbaceous plants) in meadows and fields" in reason


def test_edge_card_feeds_from_both_habitats():
    st = to_step2(position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 2},
                                  "h2.1": {"cards": ["Fagus sylvatica"], "biomass": 2}}}, {"A": [DEER, PEACOCK]}))
    assert GAME.why_illegal(st, "A", place(DEER, "h1.2")) is not None
    GAME.apply(st, "A", place(DEER, "e1.1"))
    assert at(st, "A", "e1.1")["biomass"] == 4
    assert at(st, "A", "h1.1")["biomass"] == 0 and at(st, "A", "h2.1")["biomass"] == 0


def test_edge_card_needs_the_edge_symbol_and_one_of_the_two_habitats():
    st = to_step2(position({}, {"A": ["Fagus sylvatica", "Quercus robur", "Alnus glutinosa"]}))
    assert "no edge-of-habitat symbol" in GAME.why_illegal(st, "A", place("Fagus sylvatica", "e1.1"))
    assert GAME.why_illegal(st, "A", place("Quercus robur", "e1.1")) is None
    assert "lives in" in GAME.why_illegal(st, "A", place("Alnus glutinosa", "e1.1"))  # rivers, wetlands


def test_poisonous_species_is_no_food_for_mammals_and_birds():
    st = to_step2(position({"A": {"h1.1": {"cards": ["Ranunculus acris"], "biomass": 9}}}, {"A": [DEER, PEACOCK]}))
    assert "needs a card it feeds on" in GAME.why_illegal(st, "A", place(DEER, "h1.2"))
    assert GAME.why_illegal(st, "A", place(PEACOCK, "h1.2")) is None  # an insect may


def test_pioneer_plant_goes_anywhere_without_other_plants():
    st = to_step2(position({}, {"A": [DANDELION, "Quercus robur"]}))
    assert GAME.why_illegal(st, "A", place(DANDELION, "h2.1")) is None  # deciduous forest, no plant there
    st = to_step2(position({"A": {"h2.1": "Fagus sylvatica"}}, {"A": [DANDELION, "Quercus robur"]}))
    assert "lives in" in GAME.why_illegal(st, "A", place(DANDELION, "h2.2"))


def test_crop_keeps_other_cards_off_its_habitat_but_not_the_edge():
    st = to_step2(position({"A": {"h1.1": {"cards": ["Triticum aestivum"], "biomass": 3}}},
                           {"A": [DANDELION, PEACOCK, "Quercus robur"]}, variant="human-impact"))
    assert "crop plant" in GAME.why_illegal(st, "A", place(DANDELION, "h1.2"))
    assert GAME.why_illegal(st, "A", place(PEACOCK, "h1.1")) is None  # covering the crop is fine
    assert GAME.why_illegal(st, "A", place("Quercus robur", "e1.1")) is None


def test_remains_eater_turns_remains_into_biomass():
    st = to_step2(position({"A": {"h2.1": {"cards": ["Fagus sylvatica"], "biomass": 0, "remains": 2}}},
                           {"A": ["Boletus edulis", DEER]}))
    GAME.apply(st, "A", place("Boletus edulis", "h2.2"))
    assert at(st, "A", "h2.2")["biomass"] == 1 and at(st, "A", "h2.1")["remains"] == 1


def test_jokers_feed_a_placed_card():
    st = to_step2(position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 1}}}, {"A": [PEACOCK, DEER]},
                           jokers={"A": 1}))
    GAME.apply(st, "A", place(PEACOCK, "h1.2"))
    assert st.jokers[0] == 0 and at(st, "A", "h1.2")["biomass"] == 2 + 1  # +1 flowering dandelion


def test_end_of_season_odd_token_to_remains_then_half_the_biomass():
    st = position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 1},
                         "h1.2": {"cards": ["Lolium perenne"], "biomass": 2},
                         "h1.3": {"cards": ["Trifolium pratense"], "biomass": 3}}})
    seasons.end_of_season(st)
    assert (st.bio[0][0], st.rem[0][0]) == (0, 1)
    assert (st.bio[0][1], st.rem[0][1]) == (1, 0)
    assert (st.bio[0][2], st.rem[0][2]) == (1, 1)  # ruling end-of-season: the steps, not the example


def test_beginning_of_season_feeds_prey_before_predators_and_the_unfed_die():
    st = position({"A": {"h1.1": {"cards": [DANDELION]}, "h1.2": {"cards": [PEACOCK]},
                         "h1.3": {"cards": ["Alauda arvensis"]}, "h1.4": {"cards": [DEER]}}}, season="spring")
    st.season = 1
    seasons.beginning_of_season(st)
    # summer: the dandelion makes 2; the butterfly (an insect, fed first) takes them and gets +1 for the
    # flowering dandelion; the skylark (3) then finds the butterfly's 3; the roe deer finds nothing
    assert at(st, "A", "h1.1")["biomass"] == 0
    assert at(st, "A", "h1.2")["biomass"] == 0 and at(st, "A", "h1.3")["biomass"] == 3
    assert not at(st, "A", "h1.4")  # the roe deer died
    assert card(DEER) in st.discard


PIKE, LEECH, ROACH = "Esox lucius", "Hirudo medicinalis", "Rutilus rutilus"


def test_beginning_of_season_a_card_holding_its_consumption_is_fed_before_anything_eats_from_it():
    # the pike kept 4 of its 4 from the season before; the leech (lower in the food chain, fed before it
    # today) eats fish: the pike is fed first, then the leech takes 1 of its tokens
    st = position({"A": {"h4.1": {"cards": [PIKE], "biomass": 4}, "h4.2": {"cards": [LEECH]}}})
    st.season = 1
    seasons.beginning_of_season(st)
    assert at(st, "A", "h4.1")["biomass"] == 3 and at(st, "A", "h4.2")["biomass"] == 1
    assert not st.discard
    fed = [tables.sp(st, e[2]).latin for e in st.log if e[0] == "fed" and e[4]]
    assert fed == [PIKE, LEECH]


@pytest.mark.parametrize("pike_at,roach_at", [("h4.1", "h4.2"), ("h4.2", "h4.1")])
def test_beginning_of_season_whether_a_fed_roach_survives_does_not_depend_on_its_field(pike_at, roach_at):
    # the roach holds its 2 of 2; the pike (2 of 4) eats fish: the roach is fed, then eaten
    st = position({"A": {pike_at: {"cards": [PIKE], "biomass": 2}, roach_at: {"cards": [ROACH], "biomass": 2}}})
    st.season = 1
    seasons.beginning_of_season(st)
    assert not st.discard
    assert at(st, "A", pike_at)["biomass"] == 4 and at(st, "A", roach_at)["biomass"] == 0


def test_beginning_of_season_death_remains_and_revealed_card_keeps_tokens():
    st = position({"A": {"h1.1": {"cards": [DANDELION, PEACOCK], "biomass": 1},
                         "h1.2": {"cards": ["Vulpes vulpes"], "biomass": 1, "remains": 0},
                         "h1.3": {"cards": ["Lolium perenne"]}}})
    st.season = 3
    seasons.beginning_of_season(st)
    # the fox (3) has no food and dies: its 1 biomass becomes remains on the first card of its habitat
    assert card("Vulpes vulpes") in st.discard
    total_rem = sum(st.rem[0])
    assert total_rem >= 1


def test_beginning_of_season_refills_hands_to_eight():
    st = position({}, {"A": [DANDELION]})
    st.season = 1
    seasons.beginning_of_season(st)
    assert len(st.hands[0]) == 8 and len(st.hands[1]) == 8


def test_transfer_direction_by_season():
    st = position({}, {"A": [DANDELION, DEER, PEACOCK], "B": ["Quercus robur", "Fagus sylvatica", "Vulpes vulpes"],
                       "C": ["Salmo trutta", "Esox lucius", "Bufo bufo"]}, players=("A", "B", "C"))
    to_step2(st)
    for p in "ABC":
        GAME.apply(st, p, Trade(st.hands[st.rules.seat_of[p]][0]))
    assert st.step == TRANSFER
    GAME.apply(st, "A", Transfer((card(DEER), card(PEACOCK))))
    GAME.apply(st, "B", Transfer((card("Fagus sylvatica"), card("Vulpes vulpes"))))
    GAME.apply(st, "C", Transfer((card("Esox lucius"), card("Bufo bufo"))))
    assert sorted(st.hands[1]) == sorted([card(DEER), card(PEACOCK)])  # spring: clockwise, A to B
    assert st.step == EXCHANGE


def test_pass_keeps_or_trades_the_cards_left():
    st = to_step2(position({}, {"A": [DANDELION, DEER], "B": [PEACOCK, "Quercus robur"]}))
    GAME.apply(st, "A", Pass(True))
    GAME.apply(st, "B", Pass(False))
    assert st.jokers == [2, 0]
    assert {card(DANDELION), card(DEER)} <= set(st.discard)
    assert {card(PEACOCK), card("Quercus robur")} <= set(st.hands[1])  # kept into summer


def test_only_player_left_plays_steps_one_and_two():
    st = to_step2(position({}, {"A": [DANDELION, "Lolium perenne", "Trifolium pratense"], "B": [DEER]}))
    GAME.apply(st, "A", place(DANDELION, "h1.1"))
    GAME.apply(st, "B", Pass(False))
    assert st.step == EXCHANGE and GAME.to_move(st) == ("A",)


def test_exchange_seasons():
    st = position({}, {"A": [DANDELION, DEER], "B": [PEACOCK]}, season="summer")
    assert GAME.why_illegal(st, "A", Exchange((card(DANDELION),))) is None
    GAME.apply(st, "A", Exchange((card(DANDELION),)))
    GAME.apply(st, "B", Keep())
    assert st.jokers[0] == 2 and card(DANDELION) in st.discard
    st = position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 3, "remains": 1}}}, {"A": [DEER], "B": [PEACOCK]},
                  season="autumn", jokers={"A": 1})
    woody = 1
    GAME.apply(st, "A", Exchange((), 4, woody))
    GAME.apply(st, "B", Keep())
    assert st.jokers[0] == 0 and at(st, "A", "h1.1") == {"cards": [DANDELION], "biomass": 1, "remains": 0}
    assert len(st.hands[0]) == 2 and tables.back(st, st.hands[0][-1]) == woody
    st = position({}, {"A": [DEER], "B": [PEACOCK]}, season="winter")
    assert "two cards in hand" in GAME.why_illegal(st, "A", Exchange((card(DEER),), 0, 0))


def test_exchange_cost_is_checked_when_it_resolves():
    # A's weather roll (biomass) resolves first and takes 2 of B's 4 tokens: B's autumn exchange of
    # 4 tokens no longer has its cost and does not happen (nothing paid, nothing drawn)
    st = position({"B": {"h1.1": {"cards": [DANDELION], "biomass": 4}}}, {"A": [DEER, PEACOCK], "B": [LEECH]},
                  season="autumn", variant="weather")
    assert GAME.why_illegal(st, "B", Exchange((), 4, 1)) is None
    GAME.apply(st, "A", Weather(card(DEER), "biomass"))
    GAME.apply(st, "B", Exchange((), 4, 1))
    assert st.jokers == [2, 0] and at(st, "B", "h1.1")["biomass"] == 2
    assert st.hands[1] == [card(LEECH)]
    # the same for the weather die paid with tokens
    st = position({"B": {"h1.1": {"cards": [DANDELION], "biomass": 3}}}, {"A": [DEER, PEACOCK], "B": [LEECH]},
                  variant="weather")
    GAME.apply(st, "A", Weather(card(DEER), "biomass"))
    GAME.apply(st, "B", Weather(None, "cards"))
    assert st.jokers == [2, 0] and at(st, "B", "h1.1")["biomass"] == 1 and st.hands[1] == [card(LEECH)]
    assert [e for e in st.log if e[0] == "roll"] == [("roll", 0, "biomass")]


def test_weather_die_is_paid_with_biomass_not_remains():
    # 1 joker and 3 remains: 4 tokens, but 1 biomass token
    st = position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 0, "remains": 3}}}, {"A": [DEER], "B": [PEACOCK]},
                  variant="weather", jokers={"A": 1})
    assert Weather(None) not in GAME.legal_moves(st, "A")
    assert GAME.why_illegal(st, "A", Weather(None)) == (
        "A has 1 biomass tokens (jokers included), and the weather die costs 2 (remains do not pay it)")
    st = position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 2, "remains": 3}}}, {"A": [DEER], "B": [PEACOCK]},
                  variant="weather", jokers={"A": 1})
    assert GAME.why_illegal(st, "A", Weather(None)) is None
    GAME.apply(st, "A", Weather(None, "skip-transfer"))
    GAME.apply(st, "B", Keep())
    # jokers first, then biomass; the remains stay
    assert st.jokers[0] == 0 and at(st, "A", "h1.1")["biomass"] == 1 and at(st, "A", "h1.1")["remains"] == 3


def test_exchange_in_winter_does_not_return_a_card_it_discards():
    # A discards two cards, one of them a fish; the only other fish back in the discarded cards is the
    # trout: drawing a fish by its back brings the trout, not A's own pike
    st = position({}, {"A": [PIKE, DEER], "B": [PEACOCK]}, season="winter", discard=["Salmo trutta", DANDELION])
    fish = tables.back(st, card(PIKE))
    assert tables.back(st, card("Salmo trutta")) == fish
    GAME.apply(st, "A", Exchange((card(PIKE), card(DEER)), 0, fish, "discard"))
    GAME.apply(st, "B", Keep())
    assert st.hands[0] == [card("Salmo trutta")]
    assert st.discard[-2:] == [card(PIKE), card(DEER)] and card(DANDELION) in st.discard
    # the trout taken earlier in the step by B's exchange: A's draw takes the stack's top card, not its pike
    st = position({}, {"A": [PIKE, DEER], "B": [PEACOCK, LEECH]}, season="winter", discard=["Salmo trutta"],
                  stack=[DANDELION], players=("B", "A"))
    GAME.apply(st, "B", Exchange((card(PEACOCK), card(LEECH)), 0, fish, "discard"))
    GAME.apply(st, "A", Exchange((card(PIKE), card(DEER)), 0, fish, "discard"))
    assert st.hands[0] == [card("Salmo trutta")] and st.hands[1] == [card(DANDELION)]


def test_scoring_diversity_five_six_seven_types_and_card_points():
    assert [scoring.diversity_points(k) for k in (4, 5, 6, 7, 8)] == [0, 1, 2, 3, 3]
    # the rulebook's example: 5 types in a meadow (herbaceous, insects, invertebrates, small birds,
    # hoofed) give 1, and the roe deer's +1
    st = position({"A": {"h1.1": DANDELION, "h1.2": PEACOCK, "h1.3": "Araneus diadematus",
                         "h1.4": "Alauda arvensis", "h1.5": DEER}})
    assert scoring.score_parts(st, 0)[:2] == (1, 1)


def test_scoring_edge_card_counts_top_or_bottom_for_either_habitat():
    st = position({"A": {"h1.1": DANDELION, "h1.2": PEACOCK, "h1.3": "Araneus diadematus",
                         "h1.4": "Alauda arvensis", "e1.1": {"cards": ["Quercus robur", "Vespula vulgaris"]},
                         "h2.1": "Fagus sylvatica"}})
    assert scoring.board_types(st, 0, 0) == 5  # the oak (woody) under the wasp counts for the meadow
    assert scoring.board_types(st, 0, 1) == 2  # the beech and the edge's wasp or oak


def test_scoring_tie_goes_to_fewest_unfilled_fields():
    st = position({"A": {"h1.1": "Trifolium pratense"}, "B": {"h1.1": DANDELION, "h1.2": "Lolium perenne"}},
                  season="winter")
    to_step2(st)
    GAME.apply(st, "A", Pass(False))
    GAME.apply(st, "B", Pass(False))
    out = GAME.outcome(st)
    assert out is not None and out.winners == ("B",) and out.scores == {"A": 0, "B": 0}


def test_features_small_bird_follow_places_a_second_card():
    woodpecker, tit = "Dendrocopos major", "Parus major"
    st = to_step2(position({"A": {"h2.1": {"cards": ["Fagus sylvatica"], "biomass": 6}}},
                           {"A": [woodpecker, tit, DANDELION]}))
    moves = [m for m in GAME.legal_moves(st, "A") if isinstance(m, Place) and m.then is not None]
    assert moves and all(m.card == card(woodpecker) and m.then[0] == card(tit) for m in moves)
    assert "has no small-bird-follow" in GAME.why_illegal(st, "A", place(tit, "h2.2", (card(woodpecker),
                                                                                         Spot.parse("h2.3"))))
    GAME.apply(st, "A", place(woodpecker, "h2.2", (card(tit), Spot.parse("h2.3"))))
    assert at(st, "A", "h2.2")["cards"] == [woodpecker] and at(st, "A", "h2.3")["cards"] == [tit]
    assert st.hands[0] == [card(DANDELION)]


def test_features_remains_to_jokers_takes_every_remains():
    beetle = "Nicrophorus vespillo"
    st = to_step2(position({"A": {"h1.1": {"cards": [DEER], "biomass": 0, "remains": 2},
                                  "h3.1": {"cards": ["Salix alba"], "biomass": 1, "remains": 3}}},
                           {"A": [beetle, DANDELION]}))
    GAME.apply(st, "A", place(beetle, "h1.2"))  # eats 1 of the deer's animal remains
    assert at(st, "A", "h1.2")["biomass"] == 1
    assert st.jokers[0] == 1 + 3 and sum(st.rem[0]) == 0


def test_features_lone_plant_adds_one_at_production():
    duckweed = "Lemna minor"
    st = to_step2(position({}, {"A": [duckweed, "Nymphaea alba"]}, season="summer"))
    GAME.apply(st, "A", place(duckweed, "h4.1"))
    assert at(st, "A", "h4.1")["biomass"] == 3 + 1
    st = to_step2(position({"A": {"h4.2": "Nymphaea alba"}}, {"A": [duckweed, DEER]}, season="summer"))
    GAME.apply(st, "A", place(duckweed, "h4.1"))
    assert at(st, "A", "h4.1")["biomass"] == 3


def test_simultaneous_steps_resolve_placements_in_latin_order():
    st = to_step2(position({}, {"A": ["Trifolium pratense", DEER], "B": [DANDELION, PEACOCK],
                                "C": ["Achillea millefolium", "Quercus robur"]}, players=("A", "B", "C")))
    GAME.apply(st, "A", place("Trifolium pratense", "h1.1"))
    GAME.apply(st, "B", place(DANDELION, "h1.1"))
    assert [e for e in st.log if e[0] == "placed"] == []  # hidden until the last player has moved
    GAME.apply(st, "C", place("Achillea millefolium", "h1.1"))
    order = [tables.sp(st, e[2]).latin for e in st.log if e[0] == "placed"]
    assert order == ["Achillea millefolium", DANDELION, "Trifolium pratense"]


def test_ecosystem_has_four_habitats_of_six_fields_and_two_places_per_edge():
    from kcal.core.game import Setup

    st = GAME.new_state(Setup(("A", "B")), 11)
    assert st.rules.boards == 4 and st.rules.places == 4 * 6 + 3 * 2
    assert st.rules.place_index(Spot.parse("h4.6")) == 23 and st.rules.place_index(Spot.parse("e3.2")) == 29
    assert st.rules.place_index(Spot.parse("e4.1")) is None and st.rules.place_index(Spot.parse("h1.7")) is None
    again = GAME.new_state(Setup(("A", "B")), 11)
    assert again.habitat == st.habitat and again.hands == st.hands


def test_five_players_add_the_mountain_expansion():
    from kcal.core.game import Setup

    st = GAME.new_state(Setup(tuple("ABCDE")), 2)
    assert st.rules.expansions == {"base", "mountains"}
    assert GAME.new_state(Setup(tuple("AB"), "human-impact"), 2).rules.expansions == {"base", "human-habitat"}
    assert len(GAME.new_state(Setup(tuple("ABCDEFG")), 2).rules.expansions) == 4


def test_features_spring_jokers_feed_the_placed_card():
    brimstone = "Gonepteryx rhamni"
    st = to_step2(position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 0}}}, {"A": [brimstone, DEER]}))
    assert GAME.why_illegal(st, "A", place(brimstone, "h1.2")) is None
    GAME.apply(st, "A", place(brimstone, "h1.2"))
    assert st.jokers[0] == 2


def test_features_fish_raid_takes_from_neighbours_before_feeding():
    seal = "Phoca vitulina"
    coast = ["coastal", "meadows", "rivers", "wetlands"]
    st = to_step2(position({"A": {"h1.1": {"cards": ["Clupea harengus"], "biomass": 4}},
                            "B": {"h1.1": {"cards": ["Platichthys flesus"], "biomass": 3}}},
                           {"A": [seal, DANDELION], "B": [PEACOCK, DEER]}, habitats={"A": coast, "B": coast},
                           expansions=["coastal"]))
    GAME.apply(st, "A", place(seal, "h1.2"))
    GAME.apply(st, "B", Trade(card(DEER)))
    # 1 from B's flounder first (after placing, before feeding), then 3 from its own herring
    assert at(st, "A", "h1.2")["biomass"] == 4
    assert at(st, "B", "h1.1")["biomass"] == 2 and at(st, "A", "h1.1")["biomass"] == 1


HERON, WOLF, TROUT, RED_DEER = "Ardea cinerea", "Canis lupus", "Salmo trutta", "Cervus elaphus"


def test_features_fish_raid_counts_towards_placing_the_heron():
    # the heron needs 3: 2 on its own habitat's roach, and 1 + 1 from B's two fish cards
    st = to_step2(position({"A": {"h3.1": {"cards": [ROACH], "biomass": 2}},
                            "B": {"h3.1": {"cards": [TROUT], "biomass": 1}, "h4.1": {"cards": [PIKE], "biomass": 1}}},
                           {"A": [HERON, DEER], "B": [PEACOCK, DANDELION]}))
    assert GAME.why_illegal(st, "A", place(HERON, "h3.2")) is None
    assert place(HERON, "h3.2") in GAME.legal_moves(st, "A")
    GAME.apply(st, "A", place(HERON, "h3.2"))
    GAME.apply(st, "B", Trade(card(DANDELION)))
    assert at(st, "A", "h3.2")["biomass"] == 3 and at(st, "A", "h3.1")["biomass"] == 1
    assert at(st, "B", "h3.1")["biomass"] == 0 and at(st, "B", "h4.1")["biomass"] == 0


def test_features_hoofed_raid_counts_towards_placing_the_wolf():
    # the wolf needs 5: 4 on its own habitat's roe deer, and up to 2 from B's roe deer
    st = to_step2(position({"A": {"h2.1": {"cards": [DEER], "biomass": 4}},
                            "B": {"h2.1": {"cards": [RED_DEER], "biomass": 2}}},
                           {"A": [WOLF, "Lolium perenne"], "B": [PEACOCK, DANDELION]}))
    assert GAME.why_illegal(st, "A", place(WOLF, "h2.2")) is None
    assert place(WOLF, "h2.2") in GAME.legal_moves(st, "A")
    GAME.apply(st, "A", place(WOLF, "h2.2"))
    GAME.apply(st, "B", Trade(card(DANDELION)))
    assert at(st, "A", "h2.2")["biomass"] == 5 and at(st, "A", "h2.1")["biomass"] == 1
    assert at(st, "B", "h2.1")["biomass"] == 0
    # with 3 on its own deer and 1 on B's the wolf finds 3 + 1: refused, and the words count the raid
    st = to_step2(position({"A": {"h2.1": {"cards": [DEER], "biomass": 3}},
                            "B": {"h2.1": {"cards": [RED_DEER], "biomass": 1}}},
                           {"A": [WOLF, "Lolium perenne"], "B": [PEACOCK, DANDELION]}))
    assert GAME.why_illegal(st, "A", place(WOLF, "h2.2")) == (
        "Canis lupus needs 5 biomass from small mammals or hoofed mammals in deciduous forest; 3 are there, "
        "1 to take from the neighbours' hoofed mammals and 0 jokers")


def test_features_invertebrate_raid_takes_from_neighbours_after_the_step():
    hedgehog, spider, worm = "Erinaceus europaeus", "Araneus diadematus", "Lumbricus terrestris"
    st = to_step2(position({"A": {"h1.1": {"cards": [spider], "biomass": 2}},
                            "B": {"h1.1": {"cards": [worm], "biomass": 2}}},
                           {"A": [hedgehog, DEER], "B": [PEACOCK, DANDELION]}))
    GAME.apply(st, "A", place(hedgehog, "h1.2"))
    GAME.apply(st, "B", Trade(card(DANDELION)))
    # fed 2 from its own spider, then (after placing and feeding) 1 from B's earthworm
    assert at(st, "A", "h1.2")["biomass"] == 3 and at(st, "A", "h1.1")["biomass"] == 0
    assert at(st, "B", "h1.1")["biomass"] == 1


def test_simultaneous_steps_a_placement_a_raid_can_no_longer_feed_does_not_happen():
    # A's heron counts on 2 + 1 from B's trout; B's kingfisher (Alcedo, before Ardea) eats that trout's
    # biomass first: the heron is not placed and stays in A's hand
    kingfisher = "Alcedo atthis"
    st = to_step2(position({"A": {"h3.1": {"cards": [ROACH], "biomass": 2}},
                            "B": {"h3.1": {"cards": [TROUT], "biomass": 2}}},
                           {"A": [HERON, DEER], "B": [kingfisher, DANDELION]}))
    GAME.apply(st, "A", place(HERON, "h3.2"))
    GAME.apply(st, "B", place(kingfisher, "h3.2"))
    assert at(st, "B", "h3.2")["biomass"] == 2 and at(st, "B", "h3.1")["biomass"] == 0
    assert not at(st, "A", "h3.2") and card(HERON) in st.hands[0]
    assert at(st, "A", "h3.1")["biomass"] == 2
    assert ("unplaced", 0, card(HERON)) in st.log


def test_human_impact_card_played_in_step_two():
    st = to_step2(position({"A": {"h1.1": {"cards": [PEACOCK], "biomass": 3}}}, {"A": ["X02", DANDELION]},
                           variant="human-impact"))
    GAME.apply(st, "A", Impact(card("X02")))
    assert at(st, "A", "h1.1")["biomass"] == 1  # pesticide: every insect loses 2


def test_weather_die_roll_from_record():
    st = position({}, {"A": [DANDELION, DEER], "B": [PEACOCK]}, variant="weather")
    GAME.apply(st, "A", Weather(card(DANDELION), "skip-transfer"))
    GAME.apply(st, "B", Keep())
    assert st.skip == [True, False]


def test_express_mode_setup_and_production():
    st = GAME.new_state(__import__("kcal.core.game", fromlist=["Setup"]).Setup(("A", "B"), "express"), 4)
    assert st.rules.boards == 3 and len(st.hands[0]) == 15 and st.jokers == [7, 7] and len(st.face_up) == 8
    st = to_step2(position({}, {"A": [DANDELION], "B": [DEER]}, variant="express"))
    GAME.apply(st, "A", place(DANDELION, "h1.1"))
    GAME.apply(st, "B", Pass(False))
    assert at(st, "A", "h1.1")["biomass"] == 3 and GAME.outcome(st) is not None


def test_feeding_example_of_the_rulebook():
    """Feeding, "Example": the dandelion, the peacock butterfly with 1 biomass left from before, the
    skylark, the oak and the wasp on the edge, the roe deer with its grass bonus, at a spring production."""
    st = position({"A": {"h1.1": DANDELION, "h1.2": {"cards": [PEACOCK], "biomass": 1},
                         "h1.3": "Alauda arvensis", "h1.4": "Lolium perenne", "h1.5": DEER,
                         "e1.1": "Quercus robur", "e1.2": "Vespula vulgaris", "h2.1": "Fagus sylvatica"}})
    seasons.beginning_of_season(st)  # the season is spring: production, then feeding
    # the butterfly had 1, took 1 of the dandelion's 3 and got +1 for the flowering dandelion: 3; the wasp
    # on the edge (woody plants and insects of both habitats) took 2 of them; the skylark ate the wasp's
    # 2 and the butterfly's last 1 (the wasp "may become food for the skylark"); the roe deer took the
    # dandelion's 2 and the ryegrass's 2, +1 for the grass; the oak (2 in spring) was not needed
    fed = [tables.sp(st, e[2]).latin for e in st.log if e[0] == "fed" and e[4]]
    assert fed == [PEACOCK, "Vespula vulgaris", "Alauda arvensis", DEER] and not st.discard
    assert at(st, "A", "h1.3")["biomass"] == 3 and at(st, "A", "h1.5")["biomass"] == 5
    assert at(st, "A", "e1.1")["biomass"] == 2 and at(st, "A", "e1.2")["biomass"] == 0
    assert at(st, "A", "h1.1")["biomass"] == 0 and at(st, "A", "h1.4")["biomass"] == 0


def test_feeding_example_the_skylark_also_feeds_on_woody_plants():
    """Feeding, "Example": "it can also feed on woody plants": a skylark beside an oak alone is fed."""
    st = to_step2(position({"A": {"h1.1": {"cards": ["Quercus robur"], "biomass": 3}}}, {"A": ["Alauda arvensis", DEER]}))
    GAME.apply(st, "A", place("Alauda arvensis", "h1.2"))
    assert at(st, "A", "h1.2")["biomass"] == 3 and at(st, "A", "h1.1")["biomass"] == 0


def test_poisonous_ivy_berries_feed_birds():
    # common ivy (cities and gardens, deciduous forest) is no poisonous species: the jay eats it
    st = to_step2(position({"A": {"h2.1": {"cards": ["Hedera helix"], "biomass": 2}}}, {"A": ["Garrulus glandarius", DEER]},
                           expansions=["human-habitat"]))
    assert GAME.why_illegal(st, "A", place("Garrulus glandarius", "h2.2")) is None


@pytest.mark.parametrize("hunter", ["Buteo buteo", "Erinaceus europaeus"])
def test_poisonous_the_adder_is_venomous_and_buzzards_and_hedgehogs_eat_it(hunter):
    st = to_step2(position({"A": {"h1.1": {"cards": ["Vipera berus"], "biomass": 3}}}, {"A": [hunter, DEER]}))
    assert "poisonous" not in tables.sp(st, card("Vipera berus")).features
    assert GAME.why_illegal(st, "A", place(hunter, "h1.2")) is None


def test_features_discard_draw_takes_the_top_discarded_card_whatever_its_back():
    jay = "Garrulus glandarius"
    st = to_step2(position({"A": {"h2.1": {"cards": ["Quercus robur"], "biomass": 2}}}, {"A": [jay, DEER]},
                           discard=["Salmo trutta", DANDELION], jokers={"A": 1}))
    GAME.apply(st, "A", place(jay, "h2.2"))
    # fed 2 from the oak, +1 for the fruiting oak; a joker pays for the card discarded last
    assert st.hands[0] == [card(DEER), card(DANDELION)] and st.jokers[0] == 0
    assert at(st, "A", "h2.2")["biomass"] == 3
    # no joker: one biomass the jay holds beyond its consumption pays
    st = to_step2(position({"A": {"h2.1": {"cards": ["Quercus robur"], "biomass": 2}}}, {"A": [jay, DEER]},
                           discard=["Salmo trutta", DANDELION]))
    GAME.apply(st, "A", place(jay, "h2.2"))
    assert st.hands[0] == [card(DEER), card(DANDELION)] and at(st, "A", "h2.2")["biomass"] == 2


def test_weather_die_cards_face_draws_the_top_card_of_the_stack():
    st = position({}, {"A": [DEER, PEACOCK], "B": [LEECH]}, variant="weather", stack=["Salmo trutta", DANDELION])
    GAME.apply(st, "A", Weather(card(DEER), "cards"))
    GAME.apply(st, "B", Keep())
    assert st.hands[0] == [card(PEACOCK), card(DANDELION)]
