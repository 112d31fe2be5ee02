"""Is ``kcal rules replay`` linear in the number of moves? The time per move of each pack's replay at
10^3, 10^4 and 10^5 moves (issue 21, item 3: 10,000 kCaloria moves took 38 s and 50,000 more than
300 s, because the scores were summed over the whole board after every move; goal: the time per move of
the largest record within 1.5x of the smallest's).

    PYTHONPATH=src python bench/bench_replay_scale.py [--sizes 1000,10000,100000] [--runs 3]
        [--only PACK] [--cold] [--fresh] [--kcal .venv/bin/kcal]

kCaloria's records are made here: two players lay water tiles along two rows, so the board grows by a
tile a move (the case that was quadratic), in kcal's densest form (an inline tile ``W``), which puts
100,000 moves in 3.8 MB, under the YAML reader's 4 MiB cap. The other packs' games end by their own
rules (How many Calories? after 50 rounds at most, about 1,400 moves; Kalua and EcoLogic: Europe
near 400), so no record of theirs plays 10,000 moves: their records here are one whole game saved by
``sim match --save-game`` (How many Calories? with ``--option rounds=50``), its moves (rounds, for How
many Calories?) repeated in order until the record has the moves asked for, written compactly (plain
words unquoted) so that 100,000 fit under the cap where they can. The replay reads and checks
the whole record, plays the game to its end and stops at the first move after it (an illegal move,
exit 1): the time *per move in the file* is what must stay flat, and the moves played are printed too.
How many Calories? refuses a record with more rounds than its game has (exit 2, after reading it
whole), so its longer records time that refusal.
A size whose file would pass the 4 MiB cap is skipped with the reason (How many Calories? writes about
70 bytes a move).

Each record is replayed ``--runs`` times in this process through the pack's ``replay`` hook (the record
read, checked and played; no process start-up; CPU time of this process, which other jobs on a shared
machine disturb far less than the wall clock), after one run that fills a parse cache of its own
(a temporary ``KCAL_CACHE_DIR``), so the figures are a repeated replay's; ``--cold`` sets
``KCAL_NO_CACHE=1`` instead and measures the first reading of a record, which ruamel.yaml's
pure-Python parser dominates. ``--fresh`` times each replay in a new process (the imports not
timed), as ``kcal rules replay`` runs: its in-memory memos start empty, where a repeated replay in one
process keeps a small record's cells memoised (the hex grid's neighbours, bounded at 16,384 cells) and
so makes a small record look cheaper a move than any command replaying it. For each record: the moves in the file, the moves applied, the median
CPU time, the time per move in the file, and at the end the ratio of the largest record's time per move to
the smallest's.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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


def padded(path: Path, key: str, moves: int, per_entry: Callable[[str], int], out: Path) -> int | None:
    """``path``'s record with the entries of its ``key:`` list (one a line, as kcal writes them)
    repeated in order until they hold ``moves`` moves; the bytes written, or None past the size cap."""
    from kcal.core.yamlsafe import MAX_BYTES

    head, entries, tail, where = [], [], [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"{key}:"):
            where = 1
        elif where == 1 and not line.startswith("  - "):
            where = 2
        (head if where == 0 or line.startswith(f"{key}:") else entries if where == 1 else tail).append(line)
    entries = [compact(line) for line in entries]
    body, n, i = [], 0, 0
    while n < moves:
        body.append(entries[i % len(entries)])
        n += per_entry(body[-1])
        i += 1
    text = "\n".join(head + body + tail) + "\n"
    if len(text.encode("utf-8")) > MAX_BYTES:
        return None
    out.write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


_PLAIN = re.compile(r'"([A-Za-z][A-Za-z0-9 .\'-]*)"')
_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


def compact(line: str) -> str:
    """One entry as kcal writes it (``  - {"player": "A", ...}``) in the fewest bytes that read the
    same: plain words unquoted (never one YAML would read as a boolean or null), no space after a
    comma, the entry at the margin."""
    line = _PLAIN.sub(lambda m: m.group(0) if m.group(1).lower() in _WORDS else m.group(1), line)
    return line.replace(", ", ",").replace("  - ", "- ", 1)


def hmc_moves(line: str) -> int:
    """The moves of one round of a How many Calories? record: a pass per player and the plays."""
    passes = re.split(r'"?plays"?:', re.split(r'"?passes"?:', line, maxsplit=1)[1], maxsplit=1)[0]
    return len(re.findall(r'"?card"?:', line)) + passes.count("[")


#: one replay in a fresh process, as ``kcal rules replay`` runs: its CPU seconds and what it did
FRESH = """
import sys, time
from kcal.core.errors import KcalError
from kcal.core.registry import get
replay = get(sys.argv[1]).hook("replay").replay
start = time.process_time()
try:
    outcome = f"{replay(sys.argv[2]).moves_applied:,} applied"
