"""Paths are text from outside (issue 21, item 1): a file name with ESC, BEL, CR, LF, a bidi control or a
C1 character is shown escaped in every message, as names are (``\\x1b``, ``\\n``, ``\\u202e``), so it cannot
colour a terminal, reorder a line or forge a second ``file:line:column:`` line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
HMC = ROOT / "tests" / "games" / "how_many_calories" / "fixtures" / "examples" / "dealt-round.yaml"
KCAL_GAME = ROOT / "tests" / "games" / "kcaloria" / "engine" / "fixtures" / "heron-cannot-be-paid.yaml"
HOSTILE = ["e\x1b[31mred", "b\x07ell", "two\nfake.yaml:1:1: error", "c\rr", "rtl\u202eoverride", "csi\x9b2J"]
UNSAFE = set("\x1b\x07\r\x9b\u202e")


def _check(text: str, name: str) -> None:
    assert not UNSAFE & set(text), repr(text)
    assert not any(line.startswith("fake.yaml") for line in text.splitlines()), text
    assert repr(name)[1:-1] in text, (name, text)


@pytest.mark.parametrize("name", HOSTILE, ids=["esc", "bel", "lf", "cr", "bidi", "c1"])
@pytest.mark.parametrize(("source", "command"), [
    (DECK, ["deck", "validate"]),
    (KCAL_GAME, ["rules", "replay"]),
    (HMC, ["rules", "replay"]),
    (ROOT / "src" / "kcal" / "games" / "kalua" / "data" / "cards.yaml", ["catalog", "validate", "--game", "kalua"]),
])
def test_a_hostile_file_name_is_shown_escaped(tmp_path: Path, name: str, source: Path, command: list[str]) -> None:
    path = tmp_path / f"{name}.yaml"
    shutil.copy(source, path)
    result = CliRunner().invoke(app, [*command, str(path)])
    _check(result.stdout + result.stderr, path.name)


@pytest.mark.parametrize("name", HOSTILE, ids=["esc", "bel", "lf", "cr", "bidi", "c1"])
def test_a_missing_hostile_file_is_named_escaped(tmp_path: Path, name: str) -> None:
    result = CliRunner().invoke(app, ["deck", "validate", str(tmp_path / f"{name}.yaml")])
    assert result.exit_code == 2
    _check(result.stderr, f"{name}.yaml")
