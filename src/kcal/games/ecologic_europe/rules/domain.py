"""The nouns of EcoLogic: Europe, named before any rule: seasons, species and food types, feeding
bonuses, habitats, card features, expansions, and the places of an ecosystem.

Every noun is a small ``str`` enum whose value is the id written in files (``small-birds``,
``meadows``); ``title`` is the printed name. ``parse_*`` and ``format_*`` round-trip, and an unknown
word gets a did-you-mean.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple, TypeVar

from kcal.core.errors import KcalError
from kcal.core.suggest import Unknown

GAME_ID = "ecologic-europe"
GAME_NAME = "EcoLogic: Europe"

HAND_SIZE = 8  # cards in hand at the start and after every refill
BOARDS_PER_PLAYER = 4
FIELDS = 6  # fields on every side of a habitat board (kcal's reconstruction, docs/rulings.md)
EDGE_SLOTS = 2  # places on each edge between two neighbouring boards
TRANSFER = 2  # cards passed in steps 3 and 4
EXPRESS_BOARDS = 3
EXPRESS_HAND = 15
EXPRESS_APPLES = 7
EXPRESS_FACE_UP = 8
BASE_MAX_PLAYERS = 4  # 16 boards, 4 per player; each expansion adds 4 boards and a player


class DomainError(KcalError, ValueError):
    """A word that names no noun of the game; a ValueError too, so Pydantic reports it at its node."""

    def __init__(self, message: str) -> None:
        KcalError.__init__(self, message, code="domain")


class Season(str, Enum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def number(self) -> int:
        return SEASONS.index(self)


SEASONS: tuple[Season, ...] = tuple(Season)


class SpeciesType(str, Enum):
    """The twelve species types (the icon in a circle, and the card's back)."""

    HERBACEOUS = "herbaceous"
    WOODY = "woody"
    FUNGI = "fungi"
    INSECTS = "insects"
    INVERTEBRATES = "invertebrates"
    FISH = "fish"
    AMPHIBIANS = "amphibians"
    SMALL_BIRDS = "small-birds"
    BIG_BIRDS = "big-birds"
    SMALL_MAMMALS = "small-mammals"
    HOOFED = "hoofed"
    PREDATORS = "predators"

    @property
    def label(self) -> str:
        return TYPE_TITLES[self.value]


class FoodType(str, Enum):
    """The fourteen food types: the twelve species types and the two kinds of remains."""

    HERBACEOUS = "herbaceous"
    WOODY = "woody"
    FUNGI = "fungi"
    INSECTS = "insects"
    INVERTEBRATES = "invertebrates"
    FISH = "fish"
    AMPHIBIANS = "amphibians"
    SMALL_BIRDS = "small-birds"
    BIG_BIRDS = "big-birds"
    SMALL_MAMMALS = "small-mammals"
    HOOFED = "hoofed"
    PREDATORS = "predators"
    PLANT_REMAINS = "plant-remains"
    ANIMAL_REMAINS = "animal-remains"

    @property
    def label(self) -> str:
        return TYPE_TITLES[self.value]


TYPE_TITLES = {
    "herbaceous": "Herbaceous plants", "woody": "Woody plants", "fungi": "Fungi and lichens",
    "insects": "Insects", "invertebrates": "Invertebrates (others)", "fish": "Fish",
    "amphibians": "Amphibians and reptiles", "small-birds": "Small birds", "big-birds": "Big birds",
    "small-mammals": "Small mammals", "hoofed": "Hoofed mammals", "predators": "Predatory mammals",
    "plant-remains": "Plant remains", "animal-remains": "Animal remains",
}
SPECIES_TYPES: tuple[SpeciesType, ...] = tuple(SpeciesType)
FOOD_TYPES: tuple[FoodType, ...] = tuple(FoodType)
#: a type's index (the engine keeps types as small ints; food types 12 and 13 are the remains)
TYPE_INDEX: dict[str, int] = {t.value: i for i, t in enumerate(FOOD_TYPES)}
PLANT_REMAINS, ANIMAL_REMAINS = TYPE_INDEX["plant-remains"], TYPE_INDEX["animal-remains"]
#: plant-like types: remains on these cards are plant remains (fungi count with the plants)
PLANT_LIKE = frozenset({TYPE_INDEX["herbaceous"], TYPE_INDEX["woody"], TYPE_INDEX["fungi"]})
#: "Poisonous species - mammals and birds can not feed on it"
MAMMALS_AND_BIRDS = frozenset(TYPE_INDEX[t] for t in ("small-birds", "big-birds", "small-mammals", "hoofed",
                                                      "predators"))
#: the types the winter rule forbids ("in WINTER you can not place herbaceous plant or insect cards")
WINTER_FORBIDDEN = frozenset({TYPE_INDEX["herbaceous"], TYPE_INDEX["insects"]})
#: a rough level in the food chain of each food type, for kcal's feeding order (docs/rulings.md)
TROPHIC_LEVEL = {"herbaceous": 0, "woody": 0, "fungi": 0, "plant-remains": 0, "animal-remains": 1,
                 "insects": 1, "invertebrates": 1, "fish": 2, "amphibians": 2, "small-birds": 2,
                 "small-mammals": 2, "hoofed": 2, "big-birds": 3, "predators": 3}


class Bonus(str, Enum):
    """Feeding bonuses: a plant carries the marking; a consumer with the same icon gets +1 biomass
    per plant so marked in its habitat(s), after it is fed."""

    FRUITING = "fruiting"
    SEED = "seed"
    FLOWERING = "flowering"
    GRASS = "grass"

    @property
    def label(self) -> str:
        return {"fruiting": "Fruiting plant", "seed": "Seed plant", "flowering": "Flowering plant",
                "grass": "Grass"}[self.value]


BONUSES: tuple[Bonus, ...] = tuple(Bonus)


class Habitat(str, Enum):
    """The habitats of the boards; ``any`` appears on cards only (a card for every habitat)."""

    DECIDUOUS = "deciduous"
    CONIFEROUS = "coniferous"
    MEADOWS = "meadows"
    RIVERS = "rivers"
    WETLANDS = "wetlands"
    COASTAL = "coastal"
    CITIES = "cities"
    MOUNTAINS = "mountains"
    ANY = "any"

    @property
    def label(self) -> str:
        return HABITAT_TITLES[self.value]


HABITAT_TITLES = {
    "deciduous": "Deciduous forest", "coniferous": "Coniferous forest", "meadows": "Meadows and fields",
    "rivers": "Rivers and floodplains", "wetlands": "Wetlands and lakes", "coastal": "Coastal habitats",
    "cities": "Cities and gardens", "mountains": "Mountains", "any": "Any habitat",
}
BOARD_HABITATS: tuple[Habitat, ...] = tuple(h for h in Habitat if h is not Habitat.ANY)
BASE_HABITATS: tuple[Habitat, ...] = BOARD_HABITATS[:5]
HABITAT_INDEX: dict[str, int] = {h.value: i for i, h in enumerate(BOARD_HABITATS)}
ANY_HABITAT = len(BOARD_HABITATS)  # the index of "any" in a card's habitat set


class Feature(str, Enum):
    """The card symbols below the line that are not abilities of the dictionary."""

    PIONEER = "pioneer"
    POISONOUS = "poisonous"
    CROP = "crop"
    NOCTURNAL = "nocturnal"

    @property
    def label(self) -> str:
        return {"pioneer": "Pioneer plant", "poisonous": "Poisonous species", "crop": "Crop plant",
                "nocturnal": "Nocturnal animal"}[self.value]


FEATURES: tuple[Feature, ...] = tuple(Feature)
POINT_VALUES = (-1, 1, 2, 3)  # the victory points a card may show (0: none)


class Expansion(str, Enum):
    BASE = "base"
    MOUNTAINS = "mountains"
    COASTAL = "coastal"
    HUMAN = "human-habitat"

    @property
    def label(self) -> str:
        return {"base": "Base game", "mountains": "Mountain expansion", "coastal": "Coastal habitat expansion",
                "human-habitat": "Human habitat expansion"}[self.value]


EXPANSIONS: tuple[Expansion, ...] = tuple(Expansion)
#: the expansions added, in this order, when more than 4 players sit down without naming any
EXPANSION_ORDER: tuple[Expansion, ...] = (Expansion.MOUNTAINS, Expansion.COASTAL, Expansion.HUMAN)
EXPANSION_HABITAT = {Expansion.MOUNTAINS: Habitat.MOUNTAINS, Expansion.COASTAL: Habitat.COASTAL,
                     Expansion.HUMAN: Habitat.CITIES}

E = TypeVar("E", bound=Enum)


def _fold(text: object) -> str:
    return "-".join(str(text).replace("_", " ").replace("&", " ").split()).casefold()


HABITAT_ALIASES = {"deciduous-forest": "deciduous", "coniferous-forest": "coniferous", "meadow": "meadows",
                   "fields": "meadows", "river": "rivers", "floodplains": "rivers", "wetland": "wetlands",
                   "lakes": "wetlands", "coast": "coastal", "city": "cities", "gardens": "cities",
                   "mountain": "mountains"}
TYPE_ALIASES = {"lichens": "fungi", "fungi-and-lichens": "fungi", "reptiles": "amphibians",
                "amphibians-and-reptiles": "amphibians", "hoofed-mammals": "hoofed",
                "predatory-mammals": "predators", "invertebrates-(others)": "invertebrates"}
EXPANSION_ALIASES = {"human": "human-habitat", "cities": "human-habitat", "mountain": "mountains",
                     "coast": "coastal"}

#: each noun as messages name it, and the other words a file may use for its members
NOUNS: dict[type[Enum], tuple[str, dict[str, str] | None]] = {
    Season: ("season", None), SpeciesType: ("species type", TYPE_ALIASES), FoodType: ("food type", TYPE_ALIASES),
    Habitat: ("habitat", HABITAT_ALIASES), Bonus: ("feeding bonus", None), Feature: ("feature", None),
    Expansion: ("expansion", EXPANSION_ALIASES)}


class _Words(NamedTuple):
    """How a noun's members are looked up: by folded id, title or alias; and its ids for messages."""

    members: dict[str, Enum]
    ids: tuple[str, ...]
    listing: str


_WORDS: dict[type[Enum], _Words] = {}


def _words(kind: type[Enum]) -> _Words:
    words = _WORDS.get(kind)
    if words is None:
        what, aliases = NOUNS[kind]
        members: dict[str, Enum] = {}
        for member in kind:  # the first member that claims a word keeps it; aliases come last
            members.setdefault(member.value, member)
            members.setdefault(_fold(getattr(member, "label", member.value)), member)
        for alias, value in (aliases or {}).items():
            members.setdefault(alias, kind(value))
        ids = tuple(m.value for m in kind)
        words = _WORDS[kind] = _Words(members, ids, f"; the {what}s are {', '.join(ids)}")
    return words


def match_noun(kind: type[E], text: object) -> E:
    """The member of the noun ``kind`` whose id (or title, or alias) is ``text``; an unknown word raises
    a :class:`~kcal.core.suggest.Unknown`, cheap to raise, whose did-you-mean is found only when its
    message is read (the file models' validators: a file may hold half a million unknown words)."""
    if isinstance(text, kind):
        return text
    if not isinstance(text, str):
        raise DomainError(f"a {NOUNS[kind][0]} is a word such as {next(iter(kind)).value!r}, got {text!r}")
    words = _words(kind)
    member = words.members.get(text)  # the word as a file mostly writes it (every key is folded already)
    if member is not None:
        return member  # type: ignore[return-value]
    word = _fold(text)
    member = words.members.get(word)
    if member is None:
        raise Unknown(f"unknown {NOUNS[kind][0]} {text!r}", word, words.ids, words.listing)
    return member  # type: ignore[return-value]


def parse_noun(kind: type[E], text: object) -> E:
    """The member of the noun ``kind`` that ``text`` names (:func:`match_noun`), an unknown word a
    :class:`DomainError` with a did-you-mean."""
    try:
        return match_noun(kind, text)
    except Unknown as e:
        raise DomainError(e.phrased()) from None


def parse_season(text: object) -> Season:
    return parse_noun(Season, text)


def parse_species_type(text: object) -> SpeciesType:
    return parse_noun(SpeciesType, text)


def parse_food_type(text: object) -> FoodType:
    return parse_noun(FoodType, text)


def parse_habitat(text: object) -> Habitat:
    return parse_noun(Habitat, text)


def parse_board_habitat(text: object) -> Habitat:
    h = parse_habitat(text)
    if h is Habitat.ANY:
        raise DomainError("'any' is a card's symbol, not a habitat a board shows")
    return h


def parse_bonus(text: object) -> Bonus:
    return parse_noun(Bonus, text)


def parse_feature(text: object) -> Feature:
    return parse_noun(Feature, text)


def parse_expansion(text: object) -> Expansion:
    return parse_noun(Expansion, text)


class Place(NamedTuple):
    """A place of an ecosystem: field ``slot`` of habitat board ``board`` (``h2.3``), or place
    ``slot`` of the edge between boards ``board`` and ``board + 1`` (``e2.1``). 1-based, as written."""

    edge: bool
    board: int
    slot: int

    @classmethod
    def parse(cls, text: str) -> Place:
        return parse_place(text)

    def __str__(self) -> str:
        return format_place(self)

    def __repr__(self) -> str:
        return f"Place.parse({format_place(self)!r})"


def format_place(place: Place) -> str:
    return f"{'e' if place.edge else 'h'}{place.board}.{place.slot}"


def parse_place(text: object) -> Place:
    """``h2.3`` (habitat 2, field 3) or ``e1.2`` (edge below habitat 1, place 2)."""
    if isinstance(text, Place):
        return text
    if not isinstance(text, str):
        raise DomainError(f"a place is written h<board>.<field> or e<edge>.<place> (h2.3, e1.1), got {text!r}")
    word = text.strip().casefold()
    head, _, tail = word[1:].partition(".")
    if word[:1] not in ("h", "e") or not (head.isascii() and head.isdigit() and tail.isascii() and tail.isdigit()) \
            or len(head) > 2 or len(tail) > 2:
        raise DomainError(f"a place is written h<board>.<field> or e<edge>.<place> (h2.3, e1.1), got {text!r}")
    board, slot = int(head), int(tail)
    if board < 1 or slot < 1:
        raise DomainError(f"{text!r}: boards, edges, fields and places count from 1")
    return Place(word[0] == "e", board, slot)


def names(items: Iterable[Enum]) -> list[str]:
    return [str(i.value) for i in items]
