"""The layers of docs/ARCHITECTURE.md hold: each shared package imports only the packages below it, and
the one exception is named there with its reason."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from kcal.core import registry

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



def _pack_imports(path: Path, package: str) -> list[tuple[int, str]]:
    """Every import in ``path`` (a module of the pack ``package``), wherever it stands (at the top, inside
    a function, under ``if TYPE_CHECKING``), as ``(line, absolute module)``, relative imports resolved. A
    ``from M import N`` gives ``M`` and ``M.N`` (``N`` may be a module: ``from PACK import files``)."""
    parts = path.relative_to(_pack_root(package)).with_suffix("").parts
    here = [*package.split("."), *parts[:-1]]  # the package the module is in (``__init__`` its own)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return found


def _pack_root(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations, package
    return Path(list(spec.submodule_search_locations)[0])


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_packs_rules_never_import_its_files(game_id: str) -> None:
    """docs/ARCHITECTURE.md, the pack layers: ``files/`` (models, loaders, record codec, positions) sits
    above ``rules/``; no module under ``rules/`` imports the pack's ``files/``, not even inside a function
    or for type checking only."""
    package = registry.get(game_id).hooks["game"].partition(":")[0].rpartition(".")[0]
    root = _pack_root(package)
    files = f"{package}.files"
    wrong: dict[str, str] = {}
    for path in sorted((root / "rules").rglob("*.py")):
        for line, module in _pack_imports(path, package):
            if module == files or module.startswith(files + "."):
                wrong.setdefault(f"{path.relative_to(root)}:{line}", module)
    assert not wrong, [f"{where} imports {module}" for where, module in wrong.items()]
