"""The layers of docs/ARCHITECTURE.md hold: each shared package imports only the packages below it, and
the one exception is named there with its reason."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KCAL = ROOT / "src" / "kcal"

#: what each package may import of kcal (besides itself and the top-level ``kcal``), from the ground up
BELOW = {
    "core": set(),
    "print": {"core"},
    "sim": {"core"},
    "viewer": {"core", "print"},  # the pictures use the PDFs' embedded font and icons
    "conformance": {"core", "sim"},
    "balance": {"core", "sim", "print"},
    "games": {"core", "print", "sim", "viewer", "cli"},  # cli: only options, common, complete (test_pack_skeleton)
}
#: modules that import above their layer, each with the reason ARCHITECTURE gives
EXCEPTIONS = {
    # the Dask workers' preload (dask-worker --preload kcal.sim.preload) imports what their tasks run,
    # the balance lab's included; nothing in kcal imports it
    "sim/preload.py": {"balance"},
}


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
            [a.name for a in node.names] if isinstance(node, ast.Import) else []
        found |= {n.split(".")[1] for n in names if n.startswith("kcal.") and n.count(".") >= 1}
    return found


@pytest.mark.parametrize("package", sorted(BELOW))
def test_a_package_imports_only_the_layers_below_it(package: str) -> None:
    wrong = []
    for path in sorted((KCAL / package).rglob("*.py")):
        rel = str(path.relative_to(KCAL))
        above = _imports(path) - BELOW[package] - {package} - EXCEPTIONS.get(rel, set())
        if above:
            wrong.append(f"{rel} imports kcal.{', kcal.'.join(sorted(above))}")
    assert not wrong, wrong


def test_nothing_in_kcal_imports_the_dask_preload() -> None:
    users = [str(p.relative_to(KCAL)) for p in KCAL.rglob("*.py")
             if "kcal.sim.preload" in p.read_text(encoding="utf-8") and p.name != "preload.py"]
    assert not users, users
