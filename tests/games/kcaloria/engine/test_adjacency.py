"""Rulebook "Adjacency" (yields): base yield, multi-colour tiles, the reproduction bonus, the
colour choice for bonuses, photosynthesis and biome boosters, whichever tile was placed first."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.games.kcaloria.replay import replay
from tests.hypothesis_profile import PROFILE_SUPPRESSED


def _start(kit, extra=()):
    s = kit.game(list(kit.basics().values()) + list(extra))
    return kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)))


def test_base_yield_goes_on_the_new_tile(kit):
    s = kit.play(_start(kit), ("A", "Fern", (1, 0)))
    assert kit.cubes(s, (1, 0)) == {"green": 2}


def test_multi_colour_yield(kit):
    frog = kit.tile("Frog", "omnivore", "amphibian", cost="1 blue", yld="1 yellow + 1 orange")
    s = kit.play(_start(kit, [frog]), ("A", "Frog", (1, 0)))
    assert kit.cubes(s, (1, 0)) == {"yellow": 1, "orange": 1}


class TestReproduction:
    def test_two_adjacent_animals_of_one_name_each_get_one(self, kit):
        s = kit.play(_start(kit), ("A", "Fern", (1, 0)), ("B", "Pond", (6, 0)),
                     ("A", "Fern", (-1, 0)), ("B", "Pond", (7, 0)),
                     ("A", "Vole", (1, -1)), ("B", "Pond", (8, 0)), ("A", "Vole", (0, -1)))
        assert kit.cubes(s, (1, -1)) == {"yellow": 2}
        assert kit.cubes(s, (0, -1)) == {"yellow": 2}

    def test_works_across_owners(self, kit):
        s = kit.play(_start(kit), ("A", "Fern", (1, 0)), ("B", "Pond", (4, 0)),
                     ("A", "Pond", (2, 0)), ("B", "Fern", (3, 0)),
                     ("A", "Vole", (2, -1)), ("B", "Vole", (3, -1)))
        assert kit.cubes(s, (2, -1)) == {"yellow": 2} and kit.cubes(s, (3, -1)) == {"yellow": 2}

    def test_plants_do_not_reproduce(self, kit):
        s = kit.play(_start(kit), ("A", "Fern", (1, 0)), ("B", "Pond", (6, 0)), ("A", "Fern", (1, -1)))
        assert kit.cubes(s, (1, -1)) == {"green": 2}

    def test_different_names_do_not_reproduce(self, kit):
        s = kit.play(_start(kit), ("A", "Fern", (1, 0)), ("B", "Pond", (6, 0)),
                     ("A", "Fern", (-1, 0)), ("B", "Pond", (7, 0)),
                     ("A", "Vole", (1, -1)), ("B", "Pond", (8, 0)), ("A", "Beetle", (0, -1)))
        assert kit.cubes(s, (0, -1)) == {"yellow": 1}


class TestBonusColour:
    def _frogs(self, kit, choose=None):
        frog = kit.tile("Frog", "omnivore", "amphibian", cost="1 blue", yld="1 yellow + 1 orange")
        s = kit.play(_start(kit, [frog]), ("A", "Frog", (1, 0)), ("B", "Pond", (6, 0)))
        entry = {"player": "A", "tile": "Frog", "at": [0, 1]}
        if choose:
            entry["choose"] = {"color": choose}
        return kit.play(s, entry)

    def test_default_is_the_highest_scoring_colour(self, kit):
        s = self._frogs(kit)
        assert kit.cubes(s, (0, 1)) == {"yellow": 1, "orange": 2}
        assert kit.cubes(s, (1, 0)) == {"yellow": 1, "orange": 2}

    def test_choose_color(self, kit):
        s = self._frogs(kit, "yellow")
        assert kit.cubes(s, (0, 1)) == {"yellow": 2, "orange": 1}

    def test_choose_a_colour_the_tile_does_not_yield_is_illegal(self, kit):
        frog = kit.tile("Frog", "omnivore", "amphibian", cost="1 blue", yld="1 yellow + 1 orange")
        s = _start(kit, [frog])
        m = kit.move("A", "Frog", (1, 0), choose={"color": "red"})
        assert s.why_illegal(m) == "choose.color red is not a colour Frog yields (yellow, orange)"


class TestPurpleForIntelligentTiles:
    """Issue 17: ``choose: {color: purple}`` on an intelligent tile that does not yield purple turns
    only its reproduction bonus purple; its other bonuses keep a colour it yields."""

    def _coons(self, kit):
        coon = kit.tile("Coon", "omnivore", "mammal", cost="1 blue", yld="2 orange",
                        mods=["nocturnal", "intelligent"])
        moon = kit.tile("Moonlight", "event", "weather")
        return kit.play(_start(kit, [coon, moon]), ("A", "Moonlight", (1, 0)), ("B", "Pond", (6, 0)),
                        ("A", "Pond", (2, 0)), ("B", "Pond", (7, 0)))

    def test_choose_purple_turns_only_the_reproduction_bonus_purple(self, kit):
        s = self._coons(kit)
        kit.play(s, {"player": "A", "tile": "Coon", "at": [0, 1], "choose": {"color": "purple"}})
        assert kit.cubes(s, (0, 1)) == {"orange": 3}  # a lone raccoon: its Moonlight bonus stays orange
        kit.play(s, ("B", "Pond", (8, 0)),
                 {"player": "A", "tile": "Coon", "at": [1, 1], "choose": {"color": "purple"}})
        assert kit.cubes(s, (1, 1)) == {"orange": 3, "purple": 1}  # Moonlight: orange; the pair: purple

    def test_choose_a_yield_colour_keeps_the_reproduction_bonus_in_it(self, kit):
        s = self._coons(kit)
        kit.play(s, ("A", "Coon", (0, 1)), ("B", "Pond", (8, 0)),
                 {"player": "A", "tile": "Coon", "at": [1, 1], "choose": {"color": "orange"}})
        assert kit.cubes(s, (1, 1)) == {"orange": 4}


class TestPhotosynthesis:
    def test_two_sunlights_on_eichhornia_give_six(self, fixtures_dir):
        r = replay(fixtures_dir / "two-sunlights-eichhornia.yaml")
        assert r.legal
        board = {tuple(t["at"]): t for t in r.to_json()["board"]}
        assert board[(1, 1)]["cubes"] == {"green": 6}

    def test_sunlight_placed_after_the_plant_also_counts(self, kit):
        sun = kit.tile("Sunlight", "event", "weather", mods=["photosynthesis"])
        s = kit.play(_start(kit, [sun]), ("A", "Fern", (1, 0)), ("B", "Pond", (6, 0)),
                     ("A", "Sunlight", (2, 0)))
        assert kit.cubes(s, (1, 0)) == {"green": 4}


class TestBiomeBoost:
    def _tiles(self, kit):
        pine = kit.tile("Pine", "plant", "tree", cost="1 blue", yld="1 green", biomes=["FF"],
                        mods=[{"name": "biome_boost", "biome": "FF"}])
        squirrel = kit.tile("Squirrel", "herbivore", "mammal", cost="1 blue", yld="1 yellow",
                            biomes=["FF"])
        mouse = kit.tile("Mouse", "herbivore", "mammal", cost="1 blue", yld="1 yellow", biomes=["GL"])
        return [pine, squirrel, mouse]

    def test_booster_first(self, kit):
        s = kit.play(_start(kit, self._tiles(kit)), ("A", "Pine", (1, 0)), ("B", "Pond", (6, 0)),
                     ("A", "Squirrel", (0, 1)))
        assert kit.cubes(s, (0, 1)) == {"yellow": 2}

    def test_booster_second(self, kit):
        s = kit.play(_start(kit, self._tiles(kit)), ("A", "Squirrel", (0, 1)), ("B", "Pond", (6, 0)),
                     ("A", "Pine", (1, 0)))
        assert kit.cubes(s, (0, 1)) == {"yellow": 2}

    def test_boosters_boost_each_other(self, kit):
        s = kit.play(_start(kit, self._tiles(kit)), ("A", "Pine", (1, 0)), ("B", "Pond", (6, 0)),
                     ("A", "Pine", (0, 1)))
        assert kit.cubes(s, (0, 1)) == {"green": 2} and kit.cubes(s, (1, 0)) == {"green": 2}

    def test_other_biome_not_boosted(self, kit):
        s = kit.play(_start(kit, self._tiles(kit)), ("A", "Pine", (1, 0)), ("B", "Pond", (6, 0)),
                     ("A", "Mouse", (0, 1)))
        assert kit.cubes(s, (0, 1)) == {"yellow": 1}


# --- the pair rule: the same two tiles give the same cubes, whichever came first ---------------------
def _pair_both_ways(kit, plant, event):
    """The cubes ``plant`` holds when it is placed before ``event`` (its effects then land on a tile
    already down) and when it is placed after (they are part of its yield), both beside A's Lake."""
    out = []
    for first, second, cells in ((plant, event, ((1, 0), (1, -1))), (event, plant, ((1, -1), (1, 0)))):
        s = _start(kit, [plant, event])
        kit.play(s, ("A", first.name, cells[0]), ("B", "Pond", (6, 0)), ("A", second.name, cells[1]))
        out.append(kit.cubes(s, (1, 0)))
    return out


