"""Benchmark `kcal deck validate` against the imports it cannot avoid.

Run from the repo root, with kcal installed:

    python bench/bench_validate.py [--runs 21] [--deck src/kcal/games/kcaloria/data/decks/bayou-ambush.yaml]

It times, alternately in the same run, (a) the whole command `kcal deck validate DECK` as a fresh
process, (b) the floor `python -c "import typer, pydantic, ruamel.yaml"`, (c) that floor plus one
tiny Pydantic model validated once (what using Pydantic at all costs: `import pydantic` is lazy, the
validator machinery is not), and (d) a bare Typer app with the same options that runs one empty
command (Typer 0.29 builds Pydantic adapters for its parameters, so it pays (c) too) and (e) the same
app whose command validates one Pydantic model (issue 12's baseline: goal a/e at most 1.1x), and
prints the medians and the ratios (goal: a/b at most 1.5x). The first command run warms kcal's parse cache (as any user's
second run would be). Then it reports validations per second of the library call
`kcal.games.kcaloria.deck.check.validate_deck_file`, and checks that reportlab, PIL and numpy were not imported.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ONE_MODEL = """
import typer, pydantic, ruamel.yaml
from pydantic import BaseModel
class M(BaseModel):
    x: int
M(x=1)
"""
BARE_TYPER = """
from enum import Enum
from pathlib import Path
import typer, pydantic, ruamel.yaml
class F(str, Enum):
    text = "text"
    json = "json"
app, sub = typer.Typer(), typer.Typer()
@sub.command()
def validate(decks: list[Path] = typer.Argument(...), catalog: list[Path] = typer.Option([], "--catalog"),
             strict: bool = typer.Option(False, "--strict"), fmt: F = typer.Option(F.text, "--format")):
    pass
@sub.command()
def other():
    pass
app.add_typer(sub, name="deck")
app(["deck", "validate", "x.yaml"])
"""
#: issue 12's baseline: the same bare Typer app whose command validates one Pydantic model
BARE_TYPER_MODEL = BARE_TYPER.replace(
    "app, sub = typer.Typer(), typer.Typer()",
    "class M(pydantic.BaseModel):\n    x: int\napp, sub = typer.Typer(), typer.Typer()", 1).replace(
    'fmt: F = typer.Option(F.text, "--format")):\n    pass', 'fmt: F = typer.Option(F.text, "--format")):\n    M(x=1)', 1)


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--deck", default="src/kcal/games/kcaloria/data/decks/bayou-ambush.yaml")
    args = parser.parse_args()
    kcal = shutil.which("kcal") or str(Path(sys.executable).with_name("kcal"))
    command = [kcal, "deck", "validate", args.deck]
    floor = [sys.executable, "-c", "import typer, pydantic, ruamel.yaml"]
    bare = [sys.executable, "-c", BARE_TYPER]
    one_model = [sys.executable, "-c", ONE_MODEL]
    bare_model = [sys.executable, "-c", BARE_TYPER_MODEL]
    timed(command)  # warm the parse cache and the OS file cache
    timed(floor)
    ours, base, typer_only, pyd, typer_model, pairs = [], [], [], [], [], []
    for _ in range(args.runs):
        ours.append(timed(command))
        base.append(timed(floor))
        typer_only.append(timed(bare))
        pyd.append(timed(one_model))
        typer_model.append(timed(bare_model))
        pairs.append(ours[-1] / typer_model[-1])
    m_ours, m_base, m_typer, m_pyd, m_tm = (statistics.median(x) for x in (ours, base, typer_only, pyd, typer_model))
    print(f"kcal deck validate {args.deck}: median {m_ours * 1000:.0f} ms over {args.runs} runs")
    print(f"floor (import typer, pydantic, ruamel.yaml): median {m_base * 1000:.0f} ms")
    print(f"floor + one Pydantic model validated: median {m_pyd * 1000:.0f} ms ({m_pyd / m_base:.2f}x the floor)")
    print(f"bare Typer app running one empty command: median {m_typer * 1000:.0f} ms")
    print(f"ratio to the import floor: {m_ours / m_base:.2f}x (goal <= 1.5x)")
    print(f"bare Typer / import floor: {m_typer / m_base:.2f}x; kcal / bare Typer: {m_ours / m_typer:.2f}x")
    print(f"bare Typer app validating one model: median {m_tm * 1000:.0f} ms; kcal / it: {m_ours / m_tm:.2f}x "
          f"(pair by pair: median {statistics.median(pairs):.2f}x, min {min(pairs):.2f}x; goal <= 1.1x)")

    from kcal.games.kcaloria.deck.check import validate_deck_file

    validate_deck_file(args.deck)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < 2.0:
        validate_deck_file(args.deck)
        n += 1
    rate = n / (time.perf_counter() - start)
    print(f"library validate_deck_file: {rate:.0f} validations/s ({1000 / rate:.2f} ms each)")
    heavy = [m for m in ("reportlab", "PIL", "numpy") if m in sys.modules]
    print(f"heavy modules imported by validation: {heavy or 'none'}")


if __name__ == "__main__":
    main()
