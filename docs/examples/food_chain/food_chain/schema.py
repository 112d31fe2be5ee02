"""``kcal schema export KIND --game food-chain``: the card set and the game record."""

from __future__ import annotations

from typing import Any

from food_chain.catalog import CardSet
from food_chain.replay import RecordFile
from kcal.core.schemas import export_schema

SCHEMAS = {"catalog": ("Food Chain card set", CardSet.model_json_schema),
           "game": ("Food Chain game record (rules replay)", RecordFile.model_json_schema)}


def export(kind: str) -> dict[str, Any]:
    return export_schema("food-chain", "Food Chain", kind, SCHEMAS)
