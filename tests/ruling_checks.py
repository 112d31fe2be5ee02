"""What the packs' docs tests share: the test functions a folder defines, which a rulings document's
``test:`` field must name (imported as ``tests.ruling_checks``, like ``readme_examples``)."""

from __future__ import annotations

import ast
from pathlib import Path


def defined_tests(folder: Path) -> set[str]:
    """The names of the ``test_*`` functions in the ``test_*.py`` files of ``folder``."""
    names: set[str] = set()
    for path in folder.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return names
