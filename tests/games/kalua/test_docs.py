"""The pack's docs: every ruling complete and naming tests that exist; the README matches the code."""

from __future__ import annotations

import re
from pathlib import Path

from kcal.core.rulings import read_rulings
from kcal.games.kalua import explain
from kcal.games.kalua.rules.domain import DEFAULT_TURN_LIMIT
from tests.ruling_checks import defined_tests

HERE = Path(__file__).resolve().parent
DOCS = HERE.parents[2] / "src" / "kcal" / "games" / "kalua" / "docs"


def test_every_ruling_has_section_question_decision_why_and_tests():
    rulings = read_rulings(explain.RULINGS)
    assert len(rulings) >= 20
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


def test_the_issues_open_questions_each_have_a_ruling():
    ids = {r["id"] for r in read_rulings(explain.RULINGS)}
    assert {"equal-happiness-praying", "no-answer-to-an-answer", "families-are-counts", "empty-deck"} <= ids


def test_readme_says_what_is_reconstructed_and_states_the_turn_limit():
    readme = (DOCS / "README.md").read_text(encoding="utf-8")
    assert "kcal's own reconstruction" in readme and f"{DEFAULT_TURN_LIMIT} turns" in readme


def test_readme_describes_every_start_key_and_move_verb():
    from kcal.games.kalua.files.recordfile import StartEntry
    from kcal.games.kalua.rules.moves import VERBS

    readme = (DOCS / "README.md").read_text(encoding="utf-8")
    for key in StartEntry.model_fields:
        assert re.search(rf"^\s+{key}:", readme, re.M), key
    for verb in VERBS:
        assert re.search(rf"\{{player: \w+, {verb}:", readme), verb


def test_readme_lists_every_card_of_the_builtin_set():
    from kcal.games.kalua.files.load import load_catalog

    readme = (DOCS / "README.md").read_text(encoding="utf-8")
    for d in load_catalog().defs:
        assert f"| {d.name} |" in readme, d.name
