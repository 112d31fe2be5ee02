"""Rulebook: two-player rules are "in another article" -- refused unless kcal's house rule is chosen."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.games.how_many_calories import PACK

TWO = ("A", "B")


def test_two_players_refused_without_variant(hmc):
    with pytest.raises(KcalError) as err:
        hmc.game.new_state(Setup(TWO), 1)
    assert str(err.value) == ("How many Calories? is played by 3 to 4 players, not 2 "
                              "(or 2 with --variant two-player, a house rule)")


def test_two_player_variant_is_labelled_a_house_rule():
    variant = PACK.info.variant("two-player")
    assert variant.house_rule and "house rule" in variant.summary
    assert PACK.info.player_variants == {2: "two-player"}


def test_two_player_variant_refuses_other_player_counts(hmc):
    with pytest.raises(KcalError, match="the two-player variant is for 2 players, not 3"):
        hmc.game.new_state(Setup(("A", "B", "C"), "two-player"), 1)


def test_unknown_variant_has_a_did_you_mean(hmc):
    with pytest.raises(KcalError, match=r"no variant 'two-players' \(did you mean 'two-player'\?\)"):
        hmc.game.new_state(Setup(TWO, "two-players"), 1)


def test_two_player_limit_is_6000_kcal(hmc):
    state = hmc.dealt(None, TWO, variant="two-player")
    assert state.rules.limit == 6_000


def test_two_player_deals_eight_each_and_sets_sixteen_aside(hmc):
    state = hmc.dealt(None, TWO, variant="two-player", seed=3)
    assert [len(h) for h in state.hands] == [8, 8] and len(state.unseen) == 16


def test_two_player_pass_goes_to_the_other_player(hmc):
    state = hmc.dealt(None, TWO, variant="two-player", seed=3)
    a, b = (hmc.game.legal_moves(state, p)[0] for p in TWO)
    hmc.game.apply(state, "A", a)
    hmc.game.apply(state, "B", b)
    view = hmc.game.view(state, "A")
    assert view["passed"]["to"] == "B" and view["received"]["from"] == "B"
    assert set(view["received"]["cards"]) == {str(c) for c in b.cards}


def test_two_player_round_ends_when_one_goes_out(hmc):
    state = hmc.position({"A": "red 1, red 8, red 9", "B": "yellow 30, blue 31, green 4"}, TWO,
                         variant="two-player", won={"B": "green 32, green 27"}, leader="A")  # B at 5,900 kcal
    hmc.play(state, "A red 1", "B yellow 30")  # B takes red 1: 6,000, exactly the limit: safe
    assert not state.out[1] and state.round == 0
    hmc.play(state, "A red 8", "B blue 31")  # B takes red 8: 6,800 > 6,000
    assert state.round == 1, "B went out: the round ended with A still holding red 9"
    assert state.totals == [0, 0]
