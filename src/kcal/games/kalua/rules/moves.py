"""Moves and their record entries: the vocabulary of a Kalua game record.

One entry is one decision of one god (``player`` names them; it is not part of the move)::

    {player: A, draw: bonus}                      # a draw of the deal or of phase 1 (bonus | disaster)
    {player: A, draw: disaster, card: Tornado}    # ... naming the card drawn (a game typed in at a table)
    {player: A, buy: bonus}                       # buy a card for 5 PP, at any of your decisions
    {player: A, leader: speech}                   # phase 2: speech | atheists | sacrifice | none
    {player: A, leader: believer, from: B}        # phase 2: take 1 family from B
    {player: A, play: Tornado, pay: 5}            # phase 3: the active god plays a card (pay: optional,
    {player: A, play: Tsunami, pay: 6}            #   its cost; a global disaster is paid 0, 6 or 12)
    {player: B, reply: Drought, pay: 3}           # phase 3: an answer to the card just played
    {player: B, reply: none}                      # ... or no answer
    {player: A, target: C}                        # phase 3: a local disaster resolving punishes C
    {player: C, discard: Festival}                # phase 3: a card discarded for a discard effect
    {player: A, convert: true}                    # phase 3: the active god shouts "Convert!"

Card names compare case-insensitively with white space folded; a move keeps the name as written and
the rules look it up in the game's card set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean
from kcal.games.kalua.rules.domain import DECKS, LEADER_ACTIONS, Deck, LeaderAction

MAX_PAY = 99


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of a deck (``card``: the card a record says was drawn)."""

    deck: Deck
    card: str | None = None

    def __str__(self) -> str:
        return f"draw from the {self.deck.value} deck" + (f" ({self.card})" if self.card else "")


@dataclass(frozen=True, slots=True)
class Buy:
    """Pay 5 PP and draw the top card of a deck."""

    deck: Deck
    card: str | None = None

    def __str__(self) -> str:
        return f"buy a {self.deck.value} card" + (f" ({self.card})" if self.card else "")


@dataclass(frozen=True, slots=True)
class Lead:
    """A leader action of phase 2 (``source``: the god a believer is taken from)."""

    action: LeaderAction
    source: str | None = None

    def __str__(self) -> str:
        if self.action is LeaderAction.BELIEVER:
            return f"leader converts a believer from {self.source}"
        return {"speech": "leader gives a speech", "atheists": "leader converts 2 atheists",
                "sacrifice": "leader gives a massive speech and sacrifices himself",
                "none": "leader stays home"}[self.action.value]


@dataclass(frozen=True, slots=True)
class Play:
    """The active god plays a card (``pay`` None: the card's cost, or 0 for a global disaster)."""

    card: str
    pay: int | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" paying {self.pay} PP" if self.pay is not None else "")


@dataclass(frozen=True, slots=True)
class Reply:
    """Answer the card just played with a card, or not (``card`` None)."""

    card: str | None
    pay: int | None = None

    def __str__(self) -> str:
        if self.card is None:
            return "no answer"
        return f"answer with {self.card}" + (f" paying {self.pay} PP" if self.pay is not None else "")


@dataclass(frozen=True, slots=True)
class Target:
    """The god a resolving local disaster punishes."""

    god: str

    def __str__(self) -> str:
        return f"target {self.god}"


