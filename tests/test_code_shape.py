"""Functions stay small enough to read (issue 19, "Geometry as data and typed code"): none is over 60
lines, and none has a cyclomatic complexity of radon's rank E or F (over 30), unless a comment
``# kept whole: <why>`` stands on its ``def`` line or the two lines above it. The usual reasons: the
function is on a measured hot path (a call per part would cost instructions the engine benches count),
or it is one branch per kind of thing, read top to bottom like the rulebook's list."""

from __future__ import annotations

from pathlib import Path

import pytest
from radon.complexity import cc_rank, cc_visit

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "kcal"
MARK = "# kept whole:"
MAX_LINES = 60


def _blocks(source: str) -> list:
    """Every function and method radon finds, closures included."""
    out, seen, todo = [], set(), list(cc_visit(source))
    while todo:
        block = todo.pop()
        if hasattr(block, "methods"):  # a class: its methods
            todo.extend(block.methods)
            continue
        if (block.lineno, block.name) not in seen:
            seen.add((block.lineno, block.name))
            out.append(block)
        todo.extend(getattr(block, "closures", []) or [])
    return out


def offenders(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for block in _blocks(source):
        length = block.endline - block.lineno + 1
        rank = cc_rank(block.complexity)
        if length <= MAX_LINES and rank not in ("E", "F"):
            continue
        context = lines[max(0, block.lineno - 3):block.lineno]
        if any(MARK in line for line in context):
            continue
        found.append(f"{path.relative_to(root)}:{block.lineno} {block.name}: {length} lines, "
                     f"complexity {block.complexity} (rank {rank})")
    return found


FILES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_long_or_tangled_function_without_a_reason(path: Path) -> None:
    found = offenders(path)
    assert not found, "split it, or say why it is kept whole (" + MARK + " ...):\n" + "\n".join(found)


def test_the_check_finds_a_long_function_and_reads_its_reason(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(70))
    probe = tmp_path / "probe.py"
    probe.write_text(f"def long():\n{body}\n", encoding="utf-8")
    assert offenders(probe, tmp_path)
    probe.write_text(f"{MARK} a probe\ndef long():\n{body}\n", encoding="utf-8")
    assert not offenders(probe, tmp_path)
