"""The nouns of kCaloria: colours, tile types, classifications, rarities and biomes.

Every noun is a small ``str`` enum whose value is the spelling used in YAML and JSON, so
``Color("blue")`` parses and ``Color.BLUE.value`` formats; the two round-trip.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Color(str, Enum):
    """A kCalorie cube colour. Declaration order is food-chain order."""

    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"
    PURPLE = "purple"

    @property
    def points(self) -> int:
        return COLOR_POINTS[self]

    def __str__(self) -> str:
        return self.value


COLOR_POINTS: dict[Color, int] = {
    Color.BLUE: 0,
    Color.GREEN: 1,
    Color.YELLOW: 2,
    Color.ORANGE: 3,
    Color.RED: 4,
    Color.PURPLE: 5,
}

#: Cubes in one deck's components (SPEC "Components per deck").
CUBE_SUPPLY: dict[Color, int] = {
    Color.BLUE: 20,
    Color.GREEN: 20,
    Color.YELLOW: 20,
    Color.ORANGE: 18,
    Color.RED: 18,
    Color.PURPLE: 14,
}
DICE_PER_DECK = 6
DECK_SIZE = 60
HAND_SIZE = 7
#: the most tiles one deck may hold in anything kcal prints or exports (a deck's counts may be large by
#: mistake: 4 lines can ask for 40,000 tiles); a legal deck holds 60
MAX_DECK_TILES = 2000
#: the most tiles one deck may hold in a game kcal plays (``sim``, ``deck hand``, ``deck report``, the
#: decks of ``deck build``): twice a legal deck. A game's work grows with its deck (a greedy decision
#: tries up to 64 placements of each kind in hand, each played through the rules), and this cap is what
#: bounds one greedy game to about a second of CPU (issue 21, item 3; the ruling "How big a deck kcal
#: plays" in the pack's docs/rulings.md, the figures in docs/performance.md)
MAX_PLAYED_TILES = 120


class TileType(str, Enum):
    """A tile's type, shown by its background colour."""

    WATER = "water"
    PLANT = "plant"
    HERBIVORE = "herbivore"
    OMNIVORE = "omnivore"
    CARNIVORE = "carnivore"
    HUMAN = "human"
    MICROBE = "microbe"
    EVENT = "event"

    def __str__(self) -> str:
        return self.value

    @property
    def color(self) -> Color | None:
        """The cube colour this type produces; None for microbes and events."""
        return TYPE_COLOR.get(self)


TYPE_COLOR: dict[TileType, Color] = {
    TileType.WATER: Color.BLUE,
    TileType.PLANT: Color.GREEN,
    TileType.HERBIVORE: Color.YELLOW,
    TileType.OMNIVORE: Color.ORANGE,
    TileType.CARNIVORE: Color.RED,
    TileType.HUMAN: Color.PURPLE,
}
ANIMAL_TYPES = frozenset({TileType.HERBIVORE, TileType.OMNIVORE, TileType.CARNIVORE, TileType.HUMAN})


class Klass(str, Enum):
    """A tile's classification (the symbol printed under its name)."""

    WATER = "water"
    ALGAE = "algae"
    FLOWER = "flower"
    FUNGI = "fungi"
    LICHEN = "lichen"
    PLANT = "plant"
    SUCCULENT = "succulent"
    TREE = "tree"
    ACTINOPTERYGII = "actinopterygii"
    AMPHIBIAN = "amphibian"
    ARACHNID = "arachnid"
    BIRD = "bird"
    CEPHALOPOD = "cephalopod"
    CHONDRICHTHYES = "chondrichthyes"
    HUMAN = "human"
    INSECT = "insect"
    MAMMAL = "mammal"
    MYRIAPOD = "myriapod"
    PETROMYZONTIDA = "petromyzontida"
    REPTILE = "reptile"
    SARCOPTERYGII = "sarcopterygii"
    MICROBE = "microbe"
    VIRUS = "virus"
    WEATHER = "weather"
    EVENT = "event"
    ACTION = "action"
    MANMADE = "manmade"

    def __str__(self) -> str:
        return self.value


