"""Deck Building, "of a name": common names are refused in deck files with the Latin name to use, and
accepted where one tile is looked up (issue 12, item 6; Rulings: "Common names in a deck file")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.errors import KcalError
from kcal.games.kcaloria.catalog import find_tile
from kcal.games.kcaloria.deck.check import validate_deck_file
from kcal.games.kcaloria.files.load import load_deck, load_library

runner = CliRunner()
DECK = "name: Herons\ntiles:\n  Bayou: 5\n  great blue heron: 3\n"
MESSAGE = ("unknown tile 'great blue heron': that is the common name of 'Ardea herodias'; a deck file names "
           "tiles by their printed (Latin) name (did you mean 'Ardea herodias'?)")


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    p = tmp_path / "herons.yaml"
    p.write_text(DECK)
    return p


def test_a_common_name_in_a_deck_is_refused_with_the_latin_name(deck: Path) -> None:
    report = validate_deck_file(deck)
    [err] = [e for e in report.errors if e.code == "unknown-tile"]
    assert (err.line, err.column, err.message) == (4, 3, MESSAGE)


def test_commands_that_play_the_deck_give_the_same_message(deck: Path) -> None:
    with pytest.raises(KcalError) as info:
        load_deck(deck).tiles()
    assert str(info.value) == f"{deck}:4:3: {MESSAGE}"
    r = runner.invoke(app, ["sim", "solo", str(deck), "-n", "1", "-q", "-f", "json"])
    assert r.exit_code == 2
    assert json.loads(r.stdout)["errors"][0]["message"] == MESSAGE


def test_a_misspelt_name_still_gets_a_plain_did_you_mean(tmp_path: Path) -> None:
    p = tmp_path / "d.yaml"
    p.write_text("name: D\ntiles:\n  Ardea herodas: 3\n")
    [err] = [e for e in validate_deck_file(p).errors if e.code == "unknown-tile"]
    assert err.message == "unknown tile 'Ardea herodas' (did you mean 'Ardea herodias'?)"


def test_catalog_show_accepts_a_common_name() -> None:
    r = runner.invoke(app, ["catalog", "show", "great blue heron", "-f", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["card"] == "Ardea herodias"


@pytest.mark.parametrize("query", ["Ardea herodias", "great blue heron", "GREAT  BLUE HERON", "ETPW-072"])
def test_one_tile_lookups_accept_the_name_the_common_name_and_the_id(query: str) -> None:
    """The library function ``kcal print tile`` and ``catalog show`` share."""
    assert find_tile(load_library(), query).name == "Ardea herodias"
