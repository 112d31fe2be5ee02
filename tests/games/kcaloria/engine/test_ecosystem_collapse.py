"""Rulebook "Ecosystem Collapse": removal at the end of the placer's next turn, cubes of the removed
tile's cost back to their sources, dependents counted down by dependency depth, rescue by
redistribution, concurrent collapses (lowest die first), drought resistance, beginner mode."""

from __future__ import annotations

from kcal.core.yamlsafe import load_yaml
from kcal.games.kcaloria.files.recordfile import GameRecord
from kcal.games.kcaloria.replay import replay
from kcal.games.kcaloria.rules import Move


def _partial(fixtures_dir, name, n):
    """The fixture's record cut after ``n`` moves."""
    data = load_yaml(fixtures_dir / name).data
    data["moves"] = data["moves"][:n]
    return replay(GameRecord.model_validate(data))


def _dice(result, cell):
    return [(d[0], d[1]) for d in result.state.dice.get(cell, ())]


class TestPesticideAndTheFrog:
    NAME = "pesticide-frog-starves.yaml"

    def test_dice_by_dependency_depth(self, fixtures_dir):
        r = _partial(fixtures_dir, self.NAME, 8)  # after the pesticide
        assert _dice(r, (2, 0)) == [(1, 1)]      # the cicada: B's die, 1
        assert _dice(r, (2, -1)) == [(1, 2)]     # the frog that ate it: 2

    def test_removed_at_end_of_placers_next_turn(self, fixtures_dir):
        r = _partial(fixtures_dir, self.NAME, 9)  # A's turn in between
        assert (2, 0) in r.state.tiles
        r = _partial(fixtures_dir, self.NAME, 10)  # end of B's next turn
        assert (2, 0) not in r.state.tiles

    def test_cost_cubes_return_to_their_source(self, fixtures_dir):
        before = _partial(fixtures_dir, self.NAME, 9).state.cubes[(1, 0)]
        after = _partial(fixtures_dir, self.NAME, 10).state.cubes[(1, 0)]
        assert after[1] == before[1] + 1  # the cicada's green cube is back on the Phlox

    def test_the_frog_starves(self, fixtures_dir):
        r = _partial(fixtures_dir, self.NAME, 10)
        assert _dice(r, (2, -1)) == [(1, 1)]
        assert any(m.kind == "rescue" for m in r.state.legal_moves())  # 2 green are next to it
        r = replay(fixtures_dir / self.NAME)
        assert r.legal and (2, -1) not in r.state.tiles
        assert r.to_json()["scores"] == {"A": 2, "B": 0}


class TestRescue:
    def test_remove_the_invader_then_the_frog_is_rescued(self, fixtures_dir):
        r = replay(fixtures_dir / "remove-invader-frog-rescued.yaml")
        assert r.legal
        s = r.state
        assert (2, -1) in s.tiles and not s.dice
        assert [e[1:] for e in s.tiles[(2, -1)].paid] == [((1, 0), 1, 2)]  # now paid with 2 green
        assert (3, 0) not in s.tiles  # the action tile left after its turn

    def test_rescue_of_a_tile_that_is_not_starving_is_illegal(self, fixtures_dir):
        r = _partial(fixtures_dir, "remove-invader-frog-rescued.yaml", 9)
        reason = r.state.why_illegal(Move.rescue("A", (2, -1)))
        assert reason == "Dryophytes squirellus at [2, -1] is not starving"

    def test_only_the_owner_rescues(self, fixtures_dir):
        r = _partial(fixtures_dir, "remove-invader-frog-rescued.yaml", 10)
        assert "belongs to A, not B" in r.state.why_illegal(Move.rescue("B", (2, -1)))

    def test_rescue_is_not_a_turn(self, fixtures_dir):
        r = _partial(fixtures_dir, "remove-invader-frog-rescued.yaml", 11)
        assert r.state.turn_player == "A"


class TestConcurrentCollapses:
    def test_two_dice_lowest_first(self, fixtures_dir):
        r = _partial(fixtures_dir, "two-concurrent-collapses.yaml", 12)
        assert sorted(_dice(r, (2, -1))) == [(1, 2), (2, 1)]  # B's 2 and C's 1 on the frog
        r = _partial(fixtures_dir, "two-concurrent-collapses.yaml", 14)
        assert (2, -1) in r.state.tiles and (2, 0) not in r.state.tiles
        r = replay(fixtures_dir / "two-concurrent-collapses.yaml")
        assert r.legal and (2, -1) not in r.state.tiles  # C's die, at the end of C's turn 14


