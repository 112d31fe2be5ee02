"""Racing writers (issue 32, item 13; BAD-INPUT.md #25): of several runs racing to create one new output
without ``--force``, exactly one wins and the others exit 2; no record is lost silently.

Real processes: each runs the command with ``kcal.core.atomic.check_output_path`` wrapped so that, after
its first check (the name is free), it waits until every run has checked, so all of them race with a
name that was free when they checked it, whatever the machine's load. Before the fix, a run reaching its
commit after another saw a file carrying kcal's mark and replaced it as its own: all six reported
"saved".
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
OTHER = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "caddo-harvest.yaml"
KCAL_GAME = ROOT / "tests" / "games" / "kcaloria" / "engine" / "fixtures" / "heron-cannot-be-paid.yaml"

_RUNNER = textwrap.dedent("""
    import os, sys, time
    import kcal.core.atomic as atomic
    barrier, runs = sys.argv[1], int(sys.argv[2])
    arrived, gone = os.path.join(barrier, "arrived"), os.path.join(barrier, "gone")
    first = []
    check = atomic.check_output_path

    def waiting(*args, **kwargs):
        out = check(*args, **kwargs)
        if not first:
            first.append(out)
            open(os.path.join(arrived, str(os.getpid())), "w").close()
            while len(os.listdir(arrived)) < runs and not os.path.exists(gone):
                time.sleep(0.02)
        return out

    atomic.check_output_path = waiting
    from kcal.cli.app import main
    sys.argv = ["kcal", *sys.argv[3:]]
    main()
""")

#: how long the runs of one race may take in all (a watchdog: a race on a loaded machine takes seconds)
RACE_LIMIT_S = 600


def _race(tmp: Path, args: list[str], runs: int) -> list[subprocess.CompletedProcess[str]]:
    """Run ``kcal ARGS`` ``runs`` times at once, each held after its first output check
    (:func:`kcal.core.atomic.check_output_path`, the one look at an output before it is written) until
    every run has checked. A run that ends before its check releases the others at once (the barrier
    cannot fill) and fails the race naming that run and its last words, so the race never waits out a
    timeout for a run that is gone."""
    barrier = tmp / "barrier"
    (barrier / "arrived").mkdir(parents=True)
    env = {"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "KCAL_CACHE_DIR": str(tmp / "cache")}
    logs = tmp / "logs"
    logs.mkdir()
    procs = []
    for i in range(runs):
        with open(logs / f"{i}.out", "w") as out, open(logs / f"{i}.err", "w") as err:
            procs.append(subprocess.Popen([sys.executable, "-c", _RUNNER, str(barrier), str(runs), *args],
                                          cwd=tmp, stdout=out, stderr=err, text=True, env=env))
    deadline = time.monotonic() + RACE_LIMIT_S
    early: list[int] = []  # the runs that ended before their first output check

    def ended_early() -> None:
        ended = [i for i, p in enumerate(procs) if p.poll() is not None]
        arrived = set((barrier / "arrived").iterdir())  # read after: a run marks its arrival before it ends
        for i in ended:
            if barrier / "arrived" / str(procs[i].pid) not in arrived and i not in early:
                early.append(i)
                (barrier / "gone").touch()  # the others go on at once: the barrier cannot fill

    while any(p.poll() is None for p in procs) and time.monotonic() < deadline:
        ended_early()
        time.sleep(0.02)
    ended_early()
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.wait()
    done = [subprocess.CompletedProcess(p.args, p.returncode, (logs / f"{i}.out").read_text(),
                                        (logs / f"{i}.err").read_text()) for i, p in enumerate(procs)]
    shutil.rmtree(logs)
    assert time.monotonic() < deadline, f"the race took over {RACE_LIMIT_S} s: {[r.returncode for r in done]}"
    assert not early, "runs ended before their first output check, so they never raced: " + "; ".join(
        f"run {i} exit {done[i].returncode}: {done[i].stderr[-600:]!r}" for i in early)
    assert len(list((barrier / "arrived").iterdir())) == runs, "every run checked its output before any wrote it"
    shutil.rmtree(barrier)
    return done


CASES = {
    "sim solo --save-game": (["sim", "solo", str(DECK), "-n", "1", "--save-game", "0", "-o", "same.yaml"], 6),
    "sim match DECK DECK --save-game": (["sim", "match", str(DECK), str(OTHER), "-n", "1", "--save-game", "0",
                                         "-o", "same.yaml"], 3),
    "deck import -o": (["deck", "import", "list.txt", "-o", "same.yaml"], 3),
    "rules replay --svg": (["rules", "replay", str(KCAL_GAME), "--svg", "same.svg"], 3),
    "export png -o": (["export", "png", str(DECK), "-o", "same", "--only", "Bayou", "--dpi", "50", "-q"], 3),
}


@pytest.mark.parametrize("case", CASES)
def test_exactly_one_racing_writer_wins(tmp_path: Path, case: str) -> None:
    args, runs = CASES[case]
    (tmp_path / "list.txt").write_text("4 Bayou\n3 Caddo Lake\n")
    results = _race(tmp_path, args, runs)
    winners = [r for r in results if r.returncode != 2]  # a replay with an illegal move wins with exit 1
    assert len(winners) == 1 and winners[0].returncode in (0, 1), [(r.returncode, r.stderr) for r in results]
    for r in results:
        assert "Traceback" not in r.stderr
        if r.returncode == 2:
            assert "already exists (another run wrote it meanwhile)" in r.stderr, r.stderr
    leftovers = [p.name for p in tmp_path.rglob(".*") if p.name.endswith((".tmp", ".bak"))]
    assert not leftovers
