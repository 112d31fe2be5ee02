"""JSON Schemas of a pack's files (``kcal schema export KIND --game ID``), the same way for every pack:
Draft 2020-12, an ``$id`` under the pack's id, the pack's title for each kind, and an unknown kind refused
with a did-you-mean. A pack names, per file kind, its title and the Pydantic model that reads it (imported
only when that kind is asked for)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean

DRAFT = "https://json-schema.org/draft/2020-12/schema"

#: per file kind: its title and a function that gives the JSON Schema of the model that reads it
Kinds = Mapping[str, tuple[str, Callable[[], dict[str, Any]]]]


def export_schema(game_id: str, game_name: str, kind: str, kinds: Kinds) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of one file kind of a pack."""
    entry = kinds.get(kind)
    if entry is None:
        raise KcalError(f"no schema {kind!r} for {game_name}{did_you_mean(kind, list(kinds))}; kinds: "
                        f"{', '.join(kinds)}", code="usage")
    title, schema = entry
    return {"$schema": DRAFT, "$id": f"https://kcal.invalid/schema/{game_id}/{kind}.json", **schema(),
            "title": title}
