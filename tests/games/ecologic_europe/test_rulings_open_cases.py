"""The cases the rulebook leaves open that kcal had decided without a ruling (issue 32, item 9): each is
now a ruling in docs/rulings.md, pinned here, named after its rulebook section."""

from __future__ import annotations

from kcal.games.ecologic_europe.game import GAME
from kcal.games.ecologic_europe.rules import scoring, seasons
from kcal.games.ecologic_europe.rules.domain import Place as Spot
from kcal.games.ecologic_europe.rules.moves import Keep, Place, Trade, Weather
from kcal.games.ecologic_europe.rules.state import PLACE

from .conftest import at, card, position

DANDELION, BEECH, DEER, OAKMOSS = "Taraxacum officinale", "Fagus sylvatica", "Capreolus capreolus", "Evernia prunastri"
PENNY_BUN, TOAD, RAVEN = "Boletus edulis", "Bufo bufo", "Corvus corax"


def to_step2(state):
    for p in GAME.to_move(state):
        GAME.apply(state, p, Keep())
    assert state.step == PLACE
    return state


def place(latin, spot):
    return Place(card(latin), Spot.parse(spot))


def test_pioneer_plant_a_lichen_is_a_plant_that_keeps_pioneers_out():
    # h2 is deciduous forest, where the dandelion (meadows, rivers) goes only as a pioneer
    free = to_step2(position({}, {"A": [DANDELION], "B": [DEER]}))
    assert GAME.why_illegal(free, "A", place(DANDELION, "h2.2")) is None
    lichen = to_step2(position({"A": {"h2.1": OAKMOSS}}, {"A": [DANDELION], "B": [DEER]}))
    assert "lives in meadows and fields or rivers and floodplains" in GAME.why_illegal(lichen, "A",
                                                                                        place(DANDELION, "h2.2"))


def test_pioneer_plant_a_covered_plant_does_not_keep_pioneers_out():
    st = to_step2(position({"A": {"h2.1": {"cards": [BEECH, DEER]}}}, {"A": [DANDELION], "B": [RAVEN]}))
    assert GAME.why_illegal(st, "A", place(DANDELION, "h2.2")) is None


def test_beginning_of_season_refills_hands_in_seat_order_when_the_stack_runs_short():
    stack = ["Lolium perenne", "Trifolium pratense", "Aglais io", "Quercus robur", "Carpinus betulus",
             "Betula pendula", "Pinus sylvestris", "Picea abies", "Salmo trutta"]
    st = position({}, {"A": [DEER], "B": [RAVEN]}, stack=stack)
    st.season = 1
    seasons.beginning_of_season(st)
    # A (the first seat) draws 7 from the top of the stack (its end), B the 2 left
    assert len(st.hands[0]) == 8 and len(st.hands[1]) == 3 and not st.pile
    assert set(st.hands[1]) == {card(RAVEN), card("Lolium perenne"), card("Trifolium pratense")}


def test_scoring_eight_or_more_species_types_score_as_seven():
    assert [scoring.diversity_points(k) for k in (4, 5, 6, 7, 8, 9, 12)] == [0, 1, 2, 3, 3, 3, 3]


def test_habitation_a_human_impact_card_may_be_traded_for_a_joker():
    st = to_step2(position({}, {"A": ["X01", DANDELION], "B": [DEER]}, variant="human-impact",
                           expansions=["human-habitat"]))
    assert GAME.why_illegal(st, "A", Trade(card("X01"))) is None
    GAME.apply(st, "A", Trade(card("X01")))
    GAME.apply(st, "B", Trade(card(DEER)))
    assert st.jokers[0] == 1 and card("X01") in st.discard and not st.played


def test_weather_with_two_players_the_biomass_face_takes_from_the_one_neighbour_once():
    st = position({"B": {"h1.1": {"cards": ["Lolium perenne"], "biomass": 6}}}, {"A": [DEER, DANDELION], "B": [RAVEN]},
                  variant="weather")
    GAME.apply(st, "A", Weather(card(DEER), "biomass"))
    GAME.apply(st, "B", Keep())
    assert st.jokers[0] == 2 and at(st, "B", "h1.1")["biomass"] == 4  # B is A's neighbour on both sides: once


def test_placing_a_remains_eater_goes_where_remains_of_its_kind_lie():
    none = to_step2(position({"A": {"h2.1": BEECH}}, {"A": [PENNY_BUN], "B": [DEER]}))
    assert "needs a card it feeds on (plant remains)" in GAME.why_illegal(none, "A", place(PENNY_BUN, "h2.2"))
    on_an_animal = to_step2(position({"A": {"h2.1": {"cards": [TOAD], "remains": 2}}}, {"A": [PENNY_BUN], "B": [DEER]}))
    assert "needs a card it feeds on" in GAME.why_illegal(on_an_animal, "A", place(PENNY_BUN, "h2.2"))
    on_a_plant = to_step2(position({"A": {"h2.1": {"cards": [BEECH], "remains": 1}}}, {"A": [PENNY_BUN], "B": [DEER]}))
    assert GAME.why_illegal(on_a_plant, "A", place(PENNY_BUN, "h2.2")) is None


def test_end_of_season_counts_only_the_biomass_for_odd_and_even():
    st = position({"A": {"h1.1": {"cards": [DANDELION], "biomass": 2, "remains": 1}}}, jokers={"A": 3})
    seasons.end_of_season(st)
    assert (st.bio[0][0], st.rem[0][0], st.jokers[0]) == (1, 1, 3)  # 2 biomass: even; remains and jokers kept


def test_feeding_remains_on_a_poisonous_card_feed_mammals_and_birds():
    # the raven (a big bird) may not eat the poisonous toad, but it eats the animal remains lying on it
    st = to_step2(position({"A": {"h2.1": {"cards": [TOAD], "remains": 3}}}, {"A": [RAVEN, DANDELION],
                                                                              "B": [DEER, "Ursus arctos"]}))
    assert GAME.why_illegal(st, "A", place(RAVEN, "h2.2")) is None
    GAME.apply(st, "A", place(RAVEN, "h2.2"))
    GAME.apply(st, "B", Trade(card(DEER)))
    assert at(st, "A", "h2.2")["biomass"] == 3 and at(st, "A", "h2.1").get("remains", 0) == 0
    fed = to_step2(position({"A": {"h2.1": {"cards": [TOAD], "biomass": 3}}}, {"A": [RAVEN], "B": [DEER]}))
    assert "poisonous" in GAME.why_illegal(fed, "A", Place(card(RAVEN), Spot.parse("h2.1")))
