"""Solo games per second, by bot and by number of processes.

Run from the repo root::

    python bench/bench_solo.py [DECK] [--games-greedy 48] [--games-random 240] [--games-lookahead 24]

Plays ``kcal.games.kcaloria.sim.solo.simulate_solo`` (the library call behind ``kcal sim solo``) with the
random, greedy and lookahead bots on 1 and 2 processes, and prints games per second, the speed-up of
2 jobs over 1 and the cost of the greedy bot relative to the random one. It also checks that 1 and 2
jobs give the same result (the determinism contract).

Every measurement runs in a fresh Python process (this script re-runs itself with ``--one``), so a
run never finds the tile tables, move caches and compiled tiles a previous run warmed: before, the
2-job figure came second in the same process and looked better than it was.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DECK = next(p for p in (ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml", ROOT / "tests" / "games" / "kcaloria" / "sim" / "fixtures" / "piney.yaml") if p.exists())


def run_one(deck: Path, bot: str, games: int, jobs: int) -> dict:
    """One measurement, in this process: load the deck, play, time the play."""
    from kcal.games.kcaloria.files.load import load_deck
    from kcal.games.kcaloria.sim.solo import simulate_solo
    from kcal.sim import parallel

    tiles = load_deck(deck).tiles()
    parallel.MIN_PARALLEL_SECONDS = 0.0  # measure the pool even for short runs
    t0 = time.perf_counter()
    result = simulate_solo(tiles, games=games, seed=1, bot=bot, jobs=jobs)
    return {"seconds": time.perf_counter() - t0, "result": result}


def measure(deck: Path, bot: str, games: int, jobs: int) -> dict:
    """:func:`run_one` in a fresh process."""
    out = subprocess.run([sys.executable, __file__, str(deck), "--one", bot, str(games), str(jobs)],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deck", nargs="?", type=Path, default=DEFAULT_DECK)
    ap.add_argument("--games-greedy", type=int, default=48)
    ap.add_argument("--games-random", type=int, default=240)
    ap.add_argument("--games-lookahead", type=int, default=24, help="0 skips the lookahead bot")
    ap.add_argument("--one", nargs=3, metavar=("BOT", "GAMES", "JOBS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        bot, games, jobs = args.one
        print(json.dumps(run_one(args.deck, bot, int(games), int(jobs))))
        return
    print(f"deck: {args.deck}; cores: {os.cpu_count()}; each figure from a fresh process")
    rates: dict[tuple[str, int], float] = {}
    plan = [("random", args.games_random), ("greedy", args.games_greedy)]
    if args.games_lookahead:
        plan.append(("lookahead", args.games_lookahead))
    for bot, games in plan:
        outs = {}
        for jobs in (1, 2):
            r = measure(args.deck, bot, games, jobs)
            dt, res = r["seconds"], r["result"]
            rates[(bot, jobs)] = games / dt
            outs[jobs] = json.dumps(res, sort_keys=True)
            print(f"{bot:<9} jobs={jobs}: {games:4d} games in {dt:6.2f} s = {games / dt:8.2f} games/s"
                  f"   (mean score {res['mean_score']}, stagnation {res['stagnation_rate']})")
        same = "identical" if outs[1] == outs[2] else "DIFFERENT (bug)"
        print(f"{bot:<9} 2 jobs / 1 job: {rates[(bot, 2)] / rates[(bot, 1)]:.2f}x; results {same}")
    print(f"greedy / random games per second (1 job): {rates[('greedy', 1)] / rates[('random', 1)]:.3f}x")


if __name__ == "__main__":
    main()
