"""The ``impact`` hook (``kcal balance cards``): the cards each god had in a game.

A god *had* a card when it drew it: in the deal, in phase 1, or by buying it -- whether or not it played
it (docs/rulings.md, "Card impact: a card drawn"). The decks are shared, so every card of the set could
be drawn by any god and each card is compared among all the gods.
"""

from __future__ import annotations

from typing import Any

from kcal.games.kalua.rules.state import State

HAD = "cards the god drew (the deal, phase 1, cards bought), played or not"


def held(game: Any, state: State) -> list[tuple[set[str], set[str]]]:
    """Per seat: the names of the cards it drew, and of every card of the set."""
    cards = state.rules.cards
    every = {d.name for d in cards.defs}
    had: list[set[str]] = [set() for _ in range(state.rules.n)]
    for event in state.events():
        if event[0] == "draw":
            had[event[1]].add(cards.name_of(event[3]))
    return [(h, every) for h in had]
