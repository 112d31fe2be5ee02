"""How many Calories? in ``kcal games`` and ``--game`` (moved from tests/cli/test_game_dispatch.py, which
runs the rest over every pack): its player range, its two-player variant, a misspelled id."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kcal.cli.app import app


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_kcal_games_lists_how_many_calories_for_three_or_four_and_its_two_player_variant() -> None:
    games = {g["id"]: g for g in json.loads(run("games", "--format", "json").stdout)["games"]}
    assert games["how-many-calories"]["players"] == [3, 4]
    assert "two-player" in [v["id"] for v in games["how-many-calories"]["variants"]]
    assert "How many Calories?" in run("games").stdout


def test_an_unknown_game_option_is_exit_2_with_a_did_you_mean() -> None:
    result = run("rules", "explain", "--game", "how-many-calory", "scoring")
    assert result.exit_code == 2
    assert "unknown game 'how-many-calory' (did you mean 'how-many-calories'?)" in result.stderr
