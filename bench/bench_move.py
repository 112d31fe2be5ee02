"""Does a move of the tree cost anything? The same commands in two trees, side by side.

Issue 19 (one pack skeleton, the package under ``src/kcal/``) asks that ``deck validate``, ``print
deck`` (``print cards`` for the card games), ``sim match`` for every pack and ``rules replay`` of a
60-move kCaloria game stay within 3% of the commit before the move (feec254), measured in the same run
(issue 8 asked the same of the first pack move, 597d2e5). This script runs each command in both trees and
reports, per command:

- the ratio of the median CPU time of whole processes, the two trees alternating run by run;
- the ratio of executed instructions (valgrind's callgrind, ``PYTHONHASHSEED=0``), the figure a loaded,
  shared machine cannot disturb (``--no-valgrind`` skips it);
- whether both trees print the same thing and write the same PDF bytes (the same seeds must give the
  same output).

Make the two trees and their environments, then run it (several minutes; valgrind is optional)::

    git archive feec254 | (mkdir -p /tmp/before && tar -x -C /tmp/before)
    git archive HEAD    | (mkdir -p /tmp/after  && tar -x -C /tmp/after)
    for d in before after; do python3 -m venv /tmp/$d/.venv && /tmp/$d/.venv/bin/pip install -q /tmp/$d; done
    python bench/bench_move.py --before /tmp/before --after /tmp/after [--runs 11] [--no-valgrind] [--only NAME]

A tree is recognised by its layout: the packs are in ``src/kcal/games/`` (the src layout), ``games/``
(before it) or, for kCaloria before issue 8, the decks in ``decks/``. The 60-move kCaloria record is
made once, by the after tree's ``sim match --save-game`` (seed 1), cut to its first 60 moves, and both
trees replay the same file.
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

PACKS = ("kcaloria", "how-many-calories", "kalua", "ecologic-europe")
#: a card-set file of each card game, for ``deck validate`` (kCaloria validates a deck)
CARD_SETS = {"how-many-calories": "data/foods.yaml", "kalua": "data/cards.yaml",
             "ecologic-europe": "data/species-base.yaml"}


def pack_dir(tree: Path, pack: str) -> Path:
    folder = pack.replace("-", "_")
    for sub in (("src", "kcal", "games"), ("games",)):  # the src layout, the layout before it
        found = tree.joinpath(*sub, folder)
        if found.is_dir():
            return found
    return tree


def deck_dir(tree: Path) -> Path:
    found = pack_dir(tree, "kcaloria") / "data" / "decks"
    return found if found.is_dir() else tree / "decks"


def commands(tree: Path, out: Path, record: Path) -> dict[str, list[str]]:
    kcal = str(tree / ".venv" / "bin" / "kcal")
    decks = deck_dir(tree)
    cmds = {
        "deck validate kcaloria": [kcal, "deck", "validate", str(decks / "bayou-ambush.yaml")],
        "print deck kcaloria": [kcal, "print", "deck", str(decks / "bayou-ambush.yaml"), "-o", str(out / "deck.pdf")],
        "rules replay kcaloria (60 moves)": [kcal, "rules", "replay", str(record)],
        "sim match kcaloria decks (20 games)": [kcal, "sim", "match", str(decks / "bayou-ambush.yaml"),
                                                str(decks / "caddo-harvest.yaml"), "--games", "20", "--seed", "1",
                                                "--jobs", "1", "--quiet"],
    }
    for pack, data in CARD_SETS.items():
        cmds[f"deck validate {pack}"] = [kcal, "deck", "validate", str(pack_dir(tree, pack) / data)]
        cmds[f"print cards {pack}"] = [kcal, "print", "cards", "--game", pack, "-o", str(out / "deck.pdf")]
    for pack in PACKS:
        players = "2" if pack == "kcaloria" else "3"
        cmds[f"sim match {pack} (20 games)"] = [kcal, "sim", "match", "--game", pack, "--players", players,
                                                "--games", "20", "--seed", "1", "--jobs", "1", "--quiet"]
    return cmds


def make_record(tree: Path, folder: Path) -> Path:
    """A kCaloria game record of 60 moves: game 0 of a seeded match, cut after its 60th move."""
    full, cut = folder / "full.yaml", folder / "replay-60.yaml"
    subprocess.run([str(tree / ".venv" / "bin" / "kcal"), "sim", "match", "--game", "kcaloria", "--players", "2",
                    "--games", "1", "--seed", "1", "--save-game", "0", "-o", str(full), "--quiet"],
                   capture_output=True, check=True)
    lines, moves, kept = full.read_text(encoding="utf-8").splitlines(), False, []
    n = 0
    for line in lines:
        if line.startswith("moves:"):
            moves = True
        elif moves and line.startswith("  - "):
            n += 1
            if n > 60:
                continue
        kept.append(line)
    if n < 60:
        raise SystemExit(f"the saved game has {n} moves, fewer than 60")
    cut.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return cut


def run_once(cmd: list[str], out: Path) -> tuple[float, bytes]:
    """CPU seconds of one whole process (children's rusage), and what it printed (paths of the tree
    removed, so that the two trees can be compared)."""
    for f in out.glob("*.pdf"):
        f.unlink()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = re.sub(rb"\S*/(decks|data)/", b"", proc.stdout).replace(bytes(out), b"OUT")
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
        record = make_record(args.after, Path(tmp))
        after, before = commands(args.after, out_a, record), commands(args.before, out_b, record)
        print(f"{'command':36} {'instr. after/before':>20} {'cpu after/before (median)':>26}  same output")
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
            print(f"{name:36} {instr:>20} {pair:>26.4f}  {'yes' if same else 'NO'}"
                  f"   (after {statistics.median(ta):.3f} s, before {statistics.median(tb):.3f} s"
                  + (f"; {ia / 1e6:,.0f} M vs {ib / 1e6:,.0f} M instructions)" if ia and ib else ")"))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
