"""Bots: ``bot(game, state, player, rng) -> move``, with ``rng`` a :class:`kcal.core.rng.Rng`.

``random``  a legal move, uniformly.
``greedy``  one turn ahead on families and happiness: each candidate move is applied to a copy, the
            turn is played to its end (phases 4 and 5 included) by a passive continuation that uses
            nothing the god cannot see (:func:`~kcal.games.kalua.bots.policy.passive`), and the move whose
            end of turn is worth most (:func:`~kcal.games.kalua.bots.policy.value`) is chosen; ties go to the
            first candidate. Draws are not looked ahead (that would peek at the deck): the greedy bot
            keeps its hand about half bonus, half disaster, and buys a card only with PP to spare.
``search``  information-set Monte Carlo search (:mod:`kcal.games.kalua.bots.search`).
"""

from __future__ import annotations

from typing import Any

from kcal.core.game import Bot, win_shares
from kcal.core.rng import Rng
from kcal.games.kalua.bots.policy import draw_deck, rollout_move, spare_pp_buy, to_turn_end, value
from kcal.games.kalua.rules.legal import legal_moves
from kcal.games.kalua.rules.moves import Buy, Draw, Move
from kcal.games.kalua.rules.state import DEAL, DRAW, LEADERS, State

#: points of :func:`~kcal.games.kalua.bots.policy.value` worth e : 1 odds in :func:`evaluate`
EVAL_SCALE = 10.0


def evaluate(state: State) -> dict[str, float]:
    """Each player's estimated share of the win, for the shared searcher's cut playouts: the greedy
    bot's judgement of the position for each god (:func:`~kcal.games.kalua.bots.policy.value`), as
    :func:`win_shares`."""
    return win_shares({p: value(state, s) for s, p in enumerate(state.rules.players)}, EVAL_SCALE)


def turn_start(state: State) -> bool:
    """Where the shared searcher's playouts may stop: a god's turn before its cards phase (phases 1 and
    2), so that :func:`evaluate` judges a turn played out, as the greedy bot does, not one cut after
    a card played and before its answers resolve."""
    return state.step in (DRAW, LEADERS)


def playout_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    """The shared searcher's playouts: the search bot's default policy
    (:func:`~kcal.games.kalua.bots.policy.rollout_move`), about 17 times cheaper than a greedy
    decision, so that a playout plays whole turns. Not one of :data:`BOTS`: it plays no game."""
    return rollout_move(state, state.rules.seat_of[player], rng)


#: the search bot's iterations when it gives the shared searcher its prior: about a third of a 0.1 s
#: decision (the ``search`` bot's own 48 left the searcher as strong as that bot, since the searcher
#: seldom leaves its prior's move; docs/balance.md, "Stronger priors")
PRIOR_ITERATIONS = 200


def prior_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    """The shared searcher's prior, the move its root favours: the search bot
    (:func:`~kcal.games.kalua.bots.search.search`) at :data:`PRIOR_ITERATIONS` iterations. Not one of
    :data:`BOTS`: it plays no game."""
    from kcal.games.kalua.bots.search import search

    return search(state, player, rng, iterations=PRIOR_ITERATIONS)


def random_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    moves = game.legal_moves(state, player)
    return moves[rng.below(len(moves))]  # type: ignore[no-any-return]


def candidates(state: State, player: str) -> list[Move]:
    """The moves worth looking ahead at: every legal move but draws and purchases."""
    return [m for m in legal_moves(state, player) if not isinstance(m, Draw | Buy)]


def greedy_choice(state: State, seat: int) -> Move:
    from kcal.games.kalua.game import execute

    player = state.rules.players[seat]
    if state.step in (DEAL, DRAW):
        return Draw(draw_deck(state, seat))
    buy = spare_pp_buy(state, seat) if state.step != DEAL else None
    if buy is not None:
        return buy
    moves = candidates(state, player)
    if len(moves) == 1:
        return moves[0]
    best: Move = moves[0]
    best_value = float("-inf")
    turn = state.turn
    for move in moves:
        copy = state.copy()
        copy.log = None
        execute(copy, seat, move)
        to_turn_end(copy, turn)
        v = value(copy, seat)
        if v > best_value:
            best, best_value = move, v
    return best


def greedy_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    return greedy_choice(state, state.rules.seat_of[player])


def search_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    from kcal.games.kalua.bots.search import search

    return search(state, player, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "search": search_bot}
