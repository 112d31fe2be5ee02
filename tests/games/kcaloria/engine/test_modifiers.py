"""Rulebook "Modifiers": each of the 37 has a test where it applies and one where it does not.

Layout of every scene: A's Lake (3 blue) at [0, 0], B's Pond at [5, 0]; after each of A's
placements B places a filler Pond further right, unless the scene gives B's move itself.
"""

from __future__ import annotations

import pytest

from kcal.games.kcaloria.rules import EFFECTS
from kcal.games.kcaloria.rules.modifiers import MODIFIERS


def T(kit, name, type_="plant", klass=None, cost="", yld="", mods=(), biomes=()):
    return kit.tile(name, type_, klass, cost=cost, yld=yld, mods=mods, biomes=biomes)


def scene(kit, *tiles, players=("A", "B")):
    std = [T(kit, "Sunlight", "event", "weather", mods=["photosynthesis"]),
           T(kit, "Moonlight", "event", "weather"),
           T(kit, "Hiker", "human", cost="1 blue", yld="2 purple"),
           T(kit, "Heron", "carnivore", "bird", cost="1 blue", yld="1 red")]
    s = kit.game(list(kit.basics().values()) + std + list(tiles), players=players)
    return kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)))


def A(kit, s, *entries):
    """Play A's entries (tuples without the player, or dicts), each followed by a B filler."""
    for e in entries:
        kit.play(s, ("A",) + e if isinstance(e, tuple) else e)
        if s.outcome() is None and s.turn_player == "B":
            x = max(c[0] for c, p in s.tiles.items() if p.owner == 1 and c[1] == 0) + 1
            kit.play(s, ("B", "Pond", (x, 0)))
    return s


def test_every_modifier_has_an_effect_entry():
    assert set(EFFECTS) == set(MODIFIERS)
    assert all(e.trigger in ("pair", "cost", "payment", "paid_from", "placement", "end_of_turn",
                             "collapse", "passive") for e in EFFECTS.values())


def test_every_modifier_is_tested_both_ways():
    names = {n for n in dir(__import__(__name__)) if n.startswith("test_")} | set(globals())
    for m in MODIFIERS:
        assert f"test_{m}_applies" in names, m
        assert f"test_{m}_does_not_apply" in names, m


# --- anchor ---------------------------------------------------------------------------------------
def _dock(kit):
    return T(kit, "Dock", "event", "manmade", mods=[{"name": "anchor", "color": "yellow"}])


def test_anchor_applies(kit):
    s = A(kit, scene(kit, _dock(kit)), ("Dock", (1, 0)))
    assert s.why_illegal(kit.move("A", "Fox", (2, 0))) is None  # 1 yellow satisfied by the anchor


def test_anchor_does_not_apply(kit):
    s = A(kit, scene(kit, _dock(kit)), ("Dock", (1, 0)))
    assert "costs 1 yellow" in s.why_illegal(kit.move("A", "Fox", (-1, 0)))  # not next to the Dock


# --- barricade ------------------------------------------------------------------------------------
def _storm(kit, duration=1, solar=False):
    mods = [{"name": "barricade", "duration": duration}]
    if solar:
        mods.append({"name": "solar_strength", "amount": 1})
    return T(kit, "Storm", "event", "weather", mods=mods)


def _barricade_scene(kit, **kw):
    s = scene(kit, _storm(kit, **kw))
    kit.play(s, ("A", "Pond", (1, 0)), ("B", "Pond", (6, 0)), ("A", "Pond", (2, 0)),
             ("B", "Pond", (7, 0)), ("A", "Storm", (3, 0)))
    return s


def test_barricade_applies(kit):
    s = _barricade_scene(kit)
    assert "next to A's barricade" in s.why_illegal(kit.move("B", "Pond", (4, 0)))
    assert not any(m.at == (4, 0) for m in s.legal_moves())


