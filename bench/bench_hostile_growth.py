"""Each time-bounded hostile-input class at 1x, 4x and 16x its input (issue 32, items 15-16; issue 36,
item 2): CPU time, wall time and peak memory of a whole fresh process, and the growth factor of CPU time
from each size to the next (linear: about 4 per 4x).

    PYTHONPATH=src python bench/bench_hostile_growth.py [--kcal .venv/bin/kcal] [--only WORD]

The classes, 16x at (or near) the cap:

- ``deck import`` of one line of a name and repeated suffixes ``[Water]`` / ``[ETPW]`` / ``^t^`` (64 KiB,
  256 KiB, 1 MiB: the list cap); of a list of unknown names (64 KiB to 1 MiB, 3,500 to 56,000 names);
- ``deck validate`` of a deck whose ``tiles:`` holds N entries with errors (10k, 40k, 160k);
- ``print rulebook --templates`` with a template writing N characters ReportLab's paragraph parser reads
  (``'<' * N``, escaped to ``&lt;``: 7,750, 31,000 and 124,000, the last just under the 500,000-character
  output cap), rendered and laid out in the bounded child process.

- item 14 at the cap itself: ``'<' * 500,000`` (a template whose output, escaped, is four times the
  500,000-character output cap: refused by the cap in the child process);
- item 12: ``deck validate`` of a missing file whose name is N characters of ESC, BEL, CR, LF, RLO
  and C1 (4, 16 and 64 KiB of argument), every one of them escaped in the one message;
- item 13: N runs racing to create one new ``deck import`` output (1, 4, 16 processes; CPU summed, and
  the number of runs that won: exactly one);
- item 15: ``deck import`` of a count of N digits (5,000, 20,000, 80,000: refused at its position);
- class 28: ``deck import`` of one line of spaces between a name and a word (64 KiB to 1 MiB);
- class 29: ``rules replay --format json`` of a kCaloria record of 6,250, 25,000 and 100,000 moves;
- the YAML reader (item 16's classes 8-12): ``catalog validate`` of a flow list of one-letter items
  (256 KiB, 1 MiB, 4 MiB: refused at its node cap or its size cap) and of nesting 1,000 / 4,000 / 16,000
  deep (refused at depth 64 before any recursion).

CPU time is user + system of the process and its children (``/usr/bin/time``), the figure load
disturbs least on a shared machine; each case runs with a parse cache of its own that starts empty.
The table's last column is the growth of CPU time from the size before (1x to 4x, 4x to 16x); a
refusal by a cap shows as exit 2.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIB = 1024


def _line(unit: str, size: int) -> str:
    return "4 Bayou" + unit * ((size - 8) // len(unit)) + "\n"


def _unknown(size: int) -> str:
    lines, total, i = [], 0, 0
    while total < size - 40:
        line = f"1 Unknownia tile{i}\n"
        lines.append(line)
        total += len(line)
        i += 1
    return "".join(lines)


def _bad_deck(n: int) -> str:
    return "name: Big\nformat: standard\ntiles:\n" + "".join(f"  T{i}: x\n" for i in range(n))


Case = tuple[str, list[tuple[str, Callable[[Path], list[str]]]]]


def cases() -> list[Case]:
    out: list[Case] = []
    for unit in (" [Water]", " [ETPW]", " ^t^"):
        sizes = []
        for size in (64 * KIB, 256 * KIB, 1024 * KIB):
            def make(tmp: Path, size: int = size, unit: str = unit) -> list[str]:
                (tmp / "l.txt").write_text(_line(unit, size), encoding="utf-8")
                return ["deck", "import", "l.txt"]
            sizes.append((f"{size // KIB} KiB", make))
        out.append((f"deck import, one line of '{unit.strip()}'", sizes))
    sizes = []
    for size in (64 * KIB, 256 * KIB, 1024 * KIB):
        def make_unknown(tmp: Path, size: int = size) -> list[str]:
            (tmp / "l.txt").write_text(_unknown(size), encoding="utf-8")
            return ["deck", "import", "l.txt"]
        sizes.append((f"{size // KIB} KiB", make_unknown))
    out.append(("deck import, unknown names", sizes))
    sizes = []
    for n in (10_000, 40_000, 160_000):
        def make_deck(tmp: Path, n: int = n) -> list[str]:
            (tmp / "d.yaml").write_text(_bad_deck(n), encoding="utf-8")
            return ["deck", "validate", "d.yaml"]
        sizes.append((f"{n // 1000}k entries", make_deck))
    out.append(("deck validate, bad tiles: entries", sizes))
    sizes = []
    for n in (7_750, 31_000, 124_000):
        def make_template(tmp: Path, n: int = n) -> list[str]:
            (tmp / "t").mkdir()
            (tmp / "t" / "setup.j2").write_text("Intro\n\n{{ '<' * " + str(n) + " }}\n", encoding="utf-8")
            return ["print", "rulebook", "--game", "kalua", "--templates", "t", "-o", "r.pdf"]
        sizes.append((f"{n:,} '<'", make_template))
    out.append(("print rulebook, a template of '<'", sizes))
    out.append(("print rulebook, '<' * 500,000 (the cap)", [("500,000 '<'", lambda tmp: _template(tmp, 500_000))]))
    sizes = []
    for n in (4 * KIB, 16 * KIB, 64 * KIB):
        def make_path(tmp: Path, n: int = n) -> list[str]:
            unit = "\x1b[31m\x07\r\n\u202e\x9b"
            return ["deck", "validate", unit * (n // len(unit)) + ".yaml"]
        sizes.append((f"{n // KIB} KiB name", make_path))
    out.append(("12 a hostile path in a message", sizes))
    out.append(("13 racing writers of one output", [(f"{n} runs", _racing(n)) for n in (1, 4, 16)]))
    sizes = []
    for n in (5_000, 20_000, 80_000):
        def make_count(tmp: Path, n: int = n) -> list[str]:
            (tmp / "l.txt").write_text("9" * n + " Bayou\n", encoding="utf-8")
            return ["deck", "import", "l.txt"]
        sizes.append((f"{n:,} digits", make_count))
    out.append(("15 deck import, a count of N digits", sizes))
    sizes = []
    for size in (64 * KIB, 256 * KIB, 1024 * KIB):
        def make_spaces(tmp: Path, size: int = size) -> list[str]:
            (tmp / "l.txt").write_text("4 Bayou" + " " * (size - 20) + "x\n", encoding="utf-8")
            return ["deck", "import", "l.txt"]
        sizes.append((f"{size // KIB} KiB", make_spaces))
    out.append(("28 deck import, a line of spaces", sizes))
    sizes = []
    for moves in (6_250, 25_000, 100_000):
        def make_record(tmp: Path, moves: int = moves) -> list[str]:
            import sys

            sys.path.insert(0, str(ROOT / "bench"))
            from bench_replay_scale import kcaloria_record

            kcaloria_record(tmp / "g.yaml", moves)
            return ["rules", "replay", "g.yaml", "--format", "json"]
        sizes.append((f"{moves:,} moves", make_record))
    out.append(("29 rules replay, a long record", sizes))
    sizes = []
    for size in (256 * KIB, 1024 * KIB, 4096 * KIB - 64):
        def make_flow(tmp: Path, size: int = size) -> list[str]:
            (tmp / "c.yaml").write_text("game: kalua\ncards: [" + "a," * ((size - 40) // 2) + "a]\n", encoding="utf-8")
            return ["catalog", "validate", "--game", "kalua", "c.yaml"]
        sizes.append((f"{size // KIB} KiB", make_flow))
    out.append(("8-12 YAML: a flow list of one-letter items", sizes))
    sizes = []
    for depth in (1_000, 4_000, 16_000):
        def make_deep(tmp: Path, depth: int = depth) -> list[str]:
            (tmp / "c.yaml").write_text("game: kalua\ncards: " + "[" * depth + "\n", encoding="utf-8")
            return ["catalog", "validate", "--game", "kalua", "c.yaml"]
        sizes.append((f"{depth:,} deep", make_deep))
    out.append(("9 YAML: nesting", sizes))
    return out


def _template(tmp: Path, n: int) -> list[str]:
    (tmp / "t").mkdir()
    (tmp / "t" / "setup.j2").write_text("Intro\n\n{{ '<' * " + str(n) + " }}\n", encoding="utf-8")
    return ["print", "rulebook", "--game", "kalua", "--templates", "t", "-o", "r.pdf"]


_RACE = """
import subprocess, sys
runs, kcal = int(sys.argv[1]), sys.argv[2]
procs = [subprocess.Popen([kcal, "deck", "import", "l.txt", "-o", "same.yaml"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL) for _ in range(runs)]
won = sum(p.wait() == 0 for p in procs)
print(f"won {won} of {runs}", file=sys.stderr)
"""


def _racing(n: int) -> Callable[[Path], list[str]]:
    def make(tmp: Path) -> list[str]:
        (tmp / "l.txt").write_text("4 Bayou\n3 Caddo Lake\n", encoding="utf-8")
        (tmp / "race.py").write_text(_RACE, encoding="utf-8")
        return ["@python", "race.py", str(n)]
    return make


def measure(kcal: str, make: Callable[[Path], list[str]]) -> tuple[float, float, int, int]:
    """(cpu s, wall s, peak KiB, exit code) of one run in a fresh folder."""
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        args = make(tmp)
        env = {**os.environ, "KCAL_CACHE_DIR": str(tmp / "cache"), "NO_COLOR": "1"}
        if args[0] == "@python":  # a driver script of its own (the racing writers), given the kcal to run
            args = [str(Path(kcal).with_name("python")), *args[1:], kcal]
            command = args
        else:
            command = [kcal, *args]
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S %e %M", *command], cwd=tmp, env=env,
                              capture_output=True, text=True, timeout=900)
        user, system, wall, peak = done.stderr.strip().splitlines()[-1].split()[-4:]
        note = next((line for line in done.stderr.splitlines() if line.startswith("won ")), "")
        if note:
            print(f"    ({note})", flush=True)
        return float(user) + float(system), float(wall), int(peak), done.returncode


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kcal", default=str(ROOT / ".venv" / "bin" / "kcal"))
    parser.add_argument("--only", default="")
    opts = parser.parse_args()
    print(f"{'class':40} {'size':>14} {'cpu s':>7} {'wall s':>7} {'peak MB':>8} {'exit':>4} {'growth':>7}")
    for name, sizes in cases():
        if opts.only and opts.only not in name:
            continue
        last = None
        for label, make in sizes:
            cpu, wall, peak, code = measure(opts.kcal, make)
            growth = f"x{cpu / last:.1f}" if last else ""
            print(f"{name:40} {label:>14} {cpu:7.2f} {wall:7.2f} {peak / 1024:8.0f} {code:4} {growth:>7}", flush=True)
            last = cpu


if __name__ == "__main__":
    main()
