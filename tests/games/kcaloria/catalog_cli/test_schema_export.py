"""``kcal schema export``: JSON Schemas that editors can use, shipped in the repo without drift."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.yamlsafe import load_yaml, parse_yaml
from kcal.games.kcaloria.files.load import builtin_catalog_paths
from kcal.games.kcaloria.schema import KINDS, check_shipped, json_schema, schema_text, shipped_path

runner = CliRunner()


def available_kinds() -> list[str]:
    return list(KINDS)


class TestShippedSchemas:
    @pytest.mark.parametrize("kind", available_kinds())
    def test_shipped_file_equals_a_fresh_export(self, kind: str) -> None:
        path = shipped_path(kind)
        assert path.exists(), f"run: kcal schema export {kind} -o {path} --force"
        assert path.read_text(encoding="utf-8") == schema_text(kind), (
            f"{path.name} is stale; run: kcal schema export {kind} -o games/kcaloria/data/schema/{path.name} --force")

    def test_check_shipped_reports_nothing_stale(self) -> None:
        assert check_shipped() == []


class TestCli:
    @pytest.mark.parametrize("kind", available_kinds())
    def test_export_prints_the_schema(self, kind: str) -> None:
        r = runner.invoke(app, ["schema", "export", kind])
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert data["$id"] == f"urn:kcal:schema:{kind}"
        assert data["title"] == f"kcal {'game record' if kind == 'game' else kind}"
        assert r.stdout == schema_text(kind)

    @pytest.mark.parametrize("fmt", ["text", "json"])
    def test_format_option_is_accepted(self, fmt: str) -> None:
        r = runner.invoke(app, ["schema", "export", "deck", "--format", fmt])
        assert r.exit_code == 0
        assert r.stdout == schema_text("deck")

    @pytest.mark.parametrize("args", [[], ["nope"], ["deck", "catalog"], ["deck", "--format", "yaml"]])
    def test_usage_errors_are_exit_2(self, args: list[str]) -> None:
        r = runner.invoke(app, ["schema", "export", *args])
        assert r.exit_code == 2
        assert r.stdout == ""

    def test_output_file_is_never_overwritten_without_force(self, tmp_path) -> None:
        out = tmp_path / "deck.schema.json"
        out.write_text("mine\n")
        r = runner.invoke(app, ["schema", "export", "deck", "-o", str(out)])
        assert r.exit_code == 2
        assert out.read_text() == "mine\n"
        r = runner.invoke(app, ["schema", "export", "deck", "-o", str(out), "--force"])
        assert r.exit_code == 0
        # the schema plus kcal's mark, a "$comment" (docs/cli.md, "Writing files"): kcal replaces it next time
        from kcal.core.stamp import made_by_kcal, stamp

        assert out.read_bytes() == stamp(schema_text("deck").encode(), out) and made_by_kcal(out)
        assert runner.invoke(app, ["schema", "export", "deck", "-o", str(out)]).exit_code == 0

    def test_dash_output_is_stdout_not_a_file_named_dash(self, tmp_path, monkeypatch) -> None:
        monkeypatch.chdir(tmp_path)
        r = runner.invoke(app, ["schema", "export", "game", "-o", "-"])
        assert r.exit_code == 0
        assert r.stdout == schema_text("game")
        assert not (tmp_path / "-").exists()


import jsonschema  # noqa: E402  (in the test extra)


def validator(kind: str):
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(kind: str, yaml_text: str) -> list[str]:
    return [e.message for e in validator(kind).iter_errors(parse_yaml(yaml_text).data)]


TILE = """
set: {code: TT, name: t}
tiles:
  - id: T-1
    name: X
    type: %(type)s
    class: %(klass)s
    rarity: common
    cost: %(cost)s
    yield: %(yield_)s
    modifiers: %(mods)s
