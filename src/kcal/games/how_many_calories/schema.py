"""``kcal schema export KIND --game how-many-calories``: JSON Schemas for editors and tools.

``catalog`` and ``deck`` are the same file kind here -- a card set (the game has one fixed set; a
custom set is a house rule declaring ``variant:``) -- so they share a model and differ in title.
``game`` is the game record that ``rules replay`` reads.
"""

from __future__ import annotations

from typing import Any

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean

KINDS = ("catalog", "deck", "game")
DRAFT = "https://json-schema.org/draft/2020-12/schema"
_TITLES = {
    "catalog": "How many Calories? card set (the built-in catalog's format)",
    "deck": "How many Calories? card set (checked by deck validate; a custom set declares variant:)",
    "game": "How many Calories? game record (rules replay)",
}


def export(kind: str) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one file kind."""
    if kind not in KINDS:
        raise KcalError(f"no schema {kind!r} for How many Calories?{did_you_mean(kind, KINDS)}; kinds: "
                        f"{', '.join(KINDS)}", code="usage")
    if kind == "game":
        from kcal.games.how_many_calories.files.recordfile import RecordFile

        schema = RecordFile.model_json_schema()
    else:
        from kcal.games.how_many_calories.files.models import CardSetFile

        schema = CardSetFile.model_json_schema()
    return {"$schema": DRAFT, "$id": f"https://kcal.invalid/schema/how-many-calories/{kind}.json",
            **schema, "title": _TITLES[kind]}
