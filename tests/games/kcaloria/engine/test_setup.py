"""Rulebook "Setup": deal 7, reshuffle while no water, first-tile placement and distance 5."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.games.kcaloria.rules import Move, new_game
from kcal.games.kcaloria.rules.hexgrid import distance, neighbours, ring


def _deck(kit, water=5, other=55):
    b = kit.basics()
    return [b["Pond"]] * water + [b["Fern"]] * other


class TestDeal:
    def test_each_player_draws_seven(self, kit):
        s = new_game([], [_deck(kit), _deck(kit)], ["A", "B"], seed=1)
        assert [len(s.hand(p)) for p in ("A", "B")] == [7, 7]
        assert [len(d) for d in s.draw] == [53, 53]

    def test_opening_hand_always_holds_water(self, kit):
        for seed in range(40):
            s = new_game([], [_deck(kit, water=1, other=59)] * 2, ["A", "B"], seed=seed)
            assert all(any(t.type.value == "water" for t in s.hand(p)) for p in ("A", "B"))

    def test_reshuffle_while_no_water(self, kit):
        counts = [new_game([], [_deck(kit, water=1, other=59)] * 2, ["A", "B"], seed=s).reshuffles[0]
                  for s in range(40)]
        assert max(counts) > 0  # with 1 water in 60, most first draws miss it

    def test_deck_without_water_is_a_clear_error(self, kit):
        with pytest.raises(KcalError, match="no water"):
            new_game([], [_deck(kit), _deck(kit, water=0, other=60)], ["A", "B"], seed=0)

    def test_the_no_water_rule_is_one_function_for_engine_deck_check_and_sims(self, kit):
        """Setup (issue 8): ``domain.can_open`` states the rule; the deal, ``deck check``'s
        playable deck and the simulators' deck profile all refuse a deck it refuses."""
        from kcal.games.kcaloria.rules.domain import TileType, can_open
        from kcal.games.kcaloria.rules.setup import build_table
        from kcal.games.kcaloria.sim.profile import profile_of

        dry, wet = _deck(kit, water=0, other=60), _deck(kit, water=1, other=59)
        table = build_table(wet)
        assert can_open(wet) and not can_open(dry)
        assert can_open([table.add(t) for t in wet]) and not can_open([table.add(t) for t in dry])
        assert can_open([TileType.PLANT, "water"]) and not can_open([TileType.PLANT, "plant"]) and not can_open([])
        with pytest.raises(KcalError, match="no water"):
            profile_of(dry, "Dry")
        assert profile_of(wet, "Wet").water == 1

    def test_same_seed_same_hands(self, kit):
        b = kit.basics()
        deck = [b["Pond"], b["Lake"], b["Fern"], b["Beetle"], b["Vole"], b["Fox"]] * 10
        a = new_game([], [deck, deck], ["A", "B"], seed=7)
        c = new_game([], [deck, deck], ["A", "B"], seed=7)
        assert [t.name for t in a.hand("A")] == [t.name for t in c.hand("A")]
        assert [t.name for t in a.hand("B")] == [t.name for t in c.hand("B")]


class TestFirstTiles:
    def test_very_first_tile_goes_anywhere(self, kit):
        s = kit.game(kit.basics().values())
        assert s.why_illegal(kit.move("A", "Pond", (17, -4))) is None

    def test_second_player_first_tile_exactly_five_away(self, kit):
        s = kit.play(kit.game(kit.basics().values()), ("A", "Pond", (0, 0)))
        assert s.why_illegal(kit.move("B", "Pond", (5, 0))) is None
        assert s.why_illegal(kit.move("B", "Pond", (3, -5))) is None
        reason = s.why_illegal(kit.move("B", "Pond", (4, 0)))
        assert "exactly 5 spaces" in reason and "4 away" in reason
        assert "6 away" in s.why_illegal(kit.move("B", "Pond", (6, 0)))

    def test_distance_counts_from_the_closest_tile(self, kit):
        s = kit.play(kit.game(kit.basics().values(), players=("A", "B", "C")),
                     ("A", "Pond", (0, 0)), ("B", "Pond", (5, 0)))
        # 5 from A's tile but 3 from B's: the closest tile decides
        assert "3 away" in s.why_illegal(kit.move("C", "Pond", (2, 3)))
        assert s.why_illegal(kit.move("C", "Pond", (0, 5))) is None

    def test_generated_first_tiles_are_the_ring_of_five(self, kit):
        s = kit.play(kit.game([kit.basics()["Pond"]]), ("A", "Pond", (0, 0)))
        cells = {m.at for m in s.legal_moves() if m.kind == "place"}
        assert cells == set(ring((0, 0), 5))
        assert all(distance(c, (0, 0)) == 5 for c in cells)

    def test_first_tile_with_a_cost_cannot_be_paid(self, kit):
        s = kit.game(kit.basics().values())
        assert "costs 1 blue" in s.why_illegal(kit.move("A", "Fern", (0, 0)))

    def test_generated_very_first_tile_is_at_origin(self, kit):
        s = kit.game([kit.basics()["Pond"]])
        assert [m.at for m in s.legal_moves()] == [(0, 0)]


def test_hex_neighbours_and_distance():
    assert set(neighbours((0, 0))) == {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    assert distance((0, 0), (3, -1)) == 3
    assert all(distance((2, -3), c) == 1 for c in neighbours((2, -3)))
    assert len(ring((1, 1), 5)) == 30


def test_move_record_round_trip():
    m = Move.place("A", "Fern", (1, -2), pay=(((0, 0), 0, 1),), color="green", target=None)
    assert Move.from_record(m.to_record()) == m
    d = Move.discard_tiles("B", ["Pond", "Fern"])
    assert Move.from_record(d.to_record()) == d
    r = Move.rescue("A", (2, -1), pay=(((1, 0), 1, 2),))
    assert Move.from_record(r.to_record()) == r
