"""How much do paired games save, and what does a cluster cost? (issue 22, "Measure"; docs/balance.md).

    PYTHONPATH=src python bench/bench_whatif.py paired [--broad] [--games 400] [--games-for kcaloria=100]
        [--seeds 1,2,3] [--only GAME]
    PYTHONPATH=src python bench/bench_whatif.py cluster [--games 2000] [--game how-many-calories] [--rounds 2]
        [--preload]

``paired``: one patch per game (docs/examples/patches/: :data:`PATCHES`, or with ``--broad`` the
patches of :data:`BROAD`), a what-if of ``--games`` pairs without the
sequential test. For each seat's win rate the games needed for a 95 % interval 4 points wide (half-width
0.02) are ``(1.96 * sd / 0.02) ** 2`` per arm, where ``sd`` is the standard deviation of a difference:
of the paired differences (the same seeds in both arms), or, unpaired, of two independent games, whose
variance is ``var(base) + var(patched)`` (each arm alone is a plain match, so its variance is what an
arm of independent seeds would have). The ratio paired / unpaired is the share of games pairing needs
(goal: at most a third). The seat shown is the one that needs the most games. With ``--seeds A,B,...``
each seed plays its own ``--games`` pairs and the variances are averaged over them (each seed's ratios
are printed too): a ratio from 1,000 pairs moves by a few hundredths from one seed to the next.

``cluster``: the same what-if (``--games`` pairs, greedy bots, the sequential test off so every run plays them all) on
``--jobs 2`` and on a ``distributed.LocalCluster`` of 2 worker processes (one thread each), reached by
address as a cluster of several machines would be; wall-clock seconds of each, the cluster's start
not counted, and a check that all gave the same bytes (goal: the cluster at most 1.2x the time). A first
cluster run, whose workers import kcal and the game (forked ``--jobs`` workers have them already), is
timed apart; then ``--rounds`` rounds alternate ``--jobs 2``, the cluster with one client for the
whole run (a long-lived cluster's steady state; a run's chunks go in a few batches a worker thread,
:data:`kcal.sim.backends.BATCHES_PER_THREAD`) and the cluster sent one task a chunk (how it ran
before), each run on its own seed, and the ratios are of the summed times. The bytes of the first cluster run are checked against ``--jobs 2`` on the same seed. With ``--preload``
the workers start with ``--preload kcal.sim.preload`` (:mod:`kcal.sim.preload`: they import kcal and
every game before their first task), as docs/balance.md tells a cluster's workers to.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: one patch per game that changes one number a game meets now and then (the goal's patches) ...
PATCHES = {
    "kcaloria": "kcaloria-nyssa.yaml",
    "how-many-calories": "how-many-calories-limit.yaml",
    "kalua": "kalua-famine.yaml",
    "ecologic-europe": "ecologic-europe-deer.yaml",
}
#: ... and one that changes what every game meets from its first moves (``--broad``)
BROAD = {
    "kcaloria": "kcaloria-bayou.yaml",
    "how-many-calories": "how-many-calories-cards.yaml",
    "kalua": "kalua-temple.yaml",
    "ecologic-europe": "ecologic-europe-hand.yaml",
}
HALF_WIDTH = 0.02


def paired(games: int, overrides: dict[str, int], jobs: int, patches: dict[str, str],
           seeds: list[int] | None = None) -> None:
    from kcal.balance import whatif
    from kcal.core.stats import Z95

    seeds = seeds or [1]
    print(f"{'game':<18} {'pairs':>6} {'seat':>4} {'sd paired':>10} {'sd unpaired':>12} {'n paired':>9} "
          f"{'n unpaired':>11} {'ratio':>6}")
    for game, patch in patches.items():
        n = overrides.get(game, games)
        start = time.perf_counter()
        pooled: dict[str, list[float]] = {}  # seat -> [var_diff, var_arms] summed over the seeds
        for seed in seeds:
            w = whatif.prepare(game, ROOT / "docs" / "examples" / "patches" / patch, games=n, seed=seed,
                               bots=["greedy"])
            sums = whatif.play_pairs(w, n, jobs=jobs, sequential=False).sums
            for seat, p in zip(sums.seats, sums.wins, strict=True):
                var_d, var_u = float(p.var_diff()), float(p.var_arms())
                acc = pooled.setdefault(seat, [0.0, 0.0])
                acc[0] += var_d / len(seeds)
                acc[1] += var_u / len(seeds)
                if len(seeds) > 1:
                    print(f"  seed {seed}, seat {seat}: ratio {var_d / var_u:.3f}", flush=True)
        rows = []
        for seat, (var_d, var_u) in pooled.items():
            need_d = (Z95 / HALF_WIDTH) ** 2 * var_d
            need_u = (Z95 / HALF_WIDTH) ** 2 * var_u
            rows.append((need_u, seat, var_d ** 0.5, var_u ** 0.5, need_d))
        need_u, seat, sd_d, sd_u, need_d = max(rows)
        print(f"{game:<18} {n * len(seeds):>6} {seat:>4} {sd_d:>10.3f} {sd_u:>12.3f} {need_d:>9,.0f} "
              f"{need_u:>11,.0f} {need_d / need_u:>6.3f}   ({time.perf_counter() - start:.0f} s)", flush=True)


def cluster(games: int, game: str, rounds: int, preload: bool = False) -> None:
    import dask.distributed

    from kcal.balance.whatif import what_if
    from kcal.sim import backends
    from kcal.sim.backends import choose

    patch = ROOT / "docs" / "examples" / "patches" / PATCHES[game]

    def timed(seed: int, **kw: object) -> tuple[float, str]:
        start = time.perf_counter()
        out = what_if(game, patch, games=games, seed=seed, bots=["greedy"], sequential=False,
                      **kw)  # type: ignore[arg-type]
        return time.perf_counter() - start, json.dumps(out)

    extra = {"preload": ["kcal.sim.preload"]} if preload else {}
    with dask.distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1,
                                       dashboard_address=":0", **extra) as c:
        run = choose("dask", c.scheduler_address)

        batched = backends.BATCHES_PER_THREAD

        def per_chunk(fn: object, tasks: object, **kw: object) -> object:
            backends.BATCHES_PER_THREAD = 10**9  # every chunk its own task (as before)
            try:
                return run(fn, tasks, **kw)
            finally:
                backends.BATCHES_PER_THREAD = batched

        t_cold, cold = timed(0, runner=run)  # the workers import kcal and the game
        times: dict[str, list[float]] = {"jobs2": [], "cluster": [], "per_chunk": []}
        seed = 0
        for _ in range(rounds):  # alternating, so that a change of the machine's load hits all alike
            # every run its own seed: a cluster that still holds a finished task of the same key (the run
            # just before) hands it back instead of playing it, which would flatter the second run
            for name, kw in (("jobs2", {"jobs": 2}), ("cluster", {"runner": run}), ("per_chunk", {"runner": per_chunk})):
                seed += 1
                t, _ = timed(seed, **kw)
                times[name].append(t)
    same = timed(0, jobs=2)[1] == cold
    local, remote, old = (sum(times[k]) for k in ("jobs2", "cluster", "per_chunk"))
    print(f"{game}: {games:,} game pairs, {rounds} rounds alternating, workers "
          f"{'preloaded (kcal.sim.preload)' if preload else 'started empty'}; --jobs 2: "
          f"{', '.join(f'{t:.1f}' for t in times['jobs2'])} s; LocalCluster of 2 workers, batched: "
          f"{', '.join(f'{t:.1f}' for t in times['cluster'])} s (first run, workers importing kcal: {t_cold:.1f} s); "
          f"a task a chunk: {', '.join(f'{t:.1f}' for t in times['per_chunk'])} s")
    print(f"ratio to --jobs 2: batched {remote / local:.2f}, a task a chunk {old / local:.2f}, first run "
          f"{t_cold / (local / rounds):.2f}; same bytes: {same}")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("paired", "cluster"))
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--games-for", action="append", default=[], help="GAME=N: another number of pairs for one game")
    ap.add_argument("--game", default="how-many-calories")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2, help="cluster: rounds of the three runs, alternating")
    ap.add_argument("--broad", action="store_true", help="the patches that change every game (BROAD)")
    ap.add_argument("--seeds", default="1", help="paired: master seeds, comma-separated (the variances pooled)")
    ap.add_argument("--only", default=None, help="paired: one game only")
    ap.add_argument("--preload", action="store_true",
                    help="cluster: start the workers with --preload kcal.sim.preload (a fresh cluster's first run)")
    a = ap.parse_args(argv)
    if a.what == "paired":
        overrides = {k: int(v) for k, v in (s.split("=", 1) for s in a.games_for)}
        patches = BROAD if a.broad else PATCHES
        if a.only:
            patches = {a.only: patches[a.only]}
        paired(a.games or 400, overrides, a.jobs, patches, [int(x) for x in a.seeds.split(",")])
    else:
        cluster(a.games or 2000, a.game, a.rounds, a.preload)


if __name__ == "__main__":
    main(sys.argv[1:])
