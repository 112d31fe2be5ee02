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

CPU time is user + system of the process and its children (``/usr/bin/time``), the figure load
disturbs least on a shared machine; each case runs with a parse cache of its own that starts empty.
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
    return out


def measure(kcal: str, make: Callable[[Path], list[str]]) -> tuple[float, float, int, int]:
    """(cpu s, wall s, peak KiB, exit code) of one run in a fresh folder."""
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        args = make(tmp)
        env = {**os.environ, "KCAL_CACHE_DIR": str(tmp / "cache"), "NO_COLOR": "1"}
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S %e %M", kcal, *args], cwd=tmp, env=env,
                              capture_output=True, text=True, timeout=900)
        user, system, wall, peak = done.stderr.strip().splitlines()[-1].split()[-4:]
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
