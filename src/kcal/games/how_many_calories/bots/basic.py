"""Bots: ``bot(game, state, player, rng) -> move``, with ``rng`` a :class:`kcal.core.rng.Rng`.

``random``  a legal move, uniformly.
``greedy``  avoids going out. It wins a trick when the card it would take in keeps it within the
            limit (with the smallest card that wins when it plays last, with its highest card when
            others are still to play); when winning could take it over, it dumps its highest card that
            does not win (or, when every card wins, its lowest). Leading, it leads its highest card
            (the others' off-colour cards get +5, so a lead wins only when it is high). It passes
            away the two middle cards of its hand: they neither win a trick for sure nor lose it
            safely, so they are the ones that win a costly trick by accident (in simulation against
            random players this passes beat passing the highest or the lowest cards).
``ismcts``  information-set Monte Carlo search (:mod:`kcal.games.how_many_calories.bots.search`).

The greedy choices work on the engine's plain ints (:func:`greedy_pass`, :func:`greedy_play`) so the
search can use them in its rollouts.
"""

from __future__ import annotations

from typing import Any

from kcal.core.game import Bot, win_shares
from kcal.core.rng import Rng
from kcal.games.how_many_calories.rules.moves import Move, Pass, Play
from kcal.games.how_many_calories.rules.state import PASS, State


def greedy_pass(state: State, seat: int) -> tuple[int, ...]:
    hand = sorted(state.hands[seat])
    size = state.rules.pass_size
    first = (len(hand) - size) // 2
    return tuple(hand[first:first + size])


def greedy_play(state: State, seat: int) -> int:
    hand = state.hands[seat]
    rules = state.rules
    colour_of = rules.foods.colour_of
    plus = rules.foods.plus
    trick = state.trick
    if not trick:
        return max(hand)
    room = rules.limit - state.intake[seat]
    lead = state.lead_colour
    hi_key = lo_key = -1
    lo_number = lo_value = 0
    for _, c in trick:
        if colour_of[c] == lead:
            key, value = 2 * c + 1, c
        else:
            key, value = 2 * (c + plus), c + plus
        if key > hi_key:
            hi_key = key
        if lo_key < 0 or key < lo_key:
            lo_key, lo_number, lo_value = key, c, value
    last = len(trick) == len(state.out) - sum(state.out) - 1
    # what winning would cost at most: the card on the table if we play last; otherwise the lowest
    # card could still come lower, but its number is at most the current lowest value
    cost = (lo_number if last else lo_value) * 100
    keyed = sorted(((2 * c + 1 if colour_of[c] == lead else 2 * (c + plus)), c) for c in hand)
    winning = [kc for kc in keyed if kc[0] > hi_key]
    losing = [kc for kc in keyed if kc[0] < hi_key]
    if winning and cost <= room:
        return winning[0][1] if last else winning[-1][1]
    if losing:
        return losing[-1][1]
    return keyed[0][1]


#: kcal of lead worth e : 1 odds in :func:`evaluate` (a round's intake is up to the limit, 2,700 kcal)
EVAL_SCALE = 500.0


def evaluate(state: State) -> dict[str, float]:
    """Each player's estimated share of the win, for the shared searcher's cut playouts: the kcal each
    has so far (finished rounds, plus this round's intake unless out), as :func:`win_shares`."""
    intake, out = state.intake, state.out
    points = {p: state.totals[s] + (0 if out[s] else intake[s]) for s, p in enumerate(state.rules.players)}
    return win_shares(points, EVAL_SCALE)


def random_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    moves = game.legal_moves(state, player)
    return moves[rng.below(len(moves))]  # type: ignore[no-any-return]


def greedy_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    seat = state.rules.seat_of[player]
    card_of = state.rules.foods.card_of
    if state.phase == PASS:
        return Pass(tuple(card_of[c] for c in greedy_pass(state, seat)))  # type: ignore[misc]
    return Play(card_of[greedy_play(state, seat)])  # type: ignore[arg-type]


def ismcts_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    from kcal.games.how_many_calories.bots.search import search

    return search(state, player, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "ismcts": ismcts_bot}
