"""``schema export KIND --game kalua``: valid Draft 2020-12 schemas of the card set and the record."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import load_yaml
from kcal.games.kalua import schema
from kcal.games.kalua.files.load import BUILTIN_PATH


@pytest.mark.parametrize("kind", schema.KINDS)
def test_each_kind_is_a_valid_schema(kind):
    Draft202012Validator.check_schema(schema.export(kind))


def test_the_builtin_set_validates_against_the_catalog_schema():
    Draft202012Validator(schema.export("catalog")).validate(load_yaml(BUILTIN_PATH).data)


def test_an_example_record_validates_against_the_game_schema(kalua):
    data = load_yaml(kalua.FIXTURES / "examples" / "table-game.yaml").data
    Draft202012Validator(schema.export("game")).validate(data)


def test_an_unknown_kind_is_a_usage_error():
    with pytest.raises(KcalError, match="did you mean 'game'"):
        schema.export("gam")
