"""How many Calories? -- trick-taking with food cards and a calorie limit (3-4 players).

Importing this package imports only the metadata below; the rules, the data and the bots load when a
command asks for one of the hooks. Modules, one concept each:

``cards``      colours, cards (``yellow 14``), the +5, the limits   ``models``     the card-set file
``foodset``    a card set for the engine; the composition check   ``load``       reading card sets
``gamekey``    the ``game:`` key of every file                    ``state``      the position (plain ints)
``tricks``     card values and who wins a trick                   ``scoring``    scores, start player, winner
``moves``      Pass and Play and their record entries             ``legal``      legal moves, and why not
``flow``       deal, pass, tricks, going out, round and game end  ``setup``      a new game from a seed
``position``   ``start:`` positions and the replay's ``state``     ``view``       what a player sees
``game``       the :class:`~kcal.core.game.Game` object           ``record``     a state as a game record
``recordfile`` reading game record files                          ``replay``     ``rules replay``
``explain``    ``rules explain``                                  ``schema``     JSON Schemas
``deck``       checking a card-set file                           ``catalog``    validate, list, show cards
``sim``        ``sim match`` figures                              ``bots``       random and greedy
``ismcts``     the search bot
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo, Variant
from kcal.core.registry import Pack

_HERE = "kcal.games.how_many_calories"

PACK = Pack(
    info=GameInfo(
        id="how-many-calories",
        name="How many Calories?",
        min_players=3,
        max_players=4,
        simultaneous=True,  # every player passes 2 cards at once
        hidden_information=True,  # hands, and with 3 players the 8 cards set aside
        chance=True,  # the deal
        variants=(
            Variant("two-player", "kcal's house rule for 2 players (the rulebook defers to another "
                    "article): 8 cards each, the other 16 set aside unseen, pass 2 to each other, "
                    "limit 6,000 kcal; the round ends when either player goes out", house_rule=True),
        ),
        file_kinds=("catalog", "deck", "game"),
        supports=("catalog", "deck", "replay", "explain", "schema", "sim", "print"),
        rulebook="how-many-calories-rules.txt",
        player_variants={2: "two-player"},
    ),
    hooks={
        "game": f"{_HERE}.game:GAME",
        "catalog": f"{_HERE}.catalog",
        "deck": f"{_HERE}.deck",
        "replay": f"{_HERE}.replay",
        "explain": f"{_HERE}.explain",
        "schema": f"{_HERE}.schema",
        "sim": f"{_HERE}.sim",
        "print": f"{_HERE}.print.api",
        "draw": f"{_HERE}.draw",
    },
)
