"""``kcal catalog validate|list|show`` in-process: exit codes, JSON on stdout, one line per error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

runner = CliRunner()
MINI = ["--no-builtin", "--catalog", "mini.yaml"]


def run(*args: str):
    return runner.invoke(app, ["catalog", *args])


class TestValidate:
    def test_valid_file(self, work: Path) -> None:
        r = run("validate", "mini.yaml")
        assert r.exit_code == 0, r.output
        assert r.stdout.strip() == "mini.yaml: ok (MINI, 5 tiles)"
        assert r.stderr == ""

    def test_invalid_file_is_exit_2_with_positions(self, work: Path) -> None:
        r = run("validate", "bad.yaml", "mini.yaml")
        assert r.exit_code == 2
        assert r.stderr.splitlines() == [
            "bad.yaml:7:13: tiles[0](BAD-001).rarity: unknown rarity 'comon' (did you mean 'common'?); "
            "expected one of: common, uncommon, exceptional, rare",
            "bad.yaml:8:5: tiles[0](BAD-001).cots: unknown field 'cots' (did you mean 'cost'?)",
        ]
        assert "Traceback" not in r.output

    def test_json(self, work: Path) -> None:
        r = run("validate", "bad.yaml", "mini.yaml", "--format", "json")
        assert r.exit_code == 2
        data = json.loads(r.stdout)
        assert data["valid"] is False
        bad, good = data["catalogs"]
        assert bad["catalog"] == "bad.yaml" and bad["valid"] is False
        assert [(e["line"], e["column"]) for e in bad["errors"]] == [(7, 13), (8, 5)]
        assert good == {"catalog": "mini.yaml", "valid": True, "set": {"code": "MINI", "name": "Mini Test Set"},
                        "tiles": 5, "errors": []}

    def test_catalogs_are_also_checked_together(self, work: Path) -> None:
        r = run("validate", "mini.yaml", "dup-id.yaml", "--format", "json")
        assert r.exit_code == 2
        mini, dup = json.loads(r.stdout)["catalogs"]
        assert mini["valid"]
        assert [e["line"] for e in dup["errors"]] == [3]
        assert "also defined in mini.yaml" in dup["errors"][0]["message"]

    def test_unknown_symbiosis_partner(self, work: Path) -> None:
        r = run("validate", "dup-id.yaml")
        assert r.exit_code == 2
        assert r.stderr.startswith("dup-id.yaml:17:")
        assert "no loaded tile is named 'Nobody here'" in r.stderr

    def test_missing_file(self, work: Path) -> None:
        r = run("validate", "nope.yaml")
        assert r.exit_code == 2
        assert r.stderr.strip() == "nope.yaml: no such file"
    def test_builtin_catalogs_are_valid(self) -> None:
        r = run("validate", "--format", "json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert data["valid"] and data["catalogs"]


class TestList:
    def test_all(self, work: Path) -> None:
        r = run("list", *MINI, "--format", "json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert data["count"] == 5
        assert [t["id"] for t in data["cards"]] == [f"MINI-00{i}" for i in range(1, 6)]
        assert data["cards"][2] == {
            "card": "Dasypus novemcinctus", "id": "MINI-003", "common_name": "Nine-banded armadillo",
            "type": "omnivore", "class": "mammal", "rarity": "uncommon",
            "biomes": [{"code": "TD", "number": 12, "name": "temperate deciduous forest"},
                       {"code": "FF", "number": 14, "name": "floodplain forest"}],
            "cost": "4 green | 2 yellow", "yield": "3 orange", "modifiers": ["nocturnal", "biome_boost(FF)"],
        }

    @pytest.mark.parametrize(
        "args, ids",
        [
            (["--type", "water"], ["MINI-001"]),
            (["--type", "omnivore,carnivore"], ["MINI-003", "MINI-005"]),
            (["--type", "omnivore", "--type", "event"], ["MINI-003", "MINI-004"]),
            (["--class", "flower"], ["MINI-002"]),
            (["--rarity", "Rare"], ["MINI-004"]),
            (["--biome", "ff"], ["MINI-001", "MINI-002", "MINI-003"]),
            (["--biome", "FF", "--type", "plant"], ["MINI-002"]),
            (["--modifier", "nocturnal"], ["MINI-003"]),
            (["--modifier", "fish-hazard"], ["MINI-005"]),
            (["--cost", "blue"], ["MINI-002", "MINI-004"]),
            (["--cost", "yellow"], ["MINI-003", "MINI-005"]),
            (["--name", "heron"], ["MINI-005"]),
            (["--name", "mini-00"], ["MINI-001", "MINI-002", "MINI-003", "MINI-004", "MINI-005"]),
            (["--type", "human"], []),
        ],
    )
    def test_filters(self, work: Path, args: list[str], ids: list[str]) -> None:
        r = run("list", *MINI, *args, "--format", "json")
        assert r.exit_code == 0, r.output
        assert [t["id"] for t in json.loads(r.stdout)["cards"]] == ids

    @pytest.mark.parametrize(
        "args, message",
        [
            (["--type", "hebivore"], "--type: unknown tile type 'hebivore' (did you mean 'herbivore'?)"),
            (["--biome", "XX"], "--biome: unknown biome 'XX'"),
            (["--modifier", "nocturnel"], "--modifier: unknown modifier 'nocturnel' (did you mean 'nocturnal'?)"),
            (["--cost", "pink"], "--cost: unknown colour 'pink'"),
            (["--rarity", "comon"], "--rarity: unknown rarity 'comon' (did you mean 'common'?)"),
        ],
    )
    def test_unknown_filter_values_are_usage_errors(self, work: Path, args: list[str], message: str) -> None:
        r = run("list", *MINI, *args)
        assert r.exit_code == 2
        assert r.stderr.startswith(message)
        assert r.stdout == ""

    def test_text_table(self, work: Path) -> None:
        r = run("list", *MINI, "--type", "water")
        assert r.exit_code == 0
        lines = r.stdout.splitlines()
        assert lines[0].split() == ["id", "card", "type", "class", "rarity", "cost", "yield", "modifiers"]
        assert lines[1].split() == ["MINI-001", "Bayou", "water", "water", "common", "free", "2", "blue"]
        assert lines[-1] == "1 tile"

    def test_no_builtin_needs_a_catalog(self, work: Path) -> None:
        r = run("list", "--no-builtin")
        assert r.exit_code == 2
        assert "--no-builtin needs at least one --catalog" in r.stderr

    def test_broken_extra_catalog_is_exit_2(self, work: Path) -> None:
        r = run("list", "--no-builtin", "--catalog", "bad.yaml")
        assert r.exit_code == 2
        assert r.stderr.startswith("bad.yaml:7:13:")


class TestShow:
    def test_text_has_rule_text_and_biome_names(self, work: Path) -> None:
        r = run("show", *MINI, "Dasypus", "novemcinctus")
        assert r.exit_code == 0, r.output
        out = r.stdout
        assert out.startswith("Dasypus novemcinctus  [MINI-003]\n  Nine-banded armadillo\n")
        assert "biomes:    TD temperate deciduous forest, FF floodplain forest" in out
        assert "cost:      4 green | 2 yellow" in out
        assert "nocturnal (circle): Tiles with the nocturnal modifier receive +1 kCalorie" in out
        assert "biome_boost(FF) (square): When placed, tiles with this modifier add +1" in out

    @pytest.mark.parametrize("query", ["Dasypus novemcinctus", "dasypus  NOVEMCINCTUS", "mini-003",
                                       "Nine-banded armadillo", "nine banded armadillo"])
    def test_found_by_name_id_or_common_name(self, work: Path, query: str) -> None:
        r = run("show", *MINI, query, "--format", "json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["id"] == "MINI-003"

    def test_json(self, work: Path) -> None:
        r = run("show", *MINI, "Ardea herodias", "--format", "json")
        d = json.loads(r.stdout)
        assert d["biomes"] == [{"code": "LE", "number": 18, "name": "lentic waters"}]
        assert d["cost_alternatives"] == [{"yellow": 1, "orange": 1}]
        assert d["set"] == {"code": "MINI", "name": "Mini Test Set"}
        sym = d["modifiers"][0]
        assert sym["label"] == "symbiosis(Bayou, +1)"
        assert sym["params"] == {"partner": "Bayou", "amount": 1}
        assert sym["shape"] == "circle"
        assert sym["rule"].startswith("Place a tile adjacent to its symbiotic partner")

    def test_unknown_tile_suggests(self, work: Path) -> None:
        r = run("show", *MINI, "armadilo")  # a near miss of a word of the common name (issue 20, item 4)
        assert r.exit_code == 2
        assert r.stderr.strip() == "no loaded tile is named 'armadilo' (did you mean 'Nine-banded armadillo'?)"
        assert run("show", *MINI, "armadillo").exit_code == 0  # a word of the common name finds the tile
        r = run("show", *MINI, "Bayuo")
        assert r.stderr.strip() == "no loaded tile is named 'Bayuo' (did you mean 'Bayou'?)"
    def test_every_builtin_tile_shows(self) -> None:
        from kcal.games.kcaloria.catalog import format_detail, tile_detail
        from kcal.games.kcaloria.files.load import load_library

        lib = load_library()
        for tile in lib.tiles:
            text = format_detail(tile_detail(tile, lib))
            for m in tile.modifiers:
                assert m.spec.rule in text
