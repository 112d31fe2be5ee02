"""Does the game-pack move cost anything? kCaloria's commands in two trees, side by side.

Issue 8 asks that ``deck validate``, ``print deck``, ``sim goldfish`` and the engine stay within 3% of
the figures of the commit before the move (597d2e5), measured in the same run. This script runs each
command in both trees and reports, per command:

- the ratio of executed instructions (valgrind's callgrind, ``PYTHONHASHSEED=0``): the figure a loaded,
  shared machine cannot disturb;
- the ratio of the median CPU time of whole processes, the two trees alternating run by run;
- whether both trees print the same thing and write the same PDF bytes (the same seeds must give the
  same output).

Make the two trees and their environments, then run it (a few minutes; valgrind is optional)::

    git archive 597d2e5 | (mkdir -p /tmp/before && tar -x -C /tmp/before)
    git archive HEAD    | (mkdir -p /tmp/after  && tar -x -C /tmp/after)
    for d in before after; do python3 -m venv /tmp/$d/.venv && /tmp/$d/.venv/bin/pip install -q /tmp/$d; done
    python bench/bench_move.py --before /tmp/before --after /tmp/after [--runs 11] [--no-valgrind]

A tree is recognised by its layout: before the move the decks are in ``decks/``, after it in
``src/kcal/games/kcaloria/data/decks/``. The engine is measured through ``sim solo`` with the random bot (one job),
whose time is the engine's: dealing, generating moves and applying them.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def deck_dir(tree: Path) -> Path:
    for sub in (("src", "kcal", "games"), ("games",)):  # the src layout, the layout before it
        found = tree.joinpath(*sub, "kcaloria", "data", "decks")
        if found.is_dir():
            return found
    return tree / "decks"


def commands(tree: Path, out: Path) -> dict[str, list[str]]:
    kcal = str(tree / ".venv" / "bin" / "kcal")
    decks = deck_dir(tree)
    return {
        "deck validate": [kcal, "deck", "validate", str(decks / "bayou-ambush.yaml")],
        "print deck": [kcal, "print", "deck", str(decks / "bayou-ambush.yaml"), "-o", str(out / "deck.pdf")],
        "sim goldfish": [kcal, "sim", "goldfish", str(decks / "bayou-ambush.yaml"), "--hands", "200000",
                         "--seed", "3"],
        "engine (sim solo, random bot)": [kcal, "sim", "solo", str(decks / "solo-piney-trail.yaml"), "--games",
                                          "40", "--bot", "random", "--seed", "1", "--jobs", "1", "--quiet"],
    }


def run_once(cmd: list[str], out: Path) -> tuple[float, bytes]:
    """CPU seconds of one whole process (children's rusage), and what it printed (paths of the tree
    removed, so that the two trees can be compared)."""
    for f in out.glob("*.pdf"):
        f.unlink()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = re.sub(rb"\S*/(decks|src/kcal/games/kcaloria/data/decks)/", b"", proc.stdout).replace(bytes(out), b"OUT")
    pdf = out / "deck.pdf"
    return cpu, text + (pdf.read_bytes() if pdf.exists() else b"")


def instructions(cmd: list[str], out: Path) -> int | None:
    if shutil.which("valgrind") is None:
        return None
    for f in out.glob("*.pdf"):
        f.unlink()
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    m = re.search(r"Collected : (\d+)", proc.stderr)
    return int(m.group(1)) if m else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, required=True)
    ap.add_argument("--after", type=Path, required=True)
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--no-valgrind", action="store_true")
    ap.add_argument("--only", default="", help="run only the commands whose name contains this")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out_a, out_b = Path(tmp) / "after", Path(tmp) / "before"
        out_a.mkdir()
        out_b.mkdir()
        after, before = commands(args.after, out_a), commands(args.before, out_b)
        print(f"{'command':32} {'instr. after/before':>20} {'cpu after/before (median)':>26}  same output")
        for name in after:
            if args.only not in name:
                continue
            run_once(after[name], out_a)  # warm-up: caches, bytecode
            run_once(before[name], out_b)
            ta, tb, same = [], [], True
            for _ in range(args.runs):
                a, text_a = run_once(after[name], out_a)
                b, text_b = run_once(before[name], out_b)
                ta.append(a)
                tb.append(b)
                same = same and text_a == text_b
            pair = statistics.median(x / y for x, y in zip(ta, tb, strict=True))
            ia = ib = None
            if not args.no_valgrind:
                ia, ib = instructions(after[name], out_a), instructions(before[name], out_b)
            instr = f"{ia / ib:.4f}" if ia and ib else "n/a"
            print(f"{name:32} {instr:>20} {pair:>26.4f}  {'yes' if same else 'NO'}"
                  f"   (after {statistics.median(ta):.3f} s, before {statistics.median(tb):.3f} s"
                  + (f"; {ia / 1e6:,.0f} M vs {ib / 1e6:,.0f} M instructions)" if ia and ib else ")"))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
