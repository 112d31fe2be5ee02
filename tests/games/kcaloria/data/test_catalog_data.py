"""Data tests for the built-in East Texas Piney Woods catalog and the preconstructed decks.

They load the shipped YAML through ``kcal.games.kcaloria.files.load`` (the loader with positions) when it is
available and fall back to ruamel.yaml + ``model_validate`` otherwise, then check the content the
set promises: size, coverage of types/rarities/modifiers, the tiles the rulebook names with the
costs and yields it states, and that every preconstructed deck is legal and can build its food chain.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kcal.games.kcaloria.files.models import Catalog, Deck, Tile
from kcal.games.kcaloria.rules.domain import TYPE_CLASSES, Color, Klass, Rarity, TileType, fold_name
from kcal.games.kcaloria.rules.modifiers import MODIFIERS

ROOT = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria"
CATALOG_PATH = ROOT / "data" / "piney-woods.yaml"
DECK_PATHS = sorted((ROOT / "data" / "decks").glob("*.yaml"))

try:  # the project's loader, once it exists
    from kcal.games.kcaloria.files.load import load_catalog as _load_catalog
except ImportError:  # pragma: no cover - only before kcal.games.kcaloria.files.load existed
    _load_catalog = None


def _raw(path: Path) -> object:
    from ruamel.yaml import YAML

    with path.open(encoding="utf-8") as fh:
        return YAML(typ="safe").load(fh)


def load_catalog(path: Path) -> Catalog:
    if _load_catalog is not None:
        return _load_catalog(path)
    return Catalog.model_validate(_raw(path))


def load_deck(path: Path) -> Deck:
    # The deck *model* is what these tests check; names are resolved against the catalog below.
    return Deck.model_validate(_raw(path))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(CATALOG_PATH)


@pytest.fixture(scope="module")
def by_name(catalog: Catalog) -> dict[str, Tile]:
    return {t.key: t for t in catalog.tiles}


def tile(by_name: dict[str, Tile], name: str) -> Tile:
    t = by_name.get(fold_name(name))
    assert t is not None, f"catalog has no tile named {name!r}"
    return t


def costs(t: Tile) -> list[dict[str, int]]:
    return [{c.value: n for c, n in alt.items()} for alt in t.cost]


def yields(t: Tile) -> dict[str, int]:
    return {c.value: n for c, n in t.yield_.items()}


# --- the catalog --------------------------------------------------------------------------------


def test_set_and_size(catalog: Catalog) -> None:
    assert catalog.set.code == "ETPW"
    assert catalog.set.name == "East Texas Piney Woods"
    assert len(catalog.tiles) >= 95


def test_ids_follow_the_set_code(catalog: Catalog) -> None:
    assert [t.id for t in catalog.tiles] == [f"ETPW-{i:03d}" for i in range(1, len(catalog.tiles) + 1)]


def test_every_modifier_occurs(catalog: Catalog) -> None:
    used = {m.name for t in catalog.tiles for m in t.modifiers}
    assert set(MODIFIERS) - used == set()


def test_every_type_and_rarity_occurs(catalog: Catalog) -> None:
    assert {t.type for t in catalog.tiles} == set(TileType)
    assert {t.rarity for t in catalog.tiles} == set(Rarity)


def test_every_east_texas_class_occurs(catalog: Catalog) -> None:
    # cephalopods, sharks/rays and lobe-finned fish do not live in East Texas fresh water
    absent = {Klass.CEPHALOPOD, Klass.CHONDRICHTHYES, Klass.SARCOPTERYGII}
    assert {t.klass for t in catalog.tiles} == set(Klass) - absent


def test_class_agrees_with_type(catalog: Catalog) -> None:
    for t in catalog.tiles:
        assert t.klass in TYPE_CLASSES[t.type], t.name


def test_art_is_shipped_and_text_is_short(catalog: Catalog) -> None:
    from kcal.games.kcaloria.files.load import CARDS_DIR

    with_art = {t.name: t.art for t in catalog.tiles if t.art}
    assert with_art == {"Bayou": "art/bayou.png", "Phlox nivalis": "art/phlox-nivalis.png"}
    for art in with_art.values():
        assert (CARDS_DIR / art).is_file()
    for t in catalog.tiles:
        assert t.text and len(t.text) <= 160 and "\n" not in t.text, t.name
        assert t.common_name, t.name


def test_biome_boosters_for_the_piney_woods(catalog: Catalog) -> None:
    boosted = {m.biome.value for t in catalog.tiles for m in t.modifiers if m.name == "biome_boost"}
    assert {"TC", "TD", "FF", "LE", "LO", "GL"} <= boosted


def test_symbiosis_partners_exist(catalog: Catalog, by_name: dict[str, Tile]) -> None:
    partners = [(t.name, m.partner) for t in catalog.tiles for m in t.modifiers if m.partner]
    assert partners
    for owner, partner in partners:
        assert fold_name(partner) in by_name, f"{owner}: partner {partner!r} is not in the catalog"
        assert fold_name(partner) != fold_name(owner)


def test_remove_targets_exist(catalog: Catalog, by_name: dict[str, Tile]) -> None:
    for t in catalog.tiles:
        for m in t.modifiers:
            if m.target is not None:
                assert fold_name(m.target) in by_name, t.name


def test_economy_by_type(catalog: Catalog) -> None:
    """Costs climb the food chain; yields are in the set's bands; water is free."""
    produced = {
        TileType.WATER: ({"blue"}, 2, 3),
        TileType.PLANT: ({"green"}, 1, 3),
        TileType.HERBIVORE: ({"yellow"}, 1, 2),
        TileType.OMNIVORE: ({"yellow", "orange"}, 1, 3),  # the treefrog yields two colours
        TileType.CARNIVORE: ({"red"}, 1, 2),
        TileType.HUMAN: ({"purple"}, 1, 2),
    }
    payable = {
        TileType.PLANT: {"blue"},
        TileType.HERBIVORE: {"blue", "green"},
        TileType.OMNIVORE: {"blue", "green", "yellow"},
        TileType.CARNIVORE: {"blue", "yellow", "orange"},
        TileType.HUMAN: {"yellow", "orange", "red"},
    }
    for t in catalog.tiles:
        if t.type in (TileType.MICROBE,):
            assert t.yield_ == {}, f"{t.name}: microbes and viruses produce no kCalories"
            continue
        if t.type is TileType.EVENT:
            continue
        colours, lo, hi = produced[t.type]
        assert set(yields(t)) <= colours and set(yields(t)), t.name
        assert lo <= sum(yields(t).values()) <= hi, t.name
        if t.type is TileType.WATER:
            assert t.cost == (), t.name
            continue
        assert t.cost, f"{t.name}: only water, microbes and events are free"
        for alt in costs(t):
            assert set(alt) <= payable[t.type], f"{t.name}: {alt}"
            assert sum(alt.values()) <= 6, f"{t.name}: {alt}"


