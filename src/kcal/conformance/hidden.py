"""Conformance check on hidden information: a bot decides only from what its seat may know (see
:mod:`kcal.conformance`).

Two states that look the same to a player (the same :meth:`Game.view`) but hide different cards must
get the same decision from a bot with the same generator: otherwise the bot read a card its seat cannot
see. The second state is the first one determinized for the player (:meth:`Game.determinize`: the view
kept, everything hidden redealt). Checked for every bot of :meth:`Game.bots` and for the shared searcher
at a small budget (:mod:`kcal.sim.search`), which determinizes the states it searches: so a
determinized world must itself depend on the view and the seed alone (checked first, apart, so a
failure says which of the two is at fault).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from kcal.conformance.common import Report, fail, key
from kcal.core.game import Bot, Game, Setup
from kcal.core.rng import Rng

#: the shared searcher's budget in this check: enough iterations to reach its prior, its playouts and a
#: few determinized worlds, few enough to check every pack's samples in seconds
SEARCH_ITERATIONS = 12
#: how many determinized copies of each state each bot decides on
WORLDS = 2


def _world(game: Game[Any, Any], state: Any, players: Sequence[str]) -> tuple[Any, ...]:
    """What tells two worlds apart: every player's view, who moves, and their legal moves in order."""
    acting = game.to_move(state)
    return (tuple(json.dumps(game.view(state, p), sort_keys=True) for p in players), acting,
            tuple(tuple(key(game, m) for m in game.legal_moves(state, p)) for p in acting))


def searchers(game: Game[Any, Any]) -> dict[str, Bot]:
    """The shared searcher at :data:`SEARCH_ITERATIONS`, by its bot name."""
    from kcal.sim.search import Budget, mcts_bot

    budget = Budget(iterations=SEARCH_ITERATIONS)
    return {budget.name: mcts_bot(budget)}


def check_hidden(game: Game[Any, Any], samples: Sequence[tuple[Setup, Any]], seed: int = 1, *,
                 report: Report | None = None) -> int:
    """For each sample state with a player to move, and each of :data:`WORLDS` determinized copies of
    it for that player: ``determinize`` of the copy equals ``determinize`` of the state for the same
    seed (a world depends on the view alone), and every bot and the searcher choose the same move in
    the copy as in the state, from the same generator. Leaves the states alone. Returns the decisions
    compared."""
    from kcal.conformance.common import snapshot

    bots = {**game.bots(), **searchers(game)}
    live = [(setup, state) for setup, state in samples if game.to_move(state)]
    if not live:
        fail(game.info.id, f"no state of {len(samples)} samples had a player to move: hidden information "
                           f"was not checked")
    compared = 0
    for k, (setup, state) in enumerate(live):
        players = setup.players
        player = game.to_move(state)[0]
        before = snapshot(game, state, players)
        copies = [game.determinize(state, player, seed + 7919 * (w + 1) + k) for w in range(WORLDS)]
        w = f"{game.info.id} sample state {k}, {player} to move"
        same = _world(game, game.determinize(state, player, seed + k), players)
        for n, copy in enumerate(copies):
            if _world(game, game.determinize(copy, player, seed + k), players) != same:
                fail(w, f"determinize for {player} of two states that {player} sees alike (the state and "
                        f"its determinized copy {n}) gave different worlds for one seed: a world must "
                        f"depend only on the view and the seed, or a searcher reads where the hidden "
                        f"cards are")
        for name, bot in bots.items():
            chosen = key(game, bot(game, state, player, Rng(seed + k)))
            for n, copy in enumerate(copies):
                other = key(game, bot(game, copy, player, Rng(seed + k)))
                compared += 1
                if other != chosen:
                    fail(f"{game.info.id} bot {name!r}, sample state {k}",
                         f"{player} sees the same in the state and in its determinized copy {n}, yet the "
                         f"bot chose {chosen} in one and {other} in the other: it reads cards hidden "
                         f"from {player}")
        if snapshot(game, state, players) != before:
            fail(w, "a bot or determinize changed the state")
    if report is not None:
        report.hidden_decisions += compared
    return compared


__all__ = ["SEARCH_ITERATIONS", "WORLDS", "check_hidden", "searchers"]
