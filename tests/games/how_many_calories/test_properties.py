"""Properties over random games from many seeds (Hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.how_many_calories.replay import replay
from kcal.games.how_many_calories.rules.domain import COLOURS, Card
from kcal.games.how_many_calories.rules.moves import Pass, Play

CONFIGS = [(("A", "B", "C"), None), (("A", "B", "C", "D"), None), (("A", "B"), "two-player")]
seeds = st.integers(0, 2**63 - 1)  # the seed range of every record (core.fields.Seed)
configs = st.sampled_from(CONFIGS)


def random_game(game, players, variant, seed, check=None):
    state = game.new_state(Setup(players, variant), seed)
    rng = Rng(seed ^ 0x5EED)
    moves = 0
    while game.to_move(state):
        acting = game.to_move(state)
        player = acting[rng.below(len(acting))]
        legal = game.legal_moves(state, player)
        if check:
            check(state, player, legal, rng)
        game.apply(state, player, legal[rng.below(len(legal))])
        moves += 1
        assert moves < 1_000
    return state


@settings(max_examples=40)
@given(seed=seeds, config=configs)
def test_random_games_reach_an_outcome(hmc, seed, config):
    players, variant = config
    state = random_game(hmc.game, players, variant, seed)
    outcome = hmc.game.outcome(state)
    assert outcome is not None and outcome.reason == "rounds_complete"
    assert set(outcome.winners) <= set(players) and outcome.winners
    assert max(outcome.scores.values()) == outcome.scores[outcome.winners[0]]


def random_move(rng, players):
    if rng.below(2):
        return Play(Card(COLOURS[rng.below(4)], 1 + rng.below(33)))
    return Pass(tuple(Card(COLOURS[rng.below(4)], 1 + rng.below(33)) for _ in range(rng.below(4))))


@settings(max_examples=15)
@given(seed=seeds, config=configs)
def test_why_illegal_is_none_exactly_for_generated_moves(hmc, seed, config):
    players, variant = config
    game = hmc.game

    def check(state, player, legal, rng):
        keys = {repr(m) for m in legal}
        for move in legal[:6]:
            assert game.why_illegal(state, player, move) is None
        for _ in range(6):
            other = players[rng.below(len(players))]
            probe = random_move(rng, players)
            reason = game.why_illegal(state, other, probe)
            allowed = {repr(m) for m in game.legal_moves(state, other)} if other != player else keys
            assert (reason is None) == (repr(probe) in allowed), (other, probe, reason)
            if reason is not None:
                assert isinstance(reason, str) and reason

    random_game(game, players, variant, seed, check)


@settings(max_examples=15)
@given(seed=seeds, config=configs)
def test_same_seed_same_game(hmc, seed, config):
    players, variant = config
    a = random_game(hmc.game, players, variant, seed)
    b = random_game(hmc.game, players, variant, seed)
    assert hmc.game.record(a) == hmc.game.record(b)


@settings(max_examples=12)
@given(seed=seeds, config=configs, stop=st.integers(0, 150))
def test_record_of_a_game_replays_to_the_same_end(hmc, tmp_path_factory, seed, config, stop):
    players, variant = config
    game = hmc.game
    state = random_game(game, players, variant, seed)
    partial = game.new_state(Setup(players, variant), seed)
    rng = Rng(seed)
    for _ in range(stop):
        acting = game.to_move(partial)
        if not acting:
            break
        moves = game.legal_moves(partial, acting[0])
        game.apply(partial, acting[0], moves[rng.below(len(moves))])
    folder = tmp_path_factory.mktemp("records")
    for label, st_ in (("full", state), ("partial", partial)):
        out = replay(hmc.write_yaml(folder / f"{label}.yaml", game.record(st_))).to_json()
        assert out["legal"] and out["ended"] == (game.outcome(st_) is not None)
        assert out["scores"] == dict(zip(players, st_.totals, strict=True))
        assert out["to_move"] == list(game.to_move(st_))
        if game.outcome(st_):
            assert out["winners"] == list(game.outcome(st_).winners)
