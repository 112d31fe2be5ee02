"""Issue 8 (the alias-bomb budget counted nodes too often): each node of the expanded document counts once.

It used to count a node again for every ancestor, so the built-in catalog's 3,942 nodes counted as
17,416, and big legitimate files were refused as "alias bomb?".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core import yamlsafe
from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml
from kcal.games.kcaloria.files.load import builtin_catalog_paths, load_catalog_file, validate_doc
from tests.timeguard import bounded


def _nodes(text: str) -> int:
    builder = yamlsafe._Builder(text, "t.yaml")
    builder.build()
    return builder.nodes


def _events(text: str) -> int:
    from ruamel.yaml import YAML
    from ruamel.yaml import events as ev

    kinds = (ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent)
    return sum(isinstance(e, kinds) for e in YAML(typ="safe", pure=True).parse(text))


def test_alias_budget_counts_each_node_of_the_builtin_catalog_once() -> None:
    text = builtin_catalog_paths()[0].read_text(encoding="utf-8")
    assert _nodes(text) == _events(text)  # 3,942 for the shipped catalog, not 17,416


def test_alias_budget_counts_an_alias_as_what_it_stands_for() -> None:
    # root map 1 + key a 1 + list 4 + key b 1 + alias 4 (the list it repeats) = 11
    assert _nodes("a: &x [1, 2, 3]\nb: *x\n") == 11


def test_alias_budget_limit_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 11)
    assert parse_yaml("a: &x [1, 2, 3]\nb: *x\n").data == {"a": [1, 2, 3], "b": [1, 2, 3]}
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 10)
    with pytest.raises(KcalError, match="more than 10 nodes"):
        parse_yaml("a: &x [1, 2, 3]\nb: *x\n")


def test_alias_budget_deep_nesting_is_not_multiplied(monkeypatch: pytest.MonkeyPatch) -> None:
    """A node 40 levels deep counts once, not 40 times."""
    text = "".join("  " * i + f"k{i}:\n" for i in range(40)) + "  " * 40 + "v: 1\n"
    assert _nodes(text) == _events(text) == 2 * 40 + 1 + 2
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 83)
    assert parse_yaml(text).data is not None


def _tile(i: int) -> str:
    kinds = [
        "type: water, class: water, rarity: common, biomes: [LE, FF], cost: [], yield: {blue: 2}",
        "type: plant, class: tree, rarity: common, biomes: [TC, FF], cost: [{blue: 2}], yield: {green: 2},"
        " modifiers: [{name: biome_boost, biome: FF}]",
        "type: omnivore, class: mammal, rarity: rare, biomes: [TD], cost: [{green: 4}, {yellow: 2}],"
        " yield: {orange: 3}, modifiers: [nocturnal]",
    ]
    return (f"  - {{id: G-{i:04d}, name: Generated tile {i}, common_name: Tile number {i}, {kinds[i % 3]},"
            f" text: \"Fact number {i}.\"}}\n")


def test_alias_budget_a_1400_tile_catalog_loads(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("set: {code: GEN, name: Generated}\ntiles:\n" + "".join(_tile(i) for i in range(1400)))
    catalog = load_catalog_file(path).catalog
    assert len(catalog.tiles) == 1400
    assert catalog.tiles[1399].name == "Generated tile 1399"


def test_alias_budget_a_20000_move_record_parses() -> None:
    from kcal.games.kcaloria.files.recordfile import GameRecord

    moves = "".join(f"  - {{player: {'AB'[i % 2]}, tile: Bayou, at: [{i}, {-i}]}}\n" for i in range(20_000))
    moves += "  - {player: A, tile: Bayou, at: [0, 0], pay: [{from: [1, 0], blue: 1}]}\n" * 100
    doc = parse_yaml("players: [A, B]\nmoves:\n" + moves, "long.yaml")
    record = validate_doc(doc, GameRecord)
    assert len(record.moves) == 20_100


def test_alias_budget_billion_laughs_is_refused_fast() -> None:
    levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(8):
        prev, cur = chr(97 + i), chr(98 + i)
        levels.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    text = "\n".join(levels) + "\n"
    with bounded(30, "refusing a billion laughs"), \
            pytest.raises(KcalError, match=r"more than 100,171 nodes \(alias bomb\?\)") as info:
        parse_yaml(text, "bomb.yaml")
    assert yamlsafe.node_budget(len(text)) == 100_000 + len(text) // 2 == 100_171  # its size's budget
    assert (info.value.where.line, info.value.where.column) == (6, 8)  # the alias that crosses the budget


def test_alias_budget_a_wide_bomb_of_one_line_is_refused_fast() -> None:
    text = "a: &a [" + ",".join(["x"] * 1000) + "]\nb: [" + ",".join(["*a"] * 1000) + "]\n"
    with bounded(30, "refusing a wide alias bomb"), pytest.raises(KcalError, match="alias bomb"):
        parse_yaml(text)
