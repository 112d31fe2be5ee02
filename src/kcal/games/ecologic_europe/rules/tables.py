"""The card set and the boards as integer tables, built once per game: species and type constants, what
eats what (:func:`can_eat`), a card's food key (:class:`Tables`), the boards' places and neighbours
(:class:`Layout`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kcal.games.ecologic_europe.rules.cards import Species
from kcal.games.ecologic_europe.rules.domain import (
    ANIMAL_REMAINS,
    BOARD_HABITATS,
    FIELDS,
    FOOD_TYPES,
    MAMMALS_AND_BIRDS,
    PLANT_LIKE,
    PLANT_REMAINS,
    TROPHIC_LEVEL,
    TYPE_INDEX,
    WINTER_FORBIDDEN,
)
from kcal.games.ecologic_europe.rules.state import State

BIG_BIRDS = TYPE_INDEX["big-birds"]
SMALL_BIRDS = TYPE_INDEX["small-birds"]
FISH = TYPE_INDEX["fish"]
HOOFED = TYPE_INDEX["hoofed"]
INVERTEBRATES = TYPE_INDEX["invertebrates"]
SKIP = "skip"
NO = "no"  # place_problem's refusal when no words are asked for  # pending marker of a player who has nothing to do in step 3
DEFERRED = ("invertebrate-raid", "discard-draw")  # after the step's placements
#: the raids that act after placing and before feeding: (the food type raided, the most taken per card)
RAIDS_BEFORE_FEEDING = {"fish-raid": (FISH, 1), "hoofed-raid": (HOOFED, 2)}
AFTER_FEEDING = frozenset({"phytoplankton", "plant-remains-processing"})  # after_feeding's features (and bonus)


def type_title(t: int) -> str:
    return FOOD_TYPES[t].label.lower() if t < len(FOOD_TYPES) else "human impact"


def habitat_title(h: int) -> str:
    return BOARD_HABITATS[h].label.lower()


def sp(state: State, card: int) -> Species:
    return state.rules.cards.species[card]


def back(state: State, card: int) -> int:
    return state.rules.cards.backs[card]


def is_human(state: State, card: int) -> bool:
    return card >= state.rules.species_count


# -- what eats what ---------------------------------------------------------------------------------

def can_eat(eater: Species, food: Species) -> bool:
    """Its food types (and big-bird-eater's exception); poisonous species are no food for mammals and
    birds."""
    if "poisonous" in food.features and eater.type in MAMMALS_AND_BIRDS:
        return False
    if eater.eats >> food.type & 1:
        return True
    return "big-bird-eater" in eater.abilities and food.type == BIG_BIRDS and food.consumption < 4


def place_range(state: State) -> range:
    return range(state.rules.places)


#: placements card by card: (card, places, choices); choices None, or every move of the card as
#: (place, the small bird that follows or None, the earthworm's process: count or None)
Placements = list[tuple[int, list[int], list[tuple[int, Any, int | None]] | None]]


# -- the card set as integer tables, and placements card by card -------------------------------------

#: A card on top of a place is food of one key: its type, poisonous or not, and (for the
#: big-bird-eater) a big bird of consumption under 4: bit ``type * 4 + poisonous * 2 + small``. The
#: remains on it are plant or animal remains: the two bits after the types'.
REMAINS_BIT = {PLANT_REMAINS: 1 << 4 * len(FOOD_TYPES), ANIMAL_REMAINS: 1 << (4 * len(FOOD_TYPES) + 1)}


class Tables:
    """The species of a card set as tuples indexed by card number and as bit sets over card numbers,
    compiled once per card set: what the placement checks ask. ``edible[c] & food[t]`` is
    ``can_eat(c, t)``, ``edible[c] & remains[t]`` says that ``c`` eats the remains lying on ``t``;
    ``eaters[t]`` is the set of cards that can eat ``t``, ``coverers[t]`` of those that may cover it."""

    __slots__ = ("habitats", "edge", "producer", "need", "edible", "food", "remains", "spring", "slow", "level",
                 "after", "deferred", "raid", "plant_bit", "latin", "production", "first_plant", "lone_plant",
                 "to_jokers", "species",
                 "fit", "edges", "producers", "winter", "pioneers", "eaters", "remains_eaters", "remains_eaters_all",
                 "coverers",
                 "needs_more", "slows")

    # kept whole: every table of the card set built in one pass over the cards, once per game; the tables are read in the hot loop as plain attributes
    def __init__(self, species: tuple[Species, ...]) -> None:
        def edible(s: Species) -> int:
            mask = 0
            bird_eater = "big-bird-eater" in s.abilities
            for t in range(len(FOOD_TYPES)):
                for poisonous in (0, 1):
                    if poisonous and s.type in MAMMALS_AND_BIRDS:
                        continue
                    for small in (0, 1):
                        if s.eats >> t & 1 or (bird_eater and t == BIG_BIRDS and small):
                            mask |= 1 << (t * 4 + poisonous * 2 + small)
            for kind, bit in REMAINS_BIT.items():
                if s.eats >> kind & 1:
                    mask |= bit
            return mask

        def bits(test: Callable[[Species], bool]) -> int:
            return sum(1 << s.index for s in species if test(s))

        def lives_in(h: int) -> Callable[[Species], bool]:
            return lambda s: bool(s.habitats >> h & 1)

        def needs_over(j: int) -> Callable[[Species], bool]:
            return lambda s: s.consumption > j

        self.habitats = tuple(s.habitats for s in species)
        self.edge = tuple(s.edge for s in species)
        self.producer = tuple(s.producer for s in species)
        self.need = tuple(s.consumption for s in species)
        self.edible = tuple(edible(s) for s in species)
        self.food = tuple(1 << (s.type * 4 + 2 * ("poisonous" in s.features)
                                + (s.type == BIG_BIRDS and s.consumption < 4)) for s in species)
        self.remains = tuple(REMAINS_BIT[PLANT_REMAINS if s.type in PLANT_LIKE else ANIMAL_REMAINS]
                             for s in species)
        self.spring = tuple(3 if "spring-jokers" in s.abilities else 0 for s in species)
        self.level = tuple(TROPHIC_LEVEL[FOOD_TYPES[s.type].value] for s in species)  # feeding_order
        self.after = tuple(s.bonus is not None or bool(s.abilities & AFTER_FEEDING) for s in species)
        self.deferred = tuple(tuple(a for a in sorted(s.abilities) if a in DEFERRED) for s in species)
        # the raids before feeding of each card: ((type, most), ...) (RAIDS_BEFORE_FEEDING)
        self.raid = tuple(tuple(RAIDS_BEFORE_FEEDING[a] for a in sorted(s.abilities) if a in RAIDS_BEFORE_FEEDING)
                          for s in species)
        self.latin = tuple(s.latin for s in species)
        self.production = tuple(s.production for s in species)
        self.first_plant = tuple(s.producer and "first-plant" in s.abilities for s in species)
        self.lone_plant = tuple("lone-plant" in s.abilities for s in species)
        self.to_jokers = tuple("remains-to-jokers" in s.abilities for s in species)
        # checked the long way: crop plants, the small-bird-follow and the earthworm (their placements
        # come with choices), and the raiders before feeding (their food includes the neighbours' cards)
        self.slow = tuple("crop" in s.features or "small-bird-follow" in s.abilities or bool(self.raid[s.index])
                          or "plant-remains-processing" in s.abilities for s in species)
        self.slows = bits(lambda s: self.slow[s.index])
        self.species = (1 << len(species)) - 1  # every species (the human-impact cards come after them)
        # bit sets over card numbers
        self.fit = tuple(bits(lives_in(h)) for h in range(len(BOARD_HABITATS)))
        self.edges = bits(lambda s: s.edge)
        self.producers = bits(lambda s: s.producer)
        self.winter = bits(lambda s: s.type in WINTER_FORBIDDEN)
        self.pioneers = bits(lambda s: "pioneer" in s.features)
        self.plant_bit = 1 << len(species)  # past every card: marks a plant in an Ecosystem's food bits
        by_key: dict[int, int] = {}
        for s in species:
            e = self.edible[s.index]
            while e:
                low = e & -e
                by_key[low] = by_key.get(low, 0) | 1 << s.index
                e ^= low
        self.eaters = tuple(by_key.get(f, 0) for f in self.food)
        self.remains_eaters = {bit: by_key.get(bit, 0) for bit in REMAINS_BIT.values()}
        self.remains_eaters_all = 0  # the cards that eat any remains
        for eats_remains in self.remains_eaters.values():
            self.remains_eaters_all |= eats_remains
        # place_problem's checks for a covered card: a plant covers only another plant, with plant-cover;
        # a card that feeds only on remains never covers; an animal covers what it eats
        cover_plants = bits(lambda s: s.producer and "plant-cover" in s.abilities)
        cover_animals = bits(lambda s: not s.producer and not s.remains_only)
        self.coverers = tuple((cover_plants if s.producer else 0) | (self.eaters[s.index] & cover_animals)
                              for s in species)
        most = max(self.need, default=0)
        # needs_more[j]: the cards that need more than j biomass (j from 0 to the largest consumption)
        self.needs_more = tuple(bits(needs_over(j)) for j in range(most + 1))

    def fit_mask(self, mask: int) -> int:
        """The cards that live in one of the habitats of ``mask`` (a bit set over habitats)."""
        out = 0
        for h, cards in enumerate(self.fit):
            if mask >> h & 1:
                out |= cards
        return out


_TABLES: dict[int, tuple[Any, Tables]] = {}


def tables(state: State) -> Tables:
    """The :class:`Tables` of the state's card set (built on first use, kept per card set)."""
    memo = state.rules.memo
    found = memo.get("tables")
    if found is None:
        cards = state.rules.cards
        hit = _TABLES.get(id(cards))
        if hit is None or hit[0] is not cards:
            if len(_TABLES) >= 8:  # a few card sets at a time (the built-in one, files being checked)
                _TABLES.clear()
            hit = _TABLES[id(cards)] = (cards, Tables(cards.species))
        found = memo["tables"] = hit[1]
    return found  # type: ignore[no-any-return]


class Layout:
    """The shape of an ecosystem as the placement checks walk it (one per game, in ``rules.memo``):
    the groups of places that share their board(s) (a board's fields, an edge's places), in place
    order; each group's area as groups (the groups whose places are around it: a board's fields
    and its edges; for an edge, the fields and edges of both boards)."""

    __slots__ = ("groups", "areas", "fields", "bounds", "group_of", "around")

    def __init__(self, boards_of: tuple[tuple[int, ...], ...], fields: int) -> None:
        groups: dict[tuple[int, ...], list[int]] = {}
        for q, key in enumerate(boards_of):
            groups.setdefault(key, []).append(q)
        self.groups = tuple((key, tuple(qs)) for key, qs in groups.items())
        self.bounds = tuple((qs[0], qs[-1] + 1) for _, qs in self.groups)  # a group's places are a slice
        assert all(qs == tuple(range(a, b)) for (_, qs), (a, b) in zip(self.groups, self.bounds, strict=True))
        keys = [key for key, _ in self.groups]
        self.areas = tuple(tuple(j for j, other in enumerate(keys) if set(other) & set(key)) for key in keys)
        self.around = tuple(sum(1 << j for j in area) for area in self.areas)  # the areas as bit sets
        self.group_of = tuple(g for g, (_, qs) in enumerate(self.groups) for _ in qs)  # per place
        self.fields = fields


_LAYOUTS: dict[int, Layout] = {}  # per number of boards


def layout(state: State) -> Layout:
    memo = state.rules.memo
    found = memo.get("layout")
    if found is None:
        rules = state.rules
        found = _LAYOUTS.get(rules.boards)
        if found is None:
            found = _LAYOUTS[rules.boards] = Layout(rules.boards_of, rules.boards * FIELDS)
        memo["layout"] = found
    return found  # type: ignore[no-any-return]


_SPOTS: dict[int, tuple[Any, ...]] = {}  # per number of boards


def spots_of(state: State) -> tuple[Any, ...]:
    """Each place's :class:`~.domain.Place` (rules.spot of every place), made once per game."""
    memo = state.rules.memo
    found = memo.get("spots")
    if found is None:
        rules = state.rules
        found = _SPOTS.get(rules.boards)
        if found is None:
            found = _SPOTS[rules.boards] = tuple(rules.spot(q) for q in range(rules.places))
        memo["spots"] = found
    return found  # type: ignore[no-any-return]


def place_numbers(state: State) -> dict[Any, int]:
    """Each place's :class:`~.domain.Place` to its number (rules.place_index of every place)."""
    memo = state.rules.memo
    found = memo.get("index")
    if found is None:
        found = memo["index"] = {spot: q for q, spot in enumerate(spots_of(state))}
    return found  # type: ignore[no-any-return]
