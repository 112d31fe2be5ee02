"""Paths in messages, the whole class (issue 32, item 12; BAD-INPUT.md #26): a file name made of any
character that acts on a terminal or breaks a line (C0 controls with ESC, BEL, CR and LF, DEL, the C1
controls, bidi controls, the line and paragraph separators, the BOM, undecodable bytes) reaches no output
raw, in every command that takes or writes a path, in text without a terminal, in colour (a terminal)
and with ``--format json``.

By construction: every stderr line goes through ``kcal.cli.output.say`` (problems and warnings too),
every report through ``emit``/``write_text`` and every JSON document through ``kcal.core.text.json_safe``;
``test_nothing_prints_around_the_output_layer`` keeps it so.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.text import shown
from tests.hypothesis_profile import PROFILE_SUPPRESSED

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "kcal"
DECK = SRC / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
KCAL_GAME = ROOT / "tests" / "games" / "kcaloria" / "engine" / "fixtures" / "heron-cannot-be-paid.yaml"

#: every character a message must not print raw
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")
_COLOURS = re.compile("\x1b\\[(?:0|1|31|33)m")
_HOSTILE = ("\x1b[31m", "\x07", "\r", "\n", "\t", "\x7f", "\x85", "\x9b2J", "\u202e", "\u2066", "\u2028",
            "\ufeff", "\x1b]0;title\x07", "\udc9b", "\udcff", "\x01", "\x0b")
_FORGED = "\nfake.yaml:1:1: error"

hostile_names = st.builds(
    lambda parts, forged: "".join(parts) + (_FORGED if forged else ""),
    st.lists(st.one_of(st.sampled_from(_HOSTILE), st.text("abcÉ-_ .", min_size=1, max_size=3)),
             min_size=1, max_size=5).filter(lambda p: any(_UNSAFE.search(x) for x in p)),
    st.booleans(),
)


def _fs(path: Path) -> Path:
    """``path`` as the file system takes it (undecodable bytes as surrogates, as ``sys.argv`` has them)."""
    return Path(os.fsdecode(os.fsencode(str(path))))


# each: (tmp folder, hostile name) -> (arguments, the name a message shows, exit codes allowed)
def _validate(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    path = tmp / f"{name}.yaml"
    shutil.copy(DECK, path)
    return ["deck", "validate", str(path)], path.name, {0, 1}


def _missing(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    return ["deck", "validate", str(tmp / f"{name}.yaml")], f"{name}.yaml", {2}


def _svg_exists(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    out = tmp / f"{name}.svg"
    out.write_text("mine")
    return ["rules", "replay", str(KCAL_GAME), "--svg", str(out)], out.name, {2}


def _save_game(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    return (["sim", "solo", str(DECK), "-n", "1", "--save-game", "0", "-o", str(tmp / f"{name}.yaml")],
            f"{name}.yaml", {0})


def _print_folder(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    return ["print", "deck", str(DECK), "-o", str(tmp / name / "x.pdf")], name, {2}


def _font(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    font = tmp / f"{name}.ttf"
    font.write_text("not a font")
    return ["print", "deck", str(DECK), "--font", str(font), "-o", str(tmp / "o.pdf")], font.name, {2}


def _templates(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    return ["print", "rulebook", "--templates", str(tmp / name), "-o", str(tmp / "r.pdf")], name, {2}


def _import_onto_input(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    source = tmp / f"{name}.txt"
    source.write_text("4 Bayou\n")
    return ["deck", "import", str(source), "-o", str(source)], source.name, {2}


def _export(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    return (["export", "png", str(DECK), "-o", str(tmp / name), "--only", "Bayou", "--dpi", "50", "-q"],
            name, {0})


def _catalog(tmp: Path, name: str) -> tuple[list[str], str, set[int]]:
    path = tmp / f"{name}.yaml"
    path.write_text("game: kalua\ncards: [\n")
    return ["catalog", "validate", "--game", "kalua", str(path)], path.name, {1, 2}


COMMANDS: dict[str, Callable[[Path, str], tuple[list[str], str, set[int]]]] = {
    "deck validate": _validate, "deck validate (missing)": _missing, "rules replay --svg": _svg_exists,
    "sim solo --save-game": _save_game, "print deck -o": _print_folder, "print --font": _font,
    "print rulebook --templates": _templates, "deck import -o": _import_onto_input, "export png": _export,
    "catalog validate": _catalog,
}
MODES = {"pipe": ({"NO_COLOR": "1", "FORCE_COLOR": ""}, []),
         "terminal": ({"FORCE_COLOR": "1", "NO_COLOR": ""}, []),
         "json": ({"NO_COLOR": "1", "FORCE_COLOR": ""}, ["--format", "json"])}


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _safe(text: str) -> None:
    bare = _COLOURS.sub("", text)
    assert not _UNSAFE.search(bare), repr(text)
    assert not any(line.startswith("fake.yaml") for line in bare.splitlines()), text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("command", COMMANDS)
@settings(max_examples=8, suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(name=hostile_names)
def test_a_hostile_path_never_reaches_an_output_raw(tmp_path_factory: pytest.TempPathFactory, command: str,
                                                   mode: str, name: str) -> None:
    tmp = _fs(tmp_path_factory.mktemp("hostile"))
    try:
        args, named, codes = COMMANDS[command](tmp, name)
    except (OSError, UnicodeError):  # a name this file system cannot hold
        return
    env, extra = MODES[mode]
    result = CliRunner().invoke(app, [*args, *extra], env=env)
    assert result.exit_code in codes, (result.exit_code, result.stdout, result.stderr, result.exception)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    _safe(result.stderr)
    _safe(result.stdout)
    shown_name = shown(os.path.normpath(named))
    if mode == "json":
        document = json.loads(result.stdout)  # one document: the real name in it, or escaped on stderr
        blob = "\0".join(_strings(document))
        assert named in blob or shown_name in result.stderr, (named, blob, result.stderr)
    else:
        assert shown_name in result.stdout + result.stderr, (shown_name, result.stdout, result.stderr)


def test_json_keeps_the_real_name(tmp_path: Path) -> None:
    """JSON writes the characters escaped (``\\u009b``), so a tool reads back the very name."""
    name = "a\x9bb\u202ec\x1b"
    path = tmp_path / f"{name}.yaml"
    result = CliRunner().invoke(app, ["deck", "validate", str(path), "--format", "json"])
    assert result.exit_code == 2
    _safe(result.stdout)
    assert json.loads(result.stdout)["errors"][0]["file"] == str(path)


_ALLOWED_PRINTERS = {"cli/output.py", "cli/app.py", "sim/progress.py"}


def _prints(tree: ast.AST) -> list[int]:
    """Lines that write to stderr, or print, other than through the output layer."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = ast.unparse(f)
            if name in ("typer.echo", "click.echo", "print", "sys.stderr.write", "typer.secho"):
                found.append(node.lineno)
    return found


def test_nothing_prints_around_the_output_layer() -> None:
    """No module prints a line itself: stderr lines go through ``say`` (or ``warn``, ``report_problems``),
    reports through ``emit``/``write_text``, so no message can format a path raw."""
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel in _ALLOWED_PRINTERS:
            continue
        lines = _prints(ast.parse(path.read_text(encoding="utf-8")))
        offenders += [f"{rel}:{line}" for line in lines]
    assert not offenders, offenders
