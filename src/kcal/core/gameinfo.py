"""What kind of game a pack is, before any rule: :class:`GameInfo` and its :class:`Variant` s.

Kept apart from :mod:`kcal.core.game` (the rules protocol) and made of NamedTuples so that listing
packs and dispatching a file on its ``game:`` key cost next to nothing at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from kcal.core.errors import KcalError


class Variant(NamedTuple):
    """A named rule variant. ``house_rule`` marks kcal's own rules (not the publisher's)."""

    id: str
    summary: str
    house_rule: bool = False


class GameInfo(NamedTuple):
    """What kind of game a pack is, before any rule (OpenSpiel's GameType and GameInfo in one)."""

    id: str
    name: str
    min_players: int
    max_players: int
    simultaneous: bool  # some step has several players acting at once
    hidden_information: bool  # some player cannot see all of the state
    chance: bool = True  # shuffles or dice
    variants: tuple[Variant, ...] = ()
    #: the file kinds the pack reads (``schema export KIND --game ID``), e.g. ("catalog", "deck", "game")
    file_kinds: tuple[str, ...] = ()
    #: its records may begin at a ``start:`` position, and its replay JSON's ``state`` has the shape of
    #: ``start:``: the conformance suite checks that a ``state`` given back as ``start:`` replays to the
    #: same state (a record of ``game``, ``players``, ``variant``, ``seed`` and ``start:`` alone)
    start_positions: bool = False
    #: what the pack supports, for ``kcal games``: derived from its hooks by ``Pack.build``
    supports: tuple[str, ...] = ()
    rulebook: str = ""  # file name under the shared rules folder
    #: players allowed only under a variant (e.g. 2 players with a house rule): count -> variant id
    player_variants: Mapping[int, str] = {}  # a NamedTuple default, never mutated
    #: the player counts in the rulebook's words, when the range alone would mislead (``2-4 (+1 per
    #: expansion)``); ``kcal games`` shows it (default: the range, and the counts a variant allows)
    players_text: str = ""

    def players_shown(self) -> str:
        """The player counts as ``kcal games`` shows them."""
        if self.players_text:
            return self.players_text
        text = f"{self.min_players}" if self.min_players == self.max_players else f"{self.min_players}-{self.max_players}"
        extra = [f"{n} with --variant {v}" + (" (a house rule)" if any(x.id == v and x.house_rule
                                                                       for x in self.variants) else "")
                 for n, v in sorted(self.player_variants.items())]
        return text + (f"; {', '.join(extra)}" if extra else "")

    def variant(self, variant_id: str) -> Variant:
        for v in self.variants:
            if v.id == variant_id:
                return v
        from kcal.core.suggest import did_you_mean

        raise KcalError(f"{self.name} has no variant {variant_id!r}"
                        f"{did_you_mean(variant_id, [v.id for v in self.variants])}", code="unknown-variant")

    def check_players(self, count: int, variant: str | None = None) -> None:
        """Refuse a player count outside the game's range (unless a variant allows it), in words."""
        if self.min_players <= count <= self.max_players:
            return
        needed = self.player_variants.get(count)
        if needed is not None and variant == needed:
            return
        hint = f" (or {count} with --variant {needed}, a house rule)" if needed else ""
        raise KcalError(f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                        f"not {count}{hint}", code="player-count")


class CatalogFilter(NamedTuple):
    """A ``kcal catalog list`` filter: ``--NAME METAVAR`` (``short``: its one-letter name), what it filters
    by (``help``), repeatable unless ``text`` (one piece of text, such as ``--name``). The words every game
    shares are :data:`CATALOG_FILTERS`; a pack whose cards have another declares it (``Pack.filters``)."""

    name: str
    metavar: str
    help: str
    short: str = ""
    text: bool = False


#: the ``catalog list`` filters kcal's games share (docs/cli.md); which of them a game takes is its
#: catalog hook's ``FILTERS``
CATALOG_FILTERS: tuple[CatalogFilter, ...] = (
    CatalogFilter("type", "TYPE", "Card type.", "-t"),
    CatalogFilter("class", "CLASS", "Classification."),
    CatalogFilter("rarity", "RARITY", "Rarity.", "-r"),
    CatalogFilter("biome", "CODE", "Biome (or habitat) code."),
    CatalogFilter("modifier", "NAME", "Modifier name.", "-m"),
    CatalogFilter("cost", "COLOUR", "A colour some cost alternative uses."),
    CatalogFilter("colour", "COLOUR", "Card colour."),
    CatalogFilter("name", "TEXT", "Part of the name, common name or id.", text=True),
)
