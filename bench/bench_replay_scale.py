"""Is ``kcal rules replay`` linear in the number of moves? The time per move of whole ``rules replay``
processes at growing record lengths, for every pack (issue 21, item 3: 10,000 kCaloria moves took 38 s and
50,000 more than 300 s, because the scores were summed over the whole board after every move).

    python bench/bench_replay_scale.py [--kcal .venv/bin/kcal] [--sizes 1000,10000,100000] [--runs 3]

kCaloria's records are made here: two players lay water tiles along two rows, so the board grows by a
tile a move (the case that was quadratic). The other packs' games end by their own rules, so their
records are the longest the rules allow, saved by ``sim match --save-game``: How many Calories? with
1, 10 and 50 rounds (``--option rounds=N``), Kalua and EcoLogic: Europe one whole game each. For each
record the script prints the moves, the median wall time of ``--runs`` replays (``--format json``),
the time per move of the pack's ``replay`` hook in this process (the record read, checked and played;
no process start-up), and the ratio of the largest record's time per move to the smallest's (goal:
within 1.5x). The YAML reader caps a file at 4 MiB, so kCaloria's records name an inline tile ``W``
(a water tile) to fit 100,000 moves.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def kcaloria_record(path: Path, moves: int) -> None:
    lines = ["players: [A, B]", "tiles:",
             "  - {id: W-1, name: W, type: water, class: water, rarity: common, biomes: [LE], cost: [],"
             " yield: {blue: 2}}", "moves:"]
    for i in range(moves):
        player, row = ("A", 0) if i % 2 == 0 else ("B", 5)
        lines.append(f"- {{player: {player}, tile: W, at: [{i // 2}, {row}]}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def saved_game(kcal: str, path: Path, game: str, players: int, seed: int, *options: str) -> None:
    args = [kcal, "sim", "match", "--game", game, "--players", str(players), "--games", "1", "--seed",
            str(seed), "--save-game", "0", "-o", str(path), "--force", "--quiet"]
    for option in options:
        args += ["--option", option]
    subprocess.run(args, capture_output=True, check=True)


def cut(path: Path, moves: int, out: Path) -> None:
    """The record's header and its first ``moves`` moves (one per line, as kcal writes them)."""
    kept, n, in_moves = [], 0, False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("moves:"):
            in_moves = True
        elif in_moves and line.startswith("  - "):
            n += 1
            if n > moves:
                continue
        kept.append(line)
    out.write_text("\n".join(kept) + "\n", encoding="utf-8")


def timed(game: str, path: Path, runs: int) -> tuple[int, float]:
    """The moves the replay applied, and the median seconds of ``runs`` replays in this process."""
    from kcal.core.registry import get

    replay = get(game).hook("replay").replay
    times, moves = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        result = replay(path)
        times.append(time.perf_counter() - start)
        moves = result.moves_applied
    return moves, statistics.median(times)


def report(game: str, records: list[Path], runs: int) -> None:
    per_move = []
    for path in records:
        n, t = timed(game, path, runs)
        per_move.append(t / max(n, 1))
        print(f"{game:18} {n:>8,} moves  {t:8.3f} s  {per_move[-1] * 1e6:9.1f} µs/move")
        sys.stdout.flush()
    print(f"{game:18} per move, largest / smallest: {per_move[-1] / per_move[0]:.2f}x")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kcal", default=str(Path(sys.executable).with_name("kcal")))
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="run only the packs whose id contains this")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.only in "kcaloria":
            records = []
            for n in sizes:
                records.append(folder / f"kcaloria-{n}.yaml")
                kcaloria_record(records[-1], n)
            report("kcaloria", records, args.runs)
        if args.only in "how-many-calories":
            records = []
            for rounds in (1, 10, 50):
                records.append(folder / f"hmc-{rounds}.yaml")
                saved_game(args.kcal, records[-1], "how-many-calories", 4, 1, f"rounds={rounds}")
            report("how-many-calories", records, args.runs)
        for game, players in (("kalua", 4), ("ecologic-europe", 4)):
            if args.only not in game:
                continue
            full = folder / f"{game}.yaml"
            saved_game(args.kcal, full, game, players, 1)
            total = sum(1 for line in full.read_text(encoding="utf-8").splitlines() if line.startswith("  - "))
            records = []
            for share in (10, 1):
                records.append(folder / f"{game}-{share}.yaml")
                cut(full, max(1, total // share), records[-1])
            report(game, records, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
