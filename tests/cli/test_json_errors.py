"""With ``--format json`` every outcome is one JSON document on stdout, errors included (issue 11, item 22).

On exit 2 that is ``{"errors": [{"file", "line", "column", "message", "code"}]}``. The walk below gives
every command that takes ``--format`` a bad input (a missing file, an unknown name or game) and checks it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kcal.cli.app import app

runner = CliRunner()
ROOT = typer.main.get_command(app)
DECK = Path(__file__).resolve().parents[2] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
KEYS = {"file", "line", "column", "message", "code"}


def _walk(cmd: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    subs = getattr(cmd, "commands", None)
    if not subs:
        yield path, cmd
    for name, sub in (subs or {}).items():
        yield from _walk(sub, (*path, name))


WITH_FORMAT = [(p, c) for p, c in _walk(ROOT, ()) if any("--format" in getattr(x, "opts", ()) for x in c.params)]


def bad_args(cmd: Any, tmp: Path) -> list[str]:
    """A command line that must fail on its input: a missing file for every argument, else --game nope."""
    args: list[str] = []
    arguments = [p for p in cmd.params if p.param_type_name == "argument"]
    args += [str(tmp / "missing.yaml")] * len(arguments)
    for p in cmd.params:
        if p.param_type_name == "option" and p.required:
            args += [p.opts[0], str(tmp / "out.pdf")]
    if not arguments:
        names = {o for p in cmd.params for o in getattr(p, "opts", ())}
        args += ["--game", "nope"] if "--game" in names else ["--no-such-option"]
    return args


def assert_json_errors(stdout: str) -> list[dict]:
    doc = json.loads(stdout)  # exactly one document
    assert doc["errors"], doc
    for err in doc["errors"]:
        assert set(err) >= KEYS, err
        assert isinstance(err["message"], str) and err["message"]
    return doc["errors"]


@pytest.mark.parametrize(("path", "cmd"), WITH_FORMAT, ids=[" ".join(p) for p, _ in WITH_FORMAT])
def test_bad_input_with_format_json_is_one_json_document(path: tuple[str, ...], cmd: Any, tmp_path: Path) -> None:
    r = runner.invoke(app, [*path, *bad_args(cmd, tmp_path), "--format", "json", *(
        ["-q"] if any("--quiet" in getattr(x, "opts", ()) for x in cmd.params) else [])])
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert_json_errors(r.stdout)
    assert not list(tmp_path.glob("out*")), "nothing is written on bad input"


def test_print_deck_of_a_missing_file_names_it_in_json(tmp_path: Path) -> None:
    r = runner.invoke(app, ["print", "deck", "nope.yaml", "-o", str(tmp_path / "o.pdf"), "-f", "json"])
    assert r.exit_code == 2
    [err] = assert_json_errors(r.stdout)
    assert err["file"] == "nope.yaml" and err["code"] == "error"


def test_catalog_show_of_an_unknown_tile_is_json() -> None:
    r = runner.invoke(app, ["catalog", "show", "nope", "-f", "json"])
    assert r.exit_code == 2
    [err] = assert_json_errors(r.stdout)
    assert err["code"] == "unknown-card" and "'nope'" in err["message"]


def test_sim_goldfish_of_a_deck_without_water_is_json(tmp_path: Path) -> None:
    deck = tmp_path / "dry.yaml"
    deck.write_text("name: Dry\ntiles:\n  Phlox nivalis: 5\n  Campsis radicans: 5\n")
    r = runner.invoke(app, ["sim", "goldfish", str(deck), "-n", "10", "--games", "0", "-q", "-f", "json"])
    assert r.exit_code == 2
    [err] = assert_json_errors(r.stdout)
    assert err["file"] == str(deck)


def test_deck_validate_keeps_the_missing_deck_in_the_json(tmp_path: Path) -> None:
    r = runner.invoke(app, ["deck", "validate", str(DECK), str(tmp_path / "missing.yaml"), "-f", "json"])
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    assert [d["legal"] for d in doc["decks"]] == [True]
    assert [e["file"] for e in doc["errors"]] == [str(tmp_path / "missing.yaml")]
    assert set(doc["errors"][0]) >= KEYS


def test_a_usage_error_is_json_too() -> None:
    r = runner.invoke(app, ["print", "deck", "d.yaml", "-o", "d.pdf", "--paper", "a3", "-f", "json"])
    assert r.exit_code == 2
    [err] = assert_json_errors(r.stdout)
    assert err["code"] == "usage" and "--paper" in err["message"]


def test_without_format_json_errors_stay_off_stdout() -> None:
    r = runner.invoke(app, ["catalog", "show", "nope"])
    assert r.exit_code == 2 and r.stdout == "" and "no loaded tile is named 'nope'" in r.stderr


def test_biomes_have_one_shape_in_catalog_list_and_show() -> None:
    listed = json.loads(runner.invoke(app, ["catalog", "list", "--name", "Ardea herodias", "-f", "json"]).stdout)
    shown = json.loads(runner.invoke(app, ["catalog", "show", "Ardea herodias", "-f", "json"]).stdout)
    assert listed["cards"][0]["biomes"] == shown["biomes"]
    assert set(shown["biomes"][0]) == {"code", "number", "name"}


def test_p_water_exact_is_the_exact_value_at_full_precision() -> None:
    from kcal.games.kcaloria.sim.exact import p_none

    r = runner.invoke(app, ["sim", "goldfish", str(DECK), "-n", "200", "--games", "0", "-q", "-f", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["p_water_exact"] == float(1 - p_none(data["deck_size"], data["water_tiles"], 7))


@pytest.mark.parametrize("command", [["sim", "solo"], ["sim", "goldfish", "--games", "0", "--hands", "10"],
                                     ["deck", "hand"]])
def test_a_deck_without_water_names_its_file_in_every_command(command: list[str], tmp_path: Path) -> None:
    """Issue 12, item 13: `sim solo` says which file, as `sim goldfish` does."""
    deck = tmp_path / "dry.yaml"
    deck.write_text("name: Dry\ntiles:\n  Phlox nivalis: 5\n  Campsis radicans: 5\n")
    r = runner.invoke(app, [*command, str(deck), *(["-q"] if command[0] == "sim" else [])])
    assert r.exit_code == 2
    assert r.stderr.startswith(f"{deck}:") and "has no water tile" in r.stderr


def test_a_usage_error_raised_by_a_command_has_the_usage_code() -> None:
    r = runner.invoke(app, ["sim", "match", "-f", "json"])
    assert r.exit_code == 2
    [err] = assert_json_errors(r.stdout)
    assert err["code"] == "usage" and "give 2 to 4" in err["message"]
