"""The species cards and components as the rules see them: plain tuples of small ints, indexed by card
number (0-based, in file order: base game first, then the expansions).

A :class:`Species` keeps what the rules need (type, habitats as a bit set, edge, production,
consumption, food types as a bit set, bonus, features, points, abilities) and the texts for views,
explain and print. They live in ``rules/`` because the rules play with them, and ``files/`` sits above
``rules/`` (docs/ARCHITECTURE.md, the pack layers): :mod:`~kcal.games.ecologic_europe.files.cardset` builds
them from the validated models and names them too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kcal.games.ecologic_europe.rules.domain import ANY_HABITAT, BOARD_HABITATS, TYPE_INDEX

ALL_HABITATS = (1 << len(BOARD_HABITATS)) - 1


@dataclass(frozen=True)
class Species:
    index: int
    id: str
    name: str
    latin: str
    type: int  # TYPE_INDEX of the species type
    habitats: int  # bit set over BOARD_HABITATS; ALL_HABITATS for "any"
    any_habitat: bool
    edge: bool
    production: tuple[int, int, int, int] | None
    consumption: int
    eats: int  # bit set over TYPE_INDEX (remains included)
    bonus: str | None
    features: frozenset[str]
    points: int
    abilities: frozenset[str]
    plankton: bool
    fact: str
    expansion: str
    #: the card's entry in its file (``files.models.SpeciesCard``): the pictures and words read it, the rules
    #: never do (``files/`` sits above ``rules/``)
    model: Any = field(repr=False, compare=False)

    @property
    def producer(self) -> bool:
        return self.production is not None

    @property
    def remains_only(self) -> bool:
        """Feeds exclusively on remains: may not cover another card."""
        return self.eats != 0 and self.eats & ~((1 << TYPE_INDEX["plant-remains"]) |
                                                (1 << TYPE_INDEX["animal-remains"])) == 0

    def eats_type(self, t: int) -> bool:
        return bool(self.eats >> t & 1)

    def fits(self, habitat: int) -> bool:
        return bool(self.habitats >> habitat & 1)


@dataclass(frozen=True)
class CardSet:
    """Every species card of the loaded files, and the components."""

    species: tuple[Species, ...]
    #: the validated components file (``files.models.ComponentsFile``: boards, weather die and cards,
    #: human-impact cards)
    components: Any
    sources: tuple[str, ...] = ()
    by_latin: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    backs: tuple[int, ...] = field(default=(), compare=False, repr=False)
    has_crops: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # the back of every card: species by type, then the human-impact cards (back 14)
        object.__setattr__(self, "backs", tuple(s.type for s in self.species) + (14,) * len(self.components.human_cards))
        object.__setattr__(self, "has_crops", any("crop" in s.features for s in self.species))
        self.by_latin.update({s.latin.casefold(): s.index for s in self.species})
        self.by_latin.update({s.id.casefold(): s.index for s in self.species})

    def __len__(self) -> int:
        return len(self.species)

    def find(self, text: str) -> int | None:
        """The card index whose Latin name, id or common name is ``text`` (case and spaces folded)."""
        key = " ".join(text.split()).casefold()
        if key in self.by_latin:
            return self.by_latin[key]
        for s in self.species:
            if s.name.casefold() == key:
                return s.index
        return None

    def in_expansions(self, expansions: frozenset[str]) -> tuple[int, ...]:
        return tuple(s.index for s in self.species if s.expansion in expansions)

    @property
    def weather(self) -> tuple[Any, ...]:
        return self.components.weather_cards

    @property
    def human(self) -> tuple[Any, ...]:
        return self.components.human_cards


ANY = ANY_HABITAT

__all__ = ["ALL_HABITATS", "ANY", "CardSet", "Species"]
