"""The pack's registration and the commands: metadata only on import, hooks that resolve, and the CLI
(with the pack registered as the lead's entry point will register it)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from kcal.games.kalua import PACK


def test_pack_metadata_describes_the_game():
    info = PACK.info
    assert (info.id, info.name, info.min_players, info.max_players) == ("kalua", "Kalua", 3, 5)
    assert not info.simultaneous and info.hidden_information and info.chance
    assert info.file_kinds == ("catalog", "deck", "game") and info.rulebook == "kalua-rulebook.txt"


def test_every_hook_resolves():
    for name in PACK.hooks:
        assert PACK.hook(name) is not None
    assert PACK.hook("game").info == PACK.info
    assert callable(PACK.hook("replay").replay) and callable(PACK.hook("sim").tally)


def test_importing_the_pack_imports_nothing_heavy():
    code = ("import sys; import kcal.games.kalua as p; "
            "heavy = [m for m in sys.modules if m.startswith(('pydantic', 'ruamel', 'kcal.games.kalua.'))]; "
            "print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _kcal(*args: str):
    from kcal.cli.app import app

    return CliRunner().invoke(app, list(args))


@pytest.mark.usefixtures("registered")
def test_kcal_games_lists_kalua():
    result = _kcal("games", "--format", "json")
    assert result.exit_code == 0
    assert "kalua" in result.output


@pytest.mark.usefixtures("registered")
def test_catalog_validate_and_show_through_the_cli():
    result = _kcal("catalog", "validate", "--game", "kalua", "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)["valid"]
    result = _kcal("catalog", "show", "--game", "kalua", "Temple")
    assert result.exit_code == 0 and "every phase 5 while kept" in result.stdout


@pytest.mark.usefixtures("registered")
def test_deck_validate_dispatches_on_the_game_key(kalua):
    result = _kcal("deck", "validate", str(kalua.FIXTURES / "bad" / "set-composition.yaml"), "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["decks"][0]["legal"] is False


@pytest.mark.usefixtures("registered")
def test_rules_replay_exits_1_at_an_illegal_move(kalua):
    result = _kcal("rules", "replay", str(kalua.FIXTURES / "illegal" / "pays-pp-the-god-does-not-have.yaml"),
                   "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["illegal_move"]["reason"] == "B cannot pay 6 PP for protection: B has 4"


@pytest.mark.usefixtures("registered")
def test_rules_explain_and_schema_export_through_the_cli():
    result = _kcal("rules", "explain", "--game", "kalua", "praying")
    assert result.exit_code == 0 and "equal-happiness-praying" in result.stdout
    result = _kcal("schema", "export", "game", "--game", "kalua")
    assert result.exit_code == 0 and json.loads(result.stdout)["title"] == "Kalua game record (rules replay)"


@pytest.mark.usefixtures("registered")
def test_sim_match_through_the_cli():
    result = _kcal("sim", "match", "--game", "kalua", "--players", "3", "--games", "6", "--seed", "2",
                   "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["pack"]["leader_actions"]
