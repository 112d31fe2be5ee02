"""kCaloria: East Texas Piney Woods, the hex-tile ecosystem game (60-tile decks, 1-4 players).

This package holds the whole game: the domain and its files (``domain``, ``modifiers``, ``models``,
``game_record``, ``load``, ``export``, ``query``), the built-in data (``data/``: the Piney Woods
catalog, its art and the preconstructed decks), deck building (``deck/``), the rules engine
(``engine/``), its statistics and bots (``sim/``), its printed faces (``print/``) and rule-sheet
templates (``templates/``), and its docs (``docs/``). Importing it imports only the metadata below.
"""

from __future__ import annotations

from kcal.core.game import GameInfo
from kcal.core.registry import Pack

PACK = Pack(
    info=GameInfo(
        id="kcaloria",
        name="kCaloria: East Texas Piney Woods",
        min_players=1,
        max_players=4,
        simultaneous=False,
        hidden_information=True,
        chance=True,
        file_kinds=("catalog", "deck", "game"),
        supports=("catalog", "deck", "replay", "explain", "sim", "print", "goldfish", "solo"),
        rulebook="kcaloria-rulebook.txt",
    ),
    hooks={
        "game": "kcal.games.kcaloria.pack:GAME",
    },
)
