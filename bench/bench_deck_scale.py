"""Does a kCaloria game with the greedy bot scale with the deck? Time per game and per move of greedy solo
and 2-player games at deck sizes up to the cap (``MAX_DECK_TILES``, 2,000 tiles) (issue 21, item 3: a
2,000-tile ``sim solo`` with the greedy bot did not finish in 600 s, because the solo stagnation test
listed every legal move after every candidate the bot tried, so a candidate cost as much as the board).

    PYTHONPATH=src python bench/bench_deck_scale.py [--sizes 60,240,1000,2000] [--games 3]
        [--only solo|match] [--decks shipped,water]

Decks, built in a temporary folder at each size:

* ``shipped``: a shipped deck's lines with their counts scaled to the size (solo: solo-piney-trail;
  2-player: bayou-ambush against caddo-harvest). Their games end by the rules (a second human tile,
  stagnation) long before the deck runs out, so the board stays small at any size.
* ``water``: the size in Bayou tiles (one water tile, placeable anywhere). Every tile is played, so the
  game lasts as many turns as the deck holds and the board, the frontier and each decision's candidates
  grow with the deck: the case that was quadratic and worse.

Each game is :func:`kcal.games.kcaloria.sim.games.play_game` (what ``kcal sim solo`` and ``kcal sim
match`` run per game) with game seeds 0.. under master seed 0, timed in CPU time of this process. Per
size and deck: the moves per game, the CPU seconds per game and the milliseconds per move. With a
greedy bot each decision tries every legal move, so on the ``water`` decks the time per move still grows
with the frontier (the number of candidates, which the rules set), but each candidate's cost no longer
does: the last column gives the microseconds per candidate tried, which should stay flat.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"


def scaled_deck(stem: str, n: int, folder: Path) -> Path:
    """The shipped deck ``stem`` with each line's count scaled so that the deck holds ``n`` tiles."""
    lines = (DECKS / f"{stem}.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index("tiles:")
    head = [x for x in lines[:start + 1] if not x.startswith("#")]
    entries = [(m.group(1), int(m.group(2))) for x in lines[start + 1:]
               if (m := re.match(r"^  ([^#].*): (\d+)$", x))]
    total = sum(c for _, c in entries)
    out, got = [], 0
    for k, (name, c) in enumerate(entries):
        take = max(1, round(c * n / total)) if k < len(entries) - 1 else max(1, n - got)
        got += take
        out.append(f"  {name}: {take}")
    p = folder / f"{stem}-{n}.yaml"
    p.write_text("\n".join(head + out) + "\n", encoding="utf-8")
    return p


def water_deck(n: int, folder: Path) -> Path:
    p = folder / f"water-{n}.yaml"
    p.write_text(f"name: Water {n}\nformat: solo\ncatalogs: [builtin]\ntiles:\n  Bayou: {n}\n", encoding="utf-8")
    return p


def run(paths: list[Path], games: int) -> tuple[float, float, float, str]:
    """(moves per game, CPU s per game, candidates per move, end reasons) over ``games`` greedy games:
    solo as ``kcal sim solo`` plays them (:func:`~kcal.games.kcaloria.sim.games.play_game`), 2 to 4
    decks as ``kcal sim match DECK DECK`` does (:func:`~kcal.games.kcaloria.sim.deckmatch.deck_match`,
    one process)."""
    from collections import Counter

    from kcal.games.kcaloria.files.load import load_deck
    from kcal.games.kcaloria.rules.state import GameState
    from kcal.games.kcaloria.sim.deckmatch import deck_match
    from kcal.games.kcaloria.sim.games import end_reason, play_game

    decks = [load_deck(p).tiles() for p in paths]
    tried = 0
    real_push = GameState.push

    def counting_push(self: GameState, move: object) -> None:
        nonlocal tried
        tried += 1
        real_push(self, move)

    GameState.push = counting_push  # type: ignore[method-assign]
    try:
        t0 = time.process_time()
        if len(decks) == 1:
            moves, ends = 0, Counter()
            for g in range(games):
                state = play_game(decks, ["A"], ["greedy"], master=0, kind="solo", index=g)
                moves += len(state.moves_played())
                ends[end_reason(state)] += 1
            reasons = dict(ends)
        else:
            data = deck_match(decks, games=games, seed=0, bots=["greedy"], jobs=1).data
            moves = round(data["mean_length"] * games)
            reasons = data["end_reasons"]
        cpu = time.process_time() - t0
    finally:
        GameState.push = real_push  # type: ignore[method-assign]
    ends_text = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
    return moves / games, cpu / games, (tried - moves) / max(moves, 1), ends_text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="60,240,1000,2000")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--only", choices=["solo", "match"])
    ap.add_argument("--decks", default="shipped,water")
    a = ap.parse_args(argv)
    sizes = [int(s) for s in a.sizes.split(",")]
    kinds = [a.only] if a.only else ["solo", "match"]
    print(f"{'game':6} {'deck':8} {'tiles':>6} {'moves/game':>11} {'s/game':>9} {'ms/move':>9} "
          f"{'cand/move':>10} {'us/cand':>8}  end reasons")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for deck in a.decks.split(","):
            for kind in kinds:
                for n in sizes:
                    if deck == "water":
                        w = water_deck(n, folder)
                        paths = [w] if kind == "solo" else [w, w]
                    else:
                        stems = ["solo-piney-trail"] if kind == "solo" else ["bayou-ambush", "caddo-harvest"]
                        paths = [scaled_deck(s, n, folder) for s in stems]
                    moves, cpu, cand, ends = run(paths, a.games)
                    per_move = cpu / moves if moves else 0.0
                    per_cand = per_move / (cand + 1)  # the move's own push counted too
                    print(f"{kind:6} {deck:8} {n:>6} {moves:>11.0f} {cpu:>9.2f} {per_move * 1e3:>9.2f} "
                          f"{cand:>10.1f} {per_cand * 1e6:>8.1f}  {ends}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
