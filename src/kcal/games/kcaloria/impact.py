"""The ``impact`` hook (``kcal balance cards``): the tiles each player had in a game.

A player *had* a tile when it was drawn into the player's hand: the opening hand kept after the deal's
reshuffles, and every tile drawn later (docs/rulings.md, "Card impact: a tile drawn"). The tiles a player
could have had are those of its own deck: each player draws from its own 60 tiles, so a tile is compared
only among the players whose deck holds it (17lands' "games not seen").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kcal.games.kcaloria.rules.state import GameState

HAD = "tiles drawn into the hand (the opening hand kept, then every draw); compared among the decks holding the tile"


def held(game: Any, state: GameState) -> list[tuple[set[str], set[str]]]:
    """Per seat: the names of the tiles drawn into its hand, and of the tiles of its deck. Standard and
    beginner games deal from each player's own deck and never put a tile back into it, so a tile was
    drawn when fewer of its copies are left in the draw pile than the deck had."""
    out: list[tuple[set[str], set[str]]] = []
    for seat, deck in enumerate(state.initial_decks or ()):
        total = Counter(deck)
        left = Counter(t.name for t in state.draw[seat])
        out.append(({name for name, copies in total.items() if copies > left[name]}, set(total)))
    return out
