"""Benchmark of the card pictures (issue 23, item 1): print with pictures against print before them.

Measures two commands as whole processes, each run by two kcal trees in the same run, alternating
(before, after, before, after...), so both see the same machine load:

* ``kcal print deck src/kcal/games/kcaloria/data/decks/bayou-ambush.yaml`` (60 tiles);
* ``kcal print cards --game ecologic-europe`` (every species, weather and human-impact card: 260 faces).

It reports the median wall time and the median CPU time (user + system of the child process) of each
tree, their ratio (after / before; the goal is at most 1.3), and the PDF sizes.

"Before" is a checkout of kcal from before the pictures, "after" this tree. Run from the repository's
root, with the venv's python:

    git worktree add /tmp/kcal-before 100b268          # the last commit before issue 23's pictures
    python bench/bench_pictures.py --before /tmp/kcal-before --runs 7
    git worktree remove /tmp/kcal-before

Each tree runs with ``PYTHONPATH=<tree>/src``, so one interpreter and one venv serve both.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = "src/kcal/games/kcaloria/data/decks/bayou-ambush.yaml"
COMMANDS = {
    "print deck (60 tiles)": ["print", "deck", DECK],
    "print cards --game ecologic-europe": ["print", "cards", "--game", "ecologic-europe"],
}


def run_once(tree: Path, args: list[str], out: Path) -> tuple[float, float, int]:
    """(wall seconds, child CPU seconds, PDF bytes) of one ``kcal`` process of ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kcal", *args, "-o", str(out), "--force"], cwd=tree, env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stat().st_size


def measure(before: Path, after: Path, runs: int) -> dict[str, dict[str, float]]:
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in COMMANDS.items():
            samples: dict[str, list[tuple[float, float, int]]] = {"before": [], "after": []}
            for tree, key in ((before, "before"), (after, "after")):  # warm-up: caches, bytecode
                run_once(tree, args, Path(tmp) / f"{key}.pdf")
            for _ in range(runs):
                for tree, key in ((before, "before"), (after, "after")):
                    samples[key].append(run_once(tree, args, Path(tmp) / f"{key}.pdf"))
            row = {}
            for key, s in samples.items():
                row[f"{key}_wall"] = statistics.median(w for w, _, _ in s)
                row[f"{key}_cpu"] = statistics.median(c for _, c, _ in s)
                row[f"{key}_bytes"] = s[-1][2]
            row["ratio_wall"] = row["after_wall"] / row["before_wall"]
            row["ratio_cpu"] = row["after_cpu"] / row["before_cpu"]
            results[name] = row
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, required=True, help="a kcal checkout from before the pictures")
    ap.add_argument("--after", type=Path, default=ROOT, help="the kcal tree with pictures (default: this one)")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    results = measure(args.before.resolve(), args.after.resolve(), args.runs)
    print(f"{'command':38} {'before s':>9} {'after s':>9} {'wall x':>7} {'cpu x':>7} {'PDF KB before/after':>20}")
    for name, r in results.items():
        print(f"{name:38} {r['before_wall']:9.3f} {r['after_wall']:9.3f} {r['ratio_wall']:7.2f} "
              f"{r['ratio_cpu']:7.2f} {r['before_bytes'] / 1024:9.0f}/{r['after_bytes'] / 1024:.0f}")
    worst = max(max(r["ratio_wall"], r["ratio_cpu"]) for r in results.values())
    print(f"worst ratio {worst:.2f} (goal: at most 1.3)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
