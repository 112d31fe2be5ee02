"""kCaloria: East Texas Piney Woods, the hex-tile ecosystem game (60-tile decks, 1-4 players).

Importing this package imports only the metadata below; the rules, the data and the bots load when a
command asks for a hook. The pack has the skeleton every pack has (docs/packs.md):

``game``       the :class:`~kcal.core.game.Game` object       ``catalog``  ``replay``  ``explain``
``schema``  ``impact``  ``draw``  ``match`` (``deck_match``: ``sim match DECK DECK``): one hook each
``deck/``      deck building: ``check`` (the ``deck`` hook: legality and advice), ``formats``, ``importer``
               (deck lists), ``diff``, ``stats``, ``hand``, ``hashing``
``sim/``       opening-hand odds, goldfish, solo and deck matches, the deck report
``*/commands``  the commands only hex-tile decks have, added to ``kcal deck``, ``print`` and ``sim``
               (``deck/commands``, ``print/commands``, ``sim/commands``: the ``kcal.commands`` entry points)
``rules/``     the nouns (``domain``, ``modifiers``) and the engine: hex grid, compiled tiles, state with
               undo, the modifier registry, legality and move generation, payment, yields, collapse,
               turn flow, setup, ``cards`` (plain frozen tiles, catalogs and decks)
``files/``     above ``rules/``: ``models``, ``load``, ``cardset`` (``rules/cards`` named for the loader),
               ``position`` (``start:``, the replay's ``state``), ``recordfile``, ``record``
``bots/``      ``basic`` (random, greedy, lookahead)
``print/``     ``api`` (the ``print`` hook and one function per product), tile faces, icons, aids, sheets
"""

from __future__ import annotations

from kcal.core.gameinfo import GameInfo, Variant
from kcal.core.hooks import skeleton_hooks
from kcal.core.registry import Pack

PACK = Pack.build(
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
        rulebook="kcaloria-rulebook.txt",
        start_positions=True,  # a record's start: (files/position.py), the replay's state in its shape
    ),
    hooks=skeleton_hooks(__name__, deck=f"{__name__}.deck.check"),
    samples={"card": "Bayou", "deck": "data/decks/bayou-ambush.yaml", "other": "data/decks/caddo-harvest.yaml",
             "solo": "data/decks/solo-piney-trail.yaml", "only": ("Bayou", "ETPW-001 Bayou", "carnivore"),
             "out_of_turn": ("turn", "turns go round in the order of the players (A, B, C), and"),
             "print_card": "Setup", "aids": ("kCaloria player aid", "kCaloria's player-aid cards"),
             "icon": ("data/piney-woods.yaml", "icon: swamp\n", "icon: swmap\n"),
             "near_miss": ("great blu heron", "Great blue heron"), "word": ("heron", "Ardea herodias"),
             "foreign": "Bayou", "catalog": "data/piney-woods.yaml",
             "refused": ("A places Ardea herodias at [0, -1] (refused)", "refused: Ardea herodias",
                         "Ardea herodias"),
             "loads": ("data/examples/short-game.yaml", "data/piney-woods.yaml", "catalogs: [builtin]",
                       "catalogs: [{file}]")},
)
