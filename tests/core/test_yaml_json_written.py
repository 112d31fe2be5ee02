"""The YAML reader and files written by ``json.dumps`` (issue 36, item 6): with its defaults, JSON writes
every character past U+FFFF as a surrogate pair of escapes (``"\\ud83d\\udc38"``); a pair is the one
character it stands for, a lone half is still refused at its position. A catalog written so reads as the
same catalog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml
from tests.packs import samples, with_sample


@settings(max_examples=300)
@given(st.dictionaries(st.text(st.characters(exclude_categories=["Cs", "Cc"]), min_size=1, max_size=8),
                       st.text(st.characters(exclude_categories=["Cs", "Cc"]), max_size=12), min_size=1, max_size=5))
def test_json_dumps_defaults_read_back_as_written(data: dict[str, str]) -> None:
    text = json.dumps(data)  # ensure_ascii: every non-ASCII character escaped, astral ones as pairs
    try:
        doc = parse_yaml(text.encode("ascii"), "c.json")
    except KcalError as exc:  # what kcal refuses in any file (a BOM, bidi controls...): refused with a position
        assert exc.where.line is not None
        return
    assert doc.data == data


@pytest.mark.parametrize("escapes", ["\\ud83d", "\\udc38", "\\udc38\\ud83d", "a\\ud83dz"])
def test_a_lone_half_of_a_pair_is_refused_at_its_line(escapes: str) -> None:
    with pytest.raises(KcalError, match="half of a surrogate pair") as info:
        parse_yaml(f'name: ok\nfood: "{escapes}"\n'.encode(), "c.yaml")
    assert info.value.where.line == 2


def _names(data: object) -> list[dict]:
    """Every mapping with a text ``name`` in ``data``, in document order (a card, a species, a food)."""
    if isinstance(data, dict):
        return ([data] if isinstance(data.get("name"), str) else []) + [m for v in data.values() for m in _names(v)]
    return [m for v in data for m in _names(v)] if isinstance(data, list) else []


@pytest.mark.parametrize("game", with_sample("catalog"))
def test_a_catalog_written_by_json_dumps_validates(tmp_path: Path, game: str) -> None:
    catalog = samples(game)["catalog"]
    data = parse_yaml(catalog.read_bytes(), str(catalog)).data
    for card in _names(data)[:3]:  # a name with a character past U+FFFF, as JSON escapes it
        card["name"] += " \U0001F438"
    out = tmp_path / "cards.json"
    out.write_text(json.dumps(data), encoding="ascii")
    assert "\\ud83d\\udc38" in out.read_text()
    result = CliRunner().invoke(app, ["catalog", "validate", "--game", game, str(out)])
    assert result.exit_code in (0, 1), (result.stdout, result.stderr)
    assert "surrogate" not in result.stdout + result.stderr
