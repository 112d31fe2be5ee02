"""Kalua -- gods, families and action cards on an island (3-5 players).

Importing this package imports only the metadata below; the rules, the data and the bots load when a
command asks for one of the hooks. The pack has the skeleton every pack has (docs/packs.md):

``game``       the :class:`~kcal.core.game.Game` object       ``catalog``  ``deck``  ``replay``  ``explain``
``schema``  ``sim``  ``impact`` (per-card impact)  ``draw``: one hook each
``rules/``     ``domain`` (decks, kinds, effects, targets, leader actions, the rulebook's numbers),
               ``state``, ``effects`` (resolving a card; elimination), ``flow`` (the deal and the five
               phases), ``moves``, ``legal``, ``setup``, ``view``, ``outcome``, ``cardtext`` (cards and
               effects in words), ``cards`` (the card set for the engine), ``position`` (``start:``
               positions, checked and set up)
``files/``     above ``rules/``: ``models``, ``load``, ``cardset`` (a set from its file; the 21/19/10
               composition), ``position`` (the replay's ``state``), ``recordfile``, ``record``
``bots/``      ``basic`` (random, greedy), ``policy`` (what the bots share), ``search``
``print/``     ``api`` (the ``print`` hook), ``faces``, ``board``, ``palette``, ``rulebook``
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo
from kcal.core.hooks import skeleton_hooks
from kcal.core.registry import Pack

PACK = Pack.build(
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
        start_positions=True,  # a record's start: (files/position.py), the replay's state in its shape
        rulebook="kalua-rulebook.txt",
    ),
    hooks=skeleton_hooks(__name__),
    samples={"card": "Temple", "deck": "data/cards.yaml", "only": ("Good Harvest", "Good Harvest", "bonus deck"),
             "out_of_turn": ("decision", "; "), "refused_shows": "Miracle", "published_set": "data/cards.yaml",
             "icon": ("data/cards.yaml", "icon: wheat\n", "icon: wheet\n"),
             "near_miss": ("temple destroyd", "Temple destroyed!"), "word": ("harvest", "Good Harvest"),
             "foreign": "Temple destroyed!", "catalog": "data/cards.yaml",
             "refused": ("B plays Miracle", "refused: B plays Miracle, paying 6 PP", "Miracle"),
             "loads": ("data/examples/short-game.yaml", "data/cards.yaml", "game: kalua\n",
                       "game: kalua\ncatalog: {file}\n")},
)
