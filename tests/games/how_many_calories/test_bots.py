"""Bots: random, greedy (avoids going out) and ismcts (search), each ``bot(game, state, player, rng)``."""

from __future__ import annotations

import statistics
import time

from kcal.core.rng import Rng
from kcal.games.how_many_calories.bots.search import ITERATIONS
from kcal.games.how_many_calories.rules.moves import Pass, Play

# D led red 8, A played red 1, B red 9; C plays last, and the lowest card on the table is A's red 1
LAST = {"A": "blue 2, yellow 11", "B": "blue 5, yellow 14", "C": "red 12, yellow 3, green 4",
        "D": "green 6, yellow 16"}
TRICK = ["D red 8", "A red 1", "B red 9"]


def greedy(hmc, state, player):
    return hmc.game.bots()["greedy"](hmc.game, state, player, Rng(1))


def test_bots_offers_random_greedy_and_ismcts(hmc):
    assert set(hmc.game.bots()) == {"random", "greedy", "ismcts"}


def test_greedy_wins_a_low_card_when_safe_with_its_smallest_winning_card(hmc):
    state = hmc.position(LAST, leader="D", trick=TRICK)
    assert greedy(hmc, state, "C") == Play(hmc.card("red 12"))


def test_greedy_avoids_winning_a_trick_that_would_put_it_over(hmc):
    state = hmc.position(LAST, leader="D", trick=TRICK, won={"C": "blue 24"})  # exactly 2,400 kcal
    # winning would take red 1 (2,500 kcal): C dumps its highest card that does not win
    assert greedy(hmc, state, "C") == Play(hmc.card("green 4"))


def test_greedy_leads_its_highest_card(hmc):
    state = hmc.position({"A": "red 1, yellow 30, green 4", "B": "red 8, red 9, red 12",
                          "C": "blue 2, blue 5, green 6", "D": "yellow 3, yellow 7, yellow 11"}, leader="A")
    assert greedy(hmc, state, "A") == Play(hmc.card("yellow 30"))


def test_greedy_passes_its_two_middle_cards(hmc):
    state = hmc.dealt()
    assert greedy(hmc, state, "A") == Pass(hmc.cards("green 4, blue 5"))


def test_bots_play_whole_games_with_legal_moves(hmc):
    for name in ("random", "greedy"):
        state = hmc.play_out(hmc.dealt(None, seed=4), name)
        assert hmc.game.outcome(state) is not None


def test_bots_are_deterministic_and_leave_the_state_alone(hmc):
    state = hmc.dealt(None, seed=8)
    before = hmc.game.record(state), [h[:] for h in state.hands]
    for name, bot in hmc.game.bots().items():
        a, b = bot(hmc.game, state, "C", Rng(5)), bot(hmc.game, state, "C", Rng(5))
        assert a == b, name
        assert hmc.game.why_illegal(state, "C", a) is None
    assert (hmc.game.record(state), state.hands) == before


def test_ismcts_plays_legal_moves_in_the_pass_and_the_tricks(hmc):
    state = hmc.dealt(None, seed=9)
    bot = hmc.game.bots()["ismcts"]
    for _ in range(12):
        acting = hmc.game.to_move(state)
        move = bot(hmc.game, state, acting[0], Rng(3))
        assert hmc.game.why_illegal(state, acting[0], move) is None
        hmc.game.apply(state, acting[0], move)


def test_ismcts_decides_well_under_a_tenth_of_a_second_at_default_strength(hmc):
    state = hmc.dealt(None, seed=10)
    bot = hmc.game.bots()["ismcts"]
    times = []
    while len(times) < 16:
        acting = hmc.game.to_move(state)
        start = time.process_time()
        move = bot(hmc.game, state, acting[0], Rng(len(times)))
        times.append(time.process_time() - start)  # CPU time: other processes do not count
        hmc.game.apply(state, acting[0], move)
    assert ITERATIONS >= 100
    assert statistics.median(times) < 0.1


def test_greedy_beats_random(hmc):
    result = hmc.match(["greedy", "random", "random", "random"], 60, seed=3)
    assert result.wins[0] > 60 * 0.4  # a fair share would be 15 of 60
    assert result.scores[0] > max(result.scores[1:])


def test_ismcts_beats_greedy(hmc):
    result = hmc.match(["ismcts", "greedy", "greedy", "greedy"], 8, seed=4)
    assert result.wins[0] >= 4  # a fair share would be 2 of 8
    assert result.scores[0] > max(result.scores[1:])