def _chain(kit, drought=False):
    mods = ["drought_resistant"] if drought else []
    s = kit.game(list(kit.basics().values()) + [
        kit.tile("Spray", "microbe", "microbe", mods=["pesticide"]),
        kit.tile("Toad", "carnivore", "amphibian", cost="1 yellow", yld="1 red", mods=mods)])
    return kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)), ("A", "Fern", (1, 0)),
                    ("B", "Pond", (6, 0)), ("A", "Beetle", (2, 0)), ("B", "Pond", (7, 0)),
                    ("A", "Toad", (2, -1)), ("B", "Pond", (8, 0)), ("A", "Spray", (3, -1)))


def test_dependents_counted_by_depth(kit):
    s = _chain(kit)
    assert [d[1] for d in s.dice[(2, 0)]] == [1] and [d[1] for d in s.dice[(2, -1)]] == [2]


def test_drought_resistant_gets_an_extra_turn(kit):
    s = _chain(kit, drought=True)
    assert [d[1] for d in s.dice[(2, -1)]] == [3]


def test_placer_may_start_a_collapse_on_own_tiles(kit):
    s = _chain(kit)
    assert all(d[0] == 0 for d in s.dice[(2, 0)])  # A's own spray, A's own dice


def test_removed_tile_cubes_leave_the_game(kit):
    s = _chain(kit)
    kit.play(s, ("B", "Pond", (9, 0)), ("A", "Pond", (-1, 0)))
    assert (2, 0) not in s.tiles
    held, locked = s.held(), s.locked()
    assert all(s.produced[c] == held[c] + locked[c] + s.destroyed[c] for c in range(6))


def test_beginner_mode_removes_cubes_not_tiles(kit):
    s = kit.game(list(kit.basics().values()) + [kit.tile("Spray", "microbe", "microbe", mods=["pesticide"])],
                 mode="beginner")
    kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)), ("A", "Fern", (1, 0)),
             ("B", "Pond", (6, 0)), ("A", "Beetle", (2, 0)), ("B", "Pond", (7, 0)),
             ("A", "Spray", (3, -1)), ("B", "Pond", (8, 0)), ("A", "Pond", (-1, 0)))
    assert (2, 0) in s.tiles and kit.cubes(s, (2, 0)) == {} and not s.dice


def test_tiles_may_be_placed_in_a_collapsing_ecosystem(kit):
    s = kit.game(list(kit.basics().values()) + [
        kit.tile("Spray", "microbe", "microbe", mods=["pesticide"]),
        kit.tile("Toad", "carnivore", "amphibian", cost="1 yellow", yld="1 red")])
    kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)), ("A", "Fern", (1, 0)),
             ("B", "Pond", (6, 0)), ("A", "Beetle", (2, 0)), ("B", "Pond", (7, 0)),
             ("A", "Spray", (3, -1)), ("B", "Pond", (8, 0)))
    assert s.dice[(2, 0)]
    kit.play(s, ("A", "Toad", (2, -1)))  # eats the doomed beetle's cube
    assert (2, 0) not in s.tiles  # the beetle left at the end of A's turn ...
    assert [(d[0], d[1]) for d in s.dice[(2, -1)]] == [(0, 1)]  # ... and the toad starves


def test_a_manmade_remove_tile_leaves_the_table():
    """Issue 16: the Feral Hog Trap (manmade, remove) is discarded after its turn like an action
    tile, so B cannot build from it."""
    moves = [("A", "Bayou", [0, 0]), ("B", "Bayou", [5, 0]), ("A", "Oxbow Lake", [-1, 0]),
             ("B", "Feral Hog Trap", [6, 0]), ("A", "Sabine River", [-2, 0]), ("B", "Oxbow Lake", [7, 0])]
    r = replay({"players": ["A", "B"], "moves": [{"player": p, "tile": t, "at": at} for p, t, at in moves]})
    assert (6, 0) not in r.state.tiles
    assert r.illegal_index == 5
    assert r.illegal_reason == "Oxbow Lake must be placed next to one of B's tiles; [7, 0] touches none"


