"""Engine speed: placements per second in random-bot solo playouts, as a ratio to python-chess.

Run:  python bench/bench_engine.py [--slices 12] [--slice 1.0] [--profile]

(a) kcal: random solo playouts of the built-in solo deck (``games/kcaloria/data/decks/solo-piney-trail.yaml``): a new
    game from seed 0, 1, 2, ...; then ``legal_moves()`` and ``apply()`` of a random move until
    ``outcome()``. A placement is one ply.
(b) python-chess (PyPI ``chess``): random playouts from the start position: ``list(board.legal_moves)``
    and ``board.push()`` of a random move until ``board.outcome()``.

The two alternate in short slices (kcal, chess, kcal, chess, ...) timed with CPU time
(``time.process_time``), so a busy shared machine slows both alike; the ratio printed is
total kcal placements/s over total chess plies/s. ``--profile`` adds a cProfile of (a).

Findings (2-core shared machine, Python 3.11, chess 1.11; runs vary by +-15 % with the load):
ratio 0.84x to 1.17x over 8 to 20 alternating 1 s slices, slice median 1.02x to 1.25x; about
10-15 k placements/s against 10-15 k chess plies/s. ``push()`` (a snapshot per move) costs ~25 %.

A load-independent cross-check: instructions counted by valgrind (callgrind) for a fixed amount of
work, marginal over warm caches (games 41-120 of the solo deck vs chess games 6-10): kcal 374 k
instructions a placement, python-chess 419 k a ply, i.e. 1.12x.

Where the time goes (cProfile of (a)): about half in move generation (``movegen._scan``: three
dictionary lookups per frontier cell, ~27 cells a ply), a third in ``apply`` (the checks, default
payment, yields, cube bookkeeping), the rest in end-of-turn and dealing. What was done about it:

- availability of cubes next to a cell is one packed int (10 bits a colour with a guard bit), kept
  up to date incrementally on every cube change, so "can this cell pay this cost" is one SWAR
  subtraction instead of summing six neighbours' colours (was ~45 % of the time);
- the tile table caches, per packed availability, a bit mask of every tile it pays for; the hand is
  a mask too, so a cell's playable tiles are one AND;
- generated moves are immutable and cached per player, cell and mask; each frontier cell carries
  its cache, so a cell costs three lookups; moves are built without the frozen ``__init__``;
- compiled tiles, pair-effect results and whole tile tables are shared between games;
- the stagnation check after a solo turn generates the next move list once, and ``legal_moves()``
  reuses it; the deal inlines SplitMix64.
Before these, the same loop ran at ~4 k placements/s (about 0.55x).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

clock = time.process_time


class KcalPlayouts:
    def __init__(self, deck, library, use_push: bool = False) -> None:
        self.deck, self.library, self.use_push = deck, library, use_push
        self.seed = 0
        self.state = None
        self.rng = None

    def run(self, seconds: float) -> tuple[int, float]:
        from kcal.games.kcaloria.engine import new_game

        plies = 0
        t0 = clock()
        end = t0 + seconds
        while True:
            if self.state is None or self.state.outcome() is not None:
                self.state = new_game(self.library, [self.deck], ["solo"], seed=self.seed, mode="solo")
                self.rng = random.Random(self.seed)
                self.seed += 1
            state, rng = self.state, self.rng
            play = state.push if self.use_push else state.apply
            while state.outcome() is None:
                moves = state.legal_moves()
                play(moves[rng.randrange(len(moves))])
                plies += 1
                if plies % 64 == 0 and clock() >= end:
                    return plies, clock() - t0


class ChessPlayouts:
    def __init__(self) -> None:
        import chess

        self.chess = chess
        self.rng = random.Random(0)
        self.board = chess.Board()

    def run(self, seconds: float) -> tuple[int, float]:
        plies = 0
        t0 = clock()
        end = t0 + seconds
        rng = self.rng
        while True:
            board = self.board
            if board.outcome() is not None:
                board = self.board = self.chess.Board()
            while board.outcome() is None:
                moves = list(board.legal_moves)
                board.push(moves[rng.randrange(len(moves))])
                plies += 1
                if plies % 64 == 0 and clock() >= end:
                    return plies, clock() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="kcal engine speed as a ratio to python-chess")
    ap.add_argument("--slices", type=int, default=12, help="alternating slices of each")
    ap.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    from kcal.games.kcaloria.load import load_deck, load_library

    root = Path(__file__).resolve().parent.parent
    library = load_library()
    deck = load_deck(root / "games" / "kcaloria" / "data" / "decks" / "solo-piney-trail.yaml").tiles()
    kcal, chess_ = KcalPlayouts(deck, library), ChessPlayouts()
    kcal.run(0.3)  # warm the tile and move caches, as chess warms its attack tables
    chess_.run(0.3)
    kp = kt = cp = ct = 0.0
    ratios = []
    for _ in range(args.slices):
        a, b = kcal.run(args.slice)
        c, d = chess_.run(args.slice)
        kp, kt, cp, ct = kp + a, kt + b, cp + c, ct + d
        ratios.append((a / b) / (c / d))
    ratios.sort()
    print(f"kcal  random solo playouts: {kp / kt:9.0f} placements/s  ({int(kp)} placements, {kcal.seed} games)")
    print(f"chess random playouts:      {cp / ct:9.0f} plies/s       ({int(cp)} plies)")
    print(f"ratio kcal/chess: {kp / kt / (cp / ct):.2f}x  (slices: min {ratios[0]:.2f}x, "
          f"median {ratios[len(ratios) // 2]:.2f}x, max {ratios[-1]:.2f}x)")
    pushp, pusht = KcalPlayouts(deck, library, use_push=True).run(args.slice * 2)
    print(f"kcal with push() (undo snapshot per move): {pushp / pusht:.0f} placements/s")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        KcalPlayouts(deck, library).run(args.slice * 3)
        prof.disable()
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
