"""Rulebook "A Turn": place, pay, yield, resolve effects, draw back to 7; or discard up to 3 and draw."""

from __future__ import annotations

from kcal.games.kcaloria.rules import Move, new_game


def _dealt(kit, seed=5):
    b = kit.basics()
    deck = [b["Pond"], b["Lake"], b["Fern"], b["Beetle"], b["Vole"], b["Fox"]] * 10
    return new_game([], [deck, deck], ["A", "B"], seed=seed)


def test_place_then_draw_back_to_seven(kit):
    s = _dealt(kit)
    water = next(t.name for t in s.hand("A") if t.type.value == "water")
    s.push(Move.place("A", water, (0, 0)))
    assert len(s.hand("A")) == 7 and len(s.draw[0]) == 52


def test_tile_must_be_in_hand(kit):
    s = _dealt(kit)
    missing = next(n for n in ("Pond", "Lake", "Fern", "Beetle", "Vole", "Fox")
                   if n not in [t.name for t in s.hand("A")])
    assert s.why_illegal(Move.place("A", missing, (0, 0))) == f"{missing} is not in A's hand"


def test_discard_up_to_three_and_draw(kit):
    s = _dealt(kit)
    names = [t.name for t in s.hand("A")][:3]
    s.push(Move.discard_tiles("A", names))
    assert len(s.hand("A")) == 7 and len(s.discards[0]) == 3 and len(s.draw[0]) == 50
    assert s.turn_player == "B"


def test_discard_four_is_illegal(kit):
    s = _dealt(kit)
    names = [t.name for t in s.hand("A")][:4]
    assert "1 to 3 tiles" in s.why_illegal(Move.discard_tiles("A", names))


def test_discard_needs_the_tiles_in_hand(kit):
    s = _dealt(kit)
    hand = [t.name for t in s.hand("A")]
    name = hand[0]
    too_many = [name] * (hand.count(name) + 1)
    if len(too_many) <= 3:
        assert "not in A's hand" in s.why_illegal(Move.discard_tiles("A", too_many))


def test_generated_moves_include_discards(kit):
    s = _dealt(kit)
    kinds = {m.kind for m in s.legal_moves()}
    assert kinds == {"place", "discard"}


def test_turns_go_round(kit):
    s = kit.game(kit.basics().values(), players=("A", "B", "C"))
    kit.play(s, ("A", "Pond", (0, 0)), ("B", "Pond", (5, 0)), ("C", "Pond", (-5, 0)))
    assert s.turn_player == "A" and s.turn == 3


def test_yield_includes_effects_resolved_on_placement(kit):
    sun = kit.tile("Sunlight", "event", "weather", mods=["photosynthesis"])
    s = kit.game(list(kit.basics().values()) + [sun])
    kit.play(s, ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)), ("A", "Sunlight", (1, 0)),
             ("B", "Pond", (6, 0)), ("A", "Fern", (1, -1)))
    assert kit.cubes(s, (1, -1)) == {"green": 4}
