"""``kcal schema export KIND --game how-many-calories``: JSON Schemas for editors and tools.

``catalog`` and ``deck`` are the same file kind here -- a card set (the game has one fixed set; a
custom set is a house rule declaring ``variant:``) -- so they share a model and differ in title.
``game`` is the game record that ``rules replay`` reads.
"""

from __future__ import annotations

from kcal.core.schemas import SchemaTable
from kcal.games.how_many_calories.rules.domain import GAME_ID, GAME_NAME

_SET, _RECORD = (f"kcal.games.how_many_calories.files.{m}" for m in ("models:CardSetFile", "recordfile:RecordFile"))
SCHEMAS = SchemaTable(GAME_ID, GAME_NAME, (
    ("catalog", "card set (the built-in catalog's format)", _SET),
    ("deck", "card set (checked by deck validate; a custom set declares variant:)", _SET),
    ("game", "game record (rules replay)", _RECORD)))
export, KINDS = SCHEMAS.export, SCHEMAS.kinds
