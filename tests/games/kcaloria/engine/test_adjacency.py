"""Rulebook "Adjacency" (yields): base yield, multi-colour tiles, the reproduction bonus, the
colour choice for bonuses, photosynthesis and biome boosters, whichever tile was placed first."""

from __future__ import annotations

from kcal.games.kcaloria.replay import replay


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
