"""core.yamlsafe: positions, scalars by the YAML 1.2 core schema, budgets, and a property test."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml


def test_positions_of_keys_and_values_are_one_based() -> None:
    doc = parse_yaml("name: X\ntiles:\n  Bayou: 5\n  Phlox nivalis: 4\n", "d.yaml")
    assert doc.pos(("tiles", "Phlox nivalis"), key=True) == (4, 3)
    assert doc.pos(("tiles", "Phlox nivalis")) == (4, 18)
    assert doc.pos(("tiles",), key=True) == (2, 1)
    assert doc.pos(("tiles", "missing", 3)) == (3, 3)  # falls back to the nearest node that exists


def test_scalars_follow_the_core_schema() -> None:
    data = parse_yaml("a: [no, yes, 'true', true, 010, 0o10, 0x1F, 1.5, ~, 2024-02-03, 'x: y']\n").data
    assert data["a"] == ["no", "yes", "true", True, 10, 8, 31, 1.5, None, dt.date(2024, 2, 3), "x: y"]


def test_keys_stay_as_written() -> None:
    assert parse_yaml("tiles: {010: 1, true: 2, null: 3}\n").data["tiles"] == {"010": 1, "true": 2, "null": 3}


def test_explicit_core_tags_are_accepted_and_checked() -> None:
    assert parse_yaml("a: !!str 010\nb: !!int '7'\n").data == {"a": "010", "b": 7}
    with pytest.raises(KcalError, match="not a valid int"):
        parse_yaml("a: !!int seven\n")


def test_merge_keys_merge_without_overriding_own_keys() -> None:
    data = parse_yaml("base: &b {a: 1, b: 2}\nx:\n  <<: *b\n  b: 3\n").data
    assert data["x"] == {"a": 1, "b": 3}


def test_aliases_are_shared_not_copied() -> None:
    data = parse_yaml("a: &x [1, 2]\nb: *x\n").data
    assert data["b"] is data["a"]


def test_alias_bomb_is_rejected_quickly() -> None:
    levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(8):
        prev, cur = chr(97 + i), chr(98 + i)
        levels.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    with pytest.raises(KcalError, match="alias bomb"):
        parse_yaml("\n".join(levels) + "\n")


def test_size_cap_before_parsing() -> None:
    with pytest.raises(KcalError, match="the limit is"):
        parse_yaml(b"a: " + b"x" * 200, max_bytes=100)


def test_long_scalar_is_refused() -> None:
    with pytest.raises(KcalError, match="the limit is"):
        parse_yaml("a: " + "x" * 200_001 + "\n")


yamlish = st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#?,\n\t 0123456789.~<")), max_size=80)


@settings(max_examples=400)
@given(yamlish)
def test_any_text_gives_data_or_a_positioned_kcal_error(text: str) -> None:
    try:
        parse_yaml(text, "gen.yaml")
    except KcalError as err:
        assert err.where.file == "gen.yaml"
        assert err.where.line is not None and err.where.line >= 1
        assert err.where.column is not None and err.where.column >= 1


def test_a_quoted_merge_key_is_an_ordinary_key() -> None:
    """YAML merges only a plain ``<<`` (issue 21); ``"<<"`` and ``'<<'`` are keys like any other."""
    from kcal.core.yamlsafe import parse_yaml

    assert parse_yaml('base: &b {a: 1}\nx:\n  "<<": *b\n  c: 2\n').data["x"] == {"<<": {"a": 1}, "c": 2}
    assert parse_yaml("x:\n  '<<': {a: 1}\n").data["x"] == {"<<": {"a": 1}}
    assert parse_yaml('base: &b {a: 1}\nx:\n  <<: *b\n  c: 2\n').data["x"] == {"a": 1, "c": 2}
    doc = parse_yaml('x:\n  "<<": 1\n  <<: {a: 2}\n')
    assert doc.data["x"] == {"<<": 1, "a": 2}
    assert doc.pos(("x", "<<")) == (2, 9)  # the value of the ordinary key "<<"
