"""Peak memory of long simulations: it must not grow with the number of games.

Run from the repo root::

    python bench/bench_memory.py [--games 1000,10000,100000] [--what playouts,solo] [--bot random]
                                 [--deck DECK] [--tolerance 0.10]

Each measurement is a fresh child process, and its peak resident memory is the child's own
``ru_maxrss`` (from ``os.wait4``), so nothing of this process or of an earlier run is counted:

``playouts``  random solo playouts straight on the engine (``new_game``, ``legal_moves``, ``apply``
              of a random move until ``outcome()``), game ``k`` from seed ``k``: the engine alone.
``solo``      the command ``kcal sim solo DECK --games N --bot BOT --jobs 1 --quiet --format json``:
              the engine, the bot's ``push``/``pop`` and the statistics together.

It prints one row per run (games, CPU seconds, peak MB, peak over the smallest run's peak) and
exits 1 when a kind's peaks spread by more than ``--tolerance`` (default 10 %). The engine's caches
(generated moves, cover masks, anchor maps, neighbour tuples) are bounded, so after the first few
hundred games the peak stays put; before they were bounded, the move cache alone grew by ~7 kB a
game. 1e5 games take a while (playouts ~5 min, ``sim solo --bot random`` longer on a 2-core
machine): ``--games 1000,10000`` gives the trend in about two minutes.

Default deck: the built-in solo deck ``src/kcal/games/kcaloria/data/decks/solo-piney-trail.yaml``.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "solo-piney-trail.yaml"
KCAL = Path(sys.executable).with_name("kcal")


def playouts(deck_path: Path, games: int) -> None:
    """The child's work for ``playouts``: ``games`` random solo games on the engine."""
    from kcal.games.kcaloria.files.load import load_deck, load_library
    from kcal.games.kcaloria.rules import new_game

    library = load_library()
    deck = load_deck(deck_path).tiles()
    for seed in range(games):
        state = new_game(library, [deck], ["solo"], seed=seed, mode="solo")
        rng = random.Random(seed)
        while state.outcome() is None:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


def measure(cmd: list[str]) -> tuple[float, float]:
    """Run ``cmd``; return its (CPU seconds, peak resident MB)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}")
    rss_kb = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss / 1024  # macOS: bytes
    return usage.ru_utime + usage.ru_stime, rss_kb / 1024


def command(what: str, games: int, deck: Path, bot: str) -> list[str]:
    if what == "playouts":
        return [sys.executable, __file__, "--child", str(games), "--deck", str(deck)]
    kcal = [str(KCAL)] if KCAL.exists() else [sys.executable, "-m", "kcal"]
    return kcal + ["sim", "solo", str(deck), "--games", str(games), "--bots", bot, "--jobs", "1",
                   "--quiet", "--format", "json"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="1000,10000,100000", help="comma-separated game counts")
    ap.add_argument("--what", default="playouts,solo", help="playouts, solo or both")
    ap.add_argument("--bot", default="random", help="bot for kcal sim solo")
    ap.add_argument("--deck", type=Path, default=DECK)
    ap.add_argument("--tolerance", type=float, default=0.10, help="allowed spread of the peaks")
    ap.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child is not None:
        playouts(args.deck, args.child)
        return 0
    sizes = [int(float(x)) for x in args.games.split(",") if x.strip()]
    kinds = [w.strip() for w in args.what.split(",") if w.strip()]
    flat = True
    print(f"{'kind':<9} {'games':>8} {'cpu s':>8} {'peak MB':>8} {'x first':>8}")
    for what in kinds:
        peaks = []
        for n in sizes:
            t0 = time.perf_counter()
            cpu, mb = measure(command(what, n, args.deck, args.bot))
            peaks.append(mb)
            print(f"{what:<9} {n:>8} {cpu:>8.1f} {mb:>8.1f} {mb / peaks[0]:>8.3f}"
                  f"   (wall {time.perf_counter() - t0:.0f} s)", flush=True)
        spread = max(peaks) / min(peaks) - 1
        ok = spread <= args.tolerance
        flat = flat and ok
        print(f"{what}: peaks spread {spread:.1%} ({'flat' if ok else 'GROWS'}, tolerance "
              f"{args.tolerance:.0%})", flush=True)
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
