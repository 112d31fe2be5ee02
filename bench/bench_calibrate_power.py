"""The power of the default what-if, alone: ``kcal balance calibrate``'s stated change without its nulls
(issue 35, item 5; docs/balance.md, "Power at the defaults").

    PYTHONPATH=src python bench/bench_calibrate_power.py --game kalua --bots greedy --effects 0.05,0.08 \
        [--runs 10] [--games 2000] [--seed 0] [--pilot 128] [--jobs 1] [--json OUT.json]

For each effect, ``--runs`` what-ifs (runs ``--first`` on, round by round: run ``r`` of every effect,
then ``r + 1``, so a job stopped early leaves each effect with its runs so far) exactly as the calibration
runs its ``stated_change`` kind: the same seeds (run ``r`` of ``kcal balance calibrate --seed S`` plays the
same two arms), the same pair plans, the what-if's looks, sequential test and marks corrected by Holm,
capped at ``--games`` pairs (the what-if's default budget, 2,000). The calibration takes the stated change's chance ``q = effect / (1 - p)`` from
seat A's win rate ``p`` in its other-seeds null runs so far; run alone, ``p`` is seat A's win rate in the
base arms of the stated-change runs so far (the unchanged game on the run's own seeds, as the null's arms
are), and before the first run that of a pilot of ``--pilot`` pairs of the other-seeds null's run 0 (both
arms). The measured change is reported, so a ``p`` that is a little off shows as a change a little off
the effect asked.

Prints one line a run (pairs, seat A's SPRT decision, whether seat A's win rate was marked up, the change,
the run's CPU seconds) as it finishes, then after each round per effect: the runs whose SPRT decided H1
for seat A and the runs that marked seat A's win rate up, out of the runs, with 95 % Wilson intervals (the
calibration's ``power`` JSON, also written to ``--json`` after each round). Run it in the background on a shared machine: a run at the cap is 2 x ``--games`` games
(with greedy bots about 1.5 and 2 minutes of CPU for Kalua and EcoLogic, 6.5 for kCaloria's deck match).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def main(argv: list[str] | None = None) -> int:
    from kcal.balance import calibrate as cal
    from kcal.balance.whatif import play_plan

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--bots", default=None, help="comma-separated, as kcal's --bots (default: the pack's)")
    ap.add_argument("--effects", default="0.05", help="comma-separated shares (0.05: 5 points)")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="the first run's number (to go on from an earlier run)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pilot", type=int, default=128, help="pairs of the pilot that gives p before run 0")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--correction", default="holm")
    ap.add_argument("--json", type=Path, default=None, help="write the power JSON of each effect here")
    a = ap.parse_args(argv)
    bots = a.bots.split(",") if a.bots else None
    pack, game, n, names, plan = cal._plans(a.game, a.players, a.seed, bots, a.games)
    print(f"{game.info.name}: {n} players, bots {', '.join(names)}, seed {a.seed}, cap {a.games} pairs, "
          f"--jobs {a.jobs}", flush=True)

    t0, w0 = cpu(), time.perf_counter()
    pilot = play_plan(cal._pair(plan, a.seed, "other_seeds", 0), a.pilot, jobs=a.jobs, sequential=False)
    pb, pp, _ = pilot.sums.wins[0].means()
    p0 = (pb + pp) / 2
    print(f"pilot: {pilot.sums.games} pairs, seat A's win rate {p0:.3f} ({cpu() - t0:.1f} s CPU)", flush=True)

    effects = [float(x) for x in a.effects.split(",")]
    kinds = {e: cal._Kind(cal.POWER) for e in effects}
    chances: dict[float, list[float]] = {e: [] for e in effects}
    spent = {e: [0.0, 0.0] for e in effects}  # CPU and wall seconds
    for r in range(a.first, a.first + a.runs):  # round by round, so that a run stopped early leaves each effect
        for effect in effects:
            kind = kinds[effect]
            p = kind.seat_a_base / kind.runs if kind.runs else p0
            chances[effect].append(min(1.0, effect / max(1e-9, 1.0 - p)))
            c0, cw = cpu(), time.perf_counter()
            played = play_plan(cal._pair(plan, a.seed, cal.POWER, r, (0, round(chances[effect][-1], 6))), a.games,
                               jobs=a.jobs)
            h1, marked = kind.seat_a_h1, kind.seat_a_marked
            kind.add(played, a.correction)
            base, patched, diff = played.sums.wins[0].means()
            first = played.sprt.decisions[0]
            spent[effect][0] += cpu() - c0
            spent[effect][1] += time.perf_counter() - cw
            print(f"effect {effect:g} run {r}: {played.sums.games} pairs ({played.stopped}), seat A "
                  f"{base:.3f} -> {patched:.3f} ({100 * diff:+.1f} points), SPRT {first.decision}"
                  f"{' up' if kind.seat_a_h1 > h1 else ''}, marked up {kind.seat_a_marked > marked}, "
                  f"decisions {[d.decision for d in played.sprt.decisions]}, "
                  f"{cpu() - c0:.1f} s CPU, {time.perf_counter() - cw:.1f} s wall", flush=True)
        out = []
        for effect in effects:
            d = kinds[effect].power_json(effect, sum(chances[effect]) / len(chances[effect]))
            d.update({"game": pack.id, "players": n, "bots": list(names), "seed": a.seed, "cap": a.games,
                      "first_run": a.first, "cpu_s": round(spent[effect][0], 1), "wall_s": round(spent[effect][1], 1)})
            out.append(d)
            lo, hi = d["marked"]["rate_ci95"]
            hlo, hhi = d["sprt_h1"]["rate_ci95"]
            print(f"after round {r}, effect {effect:g}: measured change {100 * (d['mean_change'] or 0):+.1f} points, "
                  f"mean pairs {d['mean_games']}, SPRT H1 up {d['sprt_h1']['runs']} of {d['runs']} [{100 * hlo:.1f}, "
                  f"{100 * hhi:.1f}], marked up {d['marked']['runs']} of {d['runs']} [{100 * lo:.1f}, {100 * hi:.1f}]; "
                  f"{d['cpu_s']} s CPU, {d['wall_s']} s wall", flush=True)
        if a.json is not None:
            a.json.write_text(json.dumps(out, indent=2) + "\n")
    print(f"total: {cpu() - t0:.1f} s CPU, {time.perf_counter() - w0:.1f} s wall", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