PLANT_CLASSES = frozenset(
    {Klass.ALGAE, Klass.FLOWER, Klass.FUNGI, Klass.LICHEN, Klass.PLANT, Klass.SUCCULENT, Klass.TREE}
)
ANIMAL_CLASSES = frozenset(
    {
        Klass.ACTINOPTERYGII, Klass.AMPHIBIAN, Klass.ARACHNID, Klass.BIRD, Klass.CEPHALOPOD,
        Klass.CHONDRICHTHYES, Klass.HUMAN, Klass.INSECT, Klass.MAMMAL, Klass.MYRIAPOD,
        Klass.PETROMYZONTIDA, Klass.REPTILE, Klass.SARCOPTERYGII,
    }
)
FISH_CLASSES = frozenset(
    {Klass.ACTINOPTERYGII, Klass.CHONDRICHTHYES, Klass.PETROMYZONTIDA, Klass.SARCOPTERYGII}
)

#: Which classifications each tile type may carry (the "type agrees with class" check).
TYPE_CLASSES: dict[TileType, frozenset[Klass]] = {
    TileType.WATER: frozenset({Klass.WATER}),
    TileType.PLANT: PLANT_CLASSES,
    TileType.HERBIVORE: ANIMAL_CLASSES - {Klass.HUMAN},
    TileType.OMNIVORE: ANIMAL_CLASSES - {Klass.HUMAN},
    TileType.CARNIVORE: ANIMAL_CLASSES - {Klass.HUMAN},
    TileType.HUMAN: frozenset({Klass.HUMAN}),
    TileType.MICROBE: frozenset({Klass.MICROBE, Klass.VIRUS}),
    TileType.EVENT: frozenset({Klass.WEATHER, Klass.EVENT, Klass.ACTION, Klass.MANMADE}),
}


class Rarity(str, Enum):
    """Rarity, printed as the colour of the classification symbol."""

    COMMON = "common"
    UNCOMMON = "uncommon"
    EXCEPTIONAL = "exceptional"
    RARE = "rare"

    def __str__(self) -> str:
        return self.value

    @property
    def symbol_color(self) -> str:
        return RARITY_SYMBOL_COLOR[self]


RARITY_SYMBOL_COLOR: dict[Rarity, str] = {
    Rarity.COMMON: "bronze",
    Rarity.UNCOMMON: "silver",
    Rarity.EXCEPTIONAL: "gold",
    Rarity.RARE: "red",
}


@dataclass(frozen=True)
class BiomeInfo:
    number: int
    code: str
    name: str


class Biome(str, Enum):
    """The 24 biomes of the rulebook's biome reference, by code."""

    GL = "GL"
    SV = "SV"
    SH = "SH"
    SD = "SD"
    HD = "HD"
    CD = "CD"
    CL = "CL"
    TL = "TL"
    CF = "CF"
    MF = "MF"
    TF = "TF"
    TD = "TD"
    TC = "TC"
    FF = "FF"
    AL = "AL"
    TA = "TA"
    TN = "TN"
    LE = "LE"
    LI = "LI"
    LO = "LO"
    CR = "CR"
    OC = "OC"
    NO = "NO"
    AO = "AO"

    def __str__(self) -> str:
        return self.value

    @property
    def info(self) -> BiomeInfo:
        return BIOMES[self]

    @property
    def number(self) -> int:
        return BIOMES[self].number

    @property
    def full_name(self) -> str:
        return BIOMES[self].name


_BIOME_NAMES = [
    "grassland", "savanna", "shrubland", "semi-arid desert", "hot & dry desert", "coastal desert",
    "cold desert", "tropical lowland rainforest", "cloud / montane forest", "mangrove forest",
    "tropical dry forest", "temperate deciduous forest", "temperate coniferous forest",
    "floodplain forest", "alpine", "taiga / boreal forest", "tundra", "lentic waters",
    "littoral waters", "lotic waters", "coral reef", "oceanic waters", "neritic waters",
    "abyssal waters",
]
BIOMES: dict[Biome, BiomeInfo] = {
    b: BiomeInfo(i + 1, b.value, n) for i, (b, n) in enumerate(zip(Biome, _BIOME_NAMES, strict=True))
}


def can_open(tiles: Iterable[object]) -> bool:
    """Setup: the deal reshuffles while the opening tiles hold no water tile, so a deck (or an
    opening hand) can start a game only if it holds one. The one statement of that rule: the
    engine's deal, ``deck check`` and the simulators call it. ``tiles``: catalog tiles or the
    engine's compiled tiles (anything with a ``type``), or tile types."""
    water = TileType.WATER.value
    return any(getattr(t, "type", t) == water for t in tiles)


def fold_name(name: str) -> str:
    """The key under which two tile names are the same name (case-insensitive, white space folded).

    Unicode is normalised first (NFC): ``Café`` typed with a combining accent (as macOS file names
    and some copy-paste give it) is the same name as ``Café`` with a precomposed ``é``."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()
