"""The search bot: information-set Monte Carlo with UCB1 at the root.

A player cannot see the other hands, so each iteration samples one world consistent with what the
player has seen (:func:`~kcal.games.how_many_calories.rules.view.determinize`: the unseen cards redealt, the
cards they passed kept in the left neighbour's hand), picks one of the player's own moves by UCB1
(the moves are the same in every sampled world: they depend only on the player's hand), plays the
world to the end of the round with a fast default policy (:func:`~kcal.games.how_many_calories.bots.basic.
greedy_play` with some random moves), and credits the move with the result. This is single-observer
ISMCTS with the tree cut at the root: deeper nodes would see few visits in the time a decision gets.

The result of a rollout is the player's round score as a share of the limit (0 when out); in the
final round it is mostly whether the player wins the game. The search is deterministic for a given
``rng`` (a fixed number of iterations, no clock).
"""

from __future__ import annotations

from itertools import combinations
from math import log, sqrt

from kcal.core.rng import Rng
from kcal.games.how_many_calories.bots.basic import greedy_pass, greedy_play
from kcal.games.how_many_calories.rules.flow import choose_pass, play
from kcal.games.how_many_calories.rules.moves import Move, Pass, Play
from kcal.games.how_many_calories.rules.scoring import winners
from kcal.games.how_many_calories.rules.state import OVER, PASS, State
from kcal.games.how_many_calories.rules.view import determinize

ITERATIONS = 160  # the default strength: well under 0.1 s a decision on a laptop core
EXPLORATION = 0.5  # UCB1 constant; rewards are in [0, 1]
RANDOM_SHARE = 1 << 61  # of 2**64: the default policy plays a random card 1 time in 8


def _root_moves(state: State, seat: int) -> list[tuple[int, ...]]:
    hand = sorted(state.hands[seat])
    if state.phase == PASS:
        return list(combinations(hand, state.rules.pass_size))
    return [(c,) for c in hand]


def _apply(state: State, seat: int, move: tuple[int, ...]) -> None:
    if state.phase == PASS:
        choose_pass(state, seat, move)
    else:
        play(state, seat, move[0])


def rollout(state: State, me: int, rng: Rng) -> float:
    """Play ``state`` to the end of its round by the default policy; the result for seat ``me``."""
    start_round = state.round
    before = state.totals[me]
    final = start_round == state.rules.rounds - 1
    while state.phase != OVER and state.round == start_round:
        if state.phase == PASS:
            for seat, chosen in enumerate(state.pending):
                if chosen is None:
                    choose_pass(state, seat, greedy_pass(state, seat))
                    if state.phase != PASS:
                        break
            continue
        seat = state.turn
        hand = state.hands[seat]
        if rng.next64() < RANDOM_SHARE:
            play(state, seat, hand[rng.below(len(hand))])
        else:
            play(state, seat, greedy_play(state, seat))
    share = (state.totals[me] - before) / state.rules.limit
    if not final:
        return min(share, 1.0)
    best = winners(state.totals, state.won, state.out)
    won = 1.0 / len(best) if me in best else 0.0
    return 0.9 * won + 0.1 * min(share, 1.0)


def search(state: State, player: str, rng: Rng, iterations: int = ITERATIONS,
           exploration: float = EXPLORATION) -> Move:
    """The move with the most visits after ``iterations`` sampled worlds."""
    seat = state.rules.seat_of[player]
    moves = _root_moves(state, seat)
    card_of = state.rules.foods.card_of
    if len(moves) > 1:
        visits = [0] * len(moves)
        total = [0.0] * len(moves)
        for done in range(iterations):
            if done < len(moves):
                pick = done
            else:
                scale = exploration * sqrt(log(done))
                pick = max(range(len(moves)),
                           key=lambda i: total[i] / visits[i] + scale / sqrt(visits[i]))
            world = determinize(state, player, rng.next64())
            _apply(world, seat, moves[pick])
            visits[pick] += 1
            total[pick] += rollout(world, seat, rng)
        best = max(range(len(moves)), key=lambda i: (visits[i], total[i]))
    else:
        best = 0
    chosen = moves[best]
    if state.phase == PASS:
        return Pass(tuple(card_of[c] for c in chosen))  # type: ignore[misc]
    return Play(card_of[chosen[0]])  # type: ignore[arg-type]
