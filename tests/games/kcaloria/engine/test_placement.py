"""Rulebook "Placement": next to one's own tiles (transplant: anywhere it can be paid), costs paid
from unused cubes on adjacent tiles of any owner, alternatives, explicit or default payment."""

from __future__ import annotations

from kcal.games.kcaloria.replay import replay


def _two(kit, extra=()):
    s = kit.game(list(kit.basics().values()) + list(extra))
    return kit.play(s, ("A", "Pond", (0, 0)), ("B", "Pond", (5, 0)))


class TestAdjacency:
    def test_must_touch_own_tile(self, kit):
        s = _two(kit)
        reason = s.why_illegal(kit.move("A", "Pond", (3, 0)))
        assert reason == "Pond must be placed next to one of A's tiles; [3, 0] touches none"

    def test_touching_only_an_opponent_is_not_enough(self, kit):
        s = kit.play(_two(kit), ("A", "Pond", (1, 0)), ("B", "Pond", (4, 0)))
        assert "next to one of A's tiles" in s.why_illegal(kit.move("A", "Pond", (3, 0)))
        assert s.why_illegal(kit.move("A", "Pond", (2, 0))) is None

    def test_occupied_cell(self, kit):
        s = _two(kit)
        assert s.why_illegal(kit.move("A", "Pond", (0, 0))) == "[0, 0] already holds Pond"

    def test_out_of_turn(self, kit):
        s = _two(kit)
        assert s.why_illegal(kit.move("B", "Pond", (6, 0))) == (
            "it is A's turn, not B's: turns go round in the order of the players (A, B), and B played turn 2")

    def test_transplant_goes_next_to_any_tile(self, kit):
        seed = kit.tile("Seed", "plant", cost="1 blue", yld="1 green", mods=["transplant"])
        s = _two(kit, [seed])
        assert s.why_illegal(kit.move("A", "Seed", (4, 0))) is None  # next to B's Pond only
        assert "must still touch a tile" in s.why_illegal(kit.move("A", "Seed", (3, 0)))
        assert any(m.tile == "Seed" and m.at == (4, 0) for m in s.legal_moves())

    def test_without_transplant_no_move_next_to_opponent_only(self, kit):
        s = _two(kit)
        assert not any(m.at == (4, 0) for m in s.legal_moves())


class TestCosts:
    def test_paid_from_adjacent_unused_cubes(self, kit):
        s = kit.play(_two(kit), ("A", "Fern", (1, 0)))
        assert kit.cubes(s, (0, 0)) == {"blue": 1}
        assert kit.cubes(s, (1, 0)) == {"green": 2}
        assert s.tiles[(1, 0)].paid == ((s.tiles[(0, 0)].uid, (0, 0), 0, 1),)  # provenance

    def test_paid_from_an_opponents_tile(self, kit):
        s = kit.play(_two(kit), ("A", "Pond", (1, 0)), ("B", "Pond", (4, 0)),
                     ("A", "Pond", (2, 0)), ("B", "Pond", (4, -1)))
        # [3, 0] touches A's [2, 0] and B's [4, 0], [4, -1]: the default takes opponents' cubes first
        s.push(kit.move("A", "Fern", (3, 0)))
        assert s.tiles[(3, 0)].paid[0][1] in ((4, 0), (4, -1))
        assert kit.cubes(s, (2, 0)) == {"blue": 2}

    def test_unpayable_reason_names_the_colours_held(self, kit):
        s = _two(kit)
        reason = s.why_illegal(kit.move("A", "Fox", (1, 0)))
        assert reason == "Fox costs 1 yellow; the tiles next to [1, 0] hold 0 yellow"

    def test_alternatives_first_payable_is_used(self, kit):
        arm = kit.tile("Armadillo", "omnivore", cost="4 green | 2 blue", yld="3 orange")
        s = kit.play(_two(kit, [arm]), ("A", "Armadillo", (1, 0)))
        assert kit.cubes(s, (0, 0)) == {}
        assert kit.cubes(s, (1, 0)) == {"orange": 3}

    def test_alternative_reason_lists_each(self, kit):
        arm = kit.tile("Armadillo", "omnivore", cost="4 green | 2 yellow", yld="3 orange")
        s = _two(kit, [arm])
        assert s.why_illegal(kit.move("A", "Armadillo", (1, 0))) == (
            "Armadillo costs 4 green or 2 yellow; the tiles next to [1, 0] hold 0 green and 0 yellow")

    def test_explicit_payment(self, kit):
        s = kit.play(_two(kit), ("A", "Pond", (1, 0)), ("B", "Pond", (6, 0)))
        m = kit.move("A", "Fern", (1, -1), pay=[{"from": [1, 0], "blue": 1}])
        s.push(m)
        assert kit.cubes(s, (1, 0)) == {"blue": 1} and kit.cubes(s, (0, 0)) == {"blue": 2}

    def test_explicit_payment_checks(self, kit):
        s = kit.play(_two(kit), ("A", "Pond", (1, 0)), ("B", "Pond", (6, 0)))
        far = kit.move("A", "Fern", (1, -1), pay=[{"from": [5, 0], "blue": 1}])
        assert "is not next to [1, -1]" in s.why_illegal(far)
        much = kit.move("A", "Fern", (1, -1), pay=[{"from": [1, 0], "blue": 3}])
        assert "holds 2 blue, not 3" in s.why_illegal(much)
        wrong = kit.move("A", "Fern", (1, -1), pay=[{"from": [1, 0], "blue": 2}])
        assert "matches no cost alternative" in s.why_illegal(wrong)

    def test_default_payment_is_deterministic(self, kit):
        a = kit.play(_two(kit), ("A", "Pond", (1, 0)), ("B", "Pond", (6, 0)), ("A", "Fern", (1, -1)))
        b = kit.play(_two(kit), ("A", "Pond", (1, 0)), ("B", "Pond", (6, 0)), ("A", "Fern", (1, -1)))
        assert a.tiles[(1, -1)].paid == b.tiles[(1, -1)].paid


