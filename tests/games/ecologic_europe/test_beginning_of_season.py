"""Rulebook "Beginning of the Season": consumption "can take place in any order, but each species must be
fed at least for a moment"; the order is the player's (a record's ``feeding:``), kcal's the one that
loses the fewest cards (ruling "feeding-order"); the earthworm "may" process plant remains (ruling
"earthworm"); a dead card's remains feed a card later in the order (ruling "death")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.games.ecologic_europe.game import GAME
from kcal.games.ecologic_europe.replay import replay
from kcal.games.ecologic_europe.rules import beginning, seasons
from kcal.games.ecologic_europe.rules.state import State
from kcal.sim.records import record_yaml
from tests.hypothesis_profile import PROFILE_SUPPRESSED

from .conftest import FILLER, HABITATS, at, card

BUTTERFLY, LADYBIRD, RYEGRASS = "Aglais io", "Coccinella septempunctata", "Lolium perenne"
EARTHWORM, PENNY_BUN, BEECH = "Lumbricus terrestris", "Boletus edulis", "Fagus sylvatica"
DEER, RAVEN = "Capreolus capreolus", "Corvus corax"


def _start(places: dict[str, Any], season: str = "spring") -> dict[str, Any]:
    norm = {p: {k: ({"cards": [v]} if isinstance(v, str) else v) for k, v in spots.items()}
            for p, spots in places.items()}
    return {"season": season, "habitats": {p: list(HABITATS) for p in ("A", "B")}, "places": norm,
            "hands": {"A": [FILLER[0]], "B": [FILLER[1]]}, "stack": []}


def _fed(places: dict[str, Any], season: int, feeding: list[dict[str, Any]] | None = None) -> State:
    """The position, then the beginning of ``season`` (1 summer ... 3 winter) with the record's choices."""
    options: dict[str, Any] = {"start": _start(places)}
    if feeding is not None:
        options["feeding"] = feeding
    state = GAME.new_state(Setup(("A", "B"), None, options), 1)
    state.season = season
    seasons.beginning_of_season(state)
    return state


# winter: the ryegrass makes 1; the butterfly holds 1 of its 2, the ladybird (an insect eater) nothing
LADYBIRD_FIRST = {"A": {"h1.1": RYEGRASS, "h1.2": LADYBIRD, "h1.3": {"cards": [BUTTERFLY], "biomass": 1}}}


def test_beginning_of_season_any_order_feeds_the_butterfly_before_the_ladybird_eats_it():
    # kcal's first order (place order within a level) feeds the ladybird first: it would take the
    # butterfly's 1 and leave it 1 short. The butterfly first takes the ryegrass's 1 (2 of 2: fed), then
    # the ladybird eats 1 of it: both live
    state = _fed(LADYBIRD_FIRST, 3)
    assert not state.discard
    assert at(state, "A", "h1.3")["biomass"] == 1 and at(state, "A", "h1.2")["biomass"] == 1


def test_beginning_of_season_the_joker_feeds_the_card_that_saves_the_most():
    # one joker, three hungry cards in two groups that share nothing: the penny bun (habitat 2) finds no
    # plant remains, the ladybird no insect, the hedgehog holds 1 of its 2. The penny bun first takes the
    # joker and the ladybird and the hedgehog die; the ladybird first takes it and the hedgehog eats it:
    # only the penny bun dies (kcal fed the groups in one order only, and lost 2)
    places = {"h1.1": RYEGRASS, "h1.3": LADYBIRD, "h1.4": {"cards": ["Erinaceus europaeus"], "biomass": 1},
              "h2.1": PENNY_BUN}
    options = {"start": _start({"A": places}) | {"jokers": {"A": 1}}}
    state = GAME.new_state(Setup(("A", "B"), None, options), 1)
    state.season = 1
    seasons.beginning_of_season(state)
    assert state.discard == [card(PENNY_BUN)]
    assert at(state, "A", "h1.4")["biomass"] == 2


def test_beginning_of_season_the_record_gives_the_order():
    state = _fed(LADYBIRD_FIRST, 3, [{"season": "winter", "player": "A", "order": ["h1.2", "h1.3"]}])
    assert state.discard == [card(BUTTERFLY)]  # the player's order: the ladybird first, the butterfly starves
    state = _fed(LADYBIRD_FIRST, 3, [{"season": "winter", "player": "A", "order": ["h1.3"]}])
    assert not state.discard  # the butterfly first, the rest (the ladybird) as kcal orders it


