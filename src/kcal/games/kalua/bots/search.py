"""The search bot: information-set Monte Carlo with UCB1 at the root.

A god cannot see the other hands or the draw piles, so each iteration samples one world consistent with
what they have seen (:func:`~kcal.games.kalua.rules.view.determinize`: the hidden cards redealt, each hand
keeping its number of bonus and disaster backs), picks one of the god's candidate moves by UCB1 (the
candidates are the same in every sampled world: they depend only on what the god sees), plays the
world on for a round of turns with the default policy (:func:`~kcal.games.kalua.bots.policy.rollout_move`),
and credits the move with the position's value squashed to [0, 1]. The tree is cut at the root: deeper
nodes would see few visits in the time a decision gets. Draws and purchases follow the greedy rules
(a draw's outcome is hidden, so search cannot tell the decks apart better than the rule).

Deterministic for a given ``rng``: a fixed number of iterations, no clock.
"""

from __future__ import annotations

from math import exp, log, sqrt

from kcal.core.rng import Rng
from kcal.games.kalua.bots.basic import candidates
from kcal.games.kalua.bots.policy import draw_deck, rollout, spare_pp_buy
from kcal.games.kalua.game import execute
from kcal.games.kalua.rules.moves import Draw, Move
from kcal.games.kalua.rules.state import DEAL, DRAW, State
from kcal.games.kalua.rules.view import determinize

ITERATIONS = 48  # the default strength: about 0.1 s a decision on a laptop core
EXPLORATION = 0.7  # UCB1 constant; rewards are in [0, 1]
SCALE = 12.0  # value units per unit of the logistic squash


def _reward(v: float) -> float:
    z = max(-30.0, min(30.0, v / SCALE))
    return 1.0 / (1.0 + exp(-z))


def search(state: State, player: str, rng: Rng, iterations: int = ITERATIONS,
           exploration: float = EXPLORATION) -> Move:
    """The candidate with the most visits after ``iterations`` sampled worlds."""
    seat = state.rules.seat_of[player]
    if state.step in (DEAL, DRAW):
        return Draw(draw_deck(state, seat))
    buy = spare_pp_buy(state, seat)
    if buy is not None:
        return buy
    moves = candidates(state, player)
    if len(moves) == 1:
        return moves[0]
    horizon = state.rules.n
    visits = [0] * len(moves)
    total = [0.0] * len(moves)
    for done in range(max(iterations, len(moves))):
        if done < len(moves):
            pick = done
        else:
            scale = exploration * sqrt(log(done))
            pick = max(range(len(moves)), key=lambda i: total[i] / visits[i] + scale / sqrt(visits[i]))
        world = determinize(state, player, rng.next64())
        execute(world, seat, moves[pick])
        visits[pick] += 1
        total[pick] += _reward(rollout(world, seat, rng, horizon))
    best = max(range(len(moves)), key=lambda i: (visits[i], total[i]))
    return moves[best]
