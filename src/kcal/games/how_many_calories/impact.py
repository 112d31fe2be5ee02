"""The ``impact`` hook (``kcal balance cards``): the cards each player had in a game.

A player *had* a card when it was dealt to them in any round of the game, before the pass: a card passed
away still counts, a card received in the pass does not (docs/rulings.md, "Card impact: a card dealt").
Every card of the set could be dealt to anyone (with 3 players the 8 set aside change from round to
round), so each card is compared among all the players.
"""

from __future__ import annotations

from typing import Any

from kcal.games.how_many_calories.rules.state import State

HAD = "cards dealt to the player in any round (before the pass; a card received in the pass does not count)"


def held(game: Any, state: State) -> list[tuple[set[str], set[str]]]:
    """Per seat: the names of the cards dealt to it in the game's rounds, and of every card of the set."""
    rules = state.rules
    every = {str(card) for card in rules.foods.cards}
    had: list[set[str]] = [set() for _ in range(rules.n)]
    for event in state.events():
        if event[0] == "deal":
            for seat, hand in enumerate(event[2]):
                had[seat].update(rules.card_text(number) for number in hand)
    return [(h, every) for h in had]
