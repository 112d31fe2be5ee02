"""``deck build --gauntlet`` bounded (issue 36, item 6): a deck given twice (200 copies ran past 180 s),
more than MAX_GAUNTLET decks, and a solo deck (a gauntlet plays 2-player games) are refused in one line
before any game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.deck.build import MAX_GAUNTLET

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"


def _build(tmp: Path, gauntlet: list[Path]) -> object:
    args = ["deck", "build", "-o", str(tmp / "out"), "-n", "1", "--evaluations", "1", "-q", "--format", "json"]
    for g in gauntlet:
        args += ["--gauntlet", str(g)]
    return CliRunner().invoke(app, args)


def _refused(result: object, words: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr, result.stderr


@pytest.mark.parametrize("copies", [2, 3, 200])
def test_the_same_deck_twice_is_refused(tmp_path: Path, copies: int) -> None:
    deck = DECKS / "bayou-ambush.yaml"
    renamed = tmp_path / "again.yaml"
    shutil.copy(deck, renamed)
    _refused(_build(tmp_path, [deck] * (copies - 1) + [renamed]),
             "give each gauntlet deck once" if copies <= MAX_GAUNTLET else f"at most {MAX_GAUNTLET} decks")
    assert not (tmp_path / "out").exists()


def test_a_solo_deck_is_no_gauntlet_deck(tmp_path: Path) -> None:
    _refused(_build(tmp_path, [DECKS / "bayou-ambush.yaml", DECKS / "solo-piney-trail.yaml"]), "is a solo deck")
