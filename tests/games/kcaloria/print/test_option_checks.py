"""Print options that make no sense are usage errors (exit 2, one line), never tracebacks or odd files."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

DECK = str(Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tile", "Bayou", "-o", "{tmp}/h.png", "--size", "0"], "--size must be between 20 and 150 mm"),
        (["tile", "Bayou", "-o", "{tmp}/h.png", "--size", "nan"], "--size must be between 20 and 150 mm"),
        (["deck", DECK, "-o", "{tmp}/d.pdf", "--backs", "--back-offset", "nan,0"], "--back-offset must stay within"),
        (["tile", "Bayou", "-o", "{tmp}/t.pdf"], "this writes a PNG file; name the output with .png"),
        (["deck", DECK, "-o", "{tmp}/out.txt"], "this writes a PDF file; name the output with .pdf"),
        (["deck", DECK, "-o", "{tmp}/d.pdf", "--split", "0"], "--split must be 1 or more pages"),
    ],
)
def test_nonsense_options_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["print", *[a.replace("{tmp}", str(tmp_path)) for a in args]])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_the_pdf_suffix_may_be_upper_case(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["print", "deck", DECK, "-o", str(tmp_path / "D.PDF")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "D.PDF").read_bytes().startswith(b"%PDF")
