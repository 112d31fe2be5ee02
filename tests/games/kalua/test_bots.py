"""The bots: legal, deterministic for a generator, and ordered in strength (search > greedy > random)."""

from __future__ import annotations

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.core.seeding import derive_seed
from kcal.games.kalua.game import GAME


def _match(lineup, games, seed=1):
    n = len(lineup)
    players = tuple("ABCDE"[:n])
    wins = [0.0] * n
    bots = GAME.bots()
    for g in range(games):
        slot = [(i + g) % n for i in range(n)]
        state = GAME.new_state(Setup(players), derive_seed(seed, "game", g))
        rngs = [Rng(derive_seed(seed, "seat", g, i)) for i in range(n)]
        while GAME.to_move(state):
            p = GAME.to_move(state)[0]
            i = players.index(p)
            GAME.apply(state, p, bots[lineup[slot[i]]](GAME, state, p, rngs[i]))
        out = GAME.outcome(state)
        for i, p in enumerate(players):
            if p in out.winners:
                wins[slot[i]] += 1 / len(out.winners)
    return wins


def test_the_game_offers_random_greedy_and_search_bots():
    assert set(GAME.bots()) == {"random", "greedy", "search"}


def test_greedy_beats_random():
    wins = _match(["greedy", "random", "random"], 30)
    assert wins[0] > 20


def test_search_beats_greedy():
    wins = _match(["search", "greedy", "greedy"], 9)
    assert wins[0] > 3  # a third would be even


def test_a_bot_leaves_the_state_alone_and_repeats_itself(kalua):
    state = kalua.play_out(kalua.new(seed=2), seed=2, max_moves=40)
    before = kalua.game.record(state)
    for name, bot in GAME.bots().items():
        a = bot(GAME, state, kalua.to_move(state), Rng(5))
        b = bot(GAME, state, kalua.to_move(state), Rng(5))
        assert a == b and GAME.why_illegal(state, kalua.to_move(state), a) is None, name
    assert kalua.game.record(state) == before


def test_greedy_looks_one_turn_ahead_and_plays_a_card_that_makes_it_happiest(kalua):
    state = kalua.position({"A": {"hand": ["Festival"], "happiness": 4}, "B": {"happiness": 6}})
    move = GAME.bots()["greedy"](GAME, state, "A", Rng(0))
    assert str(move) == "play Festival paying 4 PP"


def test_greedy_aims_a_disaster_at_the_strongest_rival(kalua):
    state = kalua.position({"A": {"hand": ["Epidemic"]}, "C": {"families": 14}})
    kalua.settle(kalua.do(state, "A", play="Epidemic"))
    assert str(GAME.bots()["greedy"](GAME, state, "A", Rng(0))) == "target C"
