"""Racing writers (issue 32, item 13; BAD-INPUT.md #25): of several runs racing to create one new output
without ``--force``, exactly one wins and the others exit 2; no record is lost silently.

Real processes: each runs the command with ``kcal.core.atomic.check_output_path`` wrapped so that, after
its first check (the name is free), it waits until every run has checked, so all of them race with a
name that was free when they checked it, whatever the machine's load. Before the fix, a run reaching its
commit after another saw a file carrying kcal's mark and replaced it as its own: all six reported
"saved".
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
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
    first = []
    check = atomic.check_output_path

    def waiting(*args, **kwargs):
        out = check(*args, **kwargs)
        if not first:
            first.append(out)
            open(os.path.join(barrier, str(os.getpid())), "w").close()
            deadline = time.monotonic() + 120
            while len(os.listdir(barrier)) < runs and time.monotonic() < deadline:
                time.sleep(0.02)
        return out

    atomic.check_output_path = waiting
    from kcal.cli.app import main
    sys.argv = ["kcal", *sys.argv[3:]]
    main()
""")


def _race(tmp: Path, args: list[str], runs: int) -> list[subprocess.CompletedProcess[str]]:
    barrier = tmp / "barrier"
    barrier.mkdir()
    env = {"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "KCAL_CACHE_DIR": str(tmp / "cache")}
    procs = [subprocess.Popen([sys.executable, "-c", _RUNNER, str(barrier), str(runs), *args], cwd=tmp,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for _ in range(runs)]
    done = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        done.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    assert len(list(barrier.iterdir())) == runs, "every run checked its output before any wrote it"
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
