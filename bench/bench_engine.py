"""Engine speed: placements per second in random-bot solo playouts, as a ratio to python-chess.

Run:  /work/venv/bin/python bench/bench_engine.py [--seconds 5] [--rounds 3] [--profile]

Each round times, back to back on the same machine, (a) random solo playouts of the built-in solo
deck (``decks/solo-piney-trail.yaml``): ``legal_moves()`` then ``apply()`` of a random one until
``outcome()``, new games dealt from seeds 0, 1, 2, ...; and (b) python-chess random playouts:
``list(board.legal_moves)``, ``push`` of a random one until ``board.outcome()``. It prints plies
per second for both and the ratio (kcal / chess); the best round of each is reported too, since a
shared machine only ever slows a run down. ``--profile`` prints the top of a cProfile of (a).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path


def kcal_playouts(seconds: float, deck, library, push: bool = False) -> tuple[int, float]:
    from kcal.engine import new_game

    plies = 0
    seed = 0
    t0 = time.perf_counter()
    while True:
        state = new_game(library, [deck], ["solo"], seed=seed, mode="solo")
        rng = random.Random(seed)
        while state.outcome() is None:
            moves = state.legal_moves()
            (state.push if push else state.apply)(moves[rng.randrange(len(moves))])
            plies += 1
        seed += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return plies, elapsed


def chess_playouts(seconds: float) -> tuple[int, float]:
    import chess

    rng = random.Random(0)
    plies = 0
    t0 = time.perf_counter()
    while True:
        board = chess.Board()
        while board.outcome() is None:
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return plies, elapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="seconds per measurement")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    from kcal.schema.load import load_deck, load_library

    root = Path(__file__).resolve().parent.parent
    library = load_library()
    deck = load_deck(root / "decks" / "solo-piney-trail.yaml").tiles()
    kcal_playouts(0.5, deck, library)  # warm the tile and move caches, as chess warms its tables
    best_k = best_c = 0.0
    ratios = []
    for r in range(args.rounds):
        kp, kt = kcal_playouts(args.seconds, deck, library)
        cp, ct = chess_playouts(args.seconds)
        k, c = kp / kt, cp / ct
        best_k, best_c = max(best_k, k), max(best_c, c)
        ratios.append(k / c)
        print(f"round {r + 1}: kcal {k:8.0f} placements/s   chess {c:8.0f} plies/s   ratio {k / c:.2f}x")
    pp, pt = kcal_playouts(args.seconds, deck, library, push=True)
    print(f"kcal with push() (undo snapshots): {pp / pt:.0f} placements/s")
    ratios.sort()
    print(f"median ratio {ratios[len(ratios) // 2]:.2f}x; best rounds: kcal {best_k:.0f}/s, chess "
          f"{best_c:.0f}/s, ratio {best_k / best_c:.2f}x")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        kcal_playouts(args.seconds, deck, library)
        prof.disable()
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
