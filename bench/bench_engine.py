"""Engine speed: random playouts with ``push``/``pop``, plies per second, as a ratio to python-chess.

Run:  python bench/bench_engine.py [--slices 6] [--slice 1.0] [--only solo|standard] [--apply]
      [--profile NAME] [--engine DIR]

A/B against an older engine: copy ``src/kcal/games/kcaloria/rules`` to ``DIR/engine`` first (e.g. from
``git show``), then run this script with ``--engine DIR`` and without, alternately; only the engine
package is swapped, the rest of kcal is the checkout's.

Like for like, push against push:

(a) kcal: a new game from seed 0, 1, 2, ...; ``legal_moves()`` and ``push()`` of a uniformly random
    move until ``outcome()``, then ``pop()`` back to the deal. A ply is one pushed move (placements,
    discards and rescues alike). Workloads: solo games of each built-in deck, and 2-player standard
    games of two deck pairings (``WORKLOADS``).
(b) python-chess (PyPI ``chess``): random playouts from the start position: ``list(board.legal_moves)``
    and ``board.push()`` of a random move until ``board.outcome()``, then ``board.pop()`` back to the
    start.

For each kcal workload the two alternate in short slices (kcal, chess, kcal, chess, ...) timed with
CPU time (``time.process_time``), so a busy shared machine slows both alike; the ratio printed is
the workload's total plies/s over the chess slices' total plies/s of the same alternation, with the
per-slice minimum, median and maximum. ``--apply`` adds the same playouts with ``apply()`` (no undo)
for comparison; ``--profile NAME`` prints a cProfile of one workload. Figures and history:
docs/performance.md.

Findings (issue 12 item 14, 2026-12-02; 6 alternations old engine / new engine, 4 slices of
0.5 s each, a shared 2-core machine at load 2-3.5, so a ratio swings by ~10-20 % between runs):

- standard: bayou v caddo 0.85-1.09x -> **1.28-1.43x**; longleaf v piney 0.98-1.15x -> **1.28-1.58x**.
- solo: piney 0.65-0.73x -> **0.90-1.06x**; bayou 0.72-0.79x -> **0.89-0.95x**; caddo 0.72-0.82x ->
  **0.88-1.02x**: better, still short of the goal of 1.0x.
- Load-independent (``valgrind --tool=callgrind``, instructions a ply after 2,000 warm plies,
  2,000 measured): python-chess 421 k; solo piney 468 k -> 344 k, bayou 468 k -> 345 k, caddo
  440 k -> 355 k; standard bayou v caddo 357 k -> 260 k, longleaf v piney 311 k -> 231 k. A solo
  ply now takes fewer instructions than a chess ply and still more time (more dict lookups,
  calls and allocations per instruction).
- Where a solo ply goes (in-process, piney): ``push`` + ``pop`` ~66 us, of which the stagnation
  test's move generation ~25 us (the generation the ply needs anyway: ``legal_moves`` reuses it)
  and ``legal.check`` ~5 us; the rest is the placement's bookkeeping and its undo.

Third round (issue 12 item 14, solo, 2026-12-02 later; a quiet machine, load ~1):

- solo, this script's totals over 10 alternating slices: piney **1.12x**, bayou **1.14x**, caddo
  **1.04x**; standard 1.36x and 1.43x. A/B against the engine before the round (``--engine``,
  3 alternations of 4 slices): solo 0.90-0.98x -> **1.09-1.18x**.
- Instructions a ply (callgrind, 2,000 -> 6,000 plies): solo piney 340 k -> 276 k, bayou
  341 k -> 280 k, caddo 350 k -> 305 k; standard bayou v caddo 256 k -> 244 k, longleaf v piney
  230 k -> 222 k (a chess ply: 421 k). Instruction counts of the same tree move by ~1 % with the
  process's memory layout (dicts keyed by ``id``), so a change under ~1 % is not measurable this way.
- What did it: one shared tuple per cell (dict lookups match by identity); anchors folded into a copy
  of the packed availability, so anchored turns (43-70 % of solo plies on piney and bayou) keep
  the scan's tight loop; a placement replaces the frontiers it changes by copies its frame owns
  and gives new frontier cells their availability (no ``KeyError`` in the scan); occupied cells
  drop their availability; a payment changes each paying tile once. Measured and dropped: a lazy
  move list for solo (the sequence's bookkeeping cost more than the moves it did not build:
  277 k -> 287 k), fast paths for one-entry and one-colour payments (not measurable).
- caddo-harvest stays the lowest: its games are shorter (26 plies against piney's 41), so the deal
  (``new_game``, ~85 us, 60 % of it the seeded shuffle, which must stay bit-for-bit the same) weighs
  more a ply, and 7 % of its plies remove a tile (the frontier is rebuilt in table order).
- The longer runs found a solo game (caddo, seed 6405) that a rescue left with no move and no end;
  fixed (rulings.md "Stagnation after a rescue").
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
ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"

#: name -> deck file stems (one: solo; two: 2-player standard)
WORKLOADS: dict[str, tuple[str, ...]] = {
    "solo piney-trail": ("solo-piney-trail",),
    "solo bayou-ambush": ("bayou-ambush",),
    "solo caddo-harvest": ("caddo-harvest",),
    "standard bayou v caddo": ("bayou-ambush", "caddo-harvest"),
    "standard longleaf v piney": ("longleaf-canopy", "solo-piney-trail"),
}


class KcalPlayouts:
    def __init__(self, decks: list, library, use_push: bool = True) -> None:
        self.decks, self.library, self.use_push = decks, library, use_push
        self.players = ["solo"] if len(decks) == 1 else [f"P{i + 1}" for i in range(len(decks))]
        self.mode = "solo" if len(decks) == 1 else "standard"
        self.seed = 0
        self.state = None
        self.rng = random.Random(0)

    def run(self, seconds: float) -> tuple[int, float]:
        from kcal.games.kcaloria.rules import new_game

        plies = 0
        t0 = clock()
        end = t0 + seconds
        rng = self.rng
        while True:
            state = self.state
            if state is None or state.outcome() is not None:
                if state is not None and self.use_push:
                    pop = state.pop
                    for _ in range(state.n_moves):
                        pop()
                state = self.state = new_game(self.library, self.decks, self.players, seed=self.seed,
                                              mode=self.mode)
                self.seed += 1
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
                while board.move_stack:
                    board.pop()
            while board.outcome() is None:
                moves = list(board.legal_moves)
                board.push(moves[rng.randrange(len(moves))])
                plies += 1
                if plies % 64 == 0 and clock() >= end:
                    return plies, clock() - t0


def measure(kcal: KcalPlayouts, chess_: ChessPlayouts, slices: int, length: float) -> tuple[float, float, list[float]]:
    kcal.run(0.3)  # warm the tile and move caches, as chess warms its attack tables
    chess_.run(0.3)
    kp = kt = cp = ct = 0.0
    ratios = []
    for _ in range(slices):
        a, b = kcal.run(length)
        c, d = chess_.run(length)
        kp, kt, cp, ct = kp + a, kt + b, cp + c, ct + d
        ratios.append((a / b) / (c / d))
    ratios.sort()
    return kp / kt, cp / ct, ratios


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="kcal engine speed as a ratio to python-chess")
    ap.add_argument("--slices", type=int, default=6, help="alternating slices of each, per workload")
    ap.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    ap.add_argument("--only", choices=("solo", "standard"), help="only the solo or the 2-player workloads")
    ap.add_argument("--apply", action="store_true", help="also time apply() without undo")
    ap.add_argument("--profile", metavar="NAME", help="cProfile one workload (a WORKLOADS key)")
    ap.add_argument("--engine", metavar="DIR", help="use the engine package in DIR/engine (an older copy)")
    args = ap.parse_args(argv)
    if args.engine:
        import kcal.games.kcaloria

        kcal.games.kcaloria.__path__.insert(0, str(Path(args.engine).resolve()))
    from kcal.games.kcaloria.files.load import load_deck, load_library

    library = load_library()
    decks = {stem: load_deck(DECKS / f"{stem}.yaml").tiles()
             for stem in {s for w in WORKLOADS.values() for s in w}}
    chess_ = ChessPlayouts()
    if args.profile:
        kcal = KcalPlayouts([decks[s] for s in WORKLOADS[args.profile]], library)
        kcal.run(0.3)
        prof = cProfile.Profile()
        prof.enable()
        kcal.run(args.slice * 3)
        prof.disable()
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(20)
        return 0
    print(f"{'workload (push/pop)':<28} {'kcal plies/s':>12} {'chess plies/s':>13} {'ratio':>7}  slices min/median/max")
    for name, stems in WORKLOADS.items():
        if args.only and not name.startswith(args.only):
            continue
        kcal = KcalPlayouts([decks[s] for s in stems], library)
        k, c, r = measure(kcal, chess_, args.slices, args.slice)
        print(f"{name:<28} {k:12.0f} {c:13.0f} {k / c:6.2f}x  {r[0]:.2f} / {r[len(r) // 2]:.2f} / {r[-1]:.2f}"
              f"   ({kcal.seed} games)")
        if args.apply:
            ka = KcalPlayouts([decks[s] for s in stems], library, use_push=False)
            k2, c2, _ = measure(ka, chess_, max(2, args.slices // 2), args.slice)
            print(f"{'  ... with apply(), no undo':<28} {k2:12.0f} {c2:13.0f} {k2 / c2:6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
