"""Replays number moves from one and name the illegal move at its place (issue 20, "One product, four
games", item 2); moved here from tests/cli/test_results_vocabulary.py, which runs on every pack."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app

FIXTURE = Path(__file__).parent / "fixtures" / "heron-cannot-be-paid.yaml"


def test_replays_number_moves_from_one() -> None:
    r = CliRunner().invoke(app, ["rules", "replay", str(FIXTURE)])
    assert r.exit_code == 1
    assert "  1. A places" in r.stdout and "  0. " not in r.stdout
    assert ":12:5: move 7 is illegal" in r.stdout
