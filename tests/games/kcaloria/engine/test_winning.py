"""Rulebook "Winning": the second human, three adjacent same-name pack-tactics tiles, original tiles
exhausted; the game ends at once, later moves are illegal; score = points of unused cubes."""

from __future__ import annotations

from kcal.games.kcaloria.rules import new_game


def _game(kit, *extra, players=("A", "B")):
    tiles = list(kit.basics().values()) + [
        kit.tile("Hiker", "human", cost="1 blue", yld="2 purple"),
        kit.tile("Wolf", "carnivore", "mammal", cost="1 blue", yld="1 red", mods=["pack_tactics"]),
    ] + list(extra)
    s = kit.game(tiles, players=players)
    return kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)))


def test_second_human_ends_the_game_at_once(kit):
    s = kit.play(_game(kit), ("A", "Hiker", (1, 0)), ("B", "Pond", (6, 0)))
    assert s.outcome() is None
    kit.play(s, ("A", "Hiker", (0, 1)))
    o = s.outcome()
    # two adjacent humans of one name also reproduce: (2 + 1) purple each, 5 points a cube
    assert o.end_reason == "second_human" and o.scores == {"A": 30, "B": 0} and o.winners == ["A"]


def test_a_later_move_is_illegal(kit):
    s = kit.play(_game(kit), ("A", "Hiker", (1, 0)), ("B", "Pond", (6, 0)), ("A", "Hiker", (0, 1)))
    assert s.why_illegal(kit.move("B", "Pond", (7, 0))).startswith("the game is over (second human)")
    assert s.legal_moves() == []


def test_one_human_each_does_not_end(kit):
    s = kit.play(_game(kit), ("A", "Hiker", (1, 0)), ("B", "Fern", (4, 0)), ("A", "Pond", (2, 0)),
                 ("B", "Hiker", (5, -1)))
    assert s.outcome() is None


def test_three_adjacent_pack_tactics_tiles_end_the_game(kit):
    s = kit.play(_game(kit), ("A", "Pond", (-1, 0)), ("B", "Pond", (6, 0)),
                 ("A", "Wolf", (1, 0)), ("B", "Pond", (7, 0)), ("A", "Wolf", (0, -1)),
                 ("B", "Pond", (8, 0)))
    assert s.outcome() is None  # two are not enough
    kit.play(s, ("A", "Wolf", (1, -1)))
    assert s.outcome().end_reason == "pack_tactics"


def test_pack_tactics_counts_only_the_placers_tiles(kit):
    s = kit.play(_game(kit), ("A", "Pond", (1, 0)), ("B", "Pond", (4, 0)),
                 ("A", "Wolf", (2, 0)), ("B", "Wolf", (3, 0)), ("A", "Wolf", (2, -1)))
    assert s.outcome() is None  # A's two wolves and B's one


def test_tiles_exhausted(kit):
    """A player has run out of their tile set when they hold none and have none left to draw."""
    b = kit.basics()
    deck = [b["Pond"]] * 9
    s = new_game([], [deck, deck], ["A", "B"], seed=3)
    kit.play(s, ("A", "Pond", (0, 0)), ("B", "Pond", (5, 0)))
    assert [len(d) for d in s.draw] == [1, 1]
    kit.play(s, ("A", "Pond", (1, 0)), ("B", "Pond", (6, 0)))  # both draw their last tile
    for q in range(2, 9):  # A places all seven tiles in hand, B plays along
        assert s.outcome() is None
        kit.play(s, ("A", "Pond", (q, -1)))
        if s.outcome() is None:
            kit.play(s, ("B", "Pond", (q + 5, 0)))
    assert s.hands[0] == [] and s.outcome().end_reason == "tiles_exhausted"


def test_ruling_an_empty_draw_pile_does_not_end_the_game_while_tiles_are_in_hand(kit):
    """Issue 20a: 7 tiles in hand are still part of the original set; discarding them with nothing
    to draw also runs the set out, so the game always ends."""
    b = kit.basics()
    deck = [b["Pond"]] * 8
    s = new_game([], [deck, deck], ["A", "B"], seed=3)
    kit.play(s, ("A", "Pond", (0, 0)), ("B", "Pond", (5, 0)))
    assert s.draw == [[], []] and s.outcome() is None
    assert [len(h) for h in s.hands] == [7, 7]
    discards = [m for m in s.legal_moves() if m.kind == "discard"]
    assert discards  # discarding is still a move, and it draws nothing
    kit.play(s, {"player": "A", "discard": ["Pond"] * 3}, ("B", "Pond", (6, 0)),
             {"player": "A", "discard": ["Pond"] * 3}, ("B", "Pond", (7, 0)))
    assert len(s.hands[0]) == 1 and s.outcome() is None
    kit.play(s, {"player": "A", "discard": ["Pond"]})
    assert s.outcome().end_reason == "tiles_exhausted"


def test_score_is_points_of_unused_cubes_on_own_tiles(kit):
    s = kit.play(_game(kit), ("A", "Fern", (1, 0)), ("B", "Fern", (4, 0)), ("A", "Vole", (1, -1)),
                 ("B", "Pond", (6, 0)))
    # A: Lake 1 blue (0) + Fern 1 green (1) + Vole 1 yellow (2); B: Pond 1 blue, Fern 2 green, Pond 2 blue
    assert s.scores() == {"A": 3, "B": 2}


def test_tied_players_both_win(kit):
    s2 = _game(kit)
    assert s2.scores() == {"A": 0, "B": 0}
    from kcal.games.kcaloria.rules.turnflow import _finish

    _finish(s2, "tiles_exhausted")
    assert s2.outcome().winners == ["A", "B"]