def _anchored_squirrel(kit):
    """A's Squirrel beside Caddo (anchor: blue) paid only 1 green, from the Fern that a remove tile
    then takes; a Muck empties the lake; a second Fern beside the squirrel holds 2 green."""
    tiles = list(kit.basics().values()) + [
        kit.tile("Caddo", "water", yld="3 blue", mods=[{"name": "anchor", "color": "blue"}]),
        kit.tile("Squirrel", "herbivore", "mammal", cost="1 blue + 1 green", yld="1 yellow"),
        kit.tile("Muck", "microbe", "microbe", mods=[{"name": "poor_water_quality", "amount": 3}]),
        kit.tile("Cut", "event", "action", mods=["remove"])]
    s = kit.game(tiles)
    kit.play(s, ("A", "Caddo", (0, 0)), ("B", "Pond", (5, 0)), ("A", "Fern", (1, 0)), ("B", "Pond", (6, 0)),
             ("A", "Squirrel", (1, -1)), ("B", "Pond", (7, 0)), ("A", "Fern", (0, -1)), ("B", "Pond", (8, 0)),
             ("A", "Muck", (-1, 0)), ("B", "Pond", (9, 0)))
    assert [e[1:] for e in s.tiles[(1, -1)].paid] == [((1, 0), 1, 1)]  # green only: blue is anchored
    assert kit.cubes(s, (0, 0)) == {}  # the lake is empty
    kit.play(s, {"player": "A", "tile": "Cut", "at": [2, 0], "target": "Fern"}, ("B", "Pond", (10, 0)),
             ("A", "Pond", (-1, 1)))
    assert (1, 0) not in s.tiles and (1, -1) in s.dice  # the Fern is gone; the squirrel starves
    return s


def test_rescue_applies_an_adjacent_anchor_like_placement(kit):
    """Issue 18: a rescue pays the cost placement pays there, so the anchored blue needs no cube."""
    s = _anchored_squirrel(kit)
    assert s.why_illegal(Move.rescue("A", (1, -1))) is None
    kit.play(s, {"player": "A", "rescue": [1, -1]})
    assert [e[1:] for e in s.tiles[(1, -1)].paid] == [((0, -1), 1, 1)]  # 1 green from the second Fern
    assert (1, -1) not in s.dice


def test_rescue_with_an_explicit_payment_of_anchored_colour_is_refused(kit):
    s = _anchored_squirrel(kit)
    reason = s.why_illegal(Move.rescue("A", (1, -1), pay=(((0, -1), 1, 1), ((0, -1), 0, 1))))
    assert reason is not None and "holds 0 blue" in reason


def _vole_starving_beside_a_doomed_reed(kit):
    """A's Vole ate the Fern's green; a Cut (remove) dooms the drought-resistant Reed beside the Vole
    (die 2) the turn after another took the Fern: the Vole starves, and the only green next to it is
    on the doomed Reed."""
    tiles = list(kit.basics().values()) + [
        kit.tile("Reed", "plant", cost="1 blue", yld="2 green", mods=["drought_resistant"]),
        kit.tile("Cut", "event", "action", mods=["remove"])]
    s = kit.game(tiles)
    kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)), ("A", "Fern", (1, 0)), ("B", "Pond", (6, 0)),
             ("A", "Vole", (1, 1)), ("B", "Pond", (7, 0)), ("A", "Reed", (0, 1)), ("B", "Pond", (8, 0)),
             {"player": "A", "tile": "Cut", "at": [2, 0], "target": "Fern"}, ("B", "Pond", (9, 0)),
             {"player": "A", "tile": "Cut", "at": [-1, 1], "target": "Reed"})
    assert (1, 0) not in s.tiles and [d[1] for d in s.dice[(1, 1)]] == [1]  # the Vole starves: die 1
    assert [d[1] for d in s.dice[(0, 1)]] == [2]  # the Reed is doomed (drought resistant: 2)
    return s


def test_ecosystem_collapse_a_rescue_paid_from_a_doomed_tile_takes_the_dice_off(kit):
    """Issue 32, item 6: the rescue re-pays the Vole from the doomed Reed; its die comes off (rulings:
    "Starvation and rescue"), so it outlives the die it had, as a tile placed paying from a doomed tile."""
    s = _vole_starving_beside_a_doomed_reed(kit)
    kit.play(s, {"player": "A", "rescue": [1, 1]})
    assert [e[1:] for e in s.tiles[(1, 1)].paid] == [((0, 1), 1, 1)]  # from the Reed
    assert (1, 1) not in s.dice
    kit.play(s, ("B", "Pond", (10, 0)), ("A", "Pond", (-1, 0)))  # the end of A's turn: its old die's
    assert (1, 1) in s.tiles and (1, 1) not in s.dice


def test_ecosystem_collapse_a_tile_rescued_from_a_doomed_tile_starves_again_when_it_leaves(kit):
    s = _vole_starving_beside_a_doomed_reed(kit)
    kit.play(s, {"player": "A", "rescue": [1, 1]}, ("B", "Pond", (10, 0)), ("A", "Pond", (-1, 0)),
             ("B", "Pond", (11, 0)), ("A", "Pond", (-2, 0)))
    assert (0, 1) not in s.tiles  # the Reed left at the end of A's second turn
    assert [(d[0], d[1], d[3]) for d in s.dice[(1, 1)]] == [(0, 1, "starve")]  # the Vole starves again
