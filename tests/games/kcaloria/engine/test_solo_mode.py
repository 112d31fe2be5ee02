"""Rulebook "Solo Mode": seven piles of 1..7 tiles with the tops face up, a depleted pile takes the
deck's top tile, no discards, and a turn with no legal placement is a loss (stagnation)."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.games.kcaloria.rules import Move, new_game


def _solo(kit, deck=None, seed=2):
    b = kit.basics()
    deck = deck or [b["Pond"], b["Lake"], b["Fern"], b["Beetle"], b["Vole"], b["Fox"]] * 10
    return new_game([], [deck], ["S"], seed=seed, mode="solo")


def test_seven_piles_one_to_seven(kit):
    s = _solo(kit)
    assert [len(p) for p in s.piles] == [1, 2, 3, 4, 5, 6, 7]
    assert len(s.hand("S")) == 7 and len(s.draw[0]) == 60 - 28


def test_opening_tops_hold_water(kit):
    for seed in range(20):
        assert any(t.type.value == "water" for t in _solo(kit, seed=seed).hand("S"))


def test_playing_a_top_turns_the_next_one(kit):
    s = _solo(kit)
    water = next(i for i, p in enumerate(s.piles) if p[-1].water)
    below = s.piles[water][-2] if len(s.piles[water]) > 1 else None
    s.push(Move.place("S", s.piles[water][-1].name, (0, 0)))
    if below is not None:
        assert s.piles[water][-1] is below


def test_depleted_pile_takes_the_decks_top(kit):
    b = kit.basics()
    deck = [b["Pond"]] * 40
    s = _solo(kit, deck)
    top = s.draw[0][-1]
    s.push(Move.place("S", "Pond", (0, 0)))  # the first pile (one tile) is played out
    assert len(s.piles[0]) == 1 and s.piles[0][-1] is top


def test_no_discards_in_solo(kit):
    s = _solo(kit)
    assert "no discards" in s.why_illegal(Move.discard_tiles("S", [s.hand("S")[0].name]))
    assert all(m.kind == "place" for m in s.legal_moves())


def test_stagnation_is_a_loss(kit):
    b = kit.basics()
    deck = [b["Pond"]] + [b["Fox"]] * 39  # after the pond, nothing can be paid
    s = _solo(kit, deck)
    s.push(Move.place("S", "Pond", (0, 0)))
    o = s.outcome()
    assert o is not None and o.end_reason == "stagnation" and o.winners == []


def test_solo_needs_one_player(kit):
    b = kit.basics()
    with pytest.raises(KcalError):
        new_game([], [[b["Pond"]] * 40] * 2, ["A", "B"], seed=0, mode="solo")


def test_ruling_a_rescue_that_leaves_no_placement_stagnates(fixtures_dir):
    """Ruling "Stagnation after a rescue" (rulings.md): a rescue is not a turn, but it spends cubes;
    when none of the piles' tops can be placed after it, the solo game ends there (stagnation),
    as it does at the end of a turn, instead of waiting for a move that does not exist. (Found by
    bench/bench_engine.py: the engine used to list no move and report no end.)"""
    from ruamel.yaml import YAML

    from kcal.games.kcaloria.files.load import load_deck, load_library
    from kcal.games.kcaloria.replay import replay
    from kcal.games.kcaloria.rules import MoveKind

    record = fixtures_dir / "solo-rescue-stagnates.yaml"
    game = YAML(typ="safe").load(record.read_text(encoding="utf-8"))
    decks = fixtures_dir.parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
    deck = load_deck(decks / "caddo-harvest.yaml").tiles()
    assert game["decks"]["solo"] == [t.name for t in deck]  # the record is a game record: it replays too
    replayed = replay(record)
    assert replayed.exit_code == 0 and replayed.to_json()["end_reason"] == "stagnation"
    s = new_game(load_library(), [deck], ["solo"], seed=game["seed"], mode="solo")
    *before, rescue = [Move.from_record(m) for m in game["moves"]]
    for m in before:
        s.push(m)
    assert s.outcome() is None and any(m.kind is MoveKind.PLACE for m in s.legal_moves())
    assert rescue in s.legal_moves()
    s.push(rescue)
    o = s.outcome()
    assert o is not None and o.end_reason == "stagnation" and o.winners == []
    assert s.legal_moves() == []
    s.pop()  # the undo puts the game back, placements and all
    assert s.outcome() is None and any(m.kind is MoveKind.PLACE for m in s.legal_moves())