def test_beginning_of_season_the_earthworm_leaves_the_fungus_its_only_food():
    # the earthworm holds its 1 (fed first in kcal's first order) and would process the beech's one plant
    # remains token, the penny bun's only food: the penny bun is fed first, or the earthworm leaves it
    state = _fed({"A": {"h2.1": {"cards": [EARTHWORM], "biomass": 1}, "h2.2": {"cards": [BEECH], "remains": 1},
                        "h2.3": PENNY_BUN}}, 1)
    assert not state.discard
    assert at(state, "A", "h2.3")["biomass"] == 1


def test_beginning_of_season_the_record_says_whether_the_earthworm_processes():
    places = {"A": {"h2.1": {"cards": [EARTHWORM], "biomass": 1}, "h2.2": {"cards": [BEECH], "remains": 2}}}
    kept = _fed(places, 1, [{"season": "summer", "player": "A", "process": {"h2.1": False}}])
    assert at(kept, "A", "h2.2")["remains"] == 2 and at(kept, "A", "h2.1")["biomass"] == 1
    taken = _fed(places, 1, [{"season": "summer", "player": "A", "process": {"h2.1": True}}])
    assert at(taken, "A", "h2.2").get("remains", 0) == 0 and at(taken, "A", "h2.1")["biomass"] == 3
    default = _fed(places, 1)  # nothing at stake: kcal processes (the tie rule)
    assert at(default, "A", "h2.1")["biomass"] == 3


def test_beginning_of_season_the_record_gives_the_number_of_plant_remains_the_earthworm_processes():
    # "you may take ANY NUMBER of plant remains tokens from the habitat": 2 of the 4 around it, the
    # fullest card (the beech's 3) first; true is all of them and false none, as before a number could be given
    places = {"A": {"h2.1": {"cards": [EARTHWORM], "biomass": 1}, "h2.2": {"cards": [BEECH], "remains": 3},
                    "h2.3": {"cards": [RYEGRASS], "remains": 1}}}
    state = _fed(places, 1, [{"season": "summer", "player": "A", "process": {"h2.1": 2}}])
    assert at(state, "A", "h2.1")["biomass"] == 3
    assert at(state, "A", "h2.2")["remains"] == 1 and at(state, "A", "h2.3")["remains"] == 1
    state = _fed(places, 1, [{"season": "summer", "player": "A", "process": {"h2.1": 4}}])
    assert at(state, "A", "h2.1")["biomass"] == 5 and not at(state, "A", "h2.2").get("remains")
    state = _fed(places, 1, [{"season": "summer", "player": "A", "process": {"h2.1": 0}}])
    assert at(state, "A", "h2.1")["biomass"] == 1 and at(state, "A", "h2.2")["remains"] == 3


def _record(tmp_path: Any, start: dict[str, Any], process: dict[str, Any]) -> Any:
    moves = [{"player": "A", "exchange": "none"}, {"player": "B", "exchange": "none"},
             {"player": "A", "pass": "keep"}, {"player": "B", "pass": "keep"}]
    path = tmp_path / "worm.yaml"
    path.write_text(record_yaml({"game": "ecologic-europe", "players": ["A", "B"], "seed": 1, "start": start,
                                 "feeding": [{"season": "summer", "player": "A", "process": process}],
                                 "moves": moves}), encoding="utf-8")
    return path


def test_beginning_of_season_more_plant_remains_than_the_earthworm_finds_is_an_illegal_choice(tmp_path):
    # the earthworm eats 1 of the beech's 3 (it holds nothing): 2 are left to process, 3 is out of range
    start = _start({"A": {"h2.1": EARTHWORM, "h2.2": {"cards": [BEECH], "remains": 3}}})
    result = replay(_record(tmp_path, start, {"h2.1": 3})).to_json()
    assert not result["legal"] and result["illegal_move"]["index"] == 3, result
    assert result["illegal_move"]["reason"] == (
        "A's feeding at the beginning of summer (feeding[0]): the card at h2.1 finds 2 plant remains tokens "
        "around it once fed, and process: 3 takes more than there are")
    assert replay(_record(tmp_path, start, {"h2.1": 2})).to_json()["legal"]


@pytest.mark.parametrize("value", [-1, 1.5, "all"])
def test_beginning_of_season_a_process_that_is_no_number_of_tokens_is_bad_input(tmp_path, value):
    start = _start({"A": {"h2.1": EARTHWORM, "h2.2": {"cards": [BEECH], "remains": 3}}})
    path = _record(tmp_path, start, {"h2.1": value})
    with pytest.raises(KcalError) as info:
        replay(path)
    err = info.value
    assert "feeding" in err.message and "process" in err.message and err.code == "schema", err.message
    text = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(text, 1) if '"process"' in t)
    assert err.where.file == str(path) and err.where.line == line and err.where.column, err.where


