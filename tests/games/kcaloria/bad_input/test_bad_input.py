"""BAD-INPUT.md, loader rows: each hostile file gives one positioned message, exit 2, nothing written.

The expected messages are golden (``expected.txt``: ``case<TAB>message``); when wording changes on
purpose, regenerate with ``KCAL_REGEN_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.errors import KcalError
from kcal.games.kcaloria.files.load import load_library

HERE = Path(__file__).parent
GOLDEN = HERE / "expected.txt"
DECKS = sorted(p.name for p in (HERE / "decks").glob("*.yaml"))
CATALOGS = sorted(p.name for p in (HERE / "catalogs").glob("*.yaml"))
MINI = "../fixtures/mini-catalog.yaml"


def _golden() -> dict[str, str]:
    out = {}
    if GOLDEN.exists():
        for line in GOLDEN.read_text(encoding="utf-8").splitlines():
            case, _, message = line.partition("\t")
            out[case] = message.replace("\\n", "\n")
    return out


GOLD = _golden()
_REGEN: dict[str, str] = {}


def _check(case: str, message: str) -> None:
    if os.environ.get("KCAL_REGEN_GOLDEN"):
        _REGEN[case] = message
        GOLD[case] = message
        GOLDEN.write_text("".join(f"{k}\t{v.replace(chr(10), chr(92) + 'n')}\n" for k, v in sorted(GOLD.items())),
                          encoding="utf-8")
    assert message == GOLD.get(case), f"{case}: {message!r}"


@pytest.fixture(autouse=True)
def _in_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(HERE)


@pytest.mark.parametrize("name", DECKS)
def test_bad_deck_is_one_positioned_message_and_exit_2(name: str) -> None:
    before = sorted(os.listdir("decks"))
    result = CliRunner().invoke(app, ["deck", "validate", f"decks/{name}", "--format", "json"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    doc = json.loads(result.stdout)  # one JSON document, the errors included (issue 11, item 22)
    assert doc["decks"] == [] and doc["errors"] and all(e["file"] == f"decks/{name}" for e in doc["errors"])
    message = result.stderr.strip()
    assert message.startswith(f"decks/{name}:")
    # file:line:column for everything that has a position inside the file
    if name != "a-directory.yaml":
        assert message.split(":")[1].isdigit() and message.split(":")[2].isdigit(), message
    _check(f"decks/{name}", message)
    assert sorted(os.listdir("decks")) == before  # nothing written


@pytest.mark.parametrize("name", CATALOGS)
def test_bad_catalog_names_its_position(name: str) -> None:
    with pytest.raises(KcalError) as info:
        load_library([f"catalogs/{name}", MINI])
    message = str(info.value)
    assert message.split(":")[1].isdigit() and message.split(":")[2].isdigit(), message
    _check(f"catalogs/{name}", message)


def test_python_tag_is_never_executed(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    deck = tmp_path / "deck.yaml"
    deck.write_text(f"name: !!python/object/apply:os.system ['touch {marker}']\ntiles: {{Bayou: 5}}\n")
    result = CliRunner().invoke(app, ["deck", "validate", str(deck)])
    assert result.exit_code == 2
    assert "unsupported tag" in result.stderr
    assert not marker.exists()


def test_deep_nesting_in_a_subprocess_does_not_crash() -> None:
    """Row 9: 100,000 levels must not overflow the stack (run apart, as a crash would kill pytest)."""
    code = (
        "from kcal.core.yamlsafe import parse_yaml\n"
        "from kcal.core.errors import KcalError\n"
        "for text in ('a: ' + '[' * 100000 + ']' * 100000, 'a:\\n' + ''.join(' ' * i + '- \\n' for i in range(0, 3000, 1))):\n"
        "    try:\n"
        "        parse_yaml(text, 'deep.yaml')\n"
        "    except KcalError as e:\n"
        "        print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines and all("deeper than 64 levels" in line or "malformed YAML" in line for line in lines), lines
