"""``schema export``: JSON Schemas (Draft 2020-12) that accept the built-in catalog and real records."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import load_yaml
from kcal.games.how_many_calories import schema
from kcal.games.how_many_calories.files.load import BUILTIN_PATH


@pytest.mark.parametrize("kind", schema.KINDS)
def test_every_kind_is_a_valid_draft_2020_12_schema(kind):
    exported = schema.export(kind)
    assert exported["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(exported)


def test_catalog_and_deck_schemas_accept_the_builtin_set():
    data = load_yaml(BUILTIN_PATH).data
    for kind in ("catalog", "deck"):
        Draft202012Validator(schema.export(kind)).validate(data)


def test_game_schema_accepts_a_simulated_record_and_the_fixtures(hmc):
    validator = Draft202012Validator(schema.export("game"))
    validator.validate(hmc.game.record(hmc.play_out(hmc.dealt(None, seed=1), "greedy")))
    for path in sorted((hmc.FIXTURES / "examples").glob("*.yaml")):
        validator.validate(load_yaml(path).data)


def test_game_schema_rejects_an_unknown_field(hmc):
    errors = list(Draft202012Validator(schema.export("game")).iter_errors(
        {"game": "how-many-calories", "players": ["A", "B", "C"], "plyers": []}))
    assert errors


def test_unknown_kind_has_a_did_you_mean():
    with pytest.raises(KcalError, match=r"no schema 'gmae' for How many Calories\? \(did you mean 'game'\?\)"):
        schema.export("gmae")
