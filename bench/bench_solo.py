"""Solo games per second, by bot and by number of processes.

Run from the repo root::

    python bench/bench_solo.py [DECK] [--games-greedy 48] [--games-random 240]

Plays ``kcal.games.kcaloria.sim.solo.simulate_solo`` (the library call behind ``kcal sim solo``) with the greedy
and the random bot (and the lookahead bot, for its strength), on 1 and 2 processes, and prints games per second, the speed-up of 2 jobs over
1 and the cost of the greedy bot relative to the random one. It also checks that 1 and 2 jobs
give the same result (the determinism contract). Needs the rules engine (``kcal.games.kcaloria.engine``).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DECK = next(p for p in (ROOT / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml", ROOT / "tests" / "games" / "kcaloria" / "sim" / "fixtures" / "piney.yaml") if p.exists())


def run(tiles, bot: str, games: int, jobs: int) -> tuple[float, dict]:
    from kcal.games.kcaloria.sim.solo import simulate_solo
    from kcal.sim import parallel

    parallel.MIN_PARALLEL_SECONDS = 0.0  # measure the pool even for short runs
    t0 = time.perf_counter()
    result = simulate_solo(tiles, games=games, seed=1, bot=bot, jobs=jobs)
    return time.perf_counter() - t0, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deck", nargs="?", type=Path, default=DEFAULT_DECK)
    ap.add_argument("--games-greedy", type=int, default=48)
    ap.add_argument("--games-random", type=int, default=240)
    ap.add_argument("--games-lookahead", type=int, default=24, help="0 skips the lookahead bot")
    args = ap.parse_args()
    from kcal.games.kcaloria.load import load_deck

    tiles = load_deck(args.deck).tiles()
    print(f"deck: {args.deck}; cores: {os.cpu_count()}")
    rates: dict[tuple[str, int], float] = {}
    plan = [("random", args.games_random), ("greedy", args.games_greedy)]
    if args.games_lookahead:
        plan.append(("lookahead", args.games_lookahead))
    for bot, games in plan:
        outs = {}
        for jobs in (1, 2):
            dt, res = run(tiles, bot, games, jobs)
            rates[(bot, jobs)] = games / dt
            outs[jobs] = json.dumps(res, sort_keys=True)
            print(f"{bot:<9} jobs={jobs}: {games:4d} games in {dt:6.2f} s = {games / dt:8.2f} games/s"
                  f"   (mean score {res['mean_score']}, stagnation {res['stagnation_rate']})")
        same = "identical" if outs[1] == outs[2] else "DIFFERENT (bug)"
        print(f"{bot:<9} 2 jobs / 1 job: {rates[(bot, 2)] / rates[(bot, 1)]:.2f}x; results {same}")
    print(f"greedy / random games per second (1 job): {rates[('greedy', 1)] / rates[('random', 1)]:.3f}x")


if __name__ == "__main__":
    main()
