"""EcoLogic: Europe -- species cards in habitats, four seasons, biomass along food chains (2-4 players,
one more per expansion).

Importing this package imports only the metadata below; the rules, the data and the bots load when a
command asks for a hook. Modules, one concept each:

``domain``     the nouns (seasons, types, habitats, places)     ``features``   the dictionary's features
``models``     the data files (Pydantic)                        ``load``       reading them, positioned errors
``cardset``    the cards as the engine sees them                 ``state``      the position (plain ints)
``moves``      moves and their record entries                    ``engine``     the rules
``setup``      a new game, ``start:`` positions                  ``game``       the Game object
``view``       what a player sees, determinize                   ``record``     records, replay, state JSON
``explain``    ``rules explain``                                  ``schema``     JSON Schemas
``catalog``    catalog validate/list/show                        ``deck``       deck validate (species files)
``bots``       random, greedy, planner                           ``sim``        ``sim match`` figures
``print``      species, weather, human-impact cards, tokens; the reference sheets
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo, Variant
from kcal.core.registry import Pack

_HERE = "kcal.games.ecologic_europe"

PACK = Pack(
    info=GameInfo(
        id="ecologic-europe",
        name="EcoLogic: Europe",
        min_players=2,
        max_players=7,  # 4 with the base game; each expansion (added in turn when needed) seats one more
        simultaneous=True,  # every step of habitation is played by all players at once
        hidden_information=True,  # hands, the stack's order, the discarded cards' fronts
        chance=True,  # the shuffle, the boards, the weather die
        variants=(
            Variant("express", "the rulebook's express mode: 3 habitats, 15 cards and 7 apple tokens each, 8 "
                    "face-up cards, no seasons, no card passing"),
            Variant("weather", "the weather expansion: the weather die and 12 weather cards as a step-1 option"),
            Variant("human-impact", "the human habitat expansion with its 10 human-impact cards shuffled in"),
        ),
        file_kinds=("catalog", "deck", "game"),
        supports=("catalog", "deck", "replay", "explain", "schema", "sim", "print"),
        rulebook="ecologic-europe-rulebook.txt",
    ),
    hooks={
        "game": f"{_HERE}.game:GAME",
        "catalog": f"{_HERE}.catalog",
        "deck": f"{_HERE}.deck",
        "replay": f"{_HERE}.files.record",
        "explain": f"{_HERE}.explain",
        "schema": f"{_HERE}.schema",
        "sim": f"{_HERE}.sim",
        "print": f"{_HERE}.print.api",
        "draw": "kcal.games.ecologic_europe.draw",
    },
)
