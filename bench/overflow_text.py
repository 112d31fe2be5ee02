"""Text too long for its frame (BAD-INPUT.md 18; issue 32, item 16): what an over-long text costs at 1x, 4x
and 16x its length, and the growth factor from 1x to 16x (linear: about 4x per 4x, 16x in all).

    PYTHONPATH=src python bench/overflow_text.py [--rounds 3] [--json out.json]

Two measures, each the fastest of ``--rounds`` runs (CPU time, time.process_time), with the peak of
Python's memory while it ran (tracemalloc):

- ``print catalog``: kCaloria's proof sheet of one tile (``--only``) whose rule text (``text:``) is a
  line over-long for the tile, 100 characters, then 4x and 16x that (400, the field's cap, is 4x; beyond
  the cap a catalog is refused, so the command's 16x is 1,600 characters refused in words and the
  mechanism below takes over), as words and as one unbroken word;
- ``fit``: :func:`kcal.print.text.fit`, the one mechanism every face's text goes through, on 1,000,
  4,000 and 16,000 characters into three lines, as words and as one unbroken word (the case that was
  cubic: splitting a word wider than its line measured every shorter prefix; 4,000 letters took 22 s).

The command's time is mostly the page around the text; its growth says the text adds nothing that grows.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "piney-woods.yaml"
SIZES_COMMAND = (100, 400, 1600)
SIZES_FIT = (1000, 4000, 16000)


def text_of(n: int, kind: str) -> str:
    if kind == "word":
        return "Q" + ("abcdefghij" * (n // 10 + 1))[: n - 1]
    return ("Bayous drain the Piney Woods toward the Red and Sabine rivers " * (n // 60 + 1))[:n].strip()


def measure(run: Callable[[], Any], rounds: int) -> tuple[float, float, Any]:
    """The fastest CPU seconds of ``rounds`` runs, the peak MiB of one (after a first run that imports
    and registers what it needs), and its result."""
    run()
    tracemalloc.start()
    result = run()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best, peak, result


def print_catalog(folder: Path, n: int, kind: str) -> Callable[[], Any]:
    from kcal.core.errors import KcalError, KcalErrors
    from kcal.games.kcaloria.print.api import render_catalog_pdf

    source = CATALOG.read_text(encoding="utf-8")
    first = re.search(r'^    text: "[^"]*"$', source, re.M)
    assert first is not None
    path = folder / f"catalog-{n}-{kind}.yaml"
    path.write_text(source[:first.start()] + f'    text: "{text_of(n, kind)}"' + source[first.end():], encoding="utf-8")
    out = folder / f"out-{n}-{kind}.pdf"

    def run() -> str:
        out.unlink(missing_ok=True)
        try:
            result = render_catalog_pdf([path], out, only=["ETPW-001"])
        except (KcalError, KcalErrors) as exc:
            return f"refused: {str(exc).splitlines()[0][-60:]}"
        told = [w for w in result.warnings if re.search(r"does not fit|no room", w)]
        return f"shortened, {len(told)} warning(s)" if told else "whole"
    return run


def fit_text(n: int, kind: str) -> Callable[[], Any]:
    from kcal.print.fonts import REGULAR, register_fonts
    from kcal.print.report import Report
    from kcal.print.text import fit, unit_width

    register_fonts()
    text = text_of(n, kind)

    def run() -> str:
        unit_width.cache_clear()  # each run measures its words again
        f = fit(text, REGULAR, 7.0, 6.5, 120.0, 3, where="bench", report=Report())
        return "shortened" if not f.complete else "whole"
    return run


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for what, sizes, make in (("print catalog", SIZES_COMMAND, lambda n, k: print_catalog(Path(tmp), n, k)),
                                  ("fit", SIZES_FIT, fit_text)):
            for kind in ("words", "word"):
                times = []
                for n in sizes:
                    seconds, peak, outcome = measure(make(n, kind), args.rounds)
                    times.append(seconds)
                    rows.append({"what": what, "kind": kind, "characters": n, "seconds": seconds, "peak_mib": peak,
                                 "outcome": outcome})
                    print(f"{what:14} {kind:6} {n:>6} chars  {seconds * 1000:9.1f} ms  peak {peak:6.2f} MiB  {outcome}",
                          flush=True)
                growth = times[2] / times[0] if times[0] else float("nan")
                print(f"{what:14} {kind:6} growth 1x -> 16x: {growth:.1f}x "
                      f"(4x: {times[1] / times[0]:.1f}x, 16x/4x: {times[2] / times[1]:.1f}x)", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
