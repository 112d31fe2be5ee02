"""How fast kCaloria's bots decide (issue 32, item 10: each bot decides on its seat's view, with the hidden
tiles redealt; the shared searcher asks its prior in a determinized copy): CPU seconds of whole seeded games
played through the game interface, per bot and table, and of the searcher's decisions.

    PYTHONPATH=src python bench/bench_bot_speed.py [--games 6] [--mcts 12] [--rounds 3] [--json out.json]

To compare two trees, run it with each tree's ``src`` on ``PYTHONPATH``, alternating (``--rounds`` runs
each measure that many times and keeps the fastest, so a busy machine is less in the figures):

    for i in 1 2 3; do PYTHONPATH=OLD/src python bench/bench_bot_speed.py --rounds 1;
                       PYTHONPATH=src python bench/bench_bot_speed.py --rounds 1; done

Rows: ``greedy``/``lookahead`` x ``2 players``/``solo`` (every seat that bot, ``--games`` games, seeds 0..);
``mcts:N``: the searcher at N iterations deciding for the first seat against greedy for the first 12
decisions of 2 two-player games. Time is the process's CPU time (time.process_time).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.kcaloria.game import GAME


def games(bot: str, players: int, n: int) -> tuple[float, int]:
    """CPU seconds and moves of ``n`` seeded games with ``bot`` in every seat."""
    names = ("solo",) if players == 1 else tuple(f"P{k + 1}" for k in range(players))
    policy = GAME.bots()[bot]
    moves = 0
    start = time.process_time()
    for seed in range(n):
        state = GAME.new_state(Setup(names), seed)
        rng = Rng(seed)
        while GAME.to_move(state):
            me = GAME.to_move(state)[0]
            GAME.apply(state, me, policy(GAME, state, me, rng))
            moves += 1
    return time.process_time() - start, moves


def searcher(iterations: int, decisions: int = 12, n: int = 2) -> tuple[float, int]:
    """CPU seconds of the searcher's first ``decisions`` decisions in ``n`` two-player games (greedy in
    the other seat; its moves are not timed)."""
    from kcal.sim.search import Budget, search

    budget = Budget(iterations=iterations)
    greedy = GAME.bots()["greedy"]
    spent, made = 0.0, 0
    for seed in range(n):
        state = GAME.new_state(Setup(("P1", "P2")), seed)
        rng = Rng(seed)
        mine = 0
        while GAME.to_move(state) and mine < decisions:
            me = GAME.to_move(state)[0]
            if me == "P1":
                start = time.process_time()
                move = search(GAME, state, me, rng, budget)[0]
                spent += time.process_time() - start
                mine += 1
                made += 1
            else:
                move = greedy(GAME, state, me, rng)
            GAME.apply(state, me, move)
    return spent, made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--mcts", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json")
    a = ap.parse_args()
    rows: dict[str, Any] = {}
    for bot in ("greedy", "lookahead"):
        for players in (2, 1):
            runs = [games(bot, players, a.games) for _ in range(a.rounds)]
            secs, moves = min(runs)
            rows[f"{bot}, {'solo' if players == 1 else '2 players'}"] = {
                "cpu_s": round(secs, 3), "moves": moves, "ms_per_move": round(1000 * secs / moves, 3)}
    runs = [searcher(a.mcts) for _ in range(a.rounds)]
    secs, made = min(runs)
    rows[f"mcts:{a.mcts}"] = {"cpu_s": round(secs, 3), "decisions": made, "ms_per_decision": round(1000 * secs / made, 2)}
    for name, row in rows.items():
        print(f"{name:24} {row}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
