"""The shared searcher (``mcts``, kcal.sim.search) at a budget of 0.1 s a decision, in every pack (issue 22,
Measure): its win rate against greedy (goal: at least 70 %) and against the pack's own best bot, with
95 % Wilson intervals, and how fast it decides.

    PYTHONPATH=src python bench/bench_search.py [--games 24] [--jobs 2] [--budget 0.1]
        [--packs kcaloria,how-many-calories,kalua,ecologic-europe] [--against greedy,best] [--json out.json]

``--against``: the opponents, ``greedy`` and ``best`` (the pack's own best bot); default both.

Each match is ``kcal sim match --game ID`` (:func:`kcal.sim.match.simulate`, seeds rotating, master
seed 0) at the pack's smallest table of at least 2 players: the searcher in one slot, the other bot in
every other seat. In a 3-player game the searcher faces two copies of the other bot, so an even bot
would win 1/3 of the games, not 1/2: the "even" column gives that share. The budget is CPU time of the
deciding thread (a machine busy with other work does not weaken the searcher, it only takes longer).

Speed: a separate run of the searcher alone (every seat) over the first decisions of 4 games, timing
each decision in CPU time: decisions per CPU second (about 1 / budget by construction, higher where
many decisions have one legal move and need no search) and iterations per decision (a determinized
world, a walk down the tree and a playout by the pack's rollout bot each, cut short where the pack has
an evaluate hook): how much search 0.1 s buys in that pack; where the pack names a ``prior_bot``, how
many of those decisions left that bot's move (``decisions_off_prior``).
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from typing import Any

from kcal.core import registry
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.core.stats import proportion
from kcal.sim import search
from kcal.sim.match import simulate

PACKS = ("kcaloria", "how-many-calories", "kalua", "ecologic-europe")
#: each pack's own best bot (its searching or planning bot)
OWN_BEST = {"kcaloria": "lookahead", "how-many-calories": "ismcts", "kalua": "search", "ecologic-europe": "planner"}


def seats(pack_id: str) -> int:
    info = registry.get(pack_id).info
    return min(max(info.min_players, 2), info.max_players)


def match(pack_id: str, spec: str, other: str, games: int, jobs: int) -> dict[str, Any]:
    n = seats(pack_id)
    start = time.perf_counter()
    data = simulate(pack_id, n, games, seed=0, bots=[spec] + [other] * (n - 1), jobs=jobs).to_json()
    slot = data["bots"][0]
    wins = slot["wins"]
    return {"against": other, "players": n, "games": data["games"], "wins": wins,
            "win_rate": slot["win_rate"], "win_ci95": proportion(wins, data["games"])["ci95"], "even": 1 / n,
            "seconds": round(time.perf_counter() - start, 1)}


def speed(pack_id: str, budget: search.Budget, decisions: int = 40) -> dict[str, Any]:
    game = registry.get(pack_id).hook("game")
    n = seats(pack_id)
    players = tuple(f"P{i + 1}" for i in range(n))
    prior = search.playout_of(game).prior
    timed, iterations, cpu, off_prior = 0, 0, 0.0, 0
    for seed in range(4):
        state = game.new_state(Setup(players), seed)
        rng = Rng(seed)
        while game.to_move(state) and timed < decisions * (seed + 1) // 4:
            player = game.to_move(state)[0]
            # the prior bot's move, as the search asks it (its first draw from the same generator)
            hint = prior(game, game.clone(state), player, copy.deepcopy(rng)) if prior is not None else None
            start = time.thread_time()
            move, done = search.search(game, state, player, rng, budget)
            cpu += time.thread_time() - start
            timed += 1
            iterations += done
            off_prior += done > 0 and hint is not None and move != hint
            game.apply(state, player, move)
    out: dict[str, Any] = {"decisions": timed, "decisions_per_cpu_second": round(timed / cpu, 1),
                           "iterations_per_decision": round(iterations / timed, 1),
                           "iterations_per_cpu_second": round(iterations / cpu, 1)}
    if prior is not None:  # how often the search left the prior bot's move
        out["decisions_off_prior"] = off_prior
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=float, default=0.1, help="CPU seconds per decision")
    ap.add_argument("--packs", default=",".join(PACKS))
    ap.add_argument("--against", default="greedy,best", help="greedy, best (the pack's own best bot) or both")
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    args = ap.parse_args(argv)
    spec = f"mcts:{args.budget:g}s"
    budget = search.parse_spec(spec)
    assert budget is not None
    out = []
    for pack_id in args.packs.split(","):
        row = {"game": pack_id, "bot": spec, "speed": speed(pack_id, budget), "matches": []}
        print(f"{pack_id}: {row['speed']}", flush=True)
        for other in [OWN_BEST[pack_id] if a == "best" else a for a in args.against.split(",")]:
            m = match(pack_id, spec, other, args.games, args.jobs)
            row["matches"].append(m)
            low, high = m["win_ci95"]
            print(f"  {spec} vs {other} ({m['players']} players, {m['games']} games): wins {100 * m['win_rate']:.1f}% "
                  f"[95% CI {100 * low:.1f}-{100 * high:.1f}], even {100 * m['even']:.1f}%, {m['seconds']} s",
                  flush=True)
        out.append(row)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
