"""Issue 34 item 7: plurals agree with their numbers, in every message, through one helper
(:mod:`kcal.core.plural`). The commands that said "1 games", "1 parameters", "1 card faces (1 cards)",
"1 rounds" or called a PNG a page run here with counts of one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.plural import count, noun, plural_of
from kcal.core.registry import get, ids

runner = CliRunner()
GAMES = sorted(ids())
#: a count of one before a plural noun kcal counts
ONE_PLURAL = re.compile(r"(?<![\d.,/+-])\b1 (games|pages|rounds|parameters|cards|card faces|files|sheets|tiles|"
                        r"matchups|pictures|players)\b")


def test_regular_and_irregular_plurals() -> None:
    assert [plural_of(w) for w in ("game", "card face", "match", "entry", "day", "species", "family", "box")] == [
        "games", "card faces", "matches", "entries", "days", "species", "families", "boxes"]
    assert count(1, "game") == "1 game" and count(0, "game") == "0 games" and count(2500, "game") == "2,500 games"
    assert count(1, "card face") == "1 card face" and noun(-1, "point") == "point"


@given(st.integers(min_value=-10**9, max_value=10**9), st.sampled_from(["game", "page", "round", "card face"]))
def test_the_number_and_the_noun_agree(n: int, word: str) -> None:
    text = count(n, word)
    assert text.startswith(f"{n:,} ")
    assert text.endswith(word if abs(n) == 1 else plural_of(word))


def _text(*args: str) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", GAMES)
def test_a_match_of_one_game(game: str) -> None:
    out = _text("sim", "match", "--game", game, "-n", "1", "-q")
    assert "1 game" in out and not ONE_PLURAL.search(out), out


def test_a_card_impact_of_one_game() -> None:
    out = _text("balance", "cards", "--game", "how-many-calories", "-n", "1", "-q")
    assert not ONE_PLURAL.search(out), out


@pytest.mark.parametrize("game", GAMES)
def test_params(game: str) -> None:
    if not get(game).has("patch"):
        pytest.skip(f"{game} has no patch hook: balance params refuses it")
    assert not ONE_PLURAL.search(_text("balance", "params", "--game", game))


def test_an_export_of_one_card(tmp_path: Path) -> None:
    out = _text("export", "png", "--game", "how-many-calories", "--only", "Shrimp, boiled", "-o",
                str(tmp_path / "o"), "--dpi", "50", "-q")
    assert "1 card face (1 card)" in out and not ONE_PLURAL.search(out), out


def test_a_tile_picture_is_not_a_page(tmp_path: Path) -> None:
    out = _text("print", "tile", "Bayou", "-o", str(tmp_path / "bayou.png"))
    assert "1 picture" in out and not ONE_PLURAL.search(out), out
