"""Rulings of docs/rulings.md that no section test covers yet, and a check that every ruling names
a test that exists."""

from __future__ import annotations

import re
from pathlib import Path

from kcal.games.kcaloria.rules import Move, new_game

ROOT = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria"


def _scene(kit, *extra, players=("A", "B")):
    s = kit.game(list(kit.basics().values()) + list(extra), players=players)
    return kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)))


def test_ruling_bonus_counts_once_per_neighbour(kit):
    moth = kit.tile("Moth", "herbivore", "insect", cost="1 blue", yld="1 yellow", mods=["nocturnal"])
    moon = kit.tile("Moonlight", "event", "weather")
    s = kit.play(_scene(kit, moth, moon), ("A", "Moonlight", (1, 0)), ("B", "Pond", (6, 0)),
                 ("A", "Moonlight", (0, 1)), ("B", "Pond", (7, 0)), ("A", "Pond", (2, 0)),
                 ("B", "Pond", (8, 0)), ("A", "Moth", (1, 1)))
    assert kit.cubes(s, (1, 1)) == {"yellow": 3}


def test_ruling_tiles_without_yield_get_no_bonus(kit):
    pine = kit.tile("Pine", "plant", "tree", cost="1 blue", yld="1 green", biomes=["FF"],
                    mods=[{"name": "biome_boost", "biome": "FF"}])
    bug = kit.tile("Mould", "microbe", "microbe", biomes=["FF"])
    s = kit.play(_scene(kit, pine, bug), ("A", "Pine", (1, 0)), ("B", "Pond", (6, 0)),
                 ("A", "Mould", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {}


def test_ruling_removal_also_hits_a_tile_placed_next_to_the_hazard(kit):
    spray = kit.tile("Spray", "microbe", "microbe", mods=["pesticide"])
    s = kit.play(_scene(kit, spray), ("A", "Fern", (1, 0)), ("B", "Pond", (6, 0)),
                 ("A", "Spray", (2, -1)), ("B", "Pond", (7, 0)), ("A", "Beetle", (2, 0)))
    assert [(d[0], d[1]) for d in s.dice[(2, 0)]] == [(0, 1)]


def test_ruling_player_with_no_tiles_left_starts_again_at_distance_five(kit):
    t = kit.game(kit.basics().values())
    kit.play(t, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)))
    del t.tiles[(0, 0)]  # as if a collapse had taken A's only tile
    t.drop_cubes((0, 0))
    t.tiles_changed()
    assert "exactly 5 spaces" in t.why_illegal(kit.move("A", "Pond", (1, 0)))
    assert t.why_illegal(kit.move("A", "Pond", (0, 0))) is None


def test_ruling_leftmost_pile_when_tops_share_a_name(kit):
    b = kit.basics()
    s = new_game([], [[b["Pond"]] * 40], ["S"], seed=1, mode="solo")
    s.push(Move.place("S", "Pond", (0, 0)))
    assert [len(p) for p in s.piles] == [1, 2, 3, 4, 5, 6, 7]  # pile 1 refilled from the deck
    assert len(s.draw[0]) == 40 - 28 - 1


def test_ruling_game_end_skips_end_of_turn_steps(kit):
    hiker = kit.tile("Hiker", "human", cost="1 blue", yld="2 purple")
    rain = kit.tile("Rain", "water", yld="3 blue", mods=["temporary"])
    s = kit.play(_scene(kit, hiker, rain), ("A", "Rain", (1, 0)), ("B", "Pond", (6, 0)),
                 ("A", "Hiker", (1, -1)), ("B", "Pond", (7, 0)))
    before = s.cubes[(1, 0)]
    kit.play(s, ("A", "Hiker", (-1, 0)))
    assert s.outcome() is not None and s.cubes[(1, 0)] == before  # no temporary decay after the end


def test_ruling_unknown_names_are_bad_input(tmp_path):
    from kcal.core.errors import KcalError
    from kcal.games.kcaloria.replay import replay

    p = tmp_path / "g.yaml"
    p.write_text("players: [A]\nmoves:\n  - {player: A, tile: Nope, at: [0, 0]}\n")
    try:
        replay(p)
    except KcalError as e:
        assert e.where.line == 3
    else:  # pragma: no cover
        raise AssertionError("expected a KcalError")


def test_every_ruling_names_an_existing_test():
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=### )", text)
    rulings = [b for b in blocks if b.startswith("### ")]
    assert len(rulings) >= 30
    sources = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.parent.rglob("test_*.py"))
    for block in rulings:
        names = re.findall(r"`((?:test_|Test)\w+)`", block)  # a test function, or a class of tests
        assert names, f"ruling without a test: {block.splitlines()[0]}"
        for n in names:
            assert re.search(rf"(def|class) {n}\b", sources), f"{block.splitlines()[0]}: no test {n}"


def test_ruling_collapse_dice_are_not_limited(kit):
    ant = kit.tile("Ant", "herbivore", "insect", cost="1 blue", yld="2 yellow")
    link = kit.tile("Link", "herbivore", "mammal", cost="1 yellow", yld="2 yellow")
    spray = kit.tile("Spray", "microbe", "microbe", mods=["pesticide"])
    s = kit.game(list(kit.basics().values()) + [ant, link, spray])
    kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (-5, 0)), ("A", "Ant", (1, 0)), ("B", "Pond", (-6, 0)))
    for q in range(2, 9):  # a food chain eight tiles long, each eating the one before
        kit.play(s, ("A", "Link", (q, 0)), ("B", "Pond", (-5 - q, 0)))
    kit.play(s, ("A", "Spray", (0, 1)))
    assert [s.dice[(q, 0)][0][1] for q in range(1, 9)] == [1, 2, 3, 4, 5, 6, 7, 8]
