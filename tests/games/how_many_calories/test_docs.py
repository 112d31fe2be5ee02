"""The pack's docs: every ruling complete and naming tests that exist; the README matches the code."""

from __future__ import annotations

import re
from pathlib import Path

from kcal.core.rulings import read_rulings
from kcal.games.how_many_calories import explain
from kcal.games.how_many_calories.rules.domain import LIMITS
from tests.ruling_checks import defined_tests

HERE = Path(__file__).resolve().parent
DOCS = HERE.parents[2] / "src" / "kcal" / "games" / "how_many_calories" / "docs"


def test_every_ruling_has_section_question_decision_why_and_tests():
    rulings = read_rulings(explain.RULINGS)
    assert len(rulings) >= 12
    for r in rulings:
        assert {"section", "question", "decision", "why", "test"} <= set(r), r["id"]
        assert r["section"] in explain.topics(), r["id"]


def test_every_ruling_names_an_existing_test():
    existing = defined_tests(HERE)
    for r in read_rulings(explain.RULINGS):
        named = re.findall(r"`(test_\w+)`", r["test"])
        assert named, r["id"]
        missing = [n for n in named if n not in existing]
        assert not missing, f"ruling {r['id']} names missing tests {missing}"


def test_readme_states_the_limits_the_code_uses():
    readme = (DOCS / "README.md").read_text(encoding="utf-8")
    for players in (2, 3, 4):
        assert f"{LIMITS[players]:,}" in readme
    assert "kcal's own reconstruction" in readme and "house rule" in readme


def test_readme_describes_every_start_key():
    from kcal.games.how_many_calories.files.recordfile import StartEntry

    readme = (DOCS / "README.md").read_text(encoding="utf-8")
    for key in StartEntry.model_fields:
        assert re.search(rf"^\s+{key}:", readme, re.M), key