def test_adjacency_wildfire_and_a_fresh_rudbeckia_whichever_came_first(kit):
    """Issue 32, item 7: Wildfire (destructive 2 green, new growth 1) after a fresh Rudbeckia
    (1 green) left 1 green, before it 0; yields are netted first either way: 1 + 1 - 2 = 0."""
    rudbeckia = kit.tile("Rudbeckia hirta", "plant", "flower", cost="1 blue", yld="1 green")
    wildfire = kit.tile("Wildfire", "event", "event", mods=[{"name": "destructive", "amount": 2, "color": "green"},
                                                            {"name": "new_growth", "amount": 1}])
    assert _pair_both_ways(kit, rudbeckia, wildfire) == [{}, {}]


def test_adjacency_a_loss_and_a_gain_from_one_tile_net_before_they_touch_the_cubes(kit):
    """A bonus and a penalty of one arriving tile cancel on a tile already down, as they do in a new
    tile's yield: no blue cube taken for a green one given."""
    sedge = kit.tile("Sedge", "plant", "fungi", cost="1 blue", yld="1 blue + 1 green")
    shade = kit.tile("Shade", "event", "weather", mods=[{"name": "shade_required", "amount": 1},
                                                        {"name": "mycorrhizal_network"}])
    assert _pair_both_ways(kit, sedge, shade) == [{"blue": 1, "green": 1}] * 2


