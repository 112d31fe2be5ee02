"""kCaloria's side of ``kcal balance``: its rule parameters and how a what-if patch changes its tiles
(the ``patch`` hook, :class:`kcal.core.hooks.PatchHook`; docs/balance.md).

A tile is named as the built-in catalog names it (``Bayou``); its fields are the catalog's (``cost``,
``yield``, ``biomes``, ``modifiers``, ...). The patched catalog is checked as a catalog file is, and
each patched tile replaces the tile of its name in the decks the games deal. A deck's composition is
its deck file's (``kcal sim match DECK DECK`` plays deck files), so a patch neither adds nor removes
tiles (rulings, "What-if patches").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kcal.core.errors import KcalError
from kcal.games.kcaloria.game import HAND_SIZE_RANGE
from kcal.games.kcaloria.rules.domain import HAND_SIZE
from kcal.sim.options import Param

PARAMS = (
    Param("hand_size", "int", *HAND_SIZE_RANGE, HAND_SIZE,
          "tiles a hand is dealt at the start and refilled to after each turn"),
)
CARD_LIST = "tiles"


def _base_doc() -> Any:
    from kcal.core.yamlsafe import load_yaml
    from kcal.games.kcaloria.files.load import builtin_catalog_paths

    return load_yaml(builtin_catalog_paths()[0])


def base_cards() -> list[dict[str, Any]]:
    return [dict(t) for t in _base_doc().data[CARD_LIST]]


def card_name(card: Mapping[str, Any]) -> str:
    return str(card["name"])


def impact_name(card: Mapping[str, Any]) -> str:
    """The name the impact hook gives the card: the catalog's name, as a patch names it."""
    return str(card["name"])


def card_document(cards: list[dict[str, Any]]) -> dict[str, Any]:
    return {**_base_doc().data, CARD_LIST: cards}


def build_cards(doc: Any) -> dict[str, Any]:
    """The patched catalog, checked as a catalog file is; the tiles that replace the decks' tiles."""
    from kcal.games.kcaloria.files.cardset import Catalog
    from kcal.games.kcaloria.files.load import validate_catalog

    patch = doc.patch.data
    for key in ("add", "remove"):
        if patch.get(key):
            raise doc.patch.error(f"{key}: a kCaloria patch changes tiles' fields; which tiles a deck holds is "
                                  "its deck file's (kcal sim match DECK DECK)", (key,), key=True, code="patch")
    changed = {i for i, o in enumerate(doc.origins) if o is not None}
    tiles = Catalog.from_json(validate_catalog(doc)).tiles
    if len(tiles) != len(doc.origins):
        raise KcalError("the patched catalog lost tiles", code="internal")
    return {"tiles": tuple(t for i, t in enumerate(tiles) if i in changed)}
