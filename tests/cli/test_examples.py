"""Examples a user can find (issue 20, item 6): every pack ships example records in its data folder (a
short game, a finished game, an illegal move, a ``start:`` position), each replays to the outcome its
comment states, ``kcal rules examples`` lists them and ``kcal rules replay --example NAME --game ID``
replays one; ``kcal deck validate bayou-ambush`` finds a shipped deck by its name; and every game record
under tests/ that is not bad input on purpose replays."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core import examples
from kcal.core.registry import get, ids

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("short-game", "finished-game", "illegal-move")


def run(*args: str | Path):
    return CliRunner().invoke(app, [str(a) for a in args])


def _start_supported(game_id: str) -> bool:
    """A pack's records take ``start:`` (every pack's will; kCaloria's arrives with its start positions)."""
    schema = get(game_id).hook("schema").export("game")
    return "start" in json.dumps(schema.get("properties", {}))


@pytest.mark.parametrize("game_id", ids())
def test_every_pack_ships_the_four_kinds_of_example(game_id: str) -> None:
    shipped = {e.name: e for e in examples.shipped(get(game_id))}
    assert set(KINDS) <= set(shipped), f"{game_id} ships {sorted(shipped)}"
    if _start_supported(game_id):
        with_start = [e for e in shipped.values() if "start" in YAML(typ="safe").load(e.path.read_text("utf-8"))]
        assert with_start, f"{game_id} ships no example with a start: position"
    for e in shipped.values():
        assert e.summary and e.path.stat().st_size < 16_000, e.path  # a line to list, small enough to read


EXAMPLES = [e for g in ids() for e in examples.shipped(get(g))]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.game}/{e.name}")
def test_each_example_replays_to_the_outcome_it_states(example: examples.Shipped) -> None:
    comment = "".join(line for line in example.path.read_text(encoding="utf-8").splitlines(keepends=True)
                      if line.startswith("#"))
    stated = re.search(r"\bexit (\d)\b", comment)
    assert stated, f"{example.path}: its comment says which exit code the replay gives"
    r = run("rules", "replay", "--example", example.name, "--game", example.game, "--format", "json")
    assert r.exit_code == int(stated.group(1)), r.stderr
    result = json.loads(r.stdout)
    if example.name == "finished-game":
        assert result["ended"] and result["legal"]
    if example.name == "short-game":
        assert result["legal"] and not result["ended"] and result["moves_applied"] > 0
    if example.name == "illegal-move":
        assert not result["legal"] and result["illegal_move"]["reason"]


def test_rules_examples_lists_every_pack_and_the_command_that_replays_each() -> None:
    r = run("rules", "examples")
    assert r.exit_code == 0
    for e in EXAMPLES:
        assert f"kcal rules replay --example {e.name} --game {e.game}" in r.stdout
    listed = json.loads(run("rules", "examples", "--game", "kalua", "--format", "json").stdout)["examples"]
    assert {e["name"] for e in listed} >= set(KINDS) and {e["game"] for e in listed} == {"kalua"}


def test_a_bare_name_replays_the_example_and_an_unknown_one_suggests() -> None:
    assert run("rules", "replay", "finished-game", "--game", "kalua").exit_code == 0
    r = run("rules", "replay", "--example", "finished-gme", "--game", "kalua")
    assert r.exit_code == 2 and "(did you mean 'finished-game'?)" in r.stderr and "illegal-move" in r.stderr
    r = run("rules", "replay")
    assert r.exit_code == 2 and "--example NAME" in r.stderr


def test_deck_validate_finds_a_shipped_deck_by_name() -> None:
    r = run("deck", "validate", "bayou-ambush")
    assert r.exit_code == 0 and "Bayou Ambush" in r.stdout
    r = run("deck", "validate", "bayou-ambsh")
    assert r.exit_code == 2 and "(did you mean 'bayou-ambush'?)" in r.stderr


def test_the_wheel_ships_the_examples(tmp_path: Path) -> None:
    """What a wheel holds is what setuptools' build_py copies (pyproject's package data): every example
    and every shipped deck is in it."""
    import subprocess
    import sys

    subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py",
                    "--build-lib", str(tmp_path)], cwd=ROOT, check=True, capture_output=True, timeout=300)
    shipped = [*EXAMPLES, *(d for g in ids() for d in examples.shipped(get(g), examples.DECKS))]
    ours = [e for e in shipped if e.path.is_relative_to(ROOT / "src")]  # a pack of its own has its own wheel
    assert ours
    for e in ours:
        relative = e.path.relative_to(ROOT / "src")
        assert (tmp_path / relative).is_file(), f"{relative} is not in the wheel"


def _records_under_tests() -> list[Path]:
    found = []
    for path in sorted((ROOT / "tests").rglob("*.yaml")):
        if "bad" in path.parts or "bad_input" in path.parts or path.name.startswith("bad-"):
            continue  # bad input on purpose
        try:
            data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        except Exception:  # not YAML a user would replay
            continue
        if isinstance(data, dict) and ("moves" in data or "rounds" in data):
            found.append(path)
    return found


@pytest.mark.parametrize("record", _records_under_tests(), ids=lambda p: str(p.relative_to(ROOT / "tests")))
def test_every_record_under_tests_that_looks_like_an_example_replays(record: Path) -> None:
    r = run("rules", "replay", record)
    assert r.exit_code in (0, 1), r.stderr


@pytest.mark.parametrize("game_id", ids())
def test_each_packs_docs_list_its_examples(game_id: str) -> None:
    folder = examples.folder(get(game_id), examples.EXAMPLES)
    assert folder is not None
    docs = "".join(p.read_text(encoding="utf-8") for p in sorted((folder.parent.parent / "docs").glob("*.md")))
    assert f"kcal rules examples --game {game_id}" in docs
    for name in KINDS:
        assert f"| `{name}` |" in docs, f"{game_id}'s docs do not list the example {name}"
