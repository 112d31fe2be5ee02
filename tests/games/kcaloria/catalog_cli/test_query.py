"""The library side of catalog list/show: filters, finding one tile, describing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError, UsageError
from kcal.games.kcaloria.catalog import (
    filter_tiles,
    find_tile,
    format_rows,
    parse_filter,
    tile_detail,
    tile_row,
)
from kcal.games.kcaloria.files.load import load_library
from kcal.games.kcaloria.rules.domain import Biome, Color, TileType

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="module")
def lib():
    return load_library([str(FIXTURES / "mini.yaml")])


def test_parse_filter_accepts_any_case_and_commas() -> None:
    f = parse_filter(types=["Plant,WATER"], biomes=["ff"], cost_colors=["Blue"], modifiers=["Biome Boost"])
    assert f.types == {TileType.PLANT, TileType.WATER}
    assert f.biomes == {Biome.FF}
    assert f.cost_colors == {Color.BLUE}
    assert f.modifiers == {"biome_boost"}


def test_unknown_value_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="did you mean 'succulent'"):
        parse_filter(classes=["suculent"])


def test_no_criteria_match_everything(lib) -> None:
    assert filter_tiles(lib.tiles, parse_filter()) == list(lib.tiles)


def test_criteria_combine_with_and_values_with_or(lib) -> None:
    f = parse_filter(types=["plant", "omnivore"], biomes=["TD"], rarities=["uncommon"])
    assert [t.id for t in filter_tiles(lib.tiles, f)] == ["MINI-003"]


def test_find_tile_by_id_name_common_name(lib) -> None:
    assert find_tile(lib, "mini-002").name == "Phlox nivalis"
    assert find_tile(lib, "trailing phlox").name == "Phlox nivalis"
    with pytest.raises(KcalError, match="did you mean 'Moonlight'"):
        find_tile(lib, "Moonlite")


def test_a_shared_common_name_is_ambiguous(tmp_path) -> None:
    text = (FIXTURES / "mini.yaml").read_text().replace("Nine-banded armadillo", "Trailing phlox")
    (tmp_path / "c.yaml").write_text(text)
    with pytest.raises(KcalError, match="'Trailing Phlox' names several tiles: 'Phlox nivalis' or 'Dasypus novemcinctus'; say which"):
        find_tile(load_library([str(tmp_path / "c.yaml")]), "Trailing Phlox")


def test_row_and_detail(lib) -> None:
    moon = lib.get("Moonlight")
    assert tile_row(moon)["cost"] == "1 blue + 1 green"
    assert tile_row(moon)["yield"] == "none"
    d = tile_detail(lib.get("Bayou"), lib)
    assert d["text"] == "Slow water under cypress."
    assert d["biomes"][1] == {"code": "FF", "number": 14, "name": "floodplain forest"}
    assert format_rows([]) == "no tiles match"
