"""Moves and their record entries.

Two kinds of move: :class:`Pass` (2 cards to the left, all players at once at the start of a round)
and :class:`Play` (one card into the trick). A record writes them as ``{player: A, pass: [red 8,
green 4]}`` and ``{player: A, card: yellow 14}``; in a game record file the passes of a round sit in
the round's ``passes:`` mapping instead (SPEC), which the replay reads as one Pass move per player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean
from kcal.games.how_many_calories.rules.domain import Card, parse_card


def _card_order(card: Card) -> tuple[int, str]:
    return card.number, card.colour.value


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass these cards to the player on the left. Stored in number order, so the same cards in any
    order are the same move (a pass of the wrong size is a move too: an illegal one)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_card_order)))

    def __str__(self) -> str:
        return "pass " + ", ".join(map(str, self.cards))


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card into the current trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move = Pass | Play

_KEYS = ("player", "card", "pass")


def encode_move(move: Move) -> dict[str, Any]:
    """A record entry (without the player, which the caller adds)."""
    if isinstance(move, Play):
        return {"card": str(move.card)}
    return {"pass": [str(c) for c in move.cards]}


def decode_move(entry: Mapping[str, Any]) -> Move:
    """The move of a record entry: ``{card: yellow 14}`` or ``{pass: [red 8, green 4]}`` (a ``player``
    key may be there; it is not part of the move)."""
    if not isinstance(entry, Mapping):
        raise KcalError(f"a move is a mapping such as {{player: A, card: yellow 14}}, got {entry!r}")
    for key in entry:
        if key not in _KEYS:
            raise KcalError(f"unknown key {key!r} in a move{did_you_mean(str(key), _KEYS)}")
    if ("card" in entry) == ("pass" in entry):
        raise KcalError("a move has either 'card' (a play) or 'pass' (the cards passed), not "
                        + ("both" if "card" in entry else "neither"))
    if "card" in entry:
        return Play(parse_card(entry["card"]))
    cards = entry["pass"]
    if not isinstance(cards, (list, tuple)):
        raise KcalError(f"'pass' is a list of cards, got {cards!r}")
    return Pass(tuple(parse_card(c) for c in cards))
