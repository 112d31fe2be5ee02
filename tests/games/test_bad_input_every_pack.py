"""BAD-INPUT.md's classes of bad YAML, for every pack's game record (issue 21: "add each class to
BAD-INPUT.md's checks in tests/ for every pack where it applies").

Each pack's own ``test_bad_input.py`` keeps its golden fixtures; here the same probe goes to all four
packs' ``rules replay``, each written into a legal record of that pack: exit 2 (a :class:`KcalError`),
every problem at ``file:line:column`` of this file, the words of the class, and nothing run. The CLI
cases check the whole command: one line a problem, no traceback, the path escaped (class 26).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.core.registry import get
from tests.timeguard import bounded

TESTS = Path(__file__).resolve().parent
BASES = {
    "kcaloria": TESTS / "kcaloria/engine/fixtures/bayou-phlox-squirrel.yaml",
    "how-many-calories": TESTS / "how_many_calories/fixtures/examples/rulebook-red-8.yaml",
    "kalua": TESTS / "kalua/fixtures/examples/table-game.yaml",
    "ecologic-europe": TESTS / "ecologic_europe/fixtures/meadow-spring.yaml",
}
PACKS = sorted(BASES)
SRC = Path(__file__).resolve().parents[2] / "src/kcal/games"
#: a card set (catalog) of each pack, the base of the same probes through ``catalog validate``'s library call
SETS = {
    "kcaloria": TESTS / "kcaloria/fixtures/mini-catalog.yaml",
    "how-many-calories": SRC / "how_many_calories/data/foods.yaml",
    "kalua": SRC / "kalua/data/cards.yaml",
    "ecologic-europe": SRC / "ecologic_europe/data/species-cities.yaml",
}


def _base(game: str, files: dict[str, Path] = BASES) -> str:
    """The pack's legal record (or card set), without comments and without a seed (the probes add
    their own)."""
    lines = files[game].read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith(("#", "seed:"))) + "\n"


def _first_key(text: str) -> str:
    return next(line for line in text.splitlines() if line[:1].isalpha()).split(":")[0]


def _bomb() -> str:
    levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(8):
        prev, cur = chr(97 + i), chr(98 + i)
        levels.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(levels) + "\n"


#: class, how the probe changes the record's text, words the message must have
PROBES: list[tuple[str, Callable[[str], str | bytes], str]] = [
    ("1 tab indent", lambda t: t + "bad:\n\t- x\n", "malformed YAML"),
    ("1 unclosed quote", lambda t: t + 'seed: "3\n', "malformed YAML"),
    ("1 a: b: c", lambda t: t + "a: b: c\n", "malformed YAML"),
    ("2 NUL byte", lambda t: t + "seed: 3\x00\n", "control character U+0000"),
    ("2 invalid UTF-8", lambda t: t.encode() + b"seed: \xff\n", "UTF-8"),
    ("3 duplicate key", lambda t: t + _first_key(t) + ": x\n", "duplicate key"),
    ("3 duplicate merge", lambda t: t + "x: &x {a: 1}\ny: {<<: *x, <<: *x}\n", "duplicate merge key"),
    ("4 unknown field", lambda t: t + "cots: 1\n", "cots"),
    ("4 did-you-mean", lambda t: t + "sed: 3\n", "unknown field 'sed' (did you mean"),
    ("6 1e999", lambda t: t + "seed: 1e999\n", "out of range"),
    ("6 no as a seed", lambda t: t + "seed: no\n", "seed"),
    ("6 a date as a seed", lambda t: t + "seed: 2024-01-01\n", "seed"),
    ("7 python tag", lambda t: t + "seed: !!python/object/apply:os.system [echo hacked]\n", "unsupported tag"),
    ("7 custom tag", lambda t: t + "seed: !custom 3\n", "unsupported tag"),
    ("8 alias bomb", lambda t: t + _bomb(), "alias bomb"),
    ("8 cycle", lambda t: t + "x: &a [*a]\n", "cycle"),
    ("8 self-merge", lambda t: t + "x: &a {<<: *a}\n", "cycle"),
    ("9 nesting 100,000 deep", lambda t: t + "x: " + "[" * 100_000 + "\n", "nesting deeper than 64"),
    ("10 complex key", lambda t: t + "? - -\n: 1\n", "mapping key"),
    ("10 5,000-digit integer", lambda t: t + "seed: " + "9" * 5000 + "\n", "5000 digits"),
    ("11 empty file", lambda t: "", "empty"),
    ("11 comments only", lambda t: "# nothing here\n", "empty"),
    ("11 two documents", lambda t: t + "---\nplayers: [A]\n", "second one"),
    ("11 top level a list", lambda t: "- " + t.splitlines()[0] + "\n", "mapping"),
    ("12 a 10 MB string", lambda t: t + "seed: '" + "x" * 10_000_000 + "'\n", "the limit is"),
    ("21 %YAML 1.3", lambda t: "%YAML 1.3\n---\n" + t, "unsupported YAML version 1.3"),
    ("21 %TAG", lambda t: "%TAG !e! tag:example.com,2000:\n---\n" + t + "seed: !e!x 3\n", "unsupported tag"),
]


@pytest.mark.parametrize("game", PACKS)
@pytest.mark.parametrize(("case", "probe", "words"), PROBES, ids=[p[0] for p in PROBES])
def test_bad_input_every_pack_refuses_at_a_position(tmp_path: Path, game: str, case: str,
                                                    probe: Callable[[str], str | bytes], words: str) -> None:
    text = probe(_base(game))
    path = tmp_path / "record.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    with bounded(60, f"refusing {case}"), pytest.raises(KcalError) as info:  # refused, not worked through
        get(game).hook("replay").replay(path)
    exc = info.value
    assert exc.exit_code == 2
    assert words in str(exc), str(exc)
    for problem in exc.problems:
        assert problem.where.file == str(path)
        if not case.startswith("12"):  # the size cap refuses before reading a line
            assert problem.where.line and problem.where.column, str(exc)


@pytest.mark.parametrize("game", PACKS)
@pytest.mark.parametrize(("case", "probe", "words"), PROBES, ids=[p[0] for p in PROBES])
def test_bad_input_every_pack_card_set_refuses_at_a_position(tmp_path: Path, game: str, case: str,
                                                             probe: Callable[[str], str | bytes],
                                                             words: str) -> None:
    text = probe(_base(game, SETS))
    path = tmp_path / "set.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    result = get(game).hook("catalog").validate_catalogs([str(path)])
    assert result["valid"] is False
    errors = [e for c in result["catalogs"] for e in c["errors"]]
    assert errors and any(words in e["message"] for e in errors), errors
    for error in errors:
        assert Path(error["file"]).name == "set.yaml"
        if not case.startswith("12"):  # the size cap refuses before reading a line
            assert error["line"] and error["column"], errors


@pytest.mark.parametrize("game", PACKS)
def test_bad_input_every_pack_base_files_are_legal(game: str) -> None:
    assert get(game).hook("catalog").validate_catalogs([str(SETS[game])])["valid"] is True


@pytest.mark.parametrize("game", PACKS)
def test_bad_input_every_pack_base_records_replay(game: str) -> None:
    """The probes start from legal records: without a probe each one replays (the probes' findings are
    theirs, not the base's)."""
    path = BASES[game]
    result = get(game).hook("replay").replay(path)
    assert result.moves_applied > 0


@pytest.mark.parametrize("game", PACKS)
@pytest.mark.parametrize("char", ["\u202e", "\u200b", "\u2066", "\ufeff", "\u2028"])
def test_bad_input_every_pack_refuses_invisible_and_bidi_characters_in_player_names(
        tmp_path: Path, game: str, char: str) -> None:
    """Class 22: ``A`` and ``A`` with a zero-width space are two names that look one; a right-to-left
    override turns the rest of a line around. Refused at the name, the character named, never echoed."""
    text = _base(game)
    start = text.index("players: [") + len("players: [")
    end = text.index(",", start)
    path = tmp_path / "record.yaml"
    name = text[start] + char + (text[start + 1:end] or "x")  # inside it: at its edge U+2028 is a space
    path.write_text(text[:start] + '"' + name + '"' + text[end:], encoding="utf-8")
    with pytest.raises(KcalError) as info:
        get(game).hook("replay").replay(path)
    assert info.value.exit_code == 2
    assert f"U+{ord(char):04X}" in str(info.value) and "is not allowed in a name" in str(info.value)
    assert char not in str(info.value)
    line = 1 + text[:start].count("\n")
    assert [(p.where.line, p.where.column) for p in info.value.problems] == [(line, start - text.rindex("\n", 0, start))]


@pytest.mark.parametrize("game", PACKS)
def test_bad_input_every_pack_wrong_type_at_its_node(tmp_path: Path, game: str) -> None:
    """Class 5: a wrong type is reported at the value's own line and column, with the field's name."""
    text = _base(game)
    start = text.index("players: [")
    end = text.index("\n", start)
    path = tmp_path / "record.yaml"
    path.write_text(text[:start] + "players: 5" + text[end:], encoding="utf-8")
    with pytest.raises(KcalError) as info:
        get(game).hook("replay").replay(path)
    assert info.value.exit_code == 2
    line = 1 + text[:start].count("\n")
    assert [(p.where.line, p.where.column) for p in info.value.problems] == [(line, 10)], str(info.value)
    assert "players" in str(info.value)


@pytest.mark.parametrize("game", PACKS)
def test_bad_input_every_pack_wrong_game_names_both(tmp_path: Path, game: str) -> None:
    """Class 24: a record of another game handed to this pack's replay."""
    other = PACKS[(PACKS.index(game) + 1) % len(PACKS)]
    path = tmp_path / "other.yaml"
    text = _base(other)
    path.write_text(text if text.startswith("game:") or "\ngame:" in text else f"game: {other}\n" + text,
                    encoding="utf-8")
    with pytest.raises(KcalError) as info:
        get(game).hook("replay").replay(path)
    assert info.value.exit_code == 2
    assert other in str(info.value) or get(other).info.name in str(info.value), str(info.value)


def _kcal(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KCAL_NO_CACHE": "1"}
    return subprocess.run([sys.executable, "-m", "kcal", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


@pytest.mark.parametrize("game", PACKS)
def test_bad_input_every_pack_cli_one_line_no_traceback_path_escaped(tmp_path: Path, game: str) -> None:
    """Classes 1, 3 and 26 through ``kcal rules replay``: one positioned line a problem, no
    traceback, nothing on stdout, and a file name with ESC and a newline shown escaped."""
    name = "rec\x1b]0;title\x07\nx.yaml"
    (tmp_path / name).write_text(_base(game) + "players: [X, Y]\n", encoding="utf-8")
    proc = _kcal("rules", "replay", "--game", game, name, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("rec\\x1b]0;title\\x07\\nx.yaml:"), lines[0]
    assert "duplicate key 'players'" in lines[0]
    assert "\x1b" not in proc.stderr and "\x07" not in proc.stderr
