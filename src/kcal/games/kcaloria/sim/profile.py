"""A deck reduced to what the simulator needs: small tuples instead of Pydantic models.

Workers receive a :class:`DeckProfile` (cheap to pickle), never the loader's objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kcal.core.errors import KcalError
from kcal.games.kcaloria.rules.domain import HAND_SIZE, Color, TileType, can_open

if TYPE_CHECKING:
    from pathlib import Path

    from kcal.games.kcaloria.files.load import LoadedDeck

COLORS: tuple[Color, ...] = tuple(Color)
TYPES: tuple[TileType, ...] = tuple(TileType)
WATER = TYPES.index(TileType.WATER)
POINTS = tuple(c.points for c in COLORS)


@dataclass(frozen=True)
class SimTile:
    """One tile as the goldfish model sees it (colours and types by index, food-chain order)."""

    name: str
    type: int
    costs: tuple[tuple[tuple[int, int], ...], ...]  # alternatives of (colour, amount) pairs
    yield_: tuple[tuple[int, int], ...]

    @property
    def free(self) -> bool:
        return not self.costs


@dataclass(frozen=True)
class DeckProfile:
    name: str
    tiles: tuple[SimTile, ...]

    @property
    def size(self) -> int:
        return len(self.tiles)

    def type_counts(self) -> list[int]:
        out = [0] * len(TYPES)
        for t in self.tiles:
            out[t.type] += 1
        return out

    @property
    def water(self) -> int:
        return self.type_counts()[WATER]


def profile_of(tiles: Sequence, name: str = "deck") -> DeckProfile:
    """Reduce a list of :class:`kcal.games.kcaloria.files.models.Tile` (with repeats) to a profile.

    Raises a :class:`KcalError` (exit 2) when no hand can ever be kept: fewer tiles than a hand, or
    no water tile at all (the redraw rule would loop for ever).
    """
    sim = []
    for t in tiles:
        costs = tuple(
            tuple((COLORS.index(Color(c)), int(a)) for c, a in alt.items()) for alt in t.cost
        )
        yld = tuple((COLORS.index(Color(c)), int(a)) for c, a in t.yield_.items() if a)
        sim.append(SimTile(t.name, TYPES.index(TileType(t.type)), costs, yld))
    prof = DeckProfile(name, tuple(sim))
    if prof.size < HAND_SIZE:
        raise KcalError(
            f"deck {name!r} has {prof.size} tiles; an opening hand needs {HAND_SIZE}", code="deck-too-small"
        )
    if not can_open(tiles):
        raise KcalError(
            f"deck {name!r} has no water tile: no opening hand can ever be kept "
            "(the rules reshuffle while the 7 tiles hold no water)",
            code="no-water",
        )
    return prof


def load_profile(path: str | Path, catalogs: Sequence[str | Path] = ()) -> DeckProfile:
    """Load a deck file (through :func:`kcal.games.kcaloria.files.load.load_deck`) and reduce it to a profile."""
    from kcal.games.kcaloria.files.load import load_deck

    loaded = load_deck(path, catalogs)
    return profile_from_loaded(loaded)


def profile_from_loaded(loaded: LoadedDeck) -> DeckProfile:
    from kcal.games.kcaloria.deck.check import too_many

    too_many(loaded)
    try:
        return profile_of(loaded.tiles(), loaded.deck.name)
    except KcalError as err:
        if err.where.file is None:  # at the deck's tiles, as playable_tiles says it (issue 21)
            line, column = loaded.doc.pos(("tiles",), key=True)
            raise KcalError(err.message, file=loaded.display, line=line, column=column, code=err.code) from None
        raise
