"""The engine's own contracts: bounded caches (a process may play any number of games), the typed
result of ``legal.check`` and ``Move.kind`` as a string enum."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kcal.games.kcaloria.rules import Move, MoveKind, hexgrid, legal, new_game, tiles
from kcal.games.kcaloria.rules.legal import PlacePlan, Verdict

DECK = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "solo-piney-trail.yaml"


@pytest.fixture(scope="module")
def solo_deck():
    from kcal.games.kcaloria.files.load import load_deck

    return load_deck(DECK).tiles()


def _playouts(deck, seeds, watch=None) -> list[tuple]:
    """Random solo games on one table; the moves each game played and its final scores."""
    out = []
    for seed in seeds:
        s = new_game(None, [deck], ["S"], seed=seed)
        rng = random.Random(seed)
        while s.outcome() is None:
            ms = s.legal_moves()
            s.apply(ms[rng.randrange(len(ms))])
            if watch:
                watch(s)
        out.append((tuple(m.to_record()["at"] for m in s.moves_played()), s.scores()["S"]))
    return out


@pytest.mark.parametrize("singles", [10**6, 150])
def test_move_cache_stays_bounded_over_many_games(solo_deck, monkeypatch, singles):
    """Issue 15: the move and cover caches are shared by every game of a table and were never
    pruned; now each stays under its bound (single moves, cover masks), and trimming them changes
    no game. (Issue 12: the cache holds single moves only, by tile bit; no tuples by mask.)"""
    seeds = range(12)
    reference = _playouts(solo_deck, seeds)  # the default, generous bounds
    table = new_game(None, [solo_deck], ["S"], seed=0).table
    table.trim_moves()
    table.cover_cache.clear()
    monkeypatch.setattr(tiles, "SINGLE_MOVES_LIMIT", singles)
    monkeypatch.setattr(tiles, "COVER_CACHE_LIMIT", 40)
    seen = {"singles": 0, "cover": 0, "trims": 0}

    def watch(s) -> None:
        assert s.table is table
        n = sum(len(cm) for per_cell in table.move_cache.values() for cm in per_cell.values())
        seen["trims"] += n < seen["singles"]
        seen["singles"] = max(seen["singles"], n)
        seen["cover"] = max(seen["cover"], len(table.cover_cache))

    assert _playouts(solo_deck, seeds, watch) == reference
    assert 0 < seen["singles"] <= min(singles, 10**5) + len(table.infos)  # one scan adds at most one per tile
    assert (seen["trims"] > 0) == (singles < 10**5)
    assert 0 < seen["cover"] <= 40


def test_other_memos_are_bounded(monkeypatch):
    monkeypatch.setattr(hexgrid, "NEIGHBOURS_LIMIT", 50)
    for q in range(400):
        hexgrid.neighbours((q, 10_000))
        assert len(hexgrid._NEIGHBOURS) <= 50
        assert len(hexgrid._CELLS) <= 50
    assert hexgrid.neighbours((3, 4)) == ((4, 4), (2, 4), (3, 5), (3, 3), (4, 3), (2, 5))


def test_cells_are_shared_tuples():
    """The memoised neighbours, rings and parsed cells of one place are one object (dict lookups
    by cell then match by identity), and still plain equal tuples."""
    a = hexgrid.neighbours((0, 0))[0]
    assert a == (1, 0) and type(a) is tuple
    assert hexgrid.neighbours((2, 0))[1] is a
    assert hexgrid.parse_hex([1, 0]) is a
    assert (1, 0) in hexgrid.ring((0, 0), 1) and any(c is a for c in hexgrid.ring((0, 0), 1))


def test_check_returns_a_verdict_with_a_place_plan(kit):
    s = kit.play(kit.game(kit.basics().values()), ("A", "Lake", (0, 0)), ("B", "Pond", (5, 0)))
    v = legal.check(s, kit.move("A", "Fern", (1, 0)))
    assert isinstance(v, Verdict) and v.reason is None and isinstance(v.plan, PlacePlan)
    assert v.plan.info.name == "Fern" and v.plan.cell == (1, 0) and v.plan.hand_index == -1
    assert v.plan.pay == (((0, 0), 0, 1),) and v.plan.target is None
    bad = legal.check(s, kit.move("A", "Fox", (1, 0)))
    assert bad == Verdict("Fox costs 1 yellow; the tiles next to [1, 0] hold 0 yellow", None)


def test_move_kind_is_a_string_enum_with_the_record_strings():
    m = Move.place("A", "Bayou", (0, 0))
    assert m.kind is MoveKind.PLACE and m.kind == "place" and json.dumps(m.kind) == '"place"'
    assert Move("discard", "A", discard=("Bayou",)).kind is MoveKind.DISCARD  # a plain string is read
    assert Move.from_record({"player": "A", "rescue": [1, 2]}).kind is MoveKind.RESCUE
    with pytest.raises(ValueError):
        Move("jump", "A")
    assert m.to_record() == {"player": "A", "tile": "Bayou", "at": [0, 0]}
    assert {x.value for x in MoveKind} == {"place", "discard", "rescue"}


def _cover_dropping(table, packed: int, waived: frozenset) -> int:
    """The tiles ``packed`` cubes pay for when the cost parts of the ``waived`` colours are left out
    (the rule as the rulebook states it, as the engine computed it before the fill)."""
    a = packed | tiles.GUARD
    m = 0
    for k, info in enumerate(table.by_bit[:table.n_cover]):
        alts = info.costs
        if not alts or any((a - tiles.pack_pairs([(c, n) for c, n in alt if c not in waived])) & tiles.GUARD
                           == tiles.GUARD for alt in alts):
            m |= 1 << k
    return m


def test_anchor_fill_covers_as_the_waived_costs(solo_deck):
    """Rulebook "anchor" (issue 12, engine speed): the scan counts a colour an adjacent anchor
    waives as a full field of cubes instead of dropping the cost parts of that colour; for every
    tile of the table, every waived set and many cube counts, the two give the same tiles."""
    from kcal.games.kcaloria.rules.movegen import _waived_avail

    table = new_game(None, [solo_deck], ["S"], seed=0).table
    rng = random.Random(12)
    sets = [frozenset(c for c in range(6) if bits >> c & 1) for bits in range(1, 64)]
    waived = {(k, 0): w for k, w in enumerate(sets)}
    fills = {cell: tiles.waived_fill(w) for cell, w in waived.items()}
    for _ in range(300):
        vec = [rng.choice((0, 0, 1, 2, 3, 5, 9)) for _ in range(6)]
        packed = tiles.pack_vec(vec)
        seen = _waived_avail({cell: packed for cell in waived}, fills)
        for cell, w in waived.items():
            assert seen[cell] == packed | fills[cell]
            assert table.cover(seen[cell]) == _cover_dropping(table, packed, w), (vec, sorted(w))


def _decks(*names: str) -> list:
    from kcal.games.kcaloria.files.load import load_deck

    return [load_deck(DECK.with_name(f"{name}.yaml")).tiles() for name in names]


@pytest.mark.parametrize(("names", "players"), [(("solo-piney-trail",), ["S"]),
                                                (("bayou-ambush", "caddo-harvest"), ["A", "B"])])
def test_a_cell_gets_its_move_cache_when_a_move_is_first_generated_there(names, players):
    """Issue 21 (a replay's memory): a frontier cell holds the shared, always empty ``legal.NO_MOVES``
    until the generator builds a move there, then the player's own cache of that cell, the one the
    table keeps. Random games with pushes and pops (solo: the eager scan; standard: the lazy list)."""
    decks = _decks(*names)
    waiting = 0  # frontier cells seen with no cache yet, after a move
    for seed in range(3):
        s = new_game(None, decks, players, seed=seed)
        rng = random.Random(seed)
        while s.outcome() is None and s.n_moves < 150:
            ms = s.legal_moves()
            if rng.random() < 0.3:  # a candidate tried and taken back, as the bots do
                s.push(ms[rng.randrange(len(ms))])
                s.legal_moves()
                s.pop()
            s.apply(ms[rng.randrange(len(ms))])
            for i, front in enumerate(s.frontier):
                pc = s.table.move_cache.get(s.players[i], {})
                for cell, cm in front.items():
                    assert cm is legal.NO_MOVES or pc[cell] is cm
                    waiting += cm is legal.NO_MOVES
        assert legal.NO_MOVES == {}
    assert waiting > 0


def test_a_replay_makes_no_move_cache(tmp_path):
    """A replay checks and applies moves but lists none: no cell of its board gets a move cache
    (100,000 moves made 300,000 of them, some 30 MB)."""
    from kcal.games.kcaloria.replay import replay

    lines = ["players: [A, B]", "tiles:", "  - {id: W-1, name: W, type: water, class: water, rarity: common,"
             " biomes: [LE], cost: [], yield: {blue: 2}}", "moves:"]
    lines += [f"- {{player: {'AB'[i % 2]}, tile: W, at: [{i // 2}, {5 * (i % 2)}]}}" for i in range(400)]
    (tmp_path / "rows.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(tmp_path / "rows.yaml")
    s = result.state
    assert result.moves_applied == 400 and len(s.frontier[0]) > 200
    assert all(cm is legal.NO_MOVES for front in s.frontier for cm in front.values())
    assert not any(s.table.move_cache.values())


@pytest.mark.parametrize("limit", [1 << 12, 3])
def test_tiles_with_the_same_cubes_share_one_tuple_and_the_memo_is_bounded(solo_deck, monkeypatch, limit):
    """Issue 21 (a replay's memory): ``GameState.set_cubes`` keeps one tuple for each distinct count of
    cubes (``state._VECS``, with its packed value), under its bound; the games are the same either way."""
    from kcal.games.kcaloria.rules import state as state_module

    reference = _playouts(solo_deck, range(4))
    state_module._VECS.clear()
    monkeypatch.setattr(state_module, "VECS_LIMIT", limit)
    seen = {"most": 0}

    def watch(s) -> None:
        seen["most"] = max(seen["most"], len(state_module._VECS))
        if limit > 3:
            assert len({id(v) for v in s.cubes.values()}) == len(set(s.cubes.values()))
        for cell, vec in s.cubes.items():
            assert s.pcubes[cell] == tiles.pack_vec(vec)

    assert _playouts(solo_deck, range(4), watch) == reference
    assert 3 <= seen["most"] <= limit


def test_a_place_move_keeps_the_cell_it_is_given():
    cell = hexgrid.parse_hex([40_000, 5])
    assert Move.place("A", "Bayou", cell).at is cell
    assert Move.place("A", "Bayou", [1, 2]).at == (1, 2) and type(Move.place("A", "Bayou", [1, 2]).at) is tuple