except KcalError as exc:
    outcome = f"refused: {str(exc).split(': ', 1)[1][:60]}"
print(time.process_time() - start)
print(outcome)
"""


def timed(game: str, path: Path, runs: int, fresh: bool = False) -> tuple[str, float]:
    """What the replay did (the moves it applied, or the error that refused the record), and the
    median CPU seconds of ``runs`` replays (after one that fills the parse cache): in this process, or
    with ``fresh`` each in a new process (the replay alone timed, after the imports), whose in-memory
    memos (the hex grid's neighbours, the catalogs) start empty as a ``rules replay`` command's do."""
    from kcal.core.errors import KcalError
    from kcal.core.registry import get

    replay = get(game).hook("replay").replay
    times, outcome = [], ""
    for run in range(runs + 1):
        if fresh and run:
            done = subprocess.run([sys.executable, "-c", FRESH, game, str(path)], capture_output=True, text=True,
                                  check=True).stdout.splitlines()
            times.append(float(done[0]))
            outcome = done[1]
            continue
        start = time.process_time()
        try:
            outcome = f"{replay(path).moves_applied:,} applied"
        except KcalError as exc:  # How many Calories? refuses more rounds than its game has (exit 2)
            outcome = f"refused: {str(exc).split(': ', 1)[1][:60]}"
        if run:
            times.append(time.process_time() - start)
    return outcome, statistics.median(times)


def report(game: str, records: list[tuple[int, Path | None]], runs: int, fresh: bool = False) -> None:
    per_move = []
    for moves, path in records:
        if path is None:
            print(f"{game:18} {moves:>8,} moves  skipped: the file would pass the 4 MiB cap")
            continue
        outcome, t = timed(game, path, runs, fresh)
        per_move.append(t / moves)
        print(f"{game:18} {moves:>8,} moves ({outcome}, {path.stat().st_size / 1e6:.2f} MB)"
              f"  {t:8.3f} s  {per_move[-1] * 1e6:8.1f} µs/move")
        sys.stdout.flush()
    if len(per_move) > 1:
        print(f"{game:18} per move, largest / smallest: {per_move[-1] / per_move[0]:.2f}x")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--kcal", default=str(Path(sys.executable).with_name("kcal")))
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="run only the packs whose id contains this")
    ap.add_argument("--cold", action="store_true", help="no parse cache: the first reading of a record")
    ap.add_argument("--fresh", action="store_true",
                    help="each timed replay in a new process, as rules replay runs (its memos start empty)")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["KCAL_CACHE_DIR"] = str(folder / "cache")
        if args.cold:
            os.environ["KCAL_NO_CACHE"] = "1"
        if args.only in "kcaloria":
            records: list[tuple[int, Path | None]] = []
            for n in sizes:
                records.append((n, folder / f"kcaloria-{n}.yaml"))
                kcaloria_record(folder / f"kcaloria-{n}.yaml", n)
            report("kcaloria", records, args.runs, args.fresh)
        packs = (("how-many-calories", 4, "rounds", hmc_moves, ("rounds=50",)),
                 ("kalua", 4, "moves", lambda line: 1, ()),
                 ("ecologic-europe", 4, "moves", lambda line: 1, ()))
        for game, players, key, per_entry, options in packs:
            if args.only not in game:
                continue
            full = folder / f"{game}.yaml"
            saved_game(args.kcal, full, game, players, 1, *options)
            records = []
            for n in sizes:
                out = folder / f"{game}-{n}.yaml"
                records.append((n, out if padded(full, key, n, per_entry, out) is not None else None))
            report(game, records, args.runs, args.fresh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
