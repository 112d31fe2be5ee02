"""Coloured errors and warnings on a terminal, honouring NO_COLOR and FORCE_COLOR; shell completion of
tile names, types, topics and bots (issue 12, item 11)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.cli.output import use_colour

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
RED = "\x1b[31m"
YELLOW = "\x1b[33m"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(*args: str, env: dict[str, str] | None = None) -> Any:
    base = {"NO_COLOR": "", "FORCE_COLOR": ""}
    return CliRunner().invoke(app, list(args), env={**base, **(env or {})})


class TestColour:
    def test_a_terminal_gets_colour_a_pipe_does_not(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.delenv("FORCE_COLOR", raising=False)
        assert use_colour(_Tty()) is True
        assert use_colour(io.StringIO()) is False

    def test_no_color_turns_it_off_on_a_terminal(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
        monkeypatch.setenv("NO_COLOR", "1")
        assert use_colour(_Tty()) is False
        monkeypatch.setenv("NO_COLOR", "")  # set but empty: ignored, as no-color.org says
        assert use_colour(_Tty()) is True

    def test_force_color_turns_it_on_into_a_pipe_and_wins_over_no_color(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("FORCE_COLOR", "1")
        monkeypatch.setenv("NO_COLOR", "1")
        assert use_colour(io.StringIO()) is True
        monkeypatch.setenv("FORCE_COLOR", "0")
        monkeypatch.delenv("NO_COLOR")
        assert use_colour(io.StringIO()) is False

    def test_errors_are_red_when_forced_and_plain_otherwise(self) -> None:
        forced = run("catalog", "show", "nope", env={"FORCE_COLOR": "1"})
        assert forced.exit_code == 2 and RED in forced.stderr and "no loaded tile is named" in forced.stderr
        plain = run("catalog", "show", "nope")
        assert RED not in plain.stderr and "\x1b" not in plain.stderr
        off = run("catalog", "show", "nope", env={"FORCE_COLOR": "", "NO_COLOR": "1"})
        assert "\x1b" not in off.stderr

    def test_usage_errors_are_red_when_forced(self) -> None:
        r = run("print", "deck", "d.yaml", "-o", "d.pdf", "--paper", "a3", env={"FORCE_COLOR": "1"})
        assert r.exit_code == 2 and RED in r.stderr

    def test_deck_warnings_are_yellow_and_errors_red_in_the_report(self, tmp_path: Path) -> None:
        deck = tmp_path / "d.yaml"
        deck.write_text("name: D\ntiles:\n  Bayou: 6\n  Ardea herodias: 5\n")
        r = run("deck", "validate", str(deck), env={"FORCE_COLOR": "1"})
        assert r.exit_code == 1
        assert f"{RED}error[too-many-copies]:" in r.stdout
        assert f"{YELLOW}warning[" in r.stdout
        assert "\x1b" not in run("deck", "validate", str(deck)).stdout

    def test_json_is_never_coloured(self) -> None:
        r = run("catalog", "show", "nope", "-f", "json", env={"FORCE_COLOR": "1"})
        assert "\x1b" not in r.stdout


def complete(path: list[str], param_name: str, incomplete: str, **params: str) -> list[str]:
    """Ask a parameter of a command for completions, as the shell does."""
    cmd: Any = typer.main.get_command(app)
    parent = cmd.make_context("kcal", [], resilient_parsing=True)
    ctx = parent
    for word in path:
        cmd = cmd.commands[word]
        ctx = cmd.make_context(word, [], parent=ctx, resilient_parsing=True)
    ctx.params.update(params)
    param = next(p for p in cmd.params if p.name == param_name)
    return [item.value for item in param.shell_complete(ctx, incomplete)]


class TestCompletion:
    def test_tile_names_and_common_names(self) -> None:
        assert "Ardea herodias" in complete(["catalog", "show"], "card", "Ardea")
        assert complete(["catalog", "show"], "card", "great b") == ["great blue heron"]  # the case as typed
        assert complete(["catalog", "show"], "card", "zzzz-no-tile") == []

    def test_types_and_other_filters(self) -> None:
        assert complete(["catalog", "list"], "type_", "h") == ["herbivore", "human"]
        assert "FF" in complete(["catalog", "list"], "biome", "F")
        assert "biome_boost" in complete(["catalog", "list"], "modifier", "bio")

    def test_topics_of_the_game(self) -> None:
        assert "reproduction" in complete(["rules", "explain"], "topic", "repro")

    def test_bots_of_the_game_named_by_game(self) -> None:
        assert complete(["sim", "solo"], "bot", "g") == ["greedy"]
        assert complete(["sim", "match"], "bots", "ism", game="how-many-calories") == ["ismcts"]

    def test_a_real_shell_request(self, tmp_path: Path) -> None:
        env = {**os.environ, "_KCAL_COMPLETE": "complete_bash", "COMP_WORDS": "kcal catalog list --type carn",
               "COMP_CWORD": "4"}
        out = subprocess.run([str(Path(sys.executable).with_name("kcal"))], env=env, capture_output=True, text=True,
                             cwd=tmp_path, timeout=60)
        assert out.returncode == 0, out.stderr
        assert out.stdout.split() == ["carnivore"]