@dataclass(frozen=True, slots=True)
class Discard:
    """A card discarded for a discard effect."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Convert:
    """The active god shouts "Convert!": phase 3 ends."""

    def __str__(self) -> str:
        return "Convert!"


Move = Draw | Buy | Lead | Play | Reply | Target | Discard | Convert

VERBS = ("draw", "buy", "leader", "play", "reply", "target", "discard", "convert")
_EXTRA = {"draw": ("card",), "buy": ("card",), "leader": ("from",), "play": ("pay",), "reply": ("pay",),
          "target": (), "discard": (), "convert": ()}
KEYS = ("player", *VERBS, "card", "from", "pay")


def encode_move(move: Move) -> dict[str, Any]:
    """A record entry (without the player, which the caller adds)."""
    if isinstance(move, Draw | Buy):
        entry: dict[str, Any] = {"draw" if isinstance(move, Draw) else "buy": move.deck.value}
        if move.card is not None:
            entry["card"] = move.card
        return entry
    if isinstance(move, Lead):
        return {"leader": move.action.value, "from": move.source} if move.source is not None \
            else {"leader": move.action.value}
    if isinstance(move, Play):
        return {"play": move.card} if move.pay is None else {"play": move.card, "pay": move.pay}
    if isinstance(move, Reply):
        if move.card is None:
            return {"reply": "none"}
        return {"reply": move.card} if move.pay is None else {"reply": move.card, "pay": move.pay}
    if isinstance(move, Target):
        return {"target": move.god}
    if isinstance(move, Discard):
        return {"discard": move.card}
    if isinstance(move, Convert):
        return {"convert": True}
    raise KcalError(f"not a move of Kalua: {move!r}")


def _text(entry: Mapping[str, Any], key: str) -> str:
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise KcalError(f"'{key}' is a name, got {value!r}")
    return value


def _deck(value: object) -> Deck:
    if isinstance(value, str):
        for d in DECKS:
            if d.value == value.strip().casefold():
                return d
    raise KcalError(f"a deck is bonus or disaster, not {value!r}{did_you_mean(str(value), [d.value for d in DECKS])}")


def _pay(entry: Mapping[str, Any]) -> int | None:
    if "pay" not in entry:
        return None
    value = entry["pay"]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PAY:
        raise KcalError(f"'pay' is a number of praying points (0 to {MAX_PAY}), got {value!r}")
    return value


def decode_move(entry: Mapping[str, Any]) -> Move:
    """The move of a record entry (a ``player`` key may be there; it is not part of the move)."""
    if not isinstance(entry, Mapping):
        raise KcalError(f"a move is a mapping such as {{player: A, play: Tornado}}, got {entry!r}")
    for key in entry:
        if key not in KEYS:
            raise KcalError(f"unknown key {key!r} in a move{did_you_mean(str(key), KEYS)}")
    verbs = [k for k in VERBS if k in entry]
    if len(verbs) != 1:
        raise KcalError("a move has exactly one of " + ", ".join(VERBS) + (f"; this one has {', '.join(verbs)}"
                                                                            if verbs else ""))
    verb = verbs[0]
    for key in ("card", "from", "pay"):
        if key in entry and key not in _EXTRA[verb]:
            raise KcalError(f"'{key}' does not go with '{verb}'")
    if verb in ("draw", "buy"):
        card = _text(entry, "card") if "card" in entry else None
        return (Draw if verb == "draw" else Buy)(_deck(entry[verb]), card)
    if verb == "leader":
        value = entry["leader"]
        action = next((a for a in LEADER_ACTIONS if isinstance(value, str) and a.value == value.strip().casefold()),
                      None)
        if action is None:
            raise KcalError(f"a leader action is one of {', '.join(a.value for a in LEADER_ACTIONS)}, not "
                            f"{value!r}{did_you_mean(str(value), [a.value for a in LEADER_ACTIONS])}")
        if (action is LeaderAction.BELIEVER) != ("from" in entry):
            raise KcalError("'leader: believer' names the god it takes a family from ('from: B'), and only it")
        return Lead(action, _text(entry, "from") if "from" in entry else None)
    if verb == "play":
        return Play(_text(entry, "play"), _pay(entry))
    if verb == "reply":
        card = _text(entry, "reply")
        if card.strip().casefold() == "none":
            if "pay" in entry:
                raise KcalError("'reply: none' answers nothing and pays nothing")
            return Reply(None)
        return Reply(card, _pay(entry))
    if verb == "target":
        return Target(_text(entry, "target"))
    if verb == "discard":
        return Discard(_text(entry, "discard"))
    if entry["convert"] is not True:
        raise KcalError(f"'convert' is written 'convert: true', got {entry['convert']!r}")
    return Convert()
