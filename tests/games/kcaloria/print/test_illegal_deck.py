"""Issue 12 item 4, "Printing an illegal deck says nothing": it prints, and warns once per reason the
deck is not legal, each naming file:line:column (ruling in docs/printing.md, "Printing an illegal
deck"). A legal deck prints without a word."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app

runner = CliRunner()
DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"

ILLEGAL = """\
name: Too Small
tiles:
  Bayou: 6
  Pinus taeda: 3
"""


def test_illegal_deck_prints_with_a_warning_per_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("small.yaml").write_text(ILLEGAL, encoding="utf-8")
    res = runner.invoke(app, ["print", "deck", "small.yaml", "-o", "s.pdf"])
    assert res.exit_code == 0, res.output
    assert Path("s.pdf").exists()
    lines = [ln for ln in res.stderr.splitlines() if "illegal deck" in ln]
    assert lines == [
        "warning: small.yaml:2:1: illegal deck, printed anyway: the deck has 9 tiles; a standard deck has exactly "
        "60 (add 51)",
        "warning: small.yaml:3:3: illegal deck, printed anyway: 6 copies of 'Bayou' (line 3); at most 5 tiles may "
        "share a name",
    ]


def test_illegal_deck_warnings_are_in_the_json(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("small.yaml").write_text(ILLEGAL, encoding="utf-8")
    res = runner.invoke(app, ["print", "deck", "small.yaml", "-o", "s.pdf", "-f", "json"])
    assert res.exit_code == 0
    warnings = json.loads(res.stdout)["warnings"]
    assert sum("illegal deck" in w for w in warnings) == 2


def test_legal_deck_prints_without_a_word(tmp_path):
    res = runner.invoke(app, ["print", "deck", str(DECKS / "bayou-ambush.yaml"), "-o", str(tmp_path / "b.pdf")])
    assert res.exit_code == 0 and res.stderr == ""
