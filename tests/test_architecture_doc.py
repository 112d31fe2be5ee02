"""docs/ARCHITECTURE.md stays true: every module of a shared package is named in that package's row of
the table of shared packages, so a module added without a word of what it is for fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
SHARED = ("core", "conformance", "sim", "print", "viewer", "cli", "balance", "play")


def _row(package: str) -> str:
    """The table rows of ``package`` (``| `core/` ...``, and ``| `core/` (games) ...``)."""
    return "\n".join(line for line in DOC.splitlines() if line.startswith(f"| `{package}/`"))


@pytest.mark.parametrize("package", SHARED)
def test_every_shared_module_is_named_in_its_packages_row(package: str) -> None:
    row = _row(package)
    assert row, f"docs/ARCHITECTURE.md has no row for {package}/"
    modules = sorted(p.stem for p in (ROOT / "src" / "kcal" / package).glob("*.py") if p.stem != "__init__")
    missing = [m for m in modules if not re.search(rf"`{m}`", row)]
    assert not missing, f"docs/ARCHITECTURE.md does not say what {package}/ {', '.join(missing)} are for"


def test_the_check_sees_a_missing_module() -> None:
    assert not re.search(r"`no_such_module`", _row("core"))
