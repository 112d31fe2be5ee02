"""``kcal schema export KIND --game how-many-calories``: JSON Schemas for editors and tools.

``catalog`` and ``deck`` are the same file kind here -- a card set (the game has one fixed set; a
custom set is a house rule declaring ``variant:``) -- so they share a model and differ in title.
``game`` is the game record that ``rules replay`` reads.
"""

from __future__ import annotations

from typing import Any

from kcal.core.schemas import Kinds, export_schema
from kcal.games.how_many_calories.rules.domain import GAME_ID, GAME_NAME


def _card_set() -> dict[str, Any]:
    from kcal.games.how_many_calories.files.models import CardSetFile

    return CardSetFile.model_json_schema()


def _record() -> dict[str, Any]:
    from kcal.games.how_many_calories.files.recordfile import RecordFile

    return RecordFile.model_json_schema()


SCHEMAS: Kinds = {
    "catalog": ("How many Calories? card set (the built-in catalog's format)", _card_set),
    "deck": ('How many Calories? card set (checked by deck validate; a custom set declares variant:)', _card_set),
    "game": ('How many Calories? game record (rules replay)', _record),
}

#: the file kinds the pack reads
KINDS = tuple(SCHEMAS)


def export(kind: str) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one file kind."""
    return export_schema(GAME_ID, GAME_NAME, kind, SCHEMAS)
