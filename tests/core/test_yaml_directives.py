"""Issue 1 (`%YAML` directives crash): every exception of ruamel's parser becomes a positioned kcal error.

ruamel raises ``MarkedYAMLError`` for most syntax errors, but a plain ``AssertionError`` for a ``%YAML``
directive naming a 1.x version other than 1.1 or 1.2; the loader guards the parser's own steps only.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml

REFUSED = [
    # (text, line, column, words in the message)
    ("%YAML 1.0\n---\na: 1\n", 1, 1, "unsupported YAML version 1.0"),
    ("%YAML 1.3\n---\na: 1\n", 1, 1, "unsupported YAML version 1.3"),
    ("# a comment first\n%YAML 1.9\n---\na: 1\n", 2, 1, "unsupported YAML version 1.9"),
    ("%YAML 2.0\n---\na: 1\n", 1, 1, "version 1.* is required"),
    ("%YAML 1.2\n%YAML 1.2\n---\na: 1\n", 2, 1, "duplicate YAML directive"),
    ("%TAG !e! tag:a:\n%TAG !e! tag:b:\n---\na: 1\n", 2, 1, "duplicate tag handle"),
    ("%YAML\n---\na: 1\n", 1, 6, "expected a digit"),
    ("%YAML 1.x\n---\na: 1\n", 1, 9, "expected a digit"),
    ("%TAG !e!\n---\na: 1\n", 1, 9, "while scanning a directive"),
    ("%YAML 1.2\na: 1\n", 2, 1, "expected '<document start>'"),
    ("a: 1\n...\n%YAML 1.3\n---\nb: 2\n", 3, 1, "unsupported YAML version 1.3"),
    ("%TAG !e! tag:x,2000:\n---\na: !e!thing 1\n", 3, 4, "unsupported tag 'tag:x,2000:thing'"),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), REFUSED, ids=[t[0].split("\n")[0] for t in REFUSED])
def test_yaml_directive_problems_are_positioned_kcal_errors(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(KcalError) as info:
        parse_yaml(text, "d.yaml")
    err = info.value
    assert words in err.message
    assert (err.where.file, err.where.line, err.where.column) == ("d.yaml", line, column)


@pytest.mark.parametrize("text", ["%YAML 1.2\n---\na: 1\n", "%YAML 1.1\n---\na: 1\n",
                                  "%FOO bar baz\n---\na: 1\n", "%TAG !e! tag:yaml.org,2002:\n---\na: !e!int 1\n"])
def test_yaml_directives_kcal_reads(text: str) -> None:
    """1.1 and 1.2 are read (by kcal's own 1.2 core schema); reserved directives are ignored, as the spec says."""
    assert parse_yaml(text).data == {"a": 1}


def test_yaml_directive_version_1_1_does_not_change_how_scalars_resolve() -> None:
    assert parse_yaml("%YAML 1.1\n---\na: [no, yes, 010]\n").data == {"a": ["no", "yes", 10]}


def test_yaml_parser_slip_is_reported_at_a_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any other exception inside ruamel's parser (which reads every file libyaml stops on) is caught
    too, and placed where the parser got to."""
    from ruamel.yaml.parser import Parser

    from kcal.core.yamlsafe import _parse

    real = Parser.parse_block_mapping_value

    def slip(self):  # noqa: ANN001, ANN202
        if self.scanner.peek_token().start_mark.line == 1:
            raise IndexError("list index out of range")
        return real(self)

    monkeypatch.setattr(Parser, "parse_block_mapping_value", slip)
    with pytest.raises(KcalError) as info:
        _parse("a: 1\nb: 2\n", "s.yaml", fast=False)
    assert info.value.where.line is not None and info.value.where.column is not None
    assert "IndexError" in info.value.message


def test_yaml_escape_for_a_lone_surrogate_is_refused() -> None:
    """``"\\ud800"`` makes a string no UTF-8 output can hold: refused where it stands."""
    with pytest.raises(KcalError) as info:
        parse_yaml('a: ok\nb: "x\\ud800"\n', "u.yaml")
    assert str(info.value) == "u.yaml:2:4: escape for U+D800 (half of a surrogate pair) is not a character"
    assert parse_yaml('a: "\\U0001F600"\n').data == {"a": "\U0001f600"}


@pytest.mark.parametrize("directive", ["%YAML 1.0", "%YAML 1.3"])
def test_yaml_directive_cli_exit_2_without_traceback(tmp_path: Path, directive: str) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(f"{directive}\n---\nname: D\ntiles: {{Bayou: 5}}\n")
    r = subprocess.run([sys.executable, "-m", "kcal", "deck", "validate", str(deck)], capture_output=True,
                       text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert r.stderr.startswith("deck.yaml:1:1: unsupported YAML version"), r.stderr
