"""Kalua -- gods, families and action cards on an island (3-5 players).

Importing this package imports only the metadata below; the rules, the data and the bots load when a
command asks for one of the hooks. Modules, one concept each:

``cards``     decks, kinds, effects, targets, leader actions, the rulebook's numbers
``models``    the card-set file (Pydantic)          ``cardset``   a card set for the engine; composition
``load``      reading card sets                     ``gamekey``   the ``game:`` key of every file
``state``     the position and its steps            ``effects``   resolving a card; elimination
``flow``      the deal and the five phases          ``moves``     the move vocabulary of records
``legal``     legal moves and why not               ``setup``     a new game from a seed
``position``  ``start:`` positions, replay state    ``view``      what a god sees; determinize
``outcome``   end reasons and the outcome           ``game``      the :class:`~kcal.core.game.Game` object
``record``    records from a state                  ``recordfile`` reading a record file
``replay``    ``rules replay``                      ``explain``   ``rules explain``
``schema``    JSON Schemas   ``deck``  checking a set file   ``catalog``  list and show cards
``sim``       match figures (per-card impact)       ``bots``      random and greedy
``search``    the information-set search bot        ``print``     cards, board and sheets on paper
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo
from kcal.core.registry import Pack

_HERE = "kcal.games.kalua"

PACK = Pack(
    info=GameInfo(
        id="kalua",
        name="Kalua",
        min_players=3,
        max_players=5,
        simultaneous=False,  # one god decides at a time (answers go clockwise)
        hidden_information=True,  # hands, and the order of the draw piles
        chance=True,  # the shuffles and the random start player
        variants=(),
        file_kinds=("catalog", "deck", "game"),
        supports=("catalog", "deck", "replay", "explain", "schema", "sim", "print"),
        rulebook="kalua-rulebook.txt",
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
