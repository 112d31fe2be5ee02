"""Shared code never names a game (issue 8): cli/, core/, sim/, print/ and viewer/ import no game pack;
they reach a game through the registry and its hooks. (``core.registry.DEFAULT_GAME`` names the game
of files without ``game:``, as SPEC fixes it; that is data, not an import.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "kcal"
SHARED = ("cli", "core", "conformance", "sim", "print", "viewer")


def test_shared_packages_import_no_game_pack() -> None:
    pattern = re.compile(r"kcal\.games\.\w+")
    assert all((PACKAGE / folder / "__init__.py").is_file() for folder in SHARED)
    found = [f"{path.relative_to(ROOT)}:{n}: {m.group(0)}"
             for folder in SHARED for path in sorted((PACKAGE / folder).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for m in pattern.finditer(line)]
    assert not found, "\n".join(found)