def test_barricade_does_not_apply(kit):
    s = _barricade_scene(kit)
    kit.play(s, ("B", "Pond", (8, 0)))
    assert s.why_illegal(kit.move("A", "Pond", (4, -1))) is None  # its owner is not blocked
    kit.play(s, ("A", "Pond", (1, 1)))  # end of A's next turn: the die runs out
    assert s.why_illegal(kit.move("B", "Pond", (4, 0))) is None


# --- biome_boost ----------------------------------------------------------------------------------
def _pine(kit):
    return T(kit, "Pine", "plant", "tree", "1 blue", "1 green", [{"name": "biome_boost", "biome": "FF"}], ["FF"])


def test_biome_boost_applies(kit):
    sq = T(kit, "Squirrel", "herbivore", "mammal", "1 blue", "1 yellow", biomes=["FF"])
    s = A(kit, scene(kit, _pine(kit), sq), ("Pine", (1, 0)), ("Squirrel", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 2}


def test_biome_boost_does_not_apply(kit):
    sq = T(kit, "Squirrel", "herbivore", "mammal", "1 blue", "1 yellow", biomes=["GL"])
    s = A(kit, scene(kit, _pine(kit), sq), ("Pine", (1, 0)), ("Squirrel", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 1}


# --- camouflage -----------------------------------------------------------------------------------
def _snake(kit, color=None):
    mod = {"name": "camouflage", "color": color} if color else "camouflage"
    return T(kit, "Snake", "carnivore", "reptile", "1 blue", "2 red", [mod])


def test_camouflage_applies(kit):
    s = A(kit, scene(kit, _snake(kit)),
          {"player": "A", "tile": "Snake", "at": [1, 0], "choose": {"camouflage": "purple"}})
    assert kit.cubes(s, (1, 0)) == {"red": 1, "purple": 1}


def test_camouflage_does_not_apply(kit):
    s = A(kit, scene(kit, _snake(kit)), ("Snake", (1, 0)))
    assert kit.cubes(s, (1, 0)) == {"red": 2}  # no colour chosen, none printed
    m = kit.move("A", "Fern", (2, 0), choose={"camouflage": "red"})
    assert "has no camouflage" in s.why_illegal(m)


# --- communal -------------------------------------------------------------------------------------
def _moss(kit):
    return T(kit, "Moss", "plant", "plant", "1 blue", "1 green", ["communal"])


def test_communal_applies(kit):
    s = A(kit, scene(kit, _moss(kit)), ("Moss", (1, 0)), ("Moss", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 2} and kit.cubes(s, (1, 0)) == {"green": 2}


def test_communal_does_not_apply(kit):
    s = A(kit, scene(kit, _moss(kit)), ("Fern", (1, 0)), ("Moss", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 1}


# --- critically_endangered ------------------------------------------------------------------------
def _orchid(kit):
    return T(kit, "Orchid", "plant", "flower", "1 blue", "2 green", ["critically_endangered"])


def test_critically_endangered_applies(kit):
    s = A(kit, scene(kit, _orchid(kit)), ("Hiker", (1, 0)), ("Orchid", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 1}


def test_critically_endangered_does_not_apply(kit):
    s = A(kit, scene(kit, _orchid(kit)), ("Hiker", (1, 0)), ("Orchid", (-1, 0)))
    assert kit.cubes(s, (-1, 0)) == {"green": 2}


# --- delectable -----------------------------------------------------------------------------------
def _berry(kit):
    return T(kit, "Berry", "plant", "plant", "1 blue", "1 green", [{"name": "delectable", "amount": 2}])


def test_delectable_applies(kit):
    s = A(kit, scene(kit, _berry(kit)), ("Berry", (1, 0)), ("Hiker", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"purple": 4}


def test_delectable_does_not_apply(kit):
    s = A(kit, scene(kit, _berry(kit)), ("Berry", (1, 0)), ("Hiker", (-1, 0)))
    assert kit.cubes(s, (-1, 0)) == {"purple": 2}


# --- destructive ----------------------------------------------------------------------------------
def _hog(kit):
    return T(kit, "Hog", "omnivore", "mammal", "1 blue", "1 orange",
             [{"name": "destructive", "amount": 1, "color": "green"}])


def test_destructive_applies(kit):
    s = A(kit, scene(kit, _hog(kit)), ("Fern", (1, 0)), ("Hog", (1, -1)))
    assert kit.cubes(s, (1, 0)) == {"green": 1}


def test_destructive_does_not_apply(kit):
    s = A(kit, scene(kit, _hog(kit)), ("Pond", (1, 0)),
          {"player": "A", "tile": "Hog", "at": [1, -1], "pay": [{"from": [0, 0], "blue": 1}]})
    assert kit.cubes(s, (1, 0)) == {"blue": 2}


# --- diurnal --------------------------------------------------------------------------------------
def _butterfly(kit):
    return T(kit, "Butterfly", "herbivore", "insect", "1 blue", "1 yellow", [{"name": "diurnal", "amount": 1}])


def test_diurnal_applies(kit):
    s = A(kit, scene(kit, _butterfly(kit)), ("Sunlight", (1, 0)), ("Butterfly", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 2}


def test_diurnal_does_not_apply(kit):
    s = A(kit, scene(kit, _butterfly(kit)), ("Moonlight", (1, 0)), ("Butterfly", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 1}


# --- drought_resistant ----------------------------------------------------------------------------
def _spray(kit):
    return T(kit, "Spray", "microbe", "microbe", mods=["pesticide"])


def _dice_on_beetle(kit, beetle):
    s = A(kit, scene(kit, _spray(kit), beetle), ("Fern", (1, 0)), ("Bug", (2, 0)), ("Spray", (2, -1)))
    return [d[1] for d in s.dice[(2, 0)]]


def test_drought_resistant_applies(kit):
    bug = T(kit, "Bug", "herbivore", "insect", "1 green", "1 yellow", ["drought_resistant"])
    assert _dice_on_beetle(kit, bug) == [2]


def test_drought_resistant_does_not_apply(kit):
    bug = T(kit, "Bug", "herbivore", "insect", "1 green", "1 yellow")
    assert _dice_on_beetle(kit, bug) == [1]


# --- ectothermic ----------------------------------------------------------------------------------
def _warmth(kit):
    return T(kit, "Warmth", "event", "weather", mods=[{"name": "ectothermic", "amount": 1}])


def test_ectothermic_applies(kit):
    skink = T(kit, "Skink", "herbivore", "reptile", "1 blue", "1 yellow")
    s = A(kit, scene(kit, _warmth(kit), skink), ("Warmth", (1, 0)), ("Skink", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 2}


def test_ectothermic_does_not_apply(kit):
    skink = T(kit, "Skink", "herbivore", "mammal", "1 blue", "1 yellow")
    s = A(kit, scene(kit, _warmth(kit), skink), ("Warmth", (1, 0)), ("Skink", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 1}


# --- electrogenesis -------------------------------------------------------------------------------
def _eel(kit):
    return T(kit, "Eel", "omnivore", "actinopterygii", "1 green", "1 orange",
             [{"name": "electrogenesis", "amount": 1}])


def test_electrogenesis_applies(kit):
    # the Eel's food (the Fern) and the Eel both touch the Lake
    s = A(kit, scene(kit, _eel(kit)), ("Fern", (1, 0)), ("Eel", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"orange": 2}


def test_electrogenesis_does_not_apply(kit):
    s = A(kit, scene(kit, _eel(kit)), ("Fern", (1, 0)), ("Eel", (2, 0)))
    assert kit.cubes(s, (2, 0)) == {"orange": 1}


def test_ruling_electrogenesis_water_that_paid_is_not_the_food_source(kit):
    """Issue 20b: an eel that paid only blue (from the Pond) beside the Lake, which touches that
    Pond, has no food source sharing water with it: water is drunk, not eaten."""
    eel = T(kit, "Eel", "omnivore", "actinopterygii", "1 blue", "1 orange",
            [{"name": "electrogenesis", "amount": 1}])
    s = A(kit, scene(kit, eel), ("Pond", (1, 0)),
          {"player": "A", "tile": "Eel", "at": [1, -1], "pay": [{"from": [1, 0], "blue": 1}]})
    assert kit.cubes(s, (1, -1)) == {"orange": 1}
    s = A(kit, scene(kit, _eel(kit)), ("Fern", (1, 0)), ("Eel", (1, -1)))  # the Fern, food, does
    assert kit.cubes(s, (1, -1)) == {"orange": 2}


# --- fish_hazard ----------------------------------------------------------------------------------
def _kill(kit):
    return T(kit, "Fish Kill", "event", "event", mods=["fish_hazard"])


def test_fish_hazard_applies(kit):
    minnow = T(kit, "Minnow", "herbivore", "actinopterygii", "1 blue", "1 yellow")
    s = A(kit, scene(kit, _kill(kit), minnow), ("Minnow", (1, 0)), ("Fish Kill", (2, 0)))
    assert (1, 0) in s.dice
    A(kit, s, ("Pond", (-1, 0)))  # end of A's next turn: gone
    assert (1, 0) not in s.tiles


def test_fish_hazard_does_not_apply(kit):
    s = A(kit, scene(kit, _kill(kit)), ("Fern", (1, 0)), ("Fish Kill", (2, 0)), ("Pond", (-1, 0)))
    assert (1, 0) in s.tiles and not s.dice


# --- inedible -------------------------------------------------------------------------------------
def _ivy(kit):
    return T(kit, "Ivy", "plant", "plant", "1 blue", "1 green", [{"name": "inedible", "amount": 1}])


def test_inedible_applies(kit):
    s = A(kit, scene(kit, _ivy(kit)), ("Ivy", (1, 0)), ("Hiker", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"purple": 1}


def test_inedible_does_not_apply(kit):
    s = A(kit, scene(kit, _ivy(kit)), ("Ivy", (1, 0)), ("Hiker", (-1, 0)))
    assert kit.cubes(s, (-1, 0)) == {"purple": 2}


# --- insectivore ----------------------------------------------------------------------------------
def _pitcher(kit):
    return T(kit, "Pitcher", "plant", "plant", "1 green", "1 green", ["insectivore"])


def test_insectivore_applies(kit):
    s = A(kit, scene(kit, _pitcher(kit)), ("Fern", (1, 0)), ("Beetle", (2, 0)), ("Pitcher", (2, -1)))
    assert kit.cubes(s, (2, -1)) == {"green": 2}


def test_insectivore_does_not_apply(kit):
    s = A(kit, scene(kit, _pitcher(kit)), ("Fern", (1, 0)), ("Vole", (2, 0)), ("Pitcher", (2, -1)))
    assert kit.cubes(s, (2, -1)) == {"green": 1}


# --- intelligent ----------------------------------------------------------------------------------
def test_intelligent_applies(kit):
    crow = T(kit, "Crow", "omnivore", "bird", "1 blue", "1 orange", ["intelligent"])
    s = A(kit, scene(kit, crow), ("Crow", (1, 0)), ("Crow", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"orange": 1, "purple": 1}
    assert kit.cubes(s, (1, 0)) == {"orange": 1, "purple": 1}


def test_intelligent_does_not_apply(kit):
    crow = T(kit, "Crow", "omnivore", "bird", "1 blue", "1 orange")
    s = A(kit, scene(kit, crow), ("Crow", (1, 0)), ("Crow", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"orange": 2}


# --- invasive_species -----------------------------------------------------------------------------
def test_invasive_species_applies(kit):
    weed = T(kit, "Weed", "plant", "plant", "1 blue", "1 green", ["invasive_species"], ["GL"])
    s = A(kit, scene(kit, _pine(kit), weed), ("Pine", (1, 0)), ("Weed", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 2}


def test_invasive_species_does_not_apply(kit):
    weed = T(kit, "Weed", "plant", "plant", "1 blue", "1 green", [], ["GL"])
    s = A(kit, scene(kit, _pine(kit), weed), ("Pine", (1, 0)), ("Weed", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 1}


# --- mycorrhizal_network, new_growth, rapid_growth ------------------------------------------------
GROWERS = [{"name": "mycorrhizal_network"}, {"name": "new_growth", "amount": 1},
           {"name": "rapid_growth", "amount": 1}]


@pytest.mark.parametrize("mod", GROWERS, ids=lambda m: m["name"])
def test_growers_apply(kit, mod):
    s = A(kit, scene(kit, T(kit, "Grower", "event", "event", mods=[mod])), ("Fern", (1, 0)), ("Grower", (2, 0)))
    assert kit.cubes(s, (1, 0)) == {"green": 3}


@pytest.mark.parametrize("mod", GROWERS, ids=lambda m: m["name"])
def test_growers_do_not_apply(kit, mod):
    s = A(kit, scene(kit, T(kit, "Grower", "event", "event", mods=[mod])), ("Pond", (1, 0)), ("Grower", (2, 0)))
    assert kit.cubes(s, (1, 0)) == {"blue": 2}


def test_mycorrhizal_network_applies(kit):
    test_growers_apply(kit, GROWERS[0])


def test_mycorrhizal_network_does_not_apply(kit):
    test_growers_do_not_apply(kit, GROWERS[0])


def test_new_growth_applies(kit):
    test_growers_apply(kit, GROWERS[1])


def test_new_growth_does_not_apply(kit):
    test_growers_do_not_apply(kit, GROWERS[1])


def test_rapid_growth_applies(kit):
    test_growers_apply(kit, GROWERS[2])


def test_rapid_growth_does_not_apply(kit):
    test_growers_do_not_apply(kit, GROWERS[2])


# --- nocturnal ------------------------------------------------------------------------------------
def _moth(kit):
    return T(kit, "Moth", "herbivore", "insect", "1 blue", "1 yellow", ["nocturnal"])


def test_nocturnal_applies(kit):
    s = A(kit, scene(kit, _moth(kit)), ("Moonlight", (1, 0)), ("Moth", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 2}


def test_nocturnal_does_not_apply(kit):
    s = A(kit, scene(kit, _moth(kit)), ("Sunlight", (1, 0)), ("Moth", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"yellow": 1}


# --- nocturnal_hunters ----------------------------------------------------------------------------
def _night(kit):
    return T(kit, "Night", "event", "weather", mods=["nocturnal_hunters"])


def test_nocturnal_hunters_applies(kit):
    s = A(kit, scene(kit, _night(kit)), ("Night", (1, 0)), ("Heron", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"red": 2}


def test_nocturnal_hunters_does_not_apply(kit):
    s = A(kit, scene(kit, _night(kit)), ("Night", (1, 0)), ("Fern", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 2}


# --- pack_tactics ---------------------------------------------------------------------------------
def _wolf(kit, pack=True):
    return T(kit, "Wolf", "carnivore", "mammal", "1 blue", "1 red", ["pack_tactics"] if pack else [])


def test_pack_tactics_applies(kit):
    s = A(kit, scene(kit, _wolf(kit)), ("Pond", (-1, 0)), ("Wolf", (1, 0)), ("Wolf", (1, -1)),
          ("Wolf", (0, -1)))
    assert s.outcome().end_reason == "pack_tactics"


def test_pack_tactics_does_not_apply(kit):
    s = A(kit, scene(kit, _wolf(kit, pack=False)), ("Pond", (-1, 0)), ("Wolf", (1, 0)),
          ("Wolf", (1, -1)), ("Wolf", (0, -1)))
    assert s.outcome() is None


# --- pesticide ------------------------------------------------------------------------------------
def test_pesticide_applies(kit):
    s = A(kit, scene(kit, _spray(kit)), ("Fern", (1, 0)), ("Beetle", (2, 0)), ("Spray", (2, -1)))
    assert s.dice[(2, 0)] and (2, 0) in s.tiles


def test_pesticide_does_not_apply(kit):
    s = A(kit, scene(kit, _spray(kit)), ("Fern", (1, 0)), ("Vole", (2, 0)), ("Spray", (2, -1)))
    assert not s.dice


# --- photosynthesis -------------------------------------------------------------------------------
def test_photosynthesis_applies(kit):
    s = A(kit, scene(kit), ("Sunlight", (1, 0)), ("Fern", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 4}


def test_photosynthesis_does_not_apply(kit):
    mush = T(kit, "Mushroom", "plant", "fungi", "1 blue", "2 green")
    s = A(kit, scene(kit, mush), ("Sunlight", (1, 0)), ("Mushroom", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 2}


# --- poisonous_insect -----------------------------------------------------------------------------
def _monarch(kit):
    return T(kit, "Monarch", "herbivore", "insect", "1 green", "2 yellow",
             [{"name": "poisonous_insect", "amount": 1}])


def test_poisonous_insect_applies(kit):
    s = A(kit, scene(kit, _monarch(kit)), ("Fern", (1, 0)), ("Monarch", (2, 0)), ("Fox", (2, -1)))
    assert kit.cubes(s, (2, -1)) == {}


def test_poisonous_insect_does_not_apply(kit):
    fox = T(kit, "Tough Fox", "carnivore", "mammal", "1 yellow", "1 red", ["toxin_resistance"])
    s = A(kit, scene(kit, _monarch(kit), fox), ("Fern", (1, 0)), ("Monarch", (2, 0)),
          ("Tough Fox", (2, -1)))
    assert kit.cubes(s, (2, -1)) == {"red": 1}


# --- poor_water_quality ---------------------------------------------------------------------------
def _algae(kit):
    return T(kit, "Algae", "plant", "algae", "1 blue", "1 green", [{"name": "poor_water_quality", "amount": 1}])


def test_poor_water_quality_applies(kit):
    s = A(kit, scene(kit, _algae(kit)), ("Algae", (1, 0)))
    assert kit.cubes(s, (0, 0)) == {"blue": 1}  # 3 - 1 paid - 1 spoiled


def test_poor_water_quality_does_not_apply(kit):
    s = A(kit, scene(kit, _algae(kit)), ("Fern", (1, 0)), ("Algae", (1, -1)))
    assert kit.cubes(s, (1, 0)) == {"green": 2}


# --- prominent_canines ----------------------------------------------------------------------------
def _coyote(kit):
    return T(kit, "Coyote", "carnivore", "mammal", "1 yellow", "1 red", ["prominent_canines"])


def test_prominent_canines_applies(kit):
    s = scene(kit, _coyote(kit))
    kit.play(s, ("A", "Fern", (1, 0)), ("B", "Fern", (4, 0)), ("A", "Pond", (2, 0)),
             ("B", "Vole", (3, 0)), ("A", "Coyote", (3, -1)))
    assert s.tiles[(3, -1)].paid[0][1] == (3, 0)  # B's vole fed it
    assert kit.cubes(s, (3, -1)) == {"red": 2}


def test_prominent_canines_does_not_apply(kit):
    s = A(kit, scene(kit, _coyote(kit)), ("Fern", (1, 0)), ("Vole", (1, -1)), ("Coyote", (2, -1)))
    assert kit.cubes(s, (2, -1)) == {"red": 1}


# --- remove ---------------------------------------------------------------------------------------
def _invader(kit, target=None):
    mod = {"name": "remove", "target": target} if target else "remove"
    return T(kit, "Remove It", "event", "action", mods=[mod])


def test_remove_applies(kit):
    s = A(kit, scene(kit, _invader(kit)), ("Fern", (1, 0)), ("Vole", (2, 0)),
          {"player": "A", "tile": "Remove It", "at": [2, -1], "target": "Vole"})
    assert (2, 0) in s.dice and (1, 0) not in s.dice
    assert (2, -1) not in s.tiles  # an action tile leaves at the end of its turn


def test_remove_does_not_apply(kit):
    s = A(kit, scene(kit, _invader(kit, "Beetle")), ("Fern", (1, 0)), ("Vole", (2, 0)),
          ("Remove It", (2, -1)))
    assert not s.dice  # its printed target is not next to it
    m = kit.move("A", "Remove It", (0, 1), target="Pond")
    assert "always names Beetle" in s.why_illegal(m)
    free = kit.move("A", "Remove It", (0, 1))
    s2 = A(kit, scene(kit, _invader(kit)), ("Fern", (1, 0)))
    assert "has none" in s2.why_illegal(kit.move("A", "Remove It", (0, 1), target="Pond"))
    assert free.target is None


def test_remove_names_a_classification(kit):
    """Issue 21: a classification (``insect``) is a target, as the modifier's printed ``target``
    may be; every adjacent costed tile of that class is hit, other classes are not."""
    s = A(kit, scene(kit, _invader(kit)), ("Fern", (1, 0)), ("Beetle", (2, 0)), ("Vole", (1, -1)),
          {"player": "A", "tile": "Remove It", "at": [2, -1], "target": "Insects"})
    assert (2, 0) in s.dice and (1, -1) not in s.dice  # the beetle is an insect, the vole a mammal
    assert s.moves_played()[-2].target == "Insects"


def test_remove_refuses_a_classification_without_costed_tiles_or_an_unknown_word(kit):
    s = A(kit, scene(kit, _invader(kit)), ("Fern", (1, 0)))
    assert "no water tile in the catalogs has one" in s.why_illegal(
        kit.move("A", "Remove It", (0, 1), target="water"))
    assert "names no tile and no classification" in s.why_illegal(
        kit.move("A", "Remove It", (0, 1), target="Bugs"))


def test_a_manmade_tile_with_remove_leaves_like_an_action(kit):
    trap = T(kit, "Trap", "event", "manmade", mods=[{"name": "remove", "target": "Vole"}])
    dock = T(kit, "Dock", "event", "manmade", mods=[{"name": "anchor", "color": "yellow"}])
    s = A(kit, scene(kit, trap, dock), ("Fern", (1, 0)), ("Vole", (2, 0)), ("Trap", (2, -1)))
    assert (2, 0) in s.dice and (2, -1) not in s.tiles  # "discard after use"
    A(kit, s, ("Dock", (0, 1)), ("Pond", (-1, 0)))
    assert (0, 1) in s.tiles  # a manmade tile without remove stays


# --- sanguivore -----------------------------------------------------------------------------------
def _tick(kit):
    return T(kit, "Tick", "carnivore", "arachnid", "1 green", "1 red", [{"name": "sanguivore", "amount": 1}])


def test_sanguivore_applies(kit):
    s = A(kit, scene(kit, _tick(kit)), ("Fern", (1, 0)), ("Vole", (2, 0)), ("Tick", (2, -1)))
    assert kit.cubes(s, (2, -1)) == {"red": 2}


def test_sanguivore_does_not_apply(kit):
    s = A(kit, scene(kit, _tick(kit)), ("Fern", (1, 0)), ("Beetle", (2, 0)), ("Tick", (2, -1)))
    assert kit.cubes(s, (2, -1)) == {"red": 1}


# --- shade_required -------------------------------------------------------------------------------
def _shade(kit):
    return T(kit, "Shade", "event", "weather", mods=[{"name": "shade_required", "amount": 1}])


def test_shade_required_applies(kit):
    mush = T(kit, "Mushroom", "plant", "fungi", "1 blue", "2 green")
    s = A(kit, scene(kit, _shade(kit), mush), ("Mushroom", (1, 0)), ("Shade", (2, 0)))
    assert kit.cubes(s, (1, 0)) == {"green": 1}


def test_shade_required_does_not_apply(kit):
    s = A(kit, scene(kit, _shade(kit)), ("Fern", (1, 0)), ("Shade", (2, 0)))
    assert kit.cubes(s, (1, 0)) == {"green": 2}


# --- solar_strength -------------------------------------------------------------------------------
def test_solar_strength_applies(kit):
    s = A(kit, scene(kit, _storm(kit, 1, solar=True)), ("Sunlight", (1, 0)))
    kit.play(s, ("A", "Storm", (2, 0)))
    assert s.barricades[(2, 0)] == (0, 2)  # owner A, 1 + 1 turns


def test_solar_strength_does_not_apply(kit):
    s = A(kit, scene(kit, _storm(kit, 1, solar=True)), ("Moonlight", (1, 0)))
    kit.play(s, ("A", "Storm", (2, 0)))
    assert s.barricades[(2, 0)] == (0, 1)


# --- symbiosis ------------------------------------------------------------------------------------
def _bee(kit):
    return T(kit, "Bee", "herbivore", "insect", "1 green", "1 yellow",
             [{"name": "symbiosis", "partner": "Fern", "amount": 1}])


def test_symbiosis_applies(kit):
    s = A(kit, scene(kit, _bee(kit)), ("Fern", (1, 0)), ("Bee", (2, 0)))
    assert kit.cubes(s, (2, 0)) == {"yellow": 2}


def test_symbiosis_does_not_apply(kit):
    reed = T(kit, "Reed", "plant", "plant", "1 blue", "2 green")
    s = A(kit, scene(kit, _bee(kit), reed), ("Reed", (1, 0)), ("Bee", (2, 0)))
    assert kit.cubes(s, (2, 0)) == {"yellow": 1}


# --- temporary ------------------------------------------------------------------------------------
def _rain(kit):
    return T(kit, "Rain", "water", "water", yld="3 blue", mods=["temporary"])


def test_temporary_applies(kit):
    s = scene(kit, _rain(kit))
    kit.play(s, ("A", "Rain", (1, 0)))
    assert kit.cubes(s, (1, 0)) == {"blue": 3}  # not the turn it arrives
    kit.play(s, ("B", "Pond", (6, 0)))
    assert kit.cubes(s, (1, 0)) == {"blue": 2}


def test_temporary_does_not_apply(kit):
    s = scene(kit, _rain(kit))
    kit.play(s, ("A", "Rain", (1, 0)), ("B", "Pond", (6, 0)),
             {"player": "A", "tile": "Fern", "at": [2, 0], "pay": [{"from": [1, 0], "blue": 1}]})
    assert kit.cubes(s, (1, 0)) == {"blue": 1}  # used this turn: no decay on top of the payment


# --- tidal_power ----------------------------------------------------------------------------------
def _dam(kit):
    return T(kit, "Dam", "event", "manmade", mods=[{"name": "tidal_power", "amount": 1}])


def test_tidal_power_applies(kit):
    s = A(kit, scene(kit, _dam(kit)), ("Dam", (1, 0)))
    assert kit.cubes(s, (0, 0)) == {"blue": 4}


def test_tidal_power_does_not_apply(kit):
    s = A(kit, scene(kit, _dam(kit)), ("Fern", (1, 0)), ("Dam", (2, 0)))
    assert kit.cubes(s, (1, 0)) == {"green": 2}


# --- toxin_resistance -----------------------------------------------------------------------------
def test_toxin_resistance_applies(kit):
    bug = T(kit, "Bug", "herbivore", "insect", "1 green", "1 yellow", ["toxin_resistance"])
    s = A(kit, scene(kit, _spray(kit), bug), ("Fern", (1, 0)), ("Bug", (2, 0)), ("Spray", (2, -1)))
    assert not s.dice


def test_toxin_resistance_does_not_apply(kit):
    bug = T(kit, "Bug", "herbivore", "insect", "1 green", "1 yellow")
    s = A(kit, scene(kit, _spray(kit), bug), ("Fern", (1, 0)), ("Bug", (2, 0)), ("Spray", (2, -1)))
    assert s.dice


# --- transplant -----------------------------------------------------------------------------------
def test_transplant_applies(kit):
    seed = T(kit, "Seed", "plant", "plant", "1 blue", "1 green", ["transplant"])
    s = scene(kit, seed)
    assert s.why_illegal(kit.move("A", "Seed", (4, 0))) is None


def test_transplant_does_not_apply(kit):
    seed = T(kit, "Seed", "plant", "plant", "1 blue", "1 green")
    s = scene(kit, seed)
    assert "next to one of A's tiles" in s.why_illegal(kit.move("A", "Seed", (4, 0)))
