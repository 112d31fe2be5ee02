"""The README's console examples are real: each ``$ kcal ...`` line runs, and what it prints is what the
README shows. A line that is only ``...`` stands for the rest of the output (the lines shown before it
must be the first lines printed).

The commands run from a scratch folder in which ``games``, ``tests`` and ``docs`` point into the checkout,
so that paths read as they do from a clone's root and files the examples write go nowhere else.

    python tests/readme_examples.py --update   # rewrite the shown outputs from real runs
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ELIDED = "..."
_BLOCK = re.compile(r"```console\n(.*?)```", re.S)


@dataclass
class Example:
    command: str
    shown: list[str]  # the lines the README shows, "..." included
    start: int  # offset of the command line in the README
    end: int  # offset just after the shown output

    @property
    def elided(self) -> bool:
        return ELIDED in [s.strip() for s in self.shown]


def examples(text: str) -> list[Example]:
    out: list[Example] = []
    for block in _BLOCK.finditer(text):
        body, base = block.group(1), block.start(1)
        offset = 0
        current: Example | None = None
        for line in body.splitlines(keepends=True):
            if line.startswith("$ "):
                if current is not None:
                    current.end = base + offset
                current = Example(line[2:].rstrip("\n"), [], base + offset, 0)
                out.append(current)
            elif current is not None:
                current.shown.append(line.rstrip("\n"))
            offset += len(line)
        if current is not None:
            current.end = base + offset
    return out


def run(command: str, cwd: Path) -> list[str]:
    """What ``command`` prints (stdout, then stderr, as a terminal shows a run without colour)."""
    argv = shlex.split(command)
    assert argv[0] == "kcal", command
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "PYTHONHASHSEED": "0"}
    env.pop("FORCE_COLOR", None)
    proc = subprocess.run([sys.executable, "-m", "kcal", *argv[1:]], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=600, check=False)
    return (proc.stdout + proc.stderr).splitlines()


def scratch() -> tempfile.TemporaryDirectory[str]:
    tmp = tempfile.TemporaryDirectory(prefix="kcal-readme-")
    for name in ("src", "tests", "docs"):
        os.symlink(ROOT / name, Path(tmp.name) / name)
    return tmp


def expected(example: Example, got: list[str]) -> list[str]:
    """The lines the README should show for output ``got``: all of it, or as many first lines as the
    README shows before its ``...``."""
    if not example.elided:
        return got
    head = [s.strip() for s in example.shown].index(ELIDED)
    return got[:head] + [example.shown[head]]


def update() -> int:
    text = README.read_text(encoding="utf-8")
    with scratch() as tmp:
        for ex in reversed(examples(text)):
            lines = expected(ex, run(ex.command, Path(tmp)))
            new = f"$ {ex.command}\n" + "".join(line + "\n" for line in lines)
            text = text[:ex.start] + new + text[ex.end:]
    README.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        raise SystemExit(__doc__)
    raise SystemExit(update())
