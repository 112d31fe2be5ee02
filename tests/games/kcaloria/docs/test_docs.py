"""Documentation that is built from data must agree with the data."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria"
sys.path.insert(0, str(Path(__file__).parent))

from modifier_table import modifier_table  # noqa: E402


def test_formats_page_lists_every_modifier_as_the_registry_defines_it() -> None:
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    assert modifier_table() in text, "regenerate the table with tests/games/kcaloria/docs/modifier_table.py"