_SQUARES = {  # square modifiers an event may print that change a plant's yield
    "destructive": lambda n: {"name": "destructive", "amount": n, "color": "green"},
    "new_growth": lambda n: {"name": "new_growth", "amount": n},
    "rapid_growth": lambda n: {"name": "rapid_growth", "amount": n},
    "mycorrhizal_network": lambda n: {"name": "mycorrhizal_network"},
    "shade_required": lambda n: {"name": "shade_required", "amount": n},
    "photosynthesis": lambda n: {"name": "photosynthesis"},
}


@settings(max_examples=60, suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(mods=st.lists(st.tuples(st.sampled_from(sorted(_SQUARES)), st.integers(1, 3)), min_size=1,
                     max_size=4, unique_by=lambda m: m[0]),
       klass=st.sampled_from(["flower", "fungi", "tree"]), green=st.integers(1, 4), blue=st.integers(0, 2))
def test_adjacency_pair_rule_the_same_two_tiles_give_the_same_cubes_whichever_came_first(kit, mods, klass,
                                                                                          green, blue):
    yld = f"{green} green" + (f" + {blue} blue" if blue else "")
    plant = kit.tile("Sorrel", "plant", klass, cost="1 blue", yld=yld)
    name = "Sunlight" if any(m == "photosynthesis" for m, _ in mods) else "Squall"
    event = kit.tile(name, "event", "weather", mods=[_SQUARES[m](n) for m, n in mods])
    first, second = _pair_both_ways(kit, plant, event)
    assert first == second