def test_beginning_of_season_a_starving_deers_remains_feed_the_raven():
    # the roe deer holds 3 of its 4 and finds no plant: it dies, and its 3 tokens become remains on the
    # first card of its habitat, the raven, which may eat animal remains from its own card
    state = _fed({"A": {"h1.1": RAVEN, "h1.2": {"cards": [DEER], "biomass": 3}}}, 1)
    assert state.discard == [card(DEER)]
    assert at(state, "A", "h1.1")["biomass"] == 3


def test_beginning_of_season_a_bad_order_in_a_record_is_an_illegal_move(tmp_path):
    start = _start(LADYBIRD_FIRST) | {"hands": {"A": [FILLER[0]], "B": [FILLER[1]]}}
    moves = [{"player": "A", "exchange": "none"}, {"player": "B", "exchange": "none"},
             {"player": "A", "pass": "keep"}, {"player": "B", "pass": "keep"}]
    for order, words in ((["h1.1"], "h1.1 holds Lolium perenne, a plant: plants produce, they are not fed"),
                         (["h1.2", "h1.2"], "h1.2 is in the order twice"), (["h3.3"], "h3.3 holds no card")):
        path = tmp_path / "bad.yaml"
        path.write_text(record_yaml({"game": "ecologic-europe", "players": ["A", "B"], "seed": 1, "start": start,
                                     "feeding": [{"season": "summer", "player": "A", "order": order}],
                                     "moves": moves}), encoding="utf-8")
        result = replay(path).to_json()
        assert not result["legal"] and result["illegal_move"]["index"] == 3, result
        assert "A's feeding at the beginning of summer (feeding[0])" in result["illegal_move"]["reason"]
        assert words in result["illegal_move"]["reason"]
    good = {"game": "ecologic-europe", "players": ["A", "B"], "seed": 1, "start": start,
            "feeding": [{"season": "summer", "player": "A", "order": ["h1.3", "h1.2"]}], "moves": moves}
    path.write_text(record_yaml(good), encoding="utf-8")
    assert replay(path).to_json()["legal"]


@pytest.mark.parametrize(("entry", "words"), [
    ({"season": "spring", "player": "A"}, "feeding[0].season"),
    ({"season": "summer", "player": "Z"}, "feeding[0].player: no player 'Z'"),
    ({"season": "summer", "player": "A", "order": ["h9.1"]}, "feeding[0].order.0: no place h9.1"),
])
def test_beginning_of_season_a_feeding_entry_that_names_nothing_there_is_bad_input(tmp_path, entry, words):
    path = tmp_path / "bad.yaml"
    path.write_text(record_yaml({"game": "ecologic-europe", "players": ["A", "B"], "seed": 1, "feeding": [entry],
                                 "moves": []}), encoding="utf-8")
    with pytest.raises(KcalError, match=re.escape(words)):
        replay(path)


PLACES = [f"h{b}.{f}" for b in (1, 2) for f in range(1, 5)] + ["e1.1"]
MEADOW_AND_FOREST = [RYEGRASS, BEECH, BUTTERFLY, LADYBIRD, EARTHWORM, PENNY_BUN, DEER, RAVEN, "Alauda arvensis",
                     "Vulpes vulpes", "Erinaceus europaeus"]


@settings(max_examples=40, suppress_health_check=[*PROFILE_SUPPRESSED])
@given(st.lists(st.tuples(st.sampled_from(MEADOW_AND_FOREST), st.integers(0, 3), st.integers(0, 2)),
                min_size=2, max_size=8),
       st.integers(1, 3), st.integers(0, 2))
