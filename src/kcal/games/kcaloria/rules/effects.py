"""The effect registry: what each of the 37 modifiers does, defined once, keyed by its schema name.

Every entry names its *trigger* (when the engine consults it) and carries the hook for that trigger:

``pair``       (holder, params, other) -> ``(kind, value)`` or None. Evaluated once for each pair of
               adjacent tiles, when the later of the two is placed ("whichever was placed first").
               A circle modifier's result applies to the holder, a square modifier's to the other tile.
               Kinds: ``gain`` n, ``loss`` n, ``loss_color`` (colour, n), ``base`` (add base yield
               again), ``remove`` (schedule removal), ``timer`` n (lengthen the holder's barricade).
``paid_from``  (source, params, payer) -> yield delta for a tile that paid with this tile's cubes.
``payment``    (holder, params, ctx) -> yield delta from the holder's own payment (ctx: PaymentContext).
``cost``       (holder, params) -> a colour index whose cost is waived next to the holder.
``placement``, ``end_of_turn``, ``collapse``, ``passive``: the rule is carried out by the engine
               module named in ``where``; the registry still is the one place that says so.

Pair results depend only on the two printed tiles, so they are cached per pair of tile kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kcal.games.kcaloria.rules.domain import fold_name
from kcal.games.kcaloria.rules.modifiers import MODIFIERS
from kcal.games.kcaloria.rules.tiles import COLOR_INDEX, TileInfo

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.yields import PaymentContext

SUNLIGHT = "sunlight"
MOONLIGHT = "moonlight"


@dataclass(frozen=True)
class Effect:
    name: str
    trigger: str
    does: str
    pair: Callable[[TileInfo, dict, TileInfo], Any] | None = None
    paid_from: Callable[[TileInfo, dict, TileInfo], int] | None = None
    payment: Callable[[TileInfo, dict, Any], int] | None = None
    cost: Callable[[TileInfo, dict], int] | None = None
    where: str = "engine.yields"

    @property
    def shape(self) -> str:
        return MODIFIERS[self.name].shape.value

    @property
    def on_self(self) -> bool:
        return self.shape == "circle"


def _gain_if(cond: Callable[[TileInfo, dict, TileInfo], bool]) -> Callable[[TileInfo, dict, TileInfo], Any]:
    def hook(holder: TileInfo, p: dict, other: TileInfo) -> tuple[str, Any] | None:
        return ("gain", p.get("amount") or 1) if cond(holder, p, other) else None
    return hook


def _loss_if(cond: Callable[[TileInfo, dict, TileInfo], bool]) -> Callable[[TileInfo, dict, TileInfo], Any]:
    def hook(holder: TileInfo, p: dict, other: TileInfo) -> tuple[str, Any] | None:
        return ("loss", p.get("amount") or 1) if cond(holder, p, other) else None
    return hook


def _immune(t: TileInfo) -> bool:
    return "toxin_resistance" in t.mods


def _biome_match(holder: TileInfo, p: dict, other: TileInfo) -> bool:
    return p["biome"] in other.biomes or "invasive_species" in other.mods


def _destructive(holder: TileInfo, p: dict, other: TileInfo) -> tuple[str, Any] | None:
    c = COLOR_INDEX[p["color"]]
    return ("loss_color", (c, p["amount"])) if other.base[c] else None


def _photosynthesis(holder: TileInfo, p: dict, other: TileInfo) -> tuple[str, Any] | None:
    return ("base", 1) if other.plant and other.klass != "fungi" else None


def _remove_if(cond: Callable[[TileInfo], bool]) -> Callable[[TileInfo, dict, TileInfo], Any]:
    def hook(holder: TileInfo, p: dict, other: TileInfo) -> tuple[str, Any] | None:
        return ("remove", holder.name) if cond(other) else None
    return hook


def _solar(holder: TileInfo, p: dict, other: TileInfo) -> tuple[str, Any] | None:
    return ("timer", p["amount"]) if other.key == SUNLIGHT and "barricade" in holder.mods else None


def _poisonous(source: TileInfo, p: dict, payer: TileInfo) -> int:
    if "insectivore" in payer.mods or _immune(payer):
        return 0
    return -p["amount"]


def _prominent(holder: TileInfo, p: dict, ctx: PaymentContext) -> int:
    return (p.get("amount") or 1) if ctx.paid_by_opponent_animals() else 0


def _electro(holder: TileInfo, p: dict, ctx: PaymentContext) -> int:
    return p["amount"] if ctx.shares_water_with_food() else 0


def _anchor(holder: TileInfo, p: dict) -> int:
    return COLOR_INDEX[p["color"]]


E = Effect
_EFFECTS = [
    E("anchor", "cost", "next to it, cost parts of its colour are satisfied without cubes",
      cost=_anchor, where="engine.payment"),
    E("barricade", "placement", "opponents may not place next to it until its die runs out "
      "(counted down at the end of its owner's turns)", where="engine.state"),
    E("biome_boost", "pair", "+amount to each adjacent tile with the biome (or invasive)",
      pair=lambda h, p, o: ("gain", p.get("amount") or 1) if _biome_match(h, p, o) else None),
    E("camouflage", "placement", "one yield cube changes colour when placed (choose.camouflage, "
      "else the modifier's colour)"),
    E("communal", "pair", "+amount per adjacent tile of the same name",
      pair=_gain_if(lambda h, p, o: o.key == h.key)),
    E("critically_endangered", "pair", "-amount per adjacent human",
      pair=_loss_if(lambda h, p, o: o.human)),
    E("delectable", "pair", "+amount to each adjacent human",
      pair=_gain_if(lambda h, p, o: o.human)),
    E("destructive", "pair", "-amount of its colour from each adjacent tile yielding that colour",
      pair=_destructive),
    E("diurnal", "pair", "+amount per adjacent Sunlight",
      pair=_gain_if(lambda h, p, o: o.key == SUNLIGHT)),
    E("drought_resistant", "collapse", "+1 on every collapse die put on it", where="engine.collapse"),
    E("ectothermic", "pair", "+amount to each adjacent amphibian or reptile",
      pair=_gain_if(lambda h, p, o: o.klass in ("amphibian", "reptile"))),
    E("electrogenesis", "payment", "+amount if a water tile touches both it and a tile that paid it",
      payment=_electro),
    E("fish_hazard", "pair", "adjacent fish are removed at the end of the placer's next turn",
      pair=_remove_if(lambda o: o.fish)),
    E("inedible", "pair", "-amount from each adjacent human (not toxin resistant)",
      pair=_loss_if(lambda h, p, o: o.human and not _immune(o))),
    E("insectivore", "pair", "+amount per adjacent insect",
      pair=_gain_if(lambda h, p, o: o.klass == "insect")),
    E("intelligent", "placement", "its reproduction bonus is a purple cube by default"),
    E("invasive_species", "passive", "every biome booster counts it as matching"),
    E("mycorrhizal_network", "pair", "+amount to each adjacent fungi/plant tile",
      pair=_gain_if(lambda h, p, o: o.plant)),
    E("new_growth", "pair", "+amount to each adjacent fungi/plant tile",
      pair=_gain_if(lambda h, p, o: o.plant)),
    E("nocturnal", "pair", "+amount per adjacent Moonlight",
      pair=_gain_if(lambda h, p, o: o.key == MOONLIGHT)),
    E("nocturnal_hunters", "pair", "+amount to each adjacent carnivore or human",
      pair=_gain_if(lambda h, p, o: o.type in ("carnivore", "human"))),
    E("pack_tactics", "placement", "three connected own tiles of one name with it end the game",
      where="engine.state"),
    E("pesticide", "pair", "adjacent insects (not toxin resistant) are removed at the end of the "
      "placer's next turn", pair=_remove_if(lambda o: o.klass == "insect" and not _immune(o))),
    E("photosynthesis", "pair", "adjacent plants (not fungi) get their base yield again",
      pair=_photosynthesis),
    E("poisonous_insect", "paid_from", "-amount from a tile paid with its cubes, unless that tile "
      "is an insectivore or toxin resistant", paid_from=_poisonous),
    E("poor_water_quality", "pair", "-amount from each adjacent water tile",
      pair=_loss_if(lambda h, p, o: o.water)),
    E("prominent_canines", "payment", "+amount if paid with yellow/orange/red/purple cubes from an "
      "opponent's tile", payment=_prominent),
    E("rapid_growth", "pair", "+amount to each adjacent fungi/plant tile",
      pair=_gain_if(lambda h, p, o: o.plant)),
    E("remove", "placement", "adjacent tiles of the named name are removed at the end of the "
      "placer's next turn; the tile itself leaves at the end of the turn", where="engine.state"),
    E("sanguivore", "pair", "+amount per adjacent mammal",
      pair=_gain_if(lambda h, p, o: o.klass == "mammal")),
    E("shade_required", "pair", "-amount from each adjacent fungi tile",
      pair=_loss_if(lambda h, p, o: o.klass == "fungi")),
    E("solar_strength", "pair", "its barricade lasts amount turns longer per adjacent Sunlight",
      pair=_solar),
    E("symbiosis", "pair", "+amount per adjacent tile named as its partner",
      pair=_gain_if(lambda h, p, o: o.key == fold_name(p["partner"]))),
    E("temporary", "end_of_turn", "loses 1 cube at the end of every turn in which no tile used it",
      where="engine.state"),
    E("tidal_power", "pair", "+amount to each adjacent water tile",
      pair=_gain_if(lambda h, p, o: o.water)),
    E("toxin_resistance", "passive", "immune to pesticide, poisonous insects and inedible"),
    E("transplant", "placement", "may be placed next to any tile, not only its owner's",
      where="engine.state"),
]

EFFECTS: dict[str, Effect] = {e.name: e for e in _EFFECTS}
assert set(EFFECTS) == set(MODIFIERS), set(EFFECTS) ^ set(MODIFIERS)

#: Pair results by (tile idx, tile idx); tile idx is global (engine.tiles.compile_tile).
PAIR_CACHE: dict = {}

#: Core rules that behave like pair effects but are printed on no tile.
REPRODUCTION = "reproduction"


def compile_pairs(info: TileInfo) -> None:
    """Record which of a tile's modifiers take part in pair resolution."""
    info.pair_mods = tuple(
        (EFFECTS[name], params) for name, entries in info.mods.items()
        if EFFECTS[name].pair is not None for params in entries
    )


def _collect(holder: TileInfo, other: TileInfo, on_holder: list, on_other: list) -> None:
    for eff, params in holder.pair_mods:
        r = eff.pair(holder, params, other)
        if r is not None:
            (on_holder if eff.on_self else on_other).append((r[0], r[1], eff.name))


def pair_effects(a: TileInfo, b: TileInfo, cache: dict) -> tuple[tuple, tuple]:
    """Effects of the adjacency of ``a`` and ``b``: (on a, on b), each a tuple of (kind, value, source)."""
    key = (a.idx, b.idx)
    hit = cache.get(key)
    if hit is not None:
        return hit
    on_a: list = []
    on_b: list = []
    _collect(a, b, on_a, on_b)
    _collect(b, a, on_b, on_a)
    if a.animal and b.animal and a.key == b.key:
        on_a.append(("repro", 1, REPRODUCTION))
        on_b.append(("repro", 1, REPRODUCTION))
    hit = (tuple(on_a), tuple(on_b))
    cache[key] = hit
    return hit
