"""EcoLogic: Europe -- species cards in habitats, four seasons, biomass along food chains (2-4 players,
one more per expansion).

Importing this package imports only the metadata below; the rules, the data and the bots load when a
command asks for a hook. The pack has the skeleton every pack has (docs/packs.md):

``game``       the :class:`~kcal.core.game.Game` object       ``catalog``  ``deck``  ``replay``  ``explain``
``schema``  ``sim``  ``impact``  ``draw``: one hook each
``rules/``     ``domain`` (seasons, types, habitats, places), ``features`` (the dictionary's features),
               ``state``, ``moves``, ``movelist``, ``setup``, ``view``; the rules along the rulebook's
               sections: ``tables`` (the card set and boards as integer tables), ``feeding``, ``placing``,
               ``legality``, ``seasons`` (the steps of habitation, end and beginning of season),
               ``scoring``; ``cards`` (species and components as the rules see them)
``files/``     above ``rules/``: ``models``, ``load``, ``cardset`` (species built from the models),
               ``position`` (``start:``, the replay's ``state``), ``moves`` (moves as record entries),
               ``recordfile``, ``record``
``bots/``      ``basic`` (random, greedy, planner)
``print/``     ``api`` (the ``print`` hook), ``faces``, ``rulebook``
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo, Variant
from kcal.core.hooks import skeleton_hooks
from kcal.core.registry import Pack

PACK = Pack.build(
    info=GameInfo(
        id="ecologic-europe",
        name="EcoLogic: Europe",
        min_players=2,
        max_players=7,  # 4 with the base game; each expansion (added in turn when needed) seats one more
        players_text="2-4 (+1 per expansion, up to 7)",
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
        start_positions=True,  # a record's start: (files/position.py), the replay's state in its shape
        rulebook="ecologic-europe-rulebook.txt",
    ),
    hooks=skeleton_hooks(__name__),
    samples={"card": "roe deer", "deck": "data/species-base.yaml",
             "only": ("Dandelion", "Taraxacum officinale", "weather card"), "print_card": "Vulpes vulpes",
             "table_names": "label", "icon": ("data/species-base.yaml", "icon: oak,", "icon: oaak,"),
             "near_miss": ("roe der", "European roe deer"), "word": ("roe deer", "European roe deer"),
             "foreign": "roe deer", "catalog": "data/species-base.yaml",
             "refused": ("A places Ips typographus at h1.2 (refused)", "refused: h1.2", None)},
)
