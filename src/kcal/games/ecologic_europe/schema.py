"""``kcal schema export KIND --game ecologic-europe``: JSON Schemas (Draft 2020-12).

``catalog`` and ``deck`` are both species files; ``game`` is the game record ``rules replay`` reads."""

from __future__ import annotations

from kcal.core.schemas import SchemaTable
from kcal.games.ecologic_europe.rules.domain import GAME_ID, GAME_NAME

_SPECIES, _RECORD = (f"kcal.games.ecologic_europe.files.{m}" for m in ("models:SpeciesFile", "recordfile:RecordFile"))
SCHEMAS = SchemaTable(GAME_ID, GAME_NAME, (
    ("catalog", "species file (the built-in catalog's format)", _SPECIES),
    ("deck", "species file (checked by deck validate)", _SPECIES),
    ("game", "game record (rules replay)", _RECORD)))
export, KINDS = SCHEMAS.export, SCHEMAS.kinds
