"""Paths are text from outside (issue 21, item 1): a file name with ESC, BEL, CR, LF, a bidi control or a
C1 character is shown escaped in every message, as names are (``\\x1b``, ``\\n``, ``\\u202e``), so it cannot
colour a terminal, reorder a line or forge a second ``file:line:column:`` line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.examples import shipped
from kcal.core.registry import get, ids
from tests.packs import samples

HOSTILE = ["e\x1b[31mred", "b\x07ell", "two\nfake.yaml:1:1: error", "c\rr", "rtl\u202eoverride", "csi\x9b2J"]
UNSAFE = set("\x1b\x07\r\x9b\u202e")


def _check(text: str, name: str) -> None:
    assert not UNSAFE & set(text), repr(text)
    assert not any(line.startswith("fake.yaml") for line in text.splitlines()), text
    assert repr(name)[1:-1] in text, (name, text)


def _inputs() -> list[tuple[str, Path, list[str]]]:
    """For every pack: its card data (``catalog validate``), its deck sample (``deck validate``, when it
    checks decks) and a record it ships (``rules replay``: its illegal move, whose message names the file)."""
    out = []
    for game in ids():
        pack, found = get(game), samples(game)
        if "catalog" in found:
            out.append((game, found["catalog"], ["catalog", "validate", "--game", game]))
        if pack.has("deck") and "deck" in found:
            out.append((game, found["deck"], ["deck", "validate", "--game", game]))
        records = [s.path for s in shipped(pack) if s.name == "illegal-move"] or [s.path for s in shipped(pack)[:1]]
        out += [(game, path, ["rules", "replay", "--game", game]) for path in records]
    return out


@pytest.mark.parametrize("name", HOSTILE, ids=["esc", "bel", "lf", "cr", "bidi", "c1"])
@pytest.mark.parametrize(("game", "source", "command"),
                         [pytest.param(*i, id=f"{i[0]}-{i[2][0]}-{i[2][1]}") for i in _inputs()])
def test_a_hostile_file_name_is_shown_escaped(tmp_path: Path, name: str, game: str, source: Path,
                                              command: list[str]) -> None:
    path = tmp_path / f"{name}.yaml"
    shutil.copy(source, path)
    result = CliRunner().invoke(app, [*command, str(path)])
    _check(result.stdout + result.stderr, path.name)


@pytest.mark.parametrize("name", HOSTILE, ids=["esc", "bel", "lf", "cr", "bidi", "c1"])
def test_a_missing_hostile_file_is_named_escaped(tmp_path: Path, name: str) -> None:
    result = CliRunner().invoke(app, ["deck", "validate", str(tmp_path / f"{name}.yaml")])
    assert result.exit_code == 2
    _check(result.stderr, f"{name}.yaml")
