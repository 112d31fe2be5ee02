"""Deck features: the two axes of ``kcal deck build``'s map (MAP-Elites' behaviour descriptors).

A feature is a number computed from a deck's tiles, with a range and a number of bins; the map's cell
of a deck is the pair of bins its two feature values fall in (a value outside the range goes to the
nearest edge bin). The features a user may pick (``--features A,B``):

==================  ==========================================================  ============
name                value                                                        range
==================  ==========================================================  ============
``water``           water tiles                                                  0 - 30
``mean-cost``       cubes of the cheapest cost alternative, averaged over tiles  0 - 3
``mean-yield``      cubes of the base yield, averaged over tiles                 0 - 3
``free``            tiles that cost nothing                                      0 - 30
``humans``          human tiles (two placed end the game)                        0 - 12
``names``           distinct names                                               12 - 60
``type:TYPE``       tiles of that type (``type:carnivore``)                      0 - 24
``class:CLASS``     tiles of that classification (``class:fish``: the 4 fish)    0 - 24
``biome:CODE``      tiles living in that biome (``biome:FF``)                    0 - 60
==================  ==========================================================  ============
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kcal.core.errors import UsageError
from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.rules.domain import Biome, Klass, TileType

#: the classifications ``class:fish`` counts (Facts: fish = these four)
FISH = frozenset({Klass("actinopterygii"), Klass("chondrichthyes"), Klass("petromyzontida"),
                  Klass("sarcopterygii")})
#: bins per axis unless ``--bins`` says otherwise
DEFAULT_BINS = 6
MAX_BINS = 20


def cheapest_cubes(tile: Tile) -> int:
    """Cubes of the tile's cheapest cost alternative (as ``deck stats``' mean cost counts it)."""
    from kcal.games.kcaloria.deck.stats import cheapest_alternative

    return sum(cheapest_alternative(tile).values())


@dataclass(frozen=True)
class Feature:
    """One axis: its name as the user writes it, what it measures, its range, and its function."""

    name: str
    meaning: str
    low: float
    high: float
    value: Callable[[Sequence[Tile]], float]
    integer: bool = True

    def bin(self, x: float, bins: int) -> int:
        """The bin of value ``x`` among ``bins`` equal bins of the range (edges clamp)."""
        t = (x - self.low) / (self.high - self.low)
        return max(0, min(bins - 1, int(t * bins)))

    def edges(self, bins: int) -> list[float]:
        return [round(self.low + (self.high - self.low) * k / bins, 4) for k in range(bins + 1)]


def _count(pred: Callable[[Tile], bool]) -> Callable[[Sequence[Tile]], float]:
    return lambda tiles: float(sum(1 for t in tiles if pred(t)))


def _mean(f: Callable[[Tile], int]) -> Callable[[Sequence[Tile]], float]:
    return lambda tiles: round(sum(f(t) for t in tiles) / len(tiles), 4) if tiles else 0.0


FIXED: dict[str, Feature] = {f.name: f for f in (
    Feature("water", "water tiles", 0, 30, _count(lambda t: t.type is TileType.WATER)),
    Feature("mean-cost", "cubes of the cheapest cost alternative, averaged over the tiles", 0, 3,
            _mean(cheapest_cubes), integer=False),
    Feature("mean-yield", "cubes of the base yield, averaged over the tiles", 0, 3,
            _mean(lambda t: t.yield_total), integer=False),
    Feature("free", "tiles that cost nothing", 0, 30, _count(lambda t: not t.cost)),
    Feature("humans", "human tiles (a player's second one ends the game)", 0, 12,
            _count(lambda t: t.type is TileType.HUMAN)),
    Feature("names", "distinct names", 12, 60, lambda tiles: float(len({t.key for t in tiles}))),
)}
#: features with a parameter: ``type:carnivore``, ``class:fish``, ``biome:FF``
PARAMETRIC = ("type", "class", "biome")


def feature_names() -> list[str]:
    return [*FIXED, *(f"{p}:NAME" for p in PARAMETRIC)]


def parse_feature(text: str) -> Feature:
    """One feature as the user wrote it; an unknown one is a usage error with a did-you-mean."""
    from kcal.core.suggest import did_you_mean

    word = text.strip().lower()
    if word in FIXED:
        return FIXED[word]
    kind, sep, arg = word.partition(":")
    if sep and kind in PARAMETRIC:
        return _parametric(kind, arg.strip(), text)
    raise UsageError(f"unknown deck feature {text!r}{did_you_mean(word, list(FIXED) + list(PARAMETRIC))}; "
                     f"features: {', '.join(feature_names())}")


def _parametric(kind: str, arg: str, text: str) -> Feature:
    from kcal.core.suggest import did_you_mean

    if kind == "type":
        types = {t.value: t for t in TileType}
        if arg not in types:
            raise UsageError(f"--features {text}: unknown tile type{did_you_mean(arg, list(types))}; "
                             f"types: {', '.join(types)}")
        tt = types[arg]
        return Feature(f"type:{arg}", f"{arg} tiles", 0, 24, _count(lambda t: t.type is tt))
    if kind == "class":
        classes = {k.value: k for k in Klass}
        if arg == "fish":
            return Feature("class:fish", "fish tiles (the four fish classes)", 0, 24, _count(lambda t: t.klass in FISH))
        if arg not in classes:
            raise UsageError(f"--features {text}: unknown classification"
                             f"{did_you_mean(arg, [*classes, 'fish'])}; classes: {', '.join(classes)}, fish")
        kl = classes[arg]
        return Feature(f"class:{arg}", f"{arg} tiles", 0, 24, _count(lambda t: t.klass is kl))
    codes = {b.value.lower(): b for b in Biome}
    if arg not in codes:
        raise UsageError(f"--features {text}: unknown biome code{did_you_mean(arg.upper(), [b.value for b in Biome])}; "
                         f"biomes: {' '.join(b.value for b in Biome)}")
    biome = codes[arg]
    return Feature(f"biome:{biome.value}", f"tiles living in {biome.value} ({biome.full_name})", 0, 60,
                   _count(lambda t: biome in t.biomes))


def parse_features(text: str) -> tuple[Feature, Feature]:
    """``--features A,B``: exactly two different features."""
    parts = [p for p in (w.strip() for w in text.split(",")) if p]
    if len(parts) != 2:
        raise UsageError(f"--features {text!r}: name two features, comma-separated (such as water,mean-cost); "
                         f"features: {', '.join(feature_names())}")
    a, b = parse_feature(parts[0]), parse_feature(parts[1])
    if a.name == b.name:
        raise UsageError(f"--features {text!r}: name two different features")
    return a, b
