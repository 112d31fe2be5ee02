"""Rulebook "Game Components": the 50 action cards (21/19/10) as validated data, the named cards, the
5 player help cards and the board's happiness track."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kcal.games.kalua.files.load import load_catalog
from kcal.games.kalua.files.models import CardEntry
from kcal.games.kalua.rules.domain import EFFECT_KINDS, Kind, Rule


def test_the_set_has_50_cards_21_bonus_19_local_10_global():
    cards = load_catalog()
    assert len(cards) == 50
    assert [sum(d.copies for d in cards.by_kind(k)) for k in Kind] == [21, 19, 10]


def test_the_rulebooks_named_cards_are_in_the_set_with_their_rules():
    cards = load_catalog()
    assert cards.find("Temple").rule is Rule.TEMPLE and cards.find("Temple").keep
    assert cards.find("Temple").while_kept  # its benefit comes in phase 5
    assert cards.find("Temple destroyed!").rule is Rule.DESTROY_TEMPLE
    assert cards.find("Amulets").rule is Rule.AMULETS and cards.find("Amulets").keep
    assert cards.find("New Leader").rule is Rule.NEW_LEADER


def test_every_effect_kind_of_the_rulebooks_table_is_used():
    cards = load_catalog()
    used = {e.kind for d in cards.defs for e in d.entry.effects + d.entry.while_kept}
    assert used == {k.value for k in EFFECT_KINDS}


def test_every_target_is_used_and_fits_the_cards_kind():
    cards = load_catalog()
    for d in cards.defs:
        targets = {e.target.value for e in d.entry.effects}
        assert targets <= {Kind.BONUS: {"self"}, Kind.LOCAL: {"chosen", "self"},
                           Kind.GLOBAL: {"everyone"}}[d.entry.kind], d.name


def test_global_disasters_cost_0_and_no_cost_is_negative():
    cards = load_catalog()
    assert all(d.cost == 0 for d in cards.by_kind(Kind.GLOBAL))
    assert all(d.cost >= 0 for d in cards.defs)


def test_the_island_disasters_and_the_bonuses_of_the_issue_are_there():
    names = {d.name for d in load_catalog().defs}
    assert {"Tornado", "Earthquake", "Drought", "Epidemic", "Flood", "Good Harvest", "Festival",
            "Miracle"} <= names


def test_five_help_cards_one_per_colour_and_the_track_from_0_to_10():
    model = load_catalog().model
    assert [h.colour for h in model.help_cards] == ["orange", "blue", "green", "yellow", "purple"]
    track = model.board.happiness
    assert (track.min, track.max, track.start) == (0, 10, 5)
    assert model.board.island.atheists_per_player == 3


@pytest.mark.parametrize("effect, message", [
    ({"kind": "joy", "amount": 1, "target": "self"}, "unknown effect kind 'joy'"),
    ({"kind": "happiness", "target": "self"}, "Field required"),
    ({"kind": "happiness", "amount": 0, "target": "self"}, "an amount of 0 does nothing"),
    ({"kind": "family_deaths", "amount": -2, "target": "self"}, "greater than or equal to 1"),
    ({"kind": "keep"}, "Field required"),
])
def test_bad_effects_are_refused(effect, message):
    with pytest.raises(ValidationError, match=message):
        CardEntry.model_validate({"name": "X", "kind": "bonus", "cost": 1, "effects": [effect]})


def test_a_negative_cost_is_refused():
    with pytest.raises(ValidationError, match="greater than or equal to 0"):
        CardEntry.model_validate({"name": "X", "kind": "bonus", "cost": -1,
                                  "effects": [{"kind": "keep", "target": "self"}]})


def test_a_local_disaster_must_punish_a_chosen_god():
    with pytest.raises(ValidationError, match="a local disaster punishes one chosen god"):
        CardEntry.model_validate({"name": "X", "kind": "local", "cost": 1,
                                  "effects": [{"kind": "happiness", "amount": 1, "target": "self"}]})


def test_a_card_may_not_be_named_like_a_move_word():
    with pytest.raises(ValidationError, match="is a move word"):
        CardEntry.model_validate({"name": "None", "kind": "bonus", "cost": 1,
                                  "effects": [{"kind": "keep", "target": "self"}]})
