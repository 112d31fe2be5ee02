"""The engine's undo log and lazy discards (issue 12 item 14): ``pop`` gives back exactly the state
before ``push`` (values and the order of every ordered table, which the generated moves follow),
and a standard turn's lazily built discards are the eager generator's, in its order."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from kcal.games.kcaloria.rules import IllegalMove, Move, new_game
from kcal.games.kcaloria.rules.movelist import Discards, MoveList

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"


@pytest.fixture(scope="module")
def decks():
    from kcal.games.kcaloria.files.load import load_deck

    return {n: load_deck(DECKS / f"{n}.yaml").tiles() for n in ("bayou-ambush", "caddo-harvest", "solo-piney-trail")}


def avail_consistent(s) -> bool:
    """The availability cache (filled as moves are generated) agrees with the cubes it sums."""
    from kcal.games.kcaloria.rules.hexgrid import neighbours
    from kcal.games.kcaloria.rules.tiles import pack_vec

    assert s.pcubes == {c: pack_vec(v) for c, v in s.cubes.items()}
    for cell, a in s.avail.items():
        assert a == sum(s.pcubes[nb] for nb in neighbours(cell) if nb in s.pcubes and nb not in s.leaving), cell
    return True


def fills_consistent(s) -> dict:
    """The anchors' fills (kept up to date as anchors come and go) are the ones rebuilt from every
    anchor on the board (rulebook "anchor"): a cell next to an anchor, the fill of the colours the
    anchors next to it waive."""
    from kcal.games.kcaloria.rules.hexgrid import neighbours
    from kcal.games.kcaloria.rules.tiles import COLORS, waived_fill

    m: dict = {}
    for cell in s.anchors:
        for nb in neighbours(cell):
            m.setdefault(nb, set()).update(COLORS.index(x["color"]) for x in s.tiles[cell].info.mods["anchor"])
    assert s.afill == {c: waived_fill(v) for c, v in m.items()}
    return dict(s.afill)


def snapshot(s) -> tuple:
    """Everything a state holds, with the order of its dicts (the availability cache: consistent)."""
    return (
        [(c, p.info.name, p.owner, p.uid, p.paid, p.turn) for c, p in s.tiles.items()],
        list(s.cubes.items()), avail_consistent(s),
        list(s.dice.items()), list(s.barricades.items()), list(s.used.items()),
        [list(f) for f in s.frontier], [list(h) for h in s.hands], [list(d) for d in s.draw],
        [list(d) for d in s.discards], None if s.piles is None else [list(p) for p in s.piles],
        s.turn, s.current, s.produced, s.destroyed, s.ended, s.moves_played(), s.n_moves, s.uid_next,
        s.leaving, s.anchors, list(s.placed_n), list(s.humans), s.rng.state,
        None if s.events is None else list(s.events), fills_consistent(s),
    )


def _eager_discards(player: str, names: list[str]) -> list[Move]:
    """The generator before issue 12: every choice of 1-3 tiles of the sorted hand, once each."""
    ordered = sorted(names)
    out, seen = [], set()
    for k in range(1, 4):
        for combo in combinations(ordered, k):
            if combo not in seen:
                seen.add(combo)
                out.append(Move.discard_tiles(player, combo))
    return out


@pytest.mark.parametrize("players", [["S"], ["A", "B"], ["A", "B", "C"]])
def test_pop_restores_the_state_before_push_exactly(decks, players):
    """A Setup/A Turn property over whole random games: after each push, a pop gives back the
    state before it (compared field by field, dict order included); pushing again then plays on."""
    pool = [decks["bayou-ambush"], decks["caddo-harvest"], decks["solo-piney-trail"]]
    for seed in range(6):
        s = new_game(None, [pool[k % 3] for k in range(len(players))], players, seed=seed)
        s.events = []
        rng = random.Random(seed)
        steps = 0
        while s.outcome() is None and steps < 400:
            moves = s.legal_moves()  # fills the availability cache; then the snapshot
            before = snapshot(s)
            m = moves[rng.randrange(len(moves))]
            s.push(m)
            assert s.pop() == m
            assert snapshot(s) == before
            assert s.legal_moves() == moves
            s.push(m)
            steps += 1
        final = snapshot(s)
        for _ in range(steps):
            s.pop()
        fresh = new_game(None, [pool[k % 3] for k in range(len(players))], players, seed=seed)
        fresh.events = []
        assert snapshot(s) == snapshot(fresh)
        for m in [mv for mv in final[16]]:
            s.push(m)
        assert snapshot(s) == final


def test_push_of_an_illegal_move_leaves_no_frame(decks):
    s = new_game(None, [decks["bayou-ambush"]], ["S"], seed=1)
    before = snapshot(s)
    with pytest.raises(IllegalMove):
        s.push(Move.place("S", "No Such Tile", (0, 0)))
    assert snapshot(s) == before
    with pytest.raises(IndexError):
        s.pop()


def test_apply_after_push_is_undone_by_pop_and_copies_are_independent(decks):
    s = new_game(None, [decks["bayou-ambush"], decks["caddo-harvest"]], ["A", "B"], seed=4)
    before = snapshot(s)
    s.push(s.legal_moves()[0])
    c = s.copy()
    s.apply(s.legal_moves()[-1])
    after_both = snapshot(s)
    s.pop()
    assert snapshot(s) == before
    c.apply(after_both[16][-1])
    assert snapshot(c) == after_both
    with pytest.raises(IndexError):
        c.pop()


def test_lazy_discards_match_the_eager_generator():
    """A Turn (discard 1 to 3 tiles): every hand shape, duplicates included, lists the same moves
    in the same order, by index and by iteration."""
    rng = random.Random(7)
    pool = ["Bayou", "Oak", "Fern", "Heron", "Catfish"]
    hands = [["Bayou"] * 7, ["Bayou", "Oak"], ["Fern"], ["Oak", "Oak", "Fern", "Fern", "Fern", "Heron", "Bayou"]]
    hands += [[rng.choice(pool) for _ in range(rng.randint(1, 7))] for _ in range(60)]
    for hand in hands:
        eager = _eager_discards("A", hand)
        lazy = Discards("A", hand, 3)
        assert lazy.total == len(eager)
        assert [lazy[k] for k in range(lazy.total)] == eager
        assert list(lazy.all()) == eager
        for most in (2, 4):  # other limits count and unrank by the general table
            other = Discards("A", hand, most)
            assert [other[k] for k in range(other.total)] == list(other.all())
            assert other.total == len({c for k in range(1, most + 1) for c in combinations(sorted(hand), k)})


def test_standard_move_list_is_the_eager_list(decks):
    s = new_game(None, [decks["bayou-ambush"], decks["caddo-harvest"]], ["A", "B"], seed=2)
    rng = random.Random(2)
    for _ in range(40):
        ms = s.legal_moves()
        assert isinstance(ms, MoveList)
        eager = list(ms.places) + _eager_discards(s.turn_player, [i.name for i in s.hands[s.current]]) + list(ms.rescues)
        assert ms == eager and list(ms) == eager and len(ms) == len(eager)
        k = rng.randrange(len(ms))
        assert ms[k] == eager[k] and ms[k - len(ms)] == eager[k] and ms[1:4] == eager[1:4]
        assert eager[k] in ms and all(s.why_illegal(m) is None for m in ms[::7])
        s.push(ms[k])
        if s.outcome() is not None:
            break



def test_anchor_fills_follow_an_anchor_that_leaves(tmp_path):
    """Rulebook "anchor": when an anchor leaves the table (here removed directly, as a collapse or a
    remove tile does), the cells next to it keep only the colours the anchors still next to them
    waive: the kept fills equal the ones rebuilt from the board, for every anchor removed in turn."""
    from kcal.games.kcaloria.files.load import load_deck
    from kcal.games.kcaloria.rules import collapse

    path = tmp_path / "anchors.yaml"
    path.write_text("name: Anchors\nformat: solo\ncatalogs: [builtin]\ntiles:\n  Caddo Lake: 20\n"
                    "  Bayou: 20\n  Pinus palustris: 20\n", encoding="utf-8")
    s = new_game(None, [load_deck(path).tiles()], ["S"], seed=3)
    rng = random.Random(3)
    while s.outcome() is None and len(s.anchors) < 3:
        moves = s.legal_moves()
        s.push(moves[rng.randrange(len(moves))])
    assert len(s.anchors) >= 3 and s.afill
    c = s.copy()
    for cell in list(c.anchors):
        collapse.remove_tile(c, cell, "test")
        fills_consistent(c)
    assert c.anchors == () and c.afill == {}
    fills_consistent(s)  # the copy's fills were its own