def test_beginning_of_season_kcal_loses_no_more_cards_than_any_order(cards, season, jokers):
    """Whatever the ecosystem, kcal's order loses no more cards than kcal's first order, nor than any
    other order of the cards (tried in full when there are few)."""
    import itertools

    places: dict[str, Any] = {}
    used: set[str] = set()
    for (latin, bio, rem), spot in zip(cards, PLACES, strict=False):
        if latin in used:
            continue
        used.add(latin)
        places[spot] = {"cards": [latin], "biomass": bio, "remains": rem}
    options = {"start": _start({"A": places}) | {"jokers": {"A": jokers}}}
    try:
        state = GAME.new_state(Setup(("A", "B"), None, options), 1)
    except KcalError:
        return  # a card out of its habitat: not a position of the game
    state.season = season
    seat = 0
    for q, st_ in enumerate(state.stacks[seat]):  # production first, as beginning_of_season does
        if st_ and beginning.tables(state).producer[st_[-1]]:
            beginning.produce(state, seat, q)
    plan = beginning.best_plan(state, seat)
    lost = _lost(state, plan)
    first: list[tuple[int, int | None]] = [(q, None) for q in beginning.consumers(state, seat)]
    assert lost <= _lost(state, first)
    if len(first) <= 4:  # (every order within the search budget: kcal's is the best)
        for order in itertools.permutations(q for q, _ in first):
            for count in (None, 0, 1, 2, 3, 4, 5, 6):  # an earthworm's number of plant remains tokens
                assert lost <= _lost(state, [(q, count) for q in order])


def _lost(state: State, plan: list[tuple[int, int | None]]) -> int:
    trial = beginning._fork(state, 0)
    return sum(beginning._turn(trial, 0, q, process, {}) for q, process in plan)


def test_placing_the_earthworm_may_leave_the_plant_remains():
    from kcal.games.ecologic_europe.files.moves import decode_move, encode_move
    from kcal.games.ecologic_europe.rules.domain import Place as Spot
    from kcal.games.ecologic_europe.rules.moves import Keep, Place

    def placed(process: int | None) -> State:
        start = _start({"A": {"h2.1": {"cards": [BEECH], "remains": 2}}}) | {
            "hands": {"A": [EARTHWORM, FILLER[0]], "B": [FILLER[1], FILLER[2]]}}
        state = GAME.new_state(Setup(("A", "B"), None, {"start": start}), 1)
        for p in ("A", "B"):
            GAME.apply(state, p, Keep())
        GAME.apply(state, "A", Place(card(EARTHWORM), Spot.parse("h2.2"), None, process))
        GAME.apply(state, "B", decode_move({"trade": FILLER[1]}))
        return state

    left = placed(0)  # fed 1 of the 2 plant remains, the other left on the beech
    assert at(left, "A", "h2.1")["remains"] == 1 and at(left, "A", "h2.2")["biomass"] == 1
    taken = placed(None)  # the default: it takes the other too
    assert at(taken, "A", "h2.1")["remains"] == 0 and at(taken, "A", "h2.2")["biomass"] == 2
    move = decode_move({"place": EARTHWORM, "at": "h2.2", "process": False})
    assert move.process == 0 and encode_move(move) == {"place": EARTHWORM, "at": "h2.2", "process": False}
    assert "process" not in encode_move(decode_move({"place": EARTHWORM, "at": "h2.2"}))
    start = _start({"A": {"h1.1": {"cards": [RYEGRASS], "biomass": 3}}}) | {"hands": {"A": [BUTTERFLY], "B": [BEECH]}}
    state = GAME.new_state(Setup(("A", "B"), None, {"start": start}), 1)
    for p in ("A", "B"):
        GAME.apply(state, p, Keep())
    assert GAME.why_illegal(state, "A", Place(card(BUTTERFLY), Spot.parse("h1.2"))) is None
    reason = GAME.why_illegal(state, "A", Place(card(BUTTERFLY), Spot.parse("h1.2"), None, False))
    assert reason == ("process: Aglais io processes no plant remains (only a card with plant-remains-processing "
                      "may choose)")


def _placing(places: dict[str, Any], hand: list[str], season: str = "spring") -> State:
    """Step 2 of a season, A holding ``hand``."""
    from kcal.games.ecologic_europe.rules.moves import Keep

    start = _start({"A": places}, season) | {"hands": {"A": [*hand, FILLER[0]], "B": [FILLER[1], FILLER[2]]}}
    state = GAME.new_state(Setup(("A", "B"), None, {"start": start}), 1)
    for p in ("A", "B"):
        GAME.apply(state, p, Keep())
    return state


