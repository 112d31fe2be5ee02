"""Rulebook "Setup" ("keep these tiles hidden from your opponents") and "Solo Mode" (piles of face-down
tiles, the top of each turned over): a bot decides only from what its seat may know (issue 32, items 10
and 11). In a position and in its determinized copy for the player to move (the same view, the hidden
tiles redealt), each bot, the searcher's prior and the searcher choose the same move from the same
generator. Before: ``lookahead`` judged a solo move by the face-down tile it turns up, and the searcher's
prior followed the opponent's reply from the opponent's real hand."""

from __future__ import annotations

from functools import cache

import pytest

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.kcaloria.game import GAME
from kcal.sim.search import Budget, search


@cache
def _positions(players: int, seeds: int = 4, every: int = 5) -> tuple:
    """Positions of seeded greedy games (every ``every``-th move, the game not over), each with the
    player to move."""
    names = ("solo",) if players == 1 else tuple(f"P{k + 1}" for k in range(players))
    greedy = GAME.bots()["greedy"]
    out = []
    for seed in range(seeds):
        state = GAME.new_state(Setup(names), seed)
        rng = Rng(seed)
        n = 0
        while GAME.to_move(state):
            me = GAME.to_move(state)[0]
            if n % every == every // 2:
                out.append((GAME.clone(state), me))
            GAME.apply(state, me, greedy(GAME, state, me, rng))
            n += 1
    return tuple(out)


def _key(move) -> str:  # type: ignore[no-untyped-def]
    return str(GAME.encode_move(move))


def _same_decisions(decide, players: int, worlds: int = 2, limit: int = 60) -> tuple[int, list[int]]:  # type: ignore[no-untyped-def]
    """How many positions were compared (solo: every third move's, else every fifth's; at most
    ``limit``), and the ones where a determinized copy changed the decision."""
    positions = _positions(players, every=3 if players == 1 else 5)[:limit]
    differ = []
    for k, (state, me) in enumerate(positions):
        chosen = _key(decide(state, me, Rng(k)))
        for w in range(worlds):
            copy = GAME.determinize(state, me, 1000 + 31 * w + k)
            if _key(decide(copy, me, Rng(k))) != chosen:
                differ.append(k)
                break
    return len(positions), differ


@pytest.mark.parametrize("bot", ["lookahead", "greedy", "random"])
def test_solo_mode_a_bot_does_not_see_the_face_down_tile_its_move_turns_up(bot):
    """Item 11: in solo each placement turns over the next face-down tile of its pile; the lookahead bot
    counted its moves (and stagnation) with that tile in hand (4 of 37 positions decided differently)."""
    policy = GAME.bots()[bot]
    n, differ = _same_decisions(lambda s, me, rng: policy(GAME, s, me, rng), 1)
    assert n >= 30 and differ == []


@pytest.mark.parametrize("bot", ["lookahead", "greedy", "random"])
def test_setup_a_bot_does_not_see_the_opponents_hand(bot):
    policy = GAME.bots()[bot]
    n, differ = _same_decisions(lambda s, me, rng: policy(GAME, s, me, rng), 2)
    assert n >= 30 and differ == []


def test_setup_the_searchers_prior_does_not_follow_the_opponents_real_hand():
    """Item 10: the prior follows each of its best moves by the opponent's reply; the reply came from the
    opponent's real hand (the prior alone decided differently in 25 of 138 positions)."""
    n, differ = _same_decisions(lambda s, me, rng: GAME.prior_bot(GAME, GAME.clone(s), me, rng), 2, limit=24)
    assert n == 24 and differ == []


def test_setup_the_shared_searcher_decides_from_the_view():
    """Item 10: ``mcts`` decided differently on equal views with different hidden tiles (7 of 60)."""
    budget = Budget(iterations=12)
    n, differ = _same_decisions(lambda s, me, rng: search(GAME, s, me, rng, budget)[0], 2, worlds=1, limit=24)
    assert n == 24 and differ == []


def test_a_bot_leaves_the_hidden_tiles_where_they_were():
    """The redeal a bot decides on is put back: the hands, piles and draw piles are the real ones after."""
    for players in (1, 2):
        for state, me in _positions(players)[:6]:
            before = (GAME.record(state), [list(h) for h in state.hands], [list(d) for d in state.draw],
                      None if state.piles is None else [list(p) for p in state.piles])
            for bot in GAME.bots().values():
                bot(GAME, state, me, Rng(3))
            after = (GAME.record(state), [list(h) for h in state.hands], [list(d) for d in state.draw],
                     None if state.piles is None else [list(p) for p in state.piles])
            assert after == before
