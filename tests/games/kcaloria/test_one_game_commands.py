"""kCaloria's own commands (``sim goldfish``, ``print tile``, ``print catalog``, ``print deck``, ``sim solo``,
``deck import``, ``deck report``: entry points ``kcal.commands``) given ``--game`` (moved from
tests/cli/test_vocabulary.py): one line naming what fits, exit 2."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from kcal.cli.app import app

runner = CliRunner()


def test_the_tree_walked_has_kcalorias_commands() -> None:
    from tests.cli.test_vocabulary import commands

    paths = {p for p, _ in commands(typer.main.get_command(app))}
    assert {"print deck", "print tile", "sim goldfish", "sim solo", "deck import", "deck report"} <= paths


@pytest.mark.parametrize(("args", "line"), [
    (["sim", "goldfish", "--game", "kalua", "d.yaml"],
     "kcal sim goldfish serves kCaloria: East Texas Piney Woods (kcaloria) only and takes no --game; for kalua, "
     "use kcal sim match with --game kalua"),
    (["print", "tile", "Bayou", "-o", "t.png", "--game", "ecologic-europe"],
     "kcal print tile serves kCaloria: East Texas Piney Woods (kcaloria) only and takes no --game; for "
     "ecologic-europe, use kcal print cards, kcal print rulebook or kcal print board with --game ecologic-europe"),
    (["print", "catalog", "-o", "c.pdf", "--game=how-many-calories"],
     "for how-many-calories, use kcal print cards, kcal print rulebook or kcal print board with --game "
     "how-many-calories"),
    (["print", "catalog", "-o", "c.pdf", "-g", "kcaloria"], "takes no --game: drop it"),
    (["print", "tile", "Bayou", "-o", "t.png", "--game", "kaula"], "unknown game 'kaula' (did you mean 'kalua'?)"),
])
def test_a_game_the_command_does_not_take_is_one_line_exit_2(args: list[str], line: str) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    first = r.stderr.splitlines()[0]
    assert line in first, first
    assert "did you mean '--games'" not in r.stderr


def test_game_on_a_one_game_command_is_one_json_error_with_format_json() -> None:
    r = runner.invoke(app, ["sim", "goldfish", "--game", "kalua", "d.yaml", "-f", "json"])
    assert r.exit_code == 2
    assert '"code": "usage"' in r.stdout and "kcal sim match with --game kalua" in r.stdout