def test_rare_means_endangered(by_name: dict[str, Tile]) -> None:
    for name in ("Dryobates borealis", "Pituophis ruthveni", "Anaxyrus houstonensis",
                 "Phlox nivalis subsp. texensis", "Canis rufus"):
        assert tile(by_name, name).rarity is Rarity.RARE, name


def test_pack_tactics(catalog: Catalog, by_name: dict[str, Tile]) -> None:
    packs = [t for t in catalog.tiles if t.has("pack_tactics")]
    assert len(packs) >= 2
    assert tile(by_name, "Canis latrans").has("pack_tactics")
    assert tile(by_name, "Canis rufus").has("pack_tactics")


def test_enough_humans(catalog: Catalog, by_name: dict[str, Tile]) -> None:
    humans = [t for t in catalog.tiles if t.type is TileType.HUMAN]
    assert len(humans) >= 4
    assert tile(by_name, "Caedo Tribe").type is TileType.HUMAN


# --- the tiles the rulebook names, with the numbers it states -------------------------------------


def test_bayou(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Bayou")
    assert (t.type, t.cost, yields(t)) == (TileType.WATER, (), {"blue": 2})


def test_named_waters(by_name: dict[str, Tile]) -> None:
    for name in ("Flowing Rivers", "Blessed Rain"):
        t = tile(by_name, name)
        assert t.type is TileType.WATER and t.cost == () and set(yields(t)) == {"blue"}


def test_phlox_nivalis(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Phlox nivalis")
    assert t.type is TileType.PLANT
    assert costs(t) == [{"blue": 1}]
    assert yields(t) == {"green": 2}


def test_water_hyacinth(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Eichhornia crassipes")
    assert t.type is TileType.PLANT and yields(t) == {"green": 2} and t.has("invasive_species")


def test_great_blue_heron(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Ardea herodias")
    assert t.type is TileType.CARNIVORE
    assert costs(t) == [{"blue": 2, "yellow": 2}]


def test_armadillo(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Dasypus novemcinctus")
    assert t.type is TileType.OMNIVORE
    assert costs(t) == [{"green": 4}, {"yellow": 2}]
    assert yields(t) == {"orange": 3}


def test_squirrel(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Sciurus niger")
    assert costs(t) == [{"blue": 1, "green": 1}]
    assert any(b.value == "FF" for b in t.biomes)


def test_mushroom(catalog: Catalog) -> None:
    mushrooms = [t for t in catalog.tiles
                 if t.klass is Klass.FUNGI and costs(t) == [{"blue": 1}] and yields(t) == {"green": 2}]
    assert mushrooms, "a mushroom costing 1 blue and yielding 2 green"


def test_loblolly_pine_boosts_floodplain_forest(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Pinus taeda")
    assert any(m.name == "biome_boost" and m.biome.value == "FF" for m in t.modifiers)
    assert any(b.value == "FF" for b in tile(by_name, "Sciurus niger").biomes)


def test_sunlight_and_moonlight(by_name: dict[str, Tile]) -> None:
    sun = tile(by_name, "Sunlight")
    assert sun.type is TileType.EVENT and sun.klass is Klass.WEATHER
    assert sun.has("photosynthesis") and sun.has("ectothermic")
    moon = tile(by_name, "Moonlight")
    assert moon.type is TileType.EVENT and moon.klass is Klass.WEATHER


def test_alligator_is_a_reptile_carnivore(by_name: dict[str, Tile]) -> None:
    t = tile(by_name, "Alligator mississippiensis")
    assert (t.type, t.klass) == (TileType.CARNIVORE, Klass.REPTILE)


def test_cicada_and_treefrog(by_name: dict[str, Tile]) -> None:
    cicada = tile(by_name, "Tibicen tibicen")
    assert cicada.klass is Klass.INSECT and all("green" in alt for alt in costs(cicada))
    frog = tile(by_name, "Dryophytes squirellus")
    assert frog.klass is Klass.AMPHIBIAN and frog.has("insectivore")
    assert len(yields(frog)) == 2, "the treefrog yields two colours"
    # fed by insects (yellow) or, after they vanish, by plants (green)
    assert {"yellow"} in [set(a) for a in costs(frog)] and {"green"} in [set(a) for a in costs(frog)]


def test_remove_the_invader_and_pesticide(by_name: dict[str, Tile], catalog: Catalog) -> None:
    t = tile(by_name, "Remove the Invader")
    assert t.klass is Klass.ACTION and t.has("remove")
    assert tile(by_name, "Bacillus thuringiensis").has("pesticide")
    assert any(t.klass is Klass.INSECT and "grasshopper" in (t.common_name or "").lower()
               for t in catalog.tiles)


# --- the preconstructed decks ----------------------------------------------------------------------

HARMFUL_TO_OWN_BOARD = {"remove", "pesticide", "fish_hazard", "destructive"}


def test_there_are_decks() -> None:
    decks = [load_deck(p) for p in DECK_PATHS]
    assert sum(d.format == "standard" for d in decks) >= 3
    assert sum(d.format == "solo" for d in decks) >= 1


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.name)
def test_deck_is_legal(path: Path, by_name: dict[str, Tile]) -> None:
    deck = load_deck(path)
    assert deck.description
    assert deck.size == 60
    folded = Counter()
    for name, n in deck.tiles.items():
        assert fold_name(name) in by_name, f"{path.name}: unknown tile {name!r}"
        folded[fold_name(name)] += n
    assert max(folded.values()) <= 5, folded.most_common(1)
    tiles = [by_name[k] for k, n in folded.items() for _ in range(n)]
    water = sum(t.type is TileType.WATER for t in tiles)
    assert 12 <= water <= 18, f"{path.name}: {water} water tiles"
    humans = sum(t.type is TileType.HUMAN for t in tiles)
    pack = max((n for k, n in folded.items() if by_name[k].has("pack_tactics")), default=0)
    assert humans >= 2 or pack >= 3, f"{path.name}: no way to end the game early"
    if deck.format == "solo":
        bad = {t.name for t in tiles for m in t.modifiers if m.name in HARMFUL_TO_OWN_BOARD}
        assert not bad, f"{path.name}: solo deck hurts its own board with {sorted(bad)}"


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.name)
def test_deck_food_chain(path: Path, by_name: dict[str, Tile]) -> None:
    """Every consumer has a cost alternative whose colours all come from some tile of the deck."""
    deck = load_deck(path)
    tiles = [by_name[fold_name(n)] for n in deck.tiles]
    produced = {c for t in tiles for c in t.yield_}
    for t in tiles:
        if not t.cost:
            continue
        assert any(set(alt) <= produced for alt in t.cost), (
            f"{path.name}: nothing in the deck yields what {t.name} costs ({costs(t)})"
        )


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.name)
def test_deck_loads_through_the_project_loader(path: Path) -> None:
    import kcal.games.kcaloria.files.load as load
    loaded = load.load_deck(path)
    assert len(loaded.tiles()) == 60


def test_colour_order_is_food_chain_order() -> None:
    # the docs' colour-economy table relies on this order
    assert [c.value for c in Color] == ["blue", "green", "yellow", "orange", "red", "purple"]


def _cheapest(t: Tile) -> dict[Color, int]:
    """The alternative a thrifty player pays: fewest points, then fewest cubes."""
    return min(t.cost, key=lambda a: (sum(n * c.points for c, n in a.items()), sum(a.values())))


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.name)
def test_deck_feeds_itself(path: Path, by_name: dict[str, Tile]) -> None:
    """Over the whole deck, each colour is yielded at least as often as the cheapest costs need it."""
    deck = load_deck(path)
    yielded: Counter[Color] = Counter()
    needed: Counter[Color] = Counter()
    for name, n in deck.tiles.items():
        t = by_name[fold_name(name)]
        for c, k in t.yield_.items():
            yielded[c] += k * n
        if t.cost:
            for c, k in _cheapest(t).items():
                needed[c] += k * n
    short = {c.value: (yielded[c], needed[c]) for c in Color if yielded[c] < needed[c]}
    assert not short, f"{path.name}: colour (yielded, needed) short: {short}"
