"""kCaloria, the default game (moved from tests/cli/test_game_dispatch.py, which runs the rest over every
pack): its player range, a kind of file named without ``--game``, and another game's filter refused."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kcal.cli.app import app


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_kcal_games_lists_kcaloria_for_one_to_four_players() -> None:
    games = {g["id"]: g for g in json.loads(run("games", "--format", "json").stdout)["games"]}
    assert games["kcaloria"]["players"] == [1, 4]
    assert "kcaloria" in run("games").stdout


def test_schema_export_takes_the_kinds_of_the_default_game() -> None:
    result = run("schema", "export", "decks")
    assert result.exit_code == 2 and "has no 'decks' files (did you mean 'deck'?)" in result.stderr
    result = run("schema", "export", "deck", "--game", "kcaloria")
    assert result.exit_code == 0 and json.loads(result.stdout)["title"]


def test_catalog_filters_of_another_game_are_refused() -> None:
    result = run("catalog", "list", "--colour", "red")
    assert result.exit_code == 2 and "--colour does not apply to kCaloria" in result.stderr
