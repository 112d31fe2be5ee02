"""docs/cli.md, "Writing files": every command that writes a file has --force with one meaning. The balance
commands' --chart replaces a chart kcal drew, refuses a file the user wrote (exit 2, before any game) and
replaces it with --force."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

runner = CliRunner()
PATCH = "game: how-many-calories\nparams: {limit_kcal: 2700}\n"
COMMANDS = {
    "bots": ["balance", "bots", "--game", "how-many-calories", "-b", "random,greedy", "-n", "3", "-j", "1"],
    "cards": ["balance", "cards", "--game", "kalua", "-b", "greedy", "-n", "3", "-j", "1"],
    "what-if": ["balance", "what-if", "--game", "how-many-calories", "--patch", "{patch}", "-b", "greedy", "-n",
                "4", "-j", "1"],
    "sweep": ["balance", "sweep", "--game", "how-many-calories", "--param", "rounds=1:2:1", "-b", "greedy",
              "-n", "3", "-j", "1"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_chart_over_a_users_file_needs_force(command: str, tmp_path: Path) -> None:
    patch = tmp_path / "patch.yaml"
    patch.write_text(PATCH, encoding="utf-8")
    argv = [a.replace("{patch}", str(patch)) for a in COMMANDS[command]] + ["-q"]
    chart = tmp_path / "chart.svg"
    chart.write_text("<svg>drawn by hand, kept</svg>", encoding="utf-8")
    refused = runner.invoke(app, [*argv, "--chart", str(chart)])
    assert refused.exit_code == 2 and "use --force" in refused.stderr, refused.stderr
    assert refused.stdout == "" and chart.read_text(encoding="utf-8") == "<svg>drawn by hand, kept</svg>"  # no game played
    forced = runner.invoke(app, [*argv, "--chart", str(chart), "--force"])
    assert forced.exit_code == 0, forced.stderr
    drawn = chart.read_bytes()
    assert b"<svg" in drawn and b"drawn by hand" not in drawn
    again = runner.invoke(app, [*argv, "--chart", str(chart)])  # kcal's own chart: replaced without asking
    assert again.exit_code == 0, again.stderr
