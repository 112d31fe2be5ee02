"""Documentation that is built from data must agree with the data."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))

from modifier_table import modifier_table  # noqa: E402


def test_formats_page_lists_every_modifier_as_the_registry_defines_it() -> None:
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    assert modifier_table() in text, "regenerate the table with tests/docs/modifier_table.py"


def test_readme_starts_with_the_two_setup_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```sh\n")[1:3]]
    assert "pip install ." in blocks[0] and "kcal deck validate" in blocks[0]
    assert "pip install -q -e '.[test]'" in blocks[1] and "pytest" in blocks[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert blocks[1].strip() in ci, ".ci/run must run the README's test command verbatim"