"""


def tile(type="plant", klass="flower", cost="[]", yield_="{green: 1}", mods="[]") -> str:
    return TILE % {"type": type, "klass": klass, "cost": cost, "yield_": yield_, "mods": mods}


class TestSchemaAgreesWithTheLoader:
    """What the loader accepts the schema accepts; the easy errors it rejects the schema rejects too."""

    @pytest.mark.parametrize("kind", available_kinds())
    def test_is_a_valid_draft_2020_12_schema(self, kind: str) -> None:
        validator(kind)
    def test_builtin_catalogs_and_decks_pass(self) -> None:
        from pathlib import Path

        for path in builtin_catalog_paths():
            assert list(validator("catalog").iter_errors(load_yaml(path).data)) == []
        for path in sorted((Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks").glob("*.yaml")):
            assert list(validator("deck").iter_errors(load_yaml(path).data)) == []

    @pytest.mark.parametrize(
        "text",
        [
            tile(),
            tile(cost='"4 green | 2 yellow"', klass="tree"),
            tile(yield_='"2 green"'),
            tile(mods="[nocturnal, {name: biome_boost, biome: FF}]"),
            tile(mods="[{name: symbiosis, partner: Y, amount: 1}, {name: communal, amount: 2}]"),
            tile(type="water", klass="water", cost='"free"', yield_="{blue: 2}"),
        ],
    )
    def test_accepts(self, text: str) -> None:
        from kcal.games.kcaloria.files.models import Catalog

        Catalog.model_validate(parse_yaml(text).data)  # the loader agrees
        assert errors("catalog", text) == []

    @pytest.mark.parametrize(
        "text",
        [
            tile(mods="[biome_boost]"),  # a required parameter is missing: no bare name
            tile(mods="[{name: biome_boost}]"),
            tile(mods="[{name: nocturnal, biome: FF}]"),  # a parameter the rule does not take
            tile(mods="[nocturnel]"),
            tile(klass="mammal"),  # class does not fit type
            tile(type="water", klass="water", cost="[{blue: 1}]"),  # water is free
            tile(cost="[{pink: 1}]"),
            tile(cost="[{}]"),
            tile(yield_="{green: -1}"),
        ],
    )
    def test_rejects(self, text: str) -> None:
        from pydantic import ValidationError

        from kcal.games.kcaloria.files.models import Catalog

        with pytest.raises(ValidationError):
            Catalog.model_validate(parse_yaml(text).data)
        assert errors("catalog", text) != []

    def test_deck(self) -> None:
        assert errors("deck", "name: D\ntiles: {Bayou: 5}\n") == []
        assert errors("deck", "name: D\nformat: duel\ntiles: {Bayou: 5}\n") != []
        assert errors("deck", "name: D\ntiles: {Bayou: 0}\n") != []
        assert errors("deck", "$schema: ./deck.schema.json\nname: D\ntiles: {Bayou: 1}\n") == []


class TestDeckSchemaForEditors:
    """Issue 12, item 7: the deck schema lists the tile names (editors complete them) and carries the
    copy limit of Deck Building (at most 5 tiles of a name)."""

    def test_every_builtin_tile_name_is_listed_with_a_description(self) -> None:
        from kcal.games.kcaloria.files.load import load_library

        schema = json_schema("deck")
        names = [t.name for t in load_library().tiles]
        tiles = schema["properties"]["tiles"]
        assert list(tiles["properties"]) == names
        assert schema["$defs"]["TileName"]["enum"] == names
        assert tiles["properties"]["Ardea herodias"]["description"] == (
            "Great blue heron: carnivore, common (ETPW-072).")
        assert tiles["properties"]["Bayou"]["description"].startswith("water, common")

    def test_deck_building_copy_limit_is_the_maximum_of_every_count(self) -> None:
        assert errors("deck", "name: D\ntiles: {Bayou: 5}\n") == []
        assert errors("deck", "name: D\ntiles: {Bayou: 6}\n") != []
        assert errors("deck", "name: D\ntiles: {My own tile: 6}\n") != []  # a name of the deck's own catalog
        assert json_schema("deck")["properties"]["tiles"]["x-kcal-max-copies"] == 5

    def test_names_of_the_decks_own_catalogs_stay_allowed(self) -> None:
        assert errors("deck", "name: D\ncatalogs: [mine.yaml]\ntiles: {My own tile: 3}\n") == []


SPEC_GAME = """
catalogs: [builtin]
players: [A, B]
mode: standard
moves:
  - {player: A, tile: Bayou, at: [0, 0]}
  - {player: B, tile: Bayou, at: [5, 0]}
  - {player: A, tile: Phlox nivalis, at: [1, 0]}
  - {player: B, tile: Phlox nivalis, at: [4, 0], pay: [{from: [5, 0], blue: 1}]}
  - {player: A, discard: [Moonlight]}
  - {player: B, tile: Remove the Invader, at: [3, 0], target: Tibicen tibicen}
"""


def test_game_schema_accepts_the_spec_example_and_rejects_easy_errors() -> None:
    assert errors("game", SPEC_GAME) == []
    assert errors("game", SPEC_GAME.replace("discard: [Moonlight]", "discard: []")) != []
    assert errors("game", SPEC_GAME.replace("at: [0, 0]", "at: [0]")) != []
    assert errors("game", SPEC_GAME.replace("players: [A, B]", "players: []")) != []
    assert errors("game", SPEC_GAME.replace("mode: standard", "mode: blitz")) != []
