"""Does ``kcal rules replay --html`` grow with the moves of ONE long game, or with their square? Time and
peak memory of the command at three lengths of a single game, for every pack (issue 36, item 1:
kCaloria's page took 15 s and 232 MB at 1,000 moves, 273 s and 3.05 GB at 4,000, because every step
held a copy of the whole table; goal: linear, so 16,000 moves cost about 16 times 1,000).

    PYTHONPATH=src python bench/bench_replay_html.py [--sizes 1000,4000,16000] [--only PACK]
        [--kcal .venv/bin/kcal] [--before TREE --before-max 4000]

Each length is one game, replayed by the command as a user runs it (a new process: ``kcal rules replay
RECORD --html OUT``): its wall time, its CPU time (user + system, which other jobs on a shared machine
disturb less) and its peak resident memory (``ru_maxrss`` of that process alone, from ``wait4``). At the
end of each pack: the growth of time and memory from the shortest game to the longest, against the growth
of the moves (linear: the same factor; quadratic: its square).

The games:

- kCaloria: two players lay water tiles along two rows, so the table grows by a tile a move (the case that
  was quadratic; the records of ``bench_replay_scale.py``), at ``--sizes`` moves.
- How many Calories?, Kalua, EcoLogic: Europe: their rules end a game long before 1,000 moves (How many
  Calories? after at most 50 rounds, about 1,700 moves at 4 players; the others after a few hundred), so
  each plays the longest game this bench finds through the Game API (4 players, seed 1, random legal
  moves, a move that would end the game avoided while another is legal; How many Calories? with
  ``rounds=50``, Kalua with ``turn_limit=100000``), and its records are that game cut after 1/16, 1/4 and
  all of its moves (the same 1:4:16 ratio), each written by the pack's ``Game.record``.

``--before TREE`` (a checkout of an older kcal, e.g. ``git archive main src | tar -x -C /tmp/before``)
runs the same records with ``PYTHONPATH=TREE/src`` as well, for the sizes up to ``--before-max`` moves (the
quadratic page needed 3 GB at 4,000 kCaloria moves; 16,000 would need some 16 times that).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_replay_scale import kcaloria_record  # noqa: E402

#: the other packs: id, options that make the longest game
LONG = (("how-many-calories", {"rounds": 50}), ("kalua", {"turn_limit": 100_000}), ("ecologic-europe", {}))


def played(game_id: str, options: dict[str, Any], moves: int | None, seed: int = 1) -> tuple[Any, Any, int]:
    """The game of ``game_id`` played by random legal moves (a move that would end the game avoided while
    another is legal), stopped after ``moves`` moves (None: at its end): the Game, its state and the moves."""
    from kcal.core.game import Setup
    from kcal.core.registry import get
    from kcal.sim.match import load_game

    game = load_game(get(game_id))
    state = game.new_state(Setup(players=("A", "B", "C", "D"), options=options), seed)
    rng = random.Random(seed)
    n = 0
    while moves is None or n < moves:
        who = game.to_move(state)
        if not who:
            break
        player = who[0]
        legal = list(game.legal_moves(state, player))
        rng.shuffle(legal)
        pick = legal[0]
        for move in legal[:8]:
            trial = game.clone(state)
            game.apply(trial, player, move)
            if game.outcome(trial) is None:
                pick = move
                break
        game.apply(state, player, pick)
        n += 1
    return game, state, n


def pack_records(folder: Path, game_id: str, options: dict[str, Any]) -> list[tuple[int, Path]]:
    from kcal.sim.records import record_yaml

    _, _, longest = played(game_id, options, None)
    out = []
    for n in (max(1, longest // 16), max(1, longest // 4), longest):
        game, state, done = played(game_id, options, n)
        path = folder / f"{game_id}-{done}.yaml"
        path.write_text(record_yaml(game.record(state)), encoding="utf-8")
        out.append((done, path))
    return out


def run(kcal: list[str], record: Path, out: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """``kcal rules replay RECORD --html OUT`` in a new process: wall s, CPU s, peak MB."""
    start = time.perf_counter()
    proc = subprocess.Popen([*kcal, "rules", "replay", str(record), "--html", str(out), "--force"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{record.name}: exit {os.waitstatus_to_exitcode(status)}: {err.strip()[-400:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def report(name: str, kcal: list[str], records: list[tuple[int, Path]], env: dict[str, str], limit: int | None
           ) -> None:
    rows = []
    for moves, path in records:
        if limit is not None and moves > limit:
            print(f"{name:26} {moves:>7,} moves  skipped (over --before-max)")
            continue
        out = path.with_suffix(f".{name.split()[-1]}.html")
        wall, cpu, peak = run(kcal, path, out, env)
        rows.append((moves, wall, cpu, peak))
        print(f"{name:26} {moves:>7,} moves  {wall:8.2f} s wall  {cpu:8.2f} s CPU  {peak:8.1f} MB peak  "
              f"page {out.stat().st_size / 1e6:6.2f} MB")
        sys.stdout.flush()
    if len(rows) > 1:
        (m0, _, c0, p0), (m1, _, c1, p1) = rows[0], rows[-1]
        print(f"{name:26} moves x{m1 / m0:.1f}: CPU x{c1 / c0:.1f}, peak memory x{p1 / p0:.1f} "
              f"(linear: x{m1 / m0:.1f}; quadratic: x{(m1 / m0) ** 2:.0f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--kcal", default=str(Path(sys.executable).with_name("kcal")))
    ap.add_argument("--sizes", default="1000,4000,16000", help="kCaloria's lengths, in moves")
    ap.add_argument("--only", default="", help="run only the packs whose id contains this")
    ap.add_argument("--before", type=Path, help="an older kcal's tree: its src is run with the same records")
    ap.add_argument("--before-max", type=int, default=4000, help="the longest record run with --before")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = dict(os.environ, KCAL_CACHE_DIR=str(folder / "cache"))
        trees = [("now", [args.kcal], env, None)]
        if args.before is not None:
            old = dict(env, PYTHONPATH=str(args.before.resolve() / "src"))
            trees.append(("before", [sys.executable, "-m", "kcal"], old, args.before_max))
        packs: list[tuple[str, list[tuple[int, Path]]]] = []
        if args.only in "kcaloria":
            records = []
            for n in (int(s) for s in args.sizes.split(",")):
                kcaloria_record(folder / f"kcaloria-{n}.yaml", n)
                records.append((n, folder / f"kcaloria-{n}.yaml"))
            packs.append(("kcaloria", records))
        for game_id, options in LONG:
            if args.only in game_id:
                packs.append((game_id, pack_records(folder, game_id, options)))
        for game_id, records in packs:
            for tree, kcal, tree_env, limit in trees:
                report(f"{game_id} {tree}", kcal, records, tree_env, limit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
