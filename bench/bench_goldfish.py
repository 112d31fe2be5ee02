"""Opening hands per second: ``kcal sim goldfish`` (whole command) against numpy.

Run from the repo root::

    python bench/bench_goldfish.py [DECK] [--hands 1000000] [--jobs N] [--repeat 3]

It times, in the same run and on the same deck:

* ``kcal``: the whole command ``kcal sim goldfish DECK --hands N -f json`` in a fresh process
  (interpreter start, imports, YAML loading, exact math, the Monte Carlo over N opening sequences and
  the default placement model), best of ``--repeat``;
* ``numpy``: ``Generator.multivariate_hypergeometric(counts_by_name, 7, size=N)`` alone (numpy
  already imported), i.e. N raw 7-tile hands over the deck's tile names, best of ``--repeat``.

and prints hands per second for both and the ratio kcal / numpy (goal: at least 1.0x). numpy is a
benchmark-only dependency; kcal itself never imports it.
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
SIM_CMD = [sys.executable, "-c", "import sys; from kcal.cli.sim import app; sys.argv[0] = 'kcal sim'; app()"]


def kcal_command() -> list[str]:
    """``kcal sim`` through the root entry point when it imports, else the sim sub-app directly."""
    probe = subprocess.run([sys.executable, "-c", "import kcal.cli.app"], capture_output=True)
    return [sys.executable, "-m", "kcal", "sim"] if probe.returncode == 0 else SIM_CMD


def time_kcal(deck: Path, hands: int, jobs: int | None, repeat: int) -> tuple[float, dict]:
    cmd = kcal_command() + ["goldfish", str(deck), "--hands", str(hands), "-f", "json", "--quiet"]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    best, out = float("inf"), {}
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, check=True)
        best = min(best, time.perf_counter() - t0)
        out = json.loads(proc.stdout)
    return best, out


def deck_counts(deck: Path) -> list[int]:
    from kcal.games.kcaloria.files.load import load_deck

    return [e.count for e in load_deck(deck).entries]


def time_numpy(counts: list[int], hands: int, repeat: int) -> float:
    import numpy as np

    gen = np.random.default_rng(0)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        gen.multivariate_hypergeometric(counts, 7, size=hands)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deck", nargs="?", type=Path, default=DEFAULT_DECK)
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--jobs", type=int, default=None, help="passed to kcal (default: all cores)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    os.chdir(ROOT)
    counts = deck_counts(args.deck)
    t_np = time_numpy(counts, args.hands, args.repeat)
    t_k, out = time_kcal(args.deck, args.hands, args.jobs, args.repeat)
    np_rate, k_rate = args.hands / t_np, args.hands / t_k
    print(f"deck: {args.deck} ({len(counts)} names, {sum(counts)} tiles); hands: {args.hands:,}; cores: {os.cpu_count()}")
    print(f"numpy multivariate_hypergeometric : {t_np:7.3f} s  {np_rate:12,.0f} hands/s")
    print(f"kcal sim goldfish (whole command) : {t_k:7.3f} s  {k_rate:12,.0f} hands/s"
          f"   (jobs={args.jobs or 'all'}, p_water {out['p_water_in_opening']} vs exact {out['p_water_exact']})")
    print(f"ratio kcal / numpy: {k_rate / np_rate:.2f}x")


if __name__ == "__main__":
    main()
