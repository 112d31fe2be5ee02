"""``kcal schema export KIND --game ecologic-europe``: JSON Schemas (Draft 2020-12).

``catalog`` and ``deck`` are both species files; ``game`` is the game record ``rules replay`` reads."""

from __future__ import annotations

from typing import Any

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean

KINDS = ("catalog", "deck", "game")
DRAFT = "https://json-schema.org/draft/2020-12/schema"
_TITLES = {"catalog": "EcoLogic: Europe species file (the built-in catalog's format)",
           "deck": "EcoLogic: Europe species file (checked by deck validate)",
           "game": "EcoLogic: Europe game record (rules replay)"}


def export(kind: str) -> dict[str, Any]:
    if kind not in KINDS:
        raise KcalError(f"no schema {kind!r} for EcoLogic: Europe{did_you_mean(kind, KINDS)}; kinds: "
                        f"{', '.join(KINDS)}", code="usage")
    if kind == "game":
        from kcal.games.ecologic_europe.files.recordfile import RecordFile

        schema = RecordFile.model_json_schema()
    else:
        from kcal.games.ecologic_europe.files.models import SpeciesFile

        schema = SpeciesFile.model_json_schema()
    return {"$schema": DRAFT, "$id": f"https://kcal.invalid/schema/ecologic-europe/{kind}.json", **schema,
            "title": _TITLES[kind]}