def test_placing_the_earthworm_takes_any_number_of_plant_remains():
    # "you may take ANY NUMBER of plant remains tokens": fed 1 of the beech's 4, it takes 2 of the 3 left
    from kcal.games.ecologic_europe.files.moves import decode_move, encode_move

    move = decode_move({"place": EARTHWORM, "at": "h2.2", "process": 2})
    assert move.process == 2 and encode_move(move) == {"place": EARTHWORM, "at": "h2.2", "process": 2}
    assert decode_move({"place": EARTHWORM, "at": "h2.2", "process": True}).process is None
    state = _placing({"h2.1": {"cards": [BEECH], "remains": 4}}, [EARTHWORM])
    assert GAME.why_illegal(state, "A", decode_move({"place": EARTHWORM, "at": "h2.2", "process": 4})) == (
        "process: Lumbricus terrestris at h2.2 finds 3 plant remains tokens around it once fed, and process: 4 "
        "takes more than there are")
    GAME.apply(state, "A", move)
    GAME.apply(state, "B", decode_move({"trade": FILLER[1]}))
    assert at(state, "A", "h2.1")["remains"] == 1 and at(state, "A", "h2.2")["biomass"] == 3
    for bad in (-1, "all", 1.5):
        with pytest.raises(KcalError, match="process: true .*, false .* or a number of tokens"):
            decode_move({"place": EARTHWORM, "at": "h2.2", "process": bad})


# the beech holds 3 plant remains, the penny bun beside it nothing: an earthworm at h2.1 eats 1, and taking
# the other 2 would leave the penny bun nothing to eat at the beginning of summer
FUNGUS_BESIDE = {"h2.2": {"cards": [BEECH], "remains": 3}, "h2.3": PENNY_BUN}


def test_placing_the_earthworm_the_moves_offer_to_leave_the_fungus_its_food():
    from kcal.games.ecologic_europe.rules.moves import Place

    def offered(places: dict[str, Any]) -> list[int | None]:
        state = _placing(places, [EARTHWORM])
        return [m.process for m in GAME.legal_moves(state, "A")
                if isinstance(m, Place) and m.card == card(EARTHWORM) and str(m.at) == "h2.1"]

    assert offered(FUNGUS_BESIDE) == [None, 1, 0]  # all, all but what the penny bun lacks, none
    fed = FUNGUS_BESIDE | {"h2.3": {"cards": [PENNY_BUN], "biomass": 1}}
    assert offered(fed) == [None]  # nobody lacks anything: the earthworm takes them all, as before
    assert offered({"h2.2": {"cards": [BEECH], "remains": 3}}) == [None]


def test_placing_the_planner_leaves_the_fungus_its_food():
    from kcal.core.rng import Rng
    from kcal.games.ecologic_europe.rules.moves import Place

    state = _placing(FUNGUS_BESIDE, [EARTHWORM])
    move = GAME.bots()["planner"](GAME, state, "A", Rng(1))
    assert isinstance(move, Place) and move.card == card(EARTHWORM) and move.process == 1, move
    greedy = GAME.bots()["greedy"](GAME, state, "A", Rng(1))  # it looks no further than the scores now
    assert isinstance(greedy, Place) and greedy.process is None


@settings(max_examples=30, suppress_health_check=[*PROFILE_SUPPRESSED])
@given(st.integers(1, 6), st.integers(0, 8))
def test_placing_the_earthworm_any_number_up_to_the_tokens_there_is_legal(remains, count):
    """Every number of plant remains tokens from none to all those left once the earthworm is fed (it eats
    1 of the beech's) is a legal placement that takes exactly that many; one more is illegal."""
    from kcal.games.ecologic_europe.files.moves import decode_move

    state = _placing({"h2.1": {"cards": [BEECH], "remains": remains}}, [EARTHWORM])
    move = decode_move({"place": EARTHWORM, "at": "h2.2", "process": count})
    reason = GAME.why_illegal(state, "A", move)
    if count > remains - 1:
        assert reason is not None and f"process: {count} takes more than there are" in reason
        return
    assert reason is None
    GAME.apply(state, "A", move)
    GAME.apply(state, "B", decode_move({"trade": FILLER[1]}))
    assert at(state, "A", "h2.1").get("remains", 0) == remains - 1 - count
    assert at(state, "A", "h2.2")["biomass"] == 1 + count


@settings(max_examples=60, suppress_health_check=[*PROFILE_SUPPRESSED])
@given(st.one_of(st.booleans(), st.integers(-10**6, 10**6), st.floats(), st.text(max_size=8), st.none()))
def test_placing_a_process_value_is_a_number_of_tokens_or_bad_input(value):
    from kcal.games.ecologic_europe.files.moves import decode_move

    try:
        move = decode_move({"place": EARTHWORM, "at": "h2.2", "process": value})
    except KcalError as exc:
        assert not (isinstance(value, int) and (isinstance(value, bool) or value >= 0))
        assert exc.message.startswith("process: true (an earthworm processes every plant remains token")
        return
    assert isinstance(value, int) and (isinstance(value, bool) or value >= 0)
    assert move.process == (None if value is True else int(value))
