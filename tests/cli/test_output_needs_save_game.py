"""``-o`` of a command that writes only with ``--save-game`` (``sim solo``, ``sim match``, ``play``; issue
32, item 13): given alone it used to write nothing and say nothing (``sim solo DECK -o F`` played its games,
printed its figures and exit 0, F never written). It names the file a saved game's record goes to, so
alone it is refused before any game: exit 2, one line naming ``--save-game``, nothing written, JSON with
``--format json``. Every such command of every pack, read from the CLI (:mod:`tests.hostile.surface`);
with ``--save-game`` the same command line writes the record there.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kcal.core.registry import ids
from tests.hostile import surface

MESSAGE = "--output goes with --save-game K"


def _cases() -> list[tuple[str, str, str]]:
    out = []
    for c in surface.commands():
        if "--save-game" not in c.options:
            continue
        p = next(p for p in c.paths() if p.opt == "--output")
        out.extend((c.name, p.name, g) for g in ids() if surface.runs_for(c.name, g) and surface._fillable(c, g, p))
    return out


CASES = _cases()


def test_every_save_game_command_is_here() -> None:
    assert {c for c, _, _ in CASES} == {"sim solo", "sim match", "play"}
    assert {g for c, _, g in CASES if c == "sim match"} == set(ids())


@pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{g}" for c, _, g in CASES])
def test_output_without_save_game_is_refused_before_any_game(tmp_path: Path, command: str, param: str,
                                                               game: str) -> None:
    c = surface.command(command)
    target = tmp_path / "record.yaml"
    args = surface.invocation(c, game, surface.param(c, param), target, tmp_path)
    assert args is not None and "--save-game" not in args
    if command == "play":
        args += ["--data", str(tmp_path / "data"), "--no-open"]  # refused before any table or server
    for extra in ([], ["--format", "json"]):
        before = sorted(tmp_path.rglob("*"))
        result = surface.run([*args, *extra])
        assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
        assert "Traceback" not in result.stderr
        if extra:
            assert json.loads(result.stdout)["errors"][0]["message"].startswith(MESSAGE), result.stdout
        else:
            assert result.stderr.startswith(MESSAGE) and len(result.stderr.splitlines()) == 1, result.stderr
            assert result.stdout == ""  # no figures: no game was played
        assert sorted(tmp_path.rglob("*")) == before and not target.exists()


def test_with_save_game_the_same_output_is_written(tmp_path: Path) -> None:
    c = surface.command("sim solo")
    target = tmp_path / "record.yaml"
    args = surface.invocation(c, "kcaloria", surface.param(c, "record_out"), target, tmp_path)
    assert args is not None
    result = surface.run([*args, "--save-game", "0", "-q"])
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert target.is_file() and "saved game 0 to" in result.stderr + result.stdout
