"""Food Chain, the example pack of docs/packs.md: 20 cards, 2-4 players, one card a turn onto a shared
chain. Core: ``game``, ``catalog`` + ``schema``, ``replay``; optional: ``print``, ``table`` (kcal play)."""

from __future__ import annotations

from kcal.core.gameinfo import CatalogFilter, GameInfo
from kcal.core.hooks import skeleton_hooks
from kcal.core.registry import Pack

PACK = Pack.build(
    info=GameInfo(id="food-chain", name="Food Chain", min_players=2, max_players=4, simultaneous=False,
                  hidden_information=True, chance=True, file_kinds=("catalog", "game")),
    hooks=skeleton_hooks(__name__),
    samples={"card": "Fox", "deck": "data/cards.yaml", "catalog": "data/cards.yaml", "foreign": "Vole",
             "only": ("Fox", "Fox", "carnivore"), "near_miss": ("Rabit", "Rabbit"), "word": ("eagle", "Eagle")},
    filters=(CatalogFilter("level", "N", "Level in the food chain (1 producer to 4 apex)."),),
)
