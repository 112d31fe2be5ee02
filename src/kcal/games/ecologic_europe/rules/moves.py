"""Moves. Cards are numbers of the built-in card set (species first, then the human-impact cards); a
record names a species by its Latin name and a human-impact card by its id. Their record entries (below)
are read and written by :mod:`kcal.games.ecologic_europe.files.moves`, which knows the built-in set's
names (``files/`` sits above ``rules/``).

| move | step | entry |
| --- | --- | --- |
| :class:`Keep` | 1 | ``{exchange: none}`` |
| :class:`Exchange` | 1 | ``{exchange: [Latin, ...], draw: TYPE, pile: stack}``; ``{exchange: 4 tokens, draw: TYPE}``; ``{exchange: [Latin], draw: face-up Latin}`` |
| :class:`Weather` | 1 | ``{weather: Latin}`` or ``{weather: 2 tokens}``, optional ``roll: cloud`` |
| :class:`Place` | 2 | ``{place: Latin, at: h2.3}``, optional ``then: {place: Latin, at: h1.1}`` (small-bird-follow) |
| :class:`Trade` | 2 | ``{trade: Latin}`` (one card for one joker) |
| :class:`Impact` | 2 | ``{impact: X03}`` (a human-impact card) |
| :class:`Pass` | 2 | ``{pass: keep}`` or ``{pass: discard}`` (the cards left in hand kept, or each for a joker) |
| :class:`Transfer` | 3 | ``{transfer: [Latin, Latin]}`` |
"""

from __future__ import annotations

from dataclasses import dataclass

from kcal.games.ecologic_europe.rules.domain import Place as Spot

HUMAN_TYPE = 14  # the back of a human-impact card (after the 14 food types)
DIE_FACES = ("cloud", "biomass", "cards", "skip-transfer")
BACKS = ("herbaceous", "woody", "fungi", "insects", "invertebrates", "fish", "amphibians", "small-birds",
         "big-birds", "small-mammals", "hoofed", "predators", "", "", "human-impact")


@dataclass(frozen=True, slots=True)
class Keep:
    """Step 1 without an exchange."""

    def __str__(self) -> str:
        return "no exchange"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Step 1: give ``cards`` (in card order) or ``tokens``, take a card of back ``draw`` from ``pile`` (stack,
    discard), a face-up card ``face`` (express), or jokers (summer: ``draw`` None)."""

    cards: tuple[int, ...] = ()
    tokens: int = 0
    draw: int | None = None  # a back (type index); None: no draw (summer) or a face-up card
    pile: str = "stack"
    face: int | None = None  # express: the face-up card taken


@dataclass(frozen=True, slots=True)
class Weather:
    """Step 1 with the weather expansion: pay a card (or 2 tokens) and roll the weather die."""

    card: int | None = None
    roll: str | None = None  # an explicit face (a record of a real table); None: rolled from the seed


@dataclass(frozen=True, slots=True)
class Place:
    card: int
    at: Spot
    then: tuple[int, Spot] | None = None  # small-bird-follow: a small bird placed at once
    #: an earthworm: how many of the plant remains tokens around it it processes once fed, None for all
    #: of them (ruling "earthworm")
    process: int | None = None


@dataclass(frozen=True, slots=True)
class Trade:
    card: int


@dataclass(frozen=True, slots=True)
class Impact:
    card: int


@dataclass(frozen=True, slots=True)
class Pass:
    discard: bool = False


@dataclass(frozen=True, slots=True)
class Transfer:
    cards: tuple[int, ...]  # in card order (decode_move sorts; legal_moves lists them sorted)


Move = Keep | Exchange | Weather | Place | Trade | Impact | Pass | Transfer


def cards_named(move: object) -> set[int]:
    """Every card a move names: its card, its cards, a face-up card taken, and the small bird a placement
    brings along (``then``)."""
    out: set[int] = set()
    for name in ("card", "cards", "face", "then"):
        v = getattr(move, name, None)
        if isinstance(v, int):
            out.add(v)
        elif isinstance(v, tuple):
            out.update(x for x in v if isinstance(x, int) and not isinstance(x, bool))
    return out
