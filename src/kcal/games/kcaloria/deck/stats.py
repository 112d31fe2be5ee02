"""What a deck is made of: counts by type, colour, rarity, biome, class and modifier; costs and yields.

Every number counts tiles (a name held 4 times counts 4). Definitions:

- *colour* of a tile is the cube colour of its type (water blue, plant green, ... human purple);
  microbes and events have none and count under ``"none"``;
- a tile counts once under each of its biomes and once under each distinct modifier it carries;
- the *cheapest* cost alternative is the one that spends the fewest kCalorie points (cube points:
  blue 0 ... purple 5), then the fewest cubes, then the first listed; free tiles cost nothing;
- *all alternatives* adds every alternative of every tile (what the deck could ask for);
- *yield* is the printed base yield, before adjacency bonuses and modifiers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from kcal.games.kcaloria.deck.hashing import deck_hash
from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.files.load import LoadedDeck
from kcal.games.kcaloria.rules.domain import Biome, Color, Klass, Rarity, TileType

NO_COLOR = "none"


def cheapest_alternative(tile: Tile) -> Mapping[Color, int]:
    """The cost alternative that spends the fewest points, then cubes; ``{}`` for a free tile."""
    if not tile.cost:
        return {}
    return min(
        enumerate(tile.cost),
        key=lambda ia: (sum(c.points * n for c, n in ia[1].items()), sum(ia[1].values()), ia[0]),
    )[1]


def _ordered(counter: Counter, order: Sequence[str]) -> dict[str, int]:
    """A counter as a dict in the domain's order (only the keys that occur), then any others."""
    out = {k: counter[k] for k in order if counter.get(k)}
    out.update({k: v for k, v in sorted(counter.items()) if k not in out and v})
    return out


def _colors(counter: Counter) -> dict[str, int]:
    """Per-colour totals with every colour present (0 when absent), in food-chain order."""
    return {c.value: counter.get(c.value, 0) for c in Color}


def tile_stats(tiles: Sequence[Tile]) -> dict:
    """Statistics of a list of tiles (repeats count)."""
    by_type: Counter = Counter()
    by_color: Counter = Counter()
    by_rarity: Counter = Counter()
    by_biome: Counter = Counter()
    by_class: Counter = Counter()
    by_modifier: Counter = Counter()
    cost_cheapest: Counter = Counter()
    cost_all: Counter = Counter()
    payable_with: Counter = Counter()
    yields: Counter = Counter()
    free = 0
    cheapest_cubes = 0
    cheapest_points = 0
    for tile in tiles:
        by_type[tile.type.value] += 1
        color = tile.type.color
        by_color[color.value if color is not None else NO_COLOR] += 1
        by_rarity[tile.rarity.value] += 1
        by_class[tile.klass.value] += 1
        for biome in tile.biomes:
            by_biome[biome.value] += 1
        for name in {m.name for m in tile.modifiers}:
            by_modifier[name] += 1
        if not tile.cost:
            free += 1
        cheap = cheapest_alternative(tile)
        for c, n in cheap.items():
            cost_cheapest[c.value] += n
            cheapest_cubes += n
            cheapest_points += c.points * n
        for c in {c for alt in tile.cost for c in alt}:
            payable_with[c.value] += 1
        for alt in tile.cost:
            for c, n in alt.items():
                cost_all[c.value] += n
        for c, n in tile.yield_.items():
            yields[c.value] += n
    total = len(tiles)
    return {
        "tiles": total,
        "by_type": _ordered(by_type, [t.value for t in TileType]),
        "by_color": _ordered(by_color, [c.value for c in Color] + [NO_COLOR]),
        "by_rarity": _ordered(by_rarity, [r.value for r in Rarity]),
        "by_biome": _ordered(by_biome, [b.value for b in Biome]),
        "by_class": _ordered(by_class, [k.value for k in Klass]),
        "by_modifier": dict(sorted(by_modifier.items(), key=lambda kv: (-kv[1], kv[0]))),
        "free_tiles": free,
        "cost_cheapest": _colors(cost_cheapest),
        "cost_all_alternatives": _colors(cost_all),
        "payable_with": _colors(payable_with),
        "yield": _colors(yields),
        "yield_points": sum(Color(c).points * n for c, n in yields.items()),
        "mean_cost": round(cheapest_cubes / total, 4) if total else 0.0,
        "mean_cost_points": round(cheapest_points / total, 4) if total else 0.0,
        "mean_yield": round(sum(yields.values()) / total, 4) if total else 0.0,
    }


def deck_stats(loaded: LoadedDeck) -> dict:
    """Statistics of a loaded deck; raises (with positions) if a name is not in its catalogs."""
    tiles = loaded.tiles()
    return {
        "deck": loaded.display,
        "name": loaded.deck.name,
        "format": loaded.deck.format,
        "hash": deck_hash(loaded),
        "distinct": len(loaded.counts()),
        **tile_stats(tiles),
    }


def biome_label(code: str) -> str:
    """``FF floodplain forest`` for text output."""
    try:
        return f"{code} {Biome(code).full_name}"
    except ValueError:
        return code