class TestWorkedExamples:
    def test_armadillo_cannot_open(self, fixtures_dir):
        r = replay(fixtures_dir / "armadillo-cannot-open.yaml")
        assert not r.legal and r.illegal_index == 0
        assert r.illegal_reason == ("Dasypus novemcinctus costs 4 green or 2 yellow; "
                                    "the tiles next to [0, 0] hold 0 green and 0 yellow")

    def test_bayou_then_phlox_then_squirrel(self, fixtures_dir):
        r = replay(fixtures_dir / "bayou-phlox-squirrel.yaml")
        assert r.legal and r.moves_applied == 5
        board = {tuple(t["at"]): t for t in r.to_json()["board"]}
        assert board[(0, 0)]["cubes"] == {}
        assert board[(1, 0)]["cubes"] == {"green": 1}
        assert board[(1, -1)]["cubes"] == {"yellow": 2}

    def test_heron_cannot_be_paid(self, fixtures_dir):
        r = replay(fixtures_dir / "heron-cannot-be-paid.yaml")
        assert r.illegal_index == 6
        assert r.illegal_reason == ("Ardea herodias costs 2 blue + 2 yellow; "
                                    "the tiles next to [0, -1] hold 0 blue and 2 yellow")


def _hemmed_in(kit):
    """A's only tile (a Lake at [0, 0]) surrounded by B's transplant Drifts: A holds tiles but has
    no empty cell beside them."""
    drift = kit.tile("Drift", "water", yld="1 blue", mods=["transplant"])
    s = kit.game(list(kit.basics().values()) + [drift])
    kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)))
    for cell in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
        kit.play(s, {"player": "A", "discard": ["Pond"]}, ("B", "Drift", cell))
    assert not s.frontier[0] and (0, 0) in s.tiles
    return s


class TestPlacementHemmedIn:
    """Rulebook "Placement": "every subsequent tile must be placed adjacent to one of your previously
    placed tiles"; the distance-5 start is for a first tile (and a player with no tiles left), not for a
    player whose tiles are all hemmed in (rulings: "A player whose tiles are all hemmed in")."""

    def test_placement_a_hemmed_in_player_does_not_start_again_at_distance_five(self, kit):
        s = _hemmed_in(kit)
        reason = s.why_illegal(kit.move("A", "Pond", (5, -5)))  # 5 from the closest tile
        assert reason == ("Pond must be placed next to one of A's tiles; [5, -5] touches none "
                          "(every cell beside A's tiles is taken)")
        assert not any(m.kind == "place" and m.tile != "Drift" for m in s.legal_moves())

    def test_placement_a_hemmed_in_player_may_still_transplant(self, kit):
        s = _hemmed_in(kit)
        assert s.why_illegal(kit.move("A", "Drift", (2, 0))) is None
        assert any(m.tile == "Drift" and m.at == (2, 0) for m in s.legal_moves())
        assert s.why_illegal(kit.move("A", "Drift", (5, -5))) is not None  # touches no tile
