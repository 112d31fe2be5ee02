"""The power of the default what-if on synthetic games: the stated change of ``kcal balance calibrate``
played on drawn outcomes instead of games, through the what-if's own sums, looks, sequential test and
corrected marks (issue 35, item 5; docs/balance.md, "Power at the defaults").

    PYTHONPATH=src python bench/bench_calibrate_model.py --seats 0.335,0.3325,0.3325 --reasons 2 \
        [--effects 0.03,0.04,0.05,0.06,0.07,0.08] [--runs 400] [--games 2000] [--seed 0]

Why: a run of the stated change at the default cap is up to 4,000 games (1 to 7 minutes of CPU with
greedy bots in Kalua, EcoLogic and kCaloria), so on a shared machine a pack gets a handful of runs, and
their Wilson intervals are 40 points wide. The stated change is built so that it touches nothing but
the winner: the patched arm gives seat A the whole win of a game with chance ``q = effect / (1 - p)``
on unpaired games. So its power depends on the games only through each seat's win rate and on how many
other figures share the correction (each seat's score, the length, each end reason), and it can be
drawn: each game's winner from ``--seats`` (each seat's win rate; no shared wins), the patched arm's
winner from its own draw with seat A given the win with chance ``q``, the scores, the length and the end
reason (one of ``--reasons``; with 1, every game ends alike and the figure has no spread, as How many
Calories?' rounds_complete) drawn alike in both arms, so they are nulls. The pairs go through
:class:`kcal.balance.whatif.Sums`, the looks of :func:`kcal.balance.paired.looks`, the SPRT and the marks
as a what-if's do, and each run is scored as the calibration scores its stated-change runs.

It models what the games do not change: a real patch moves scores and lengths with the wins (more figures
marked, a slightly different Holm level), and the packs' shared wins are left out. Check it against the
runs that played games (bench/bench_calibrate_power.py; How many Calories?' 20-run rows in docs/balance.md)
before reading it for a pack.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def run_once(seats: list[float], reasons: int, q: float, games: int, rng: random.Random, correction: str
             ) -> tuple[object, int]:
    from kcal.balance.paired import Sprt, looks
    from kcal.balance.whatif import Played, Sums
    from kcal.sim.match_tally import win_unit

    k = len(seats)
    unit = win_unit(k)
    names = [chr(ord("A") + s) for s in range(k)]
    sums, sprt = Sums(names), Sprt(names)
    cum = [sum(seats[: s + 1]) for s in range(k)]
    why = [f"reason{i}" for i in range(reasons)]

    def game() -> tuple[int, ...]:
        u = rng.random() * cum[-1]
        w = next(s for s in range(k) if u < cum[s])
        return tuple(unit if s == w else 0 for s in range(k))

    def other() -> tuple[int, tuple[int, ...], str]:
        return (int(rng.gauss(70, 20)), tuple(int(rng.gauss(100, 15)) for _ in range(k)), rng.choice(why))

    done = 0
    for upto in looks(games):
        for _ in range(done, upto):
            base_w = game()
            patched_w = game()
            if rng.random() < q:
                patched_w = tuple(unit if s == 0 else 0 for s in range(k))
            (bm, bs, br), (pm, ps, pr) = other(), other()
            sums.add((base_w, bm, br, (), bs, None), (patched_w, pm, pr, (), ps, None))
        done = upto
        if sprt.update(sums.wins):
            return Played(sums, sprt, "sprt", False), done
    return Played(sums, sprt, "cap", False), done


def main(argv: list[str] | None = None) -> int:
    from kcal.balance import calibrate as cal

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", required=True, help="each seat's win rate, comma-separated (seat A first)")
    ap.add_argument("--reasons", type=int, default=1, help="end reasons (1: every game ends alike)")
    ap.add_argument("--effects", default="0.03,0.04,0.05,0.06,0.07,0.08")
    ap.add_argument("--runs", type=int, default=400)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--correction", default="holm")
    a = ap.parse_args(argv)
    seats = [float(x) for x in a.seats.split(",")]
    print(f"seats {seats}, {a.reasons} end reasons, cap {a.games} pairs, {a.runs} runs an effect", flush=True)
    for effect in (float(x) for x in a.effects.split(",")):
        t0 = time.process_time()
        q = effect / (1 - seats[0] / sum(seats))
        kind = cal._Kind(cal.POWER)
        rng = random.Random(f"{a.seed} {effect}")
        for _ in range(a.runs):
            played, _ = run_once(seats, a.reasons, q, a.games, rng, a.correction)
            kind.add(played, a.correction)  # type: ignore[arg-type]
        d = kind.power_json(effect, q)
        h, m = d["sprt_h1"], d["marked"]
        print(f"effect {effect:g}: measured {100 * d['mean_change']:+.2f} points, mean pairs {d['mean_games']}, "
              f"SPRT H1 up {h['runs']} of {d['runs']} ({100 * h['rate']:.1f}% [{100 * h['rate_ci95'][0]:.1f}, "
              f"{100 * h['rate_ci95'][1]:.1f}]), marked up {m['runs']} ({100 * m['rate']:.1f}% "
              f"[{100 * m['rate_ci95'][0]:.1f}, {100 * m['rate_ci95'][1]:.1f}]); {time.process_time() - t0:.0f} s CPU",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
