"""``kcal schema export KIND --game ecologic-europe``: JSON Schemas (Draft 2020-12).

``catalog`` and ``deck`` are both species files; ``game`` is the game record ``rules replay`` reads."""

from __future__ import annotations

from typing import Any

from kcal.core.schemas import Kinds, export_schema
from kcal.games.ecologic_europe.rules.domain import GAME_ID, GAME_NAME


def _card_set() -> dict[str, Any]:
    from kcal.games.ecologic_europe.files.models import SpeciesFile

    return SpeciesFile.model_json_schema()


def _record() -> dict[str, Any]:
    from kcal.games.ecologic_europe.files.recordfile import RecordFile

    return RecordFile.model_json_schema()


SCHEMAS: Kinds = {
    "catalog": ("EcoLogic: Europe species file (the built-in catalog's format)", _card_set),
    "deck": ('EcoLogic: Europe species file (checked by deck validate)', _card_set),
    "game": ('EcoLogic: Europe game record (rules replay)', _record),
}

#: the file kinds the pack reads
KINDS = tuple(SCHEMAS)


def export(kind: str) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one file kind."""
    return export_schema(GAME_ID, GAME_NAME, kind, SCHEMAS)
