"""The YAML reader's two parsers and its positions (issue 21, item 3: reading a big file).

libyaml (through PyYAML) gives the events at about 1 µs each; ruamel.yaml's pure parser (30 µs) reads
every file libyaml stops on, so a syntax error keeps ruamel's words. Both must build the same data
with the same positions from every file kcal ships; positions are found only when an error asks, and
kept packed (8 bytes a position) instead of a table of key paths.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core import yamlsafe
from kcal.core.errors import KcalError
from kcal.core.yamlsafe import YamlDoc, _parse, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [p for p in sorted((ROOT / "src" / "kcal").rglob("*.yaml")) + sorted((ROOT / "tests").rglob("*.yaml"))[:400]
           if p.is_file()]


def _locs(data, loc=()):
    yield loc
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _locs(v, (*loc, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _locs(v, (*loc, i))


def _read(path: Path, fast: bool) -> tuple[str, YamlDoc | None]:
    try:
        built = _parse(path.read_bytes(), path.name, where=True, fast=fast)
    except KcalError as exc:
        return str(exc), None
    return "", YamlDoc(path.name, built.data, where=built.where())


def test_libyaml_and_ruamel_build_the_same_data_and_positions_from_every_shipped_file():
    assert yamlsafe._libyaml() is not None  # PyYAML with libyaml: a dependency of kcal
    assert len(SHIPPED) > 50
    compared = 0
    for path in SHIPPED:
        fast_error, fast = _read(path, True)
        pure_error, pure = _read(path, False)
        assert fast_error == pure_error, path
        if fast is None or pure is None:
            continue
        assert fast.data == pure.data, path
        for loc in _locs(pure.data):
            assert fast.pos(loc) == pure.pos(loc), (path, loc)
            assert fast.pos(loc, key=True) == pure.pos(loc, key=True), (path, loc)
            compared += 1
    assert compared > 10_000


@pytest.mark.parametrize(("text", "message"), [
    ("a: b: c\n", "t.yaml:1:5: malformed YAML: mapping values are not allowed here"),
    ("x: 1\nbad:\n\t- x\n",
     "t.yaml:3:1: malformed YAML: while scanning for the next token found character '\\t' that cannot start any token"),
    ("k: v\n- x\n", "t.yaml:2:1: malformed YAML: while parsing a block mapping expected <block end>, but found '-'"),
])
def test_a_file_libyaml_stops_on_gets_ruamels_words(text, message):
    """libyaml's own words differ ("mapping values are not allowed in this context"): the file is read
    again by ruamel, whose message kcal has always given."""
    with pytest.raises(KcalError) as info:
        parse_yaml(text, "t.yaml")
    assert str(info.value) == message


def test_positions_are_found_when_asked_and_kept_packed():
    """A clean reading keeps only the data; the first position asked for reads the file again and keeps
    one 8-byte number a position (a map entry's key and value, a list item's value)."""
    moves = "".join(f"- {{player: A, tile: W, at: [{i}, 0]}}\n" for i in range(2_000))
    doc = parse_yaml("moves:\n" + moves, "m.yaml")
    assert doc._where is None
    assert doc.pos(("moves", 1999, "at", 1)) == (2001, 35)
    assert doc.pos(("moves", 1999, "tile"), key=True) == (2001, 15)
    assert doc.pos(("moves", 1999, "nope")) == (2001, 3)  # the nearest node the file has
    table = doc._where.table
    nodes = sum(1 for _ in _locs(doc.data))
    assert sum(len(a) * a.itemsize for a in table.values()) <= 16 * nodes


def test_positions_through_an_alias_or_a_merge_are_the_alias():
    doc = parse_yaml("base: &b {x: 1, y: [2]}\nuse: *b\nmerged:\n  <<: *b\n  z: 3\n", "a.yaml")
    assert doc.pos(("base", "y", 0)) == (1, 21)
    assert doc.pos(("use", "y", 0)) == (2, 6)  # the alias: the node itself stands at the anchor
    assert doc.pos(("merged", "x")) == (4, 7)
    assert doc.pos(("merged", "z")) == (5, 6)
    assert doc.pos(("merged", "z"), key=True) == (5, 3)


def test_the_node_budget_stops_a_file_as_its_events_arrive(monkeypatch):
    """A node-cap refusal comes when the budget is passed, not after the whole file is read: what
    follows (here a syntax error at the end) is never reached."""
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 1_000)
    text = "a: [" + ",".join(["x"] * 5_000) + "]\nb: c: d\n"
    with pytest.raises(KcalError) as info:
        parse_yaml(text, "d.yaml")
    assert str(info.value) == "d.yaml:1:1999: the document expands to more than 1,000 nodes (alias bomb?)"


def test_a_big_file_libyaml_stops_on_gets_libyamls_words_at_once(monkeypatch):
    """Past ``PURE_MAX_CHARS`` ruamel does not read the file again (4 MiB took it 35 s): libyaml's
    words and position, so the refusal takes as long as libyaml's reading."""
    monkeypatch.setattr(yamlsafe, "PURE_MAX_CHARS", 1_000)
    moves = "".join(f"- {{player: A, tile: W, at: [{i}, 0]}}\n" for i in range(100))
    with pytest.raises(KcalError) as info:
        parse_yaml("moves:\n" + moves + "a: b: c\n", "big.yaml")
    assert str(info.value) == "big.yaml:102:5: malformed YAML: mapping values are not allowed in this context"
    with pytest.raises(KcalError) as info:
        parse_yaml("a: b: c\n", "small.yaml")
    assert str(info.value) == "small.yaml:1:5: malformed YAML: mapping values are not allowed here"
