"""How many Calories? -- trick-taking with food cards and a calorie limit (3-4 players).

Importing this package imports only the metadata below; the rules, the data and the bots load when a
command asks for one of the hooks. The pack has the skeleton every pack has (docs/packs.md):

``game``       the :class:`~kcal.core.game.Game` object       ``catalog``  ``deck``  ``replay``  ``explain``
``schema``  ``sim``  ``impact``  ``draw``: one hook each
``rules/``     ``domain`` (colours, cards such as ``yellow 14``, the +5, the limits), ``state``, ``tricks``
               (card values, who wins), ``scoring``, ``moves``, ``legal``, ``flow`` (deal, pass, tricks,
               going out, round and game end), ``setup``, ``view`` (what a player sees; determinize),
               ``cards`` (a set for the engine), ``position`` (``start:`` positions, checked and set up)
``files/``     above ``rules/``: ``models``, ``load``, ``cardset`` (a set from its file; the published
               composition), ``position`` (the replay's ``state``), ``recordfile``, ``record``
``bots/``      ``basic`` (random, greedy), ``search`` (information-set Monte Carlo)
``print/``     ``api`` (the ``print`` hook), ``faces``, ``palette``, ``rulebook``
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo, Variant
from kcal.core.hooks import skeleton_hooks
from kcal.core.registry import Pack

PACK = Pack.build(
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
        start_positions=True,  # a record's start: (files/position.py), the replay's state in its shape
        rulebook="how-many-calories-rules.txt",
        player_variants={2: "two-player"},
    ),
    hooks=skeleton_hooks(__name__),
    samples={"card": "yellow 14", "deck": "data/foods.yaml", "only": ("Shrimp, boiled", "red 1", "food card"),
             "out_of_turn": ("turn", "trick"), "refused_shows": "30", "published_set": "data/foods.yaml",
             "icon": ("data/foods.yaml", "icon: shrimp\n", "icon: shrim\n"),
             "near_miss": ("yelow 14", "yellow 14"), "word": ("pizza", "yellow 14: Cheese pizza"),
             "foreign": "pizza", "catalog": "data/foods.yaml",
             "refused": ("D plays yellow 30", "refused: D plays yellow 30", "30"),
             "loads": ("data/examples/short-game.yaml", "data/foods.yaml", "game: how-many-calories\n",
                       "game: how-many-calories\ncatalog: {file}\n")},
)
