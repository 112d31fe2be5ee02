"""The ``impact`` hook (``kcal balance cards``): the species each player had in a game.

A player *had* a species when it placed it in its ecosystem at least once (docs/rulings.md, "Card
impact: a species placed"); the species are named by their Latin names, as records write them. The
stack is shared, so every species in the game's stack (the base game's and those of the expansions
played) could be placed by anyone.
"""

from __future__ import annotations

from typing import Any

from kcal.games.ecologic_europe.rules.state import State

HAD = "species the player placed in its ecosystem at least once"


def held(game: Any, state: State) -> list[tuple[set[str], set[str]]]:
    """Per seat: the Latin names of the species it placed, and of every species in the game's stack."""
    species = state.rules.cards.species
    every = {species[i].latin for i in state.rules.cards.in_expansions(state.rules.expansions)}
    had: list[set[str]] = [set() for _ in range(state.rules.n)]
    for event in state.log or ():
        if event[0] == "placed":
            had[event[1]].add(species[event[2]].latin)
    return [(h, every) for h in had]
