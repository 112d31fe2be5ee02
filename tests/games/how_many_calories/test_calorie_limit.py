"""Rulebook: Calorie Limit -- 2,400 kcal with 4 players, 2,700 with 3; exactly the limit is safe; above it a
player is out for the round, their hand discarded face down, their round score 0."""

from __future__ import annotations

from kcal.games.how_many_calories.rules.domain import LIMITS

NEAR = {"A": "red 1, yellow 3", "B": "blue 5, green 6", "C": "yellow 30, red 28", "D": "yellow 7, red 8"}
C_AT_1900 = {"C": "green 10, red 9"}  # 1,000 + 900 kcal taken in this round


def out_trick(hmc, **fields):
    """B leads green 6; C's yellow 30 wins it and takes green 6: 1,900 + 600 = 2,500 kcal > 2,400."""
    state = hmc.position(NEAR, won=C_AT_1900, leader="B", **fields)
    hmc.play(state, "B green 6", "C yellow 30", "D yellow 7", "A yellow 3")
    return state


def test_limit_is_2400_for_4_players_and_2700_for_3():
    assert LIMITS[4] == 2_400 and LIMITS[3] == 2_700


def test_exactly_the_limit_is_safe(hmc):
    state = hmc.position({"A": "blue 5", "B": "green 6", "C": "yellow 30", "D": "yellow 7"}, won=C_AT_1900,
                         leader="A")
    hmc.play(state, "A blue 5", "B green 6", "C yellow 30", "D yellow 7")  # C takes blue 5: 2,400 kcal
    last = hmc.tricks(state)[-1]
    assert (last["winner"], last["won"], last["went_out"]) == ("C", "blue 5", False)
    assert state.totals == [0, 0, 2_400, 0]  # the round ended (empty hands) and C scored it


def test_one_card_above_the_limit_is_out(hmc):
    state = out_trick(hmc)
    assert state.intake[2] == 2_500 and state.out[2]
    assert hmc.tricks(state)[-1]["went_out"] is True
    assert hmc.why(state, "C red 28") == "C is out this round: 2,500 kcal > 2,400"


def test_hand_of_player_going_out_is_discarded_unseen(hmc):
    state = out_trick(hmc)
    assert state.hands[2] == []
    assert 28 in state.unseen  # red 28 went face down
    view = hmc.game.view(state, "A")
    assert view["hand_counts"]["C"] == 0 and view["out"] == ["C"]
    assert "red 28" not in str(view)


def test_player_out_is_skipped_in_later_tricks(hmc):
    state = out_trick(hmc)
    assert hmc.game.to_move(state) == ("B",)
    hmc.play(state, "B blue 5")
    assert hmc.game.to_move(state) == ("D",)


def test_player_out_scores_zero_for_the_round(hmc):
    state = out_trick(hmc, totals={"C": 1_000})
    hmc.play(state, "B blue 5", "D red 8", "A red 1")  # values 5, 13, 6: D takes B's blue 5
    assert state.round == 1
    assert state.totals == [0, 0, 1_000, 500]


def test_three_player_limit_2700_exactly_safe(hmc):
    state = hmc.position({"A": "green 6", "B": "red 1", "C": "yellow 30"}, ("A", "B", "C"),
                         won={"C": "green 10, red 9, yellow 7"}, leader="A")  # C at 2,600 kcal
    assert state.rules.limit == 2_700
    hmc.play(state, "A green 6", "B red 1", "C yellow 30")  # red 1+5 ties green 6 and ranks below it
    last = hmc.tricks(state)[-1]
    assert (last["winner"], last["won"], last["went_out"]) == ("C", "red 1", False)
    assert state.totals == [0, 0, 2_700]
