"""JSON Schemas of a pack's files (``kcal schema export KIND --game ID``), the same way for every pack:
Draft 2020-12, an ``$id`` under the pack's id, the pack's title for each kind, and an unknown kind refused
with a did-you-mean. A pack declares a table of ``(kind, title, model)``: :class:`SchemaTable` (the model
is imported only when that kind is asked for)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean

DRAFT = "https://json-schema.org/draft/2020-12/schema"


class SchemaTable:
    """A pack's ``schema`` hook from its table of file kinds: each ``(kind, title, model)``, the title
    after the game's name (``card set (...)``: ``Kalua card set (...)``), the model the Pydantic class
    that reads the file, or ``"module:Class"`` to import it when asked for. ``export(kind)`` is the
    hook's function, ``kinds`` the file kinds in table order."""

    def __init__(self, game_id: str, game_name: str, table: Sequence[tuple[str, str, Any]]) -> None:
        self.game_id, self.game_name = game_id, game_name
        self.table = {kind: (f"{game_name} {title}", model) for kind, title, model in table}
        self.kinds = tuple(self.table)

    def export(self, kind: str) -> dict[str, Any]:
        """The JSON Schema (Draft 2020-12) of one file kind."""
        entry = self.table.get(kind)
        if entry is None:
            raise KcalError(f"no schema {kind!r} for {self.game_name}{did_you_mean(kind, self.kinds)}; kinds: "
                            f"{', '.join(self.kinds)}", code="usage")
        title, model = entry
        if isinstance(model, str):
            module, _, name = model.partition(":")
            model = getattr(import_module(module), name)
        return {"$schema": DRAFT, "$id": f"https://kcal.invalid/schema/{self.game_id}/{kind}.json",
                **model.model_json_schema(), "title": title}
