"""kCaloria: East Texas Piney Woods, the hex-tile ecosystem game (60-tile decks, 1-4 players).

This package holds the whole game: the domain and its files (``domain``, ``modifiers``, ``models``,
``game_record``, ``load``, ``export``, ``query``), the built-in data (``data/``: the Piney Woods
catalog, its art and the preconstructed decks), deck building (``deck/``), the rules engine
(``engine/``), its statistics and bots (``sim/``), its printed faces (``print/``) and rule-sheet
templates (``templates/``), and its docs (``docs/``). Importing it imports only the metadata below.
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo, Variant
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
        variants=(
            Variant("beginner", "no ecosystem collapse: a removal takes every cube of the named tile at once, "
                    "with no dice (rulebook, Ecosystem Collapse)"),
            Variant("solo", "one player: seven piles with their tops face up, no discards; a player who can "
                    "place no tile has stagnated and lost (rulebook, Solo Mode)"),
        ),
        file_kinds=("catalog", "deck", "game"),
        supports=("catalog", "deck", "replay", "explain", "sim", "print", "goldfish", "solo"),
        rulebook="kcaloria-rulebook.txt",
    ),
    hooks={
        "game": "kcal.games.kcaloria.game:GAME",
        "deck": "kcal.games.kcaloria.deck.check",
        "replay": "kcal.games.kcaloria.replay",
        "explain": "kcal.games.kcaloria.explain",
        "catalog": "kcal.games.kcaloria.catalog",
        "schema": "kcal.games.kcaloria.schema",
        "draw": "kcal.games.kcaloria.draw",
        "print": "kcal.games.kcaloria.print.api",
        "commands": "kcal.games.kcaloria.commands",
    },
)
