"""One command-line convention everywhere (issue 12, item 10): a walk over every command of the app.

Every command answers ``-h``; placeholders have one style; ``-o`` is ``--output`` and ``-c`` is
``--catalog`` wherever they exist; a mistyped choice gets a did-you-mean; command summaries in a
group's help are never cut off with "...".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.cli.conventions import PLACEHOLDER

runner = CliRunner()
ROOT = typer.main.get_command(app)


def _walk(cmd: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, cmd
    for name, sub in getattr(cmd, "commands", {}).items():
        yield from _walk(sub, (*path, name))


ALL = list(_walk(ROOT, ()))
COMMANDS = [(p, c) for p, c in ALL if not getattr(c, "commands", None)]  # `kcal games` is a group without any
GROUPS = [(p, c) for p, c in ALL if getattr(c, "commands", None)]


def ids(items: list[tuple[tuple[str, ...], Any]]) -> list[str]:
    return [" ".join(p) or "kcal" for p, _ in items]


def test_the_walk_sees_every_command_group() -> None:
    names = {" ".join(p) for p, _ in COMMANDS}
    assert {"deck validate", "deck import", "deck hand", "sim solo", "print deck", "rules explain"} <= names


@pytest.mark.parametrize(("path", "cmd"), ALL, ids=ids(ALL))
def test_dash_h_is_help_everywhere(path: tuple[str, ...], cmd: Any) -> None:
    r = runner.invoke(app, [*path, "-h"])
    assert r.exit_code == 0, r.output
    assert "Usage:" in r.stdout and "-h, --help" in r.stdout


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=ids(COMMANDS))
def test_one_placeholder_style(path: tuple[str, ...], cmd: Any) -> None:
    for param in cmd.params:
        if getattr(param, "is_flag", False) or getattr(param, "count", False):
            continue
        assert param.metavar and PLACEHOLDER.match(param.metavar), (path, param.name, param.metavar)
    text = runner.invoke(app, [*path, "-h"]).stdout
    usage = text.split("\n\n")[0]
    assert not re.search(r"[{}<>]", usage), usage  # no {decks}, <list[Path]>
    assert "<list[" not in text and "<path>" not in text and "<str>" not in text and "<int" not in text


@pytest.mark.parametrize(("path", "cmd"), COMMANDS, ids=ids(COMMANDS))
def test_output_and_catalog_options_are_spelt_alike(path: tuple[str, ...], cmd: Any) -> None:
    for param in cmd.params:
        opts = set(getattr(param, "opts", ()))
        if "-o" in opts:
            assert "--output" in opts, (path, opts)
        if "--output" in opts:
            assert "-o" in opts, (path, opts)
        if "-c" in opts:
            assert "--catalog" in opts, (path, opts)
        if "--catalog" in opts:
            assert "-c" in opts, (path, opts)


@pytest.mark.parametrize(("path", "group"), GROUPS, ids=ids(GROUPS))
def test_command_summaries_are_not_cut_off(path: tuple[str, ...], group: Any) -> None:
    r = runner.invoke(app, [*path, "-h"], terminal_width=80)
    listing = r.stdout.split("Commands:")[-1] if "Commands:" in r.stdout else ""
    assert listing.strip(), r.stdout
    for line in listing.splitlines():
        assert not line.rstrip().endswith("..."), line


CHOICES = [(p, c, param) for p, c in COMMANDS for param in c.params
           if getattr(getattr(param, "type_descriptor", None), "choices", None)]


@pytest.mark.parametrize(("path", "cmd", "param"), CHOICES,
                         ids=[f"{' '.join(p)} {param.opts[0]}" for p, _, param in CHOICES])
def test_a_mistyped_choice_gets_a_did_you_mean(path: tuple[str, ...], cmd: Any, param: Any) -> None:
    value = str(getattr(param.type_descriptor.choices[0], "value", param.type_descriptor.choices[0]))
    typo = value + "x"  # one letter too many
    r = runner.invoke(app, [*path, param.opts[0], typo])
    assert r.exit_code == 2
    assert f"unknown value {typo!r} (did you mean {value!r}?)" in r.stderr
    assert "Traceback" not in r.output


def test_an_unknown_paper_size_is_one_plain_sentence() -> None:
    r = runner.invoke(app, ["print", "deck", "d.yaml", "-o", "d.pdf", "--paper", "a3"])
    assert r.exit_code == 2
    first = r.stderr.splitlines()[0]
    assert first == "kcal print deck: --paper: unknown value 'a3'; expected one of: letter, a4"
    assert "Value error" not in r.stderr and "Invalid value" not in r.stderr


def test_a_mistyped_bot_gets_a_did_you_mean(tmp_path: Any) -> None:
    from pathlib import Path

    deck = Path(__file__).resolve().parents[2] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
    r = runner.invoke(app, ["sim", "solo", str(deck), "--bots", "greddy", "-n", "1", "-q"])
    assert r.exit_code == 2
    assert "unknown bot 'greddy' (did you mean 'greedy'?)" in r.stderr


def test_a_mistyped_option_gets_a_did_you_mean() -> None:
    r = runner.invoke(app, ["deck", "validate", "--strct", "x.yaml"])
    assert r.exit_code == 2
    assert "no such option --strct (did you mean '--strict'?)" in r.stderr


def test_a_missing_option_is_named() -> None:
    r = runner.invoke(app, ["print", "deck", "d.yaml"])
    assert r.exit_code == 2 and "missing option --output" in r.stderr


def test_a_mistyped_command_gets_a_did_you_mean() -> None:
    r = runner.invoke(app, ["deck", "valdate"])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == "kcal deck: no such command 'valdate' (did you mean 'validate'?)"
