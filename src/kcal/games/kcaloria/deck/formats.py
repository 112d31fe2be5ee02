"""Deck formats: the legality rules as data.

A format names its deck size and copy limit; a later format (a draft, a booster league) overrides
what differs by adding a row here, not by editing the checker.
"""

from __future__ import annotations

from dataclasses import dataclass

from kcal.games.kcaloria.rules.domain import DECK_SIZE


@dataclass(frozen=True)
class DeckFormat:
    name: str
    deck_size: int = DECK_SIZE
    max_copies: int = 5
    solo: bool = False
    description: str = ""


FORMATS: dict[str, DeckFormat] = {
    "standard": DeckFormat("standard", description="60 tiles, at most 5 of a name; 2-4 players"),
    "solo": DeckFormat("solo", solo=True, description="60 tiles, at most 5 of a name; one player, seven piles"),
}


def deck_format(name: str) -> DeckFormat:
    return FORMATS[name]
