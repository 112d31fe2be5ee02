"""The engine's speed work changes no game (issue 12 item 14): random ``push``/``pop`` playouts of
solo and 2-player standard games, seeds 0-9, give the same legal moves, in the same order, the same
chosen moves and the same outcomes as the engine before the change.

The hashes were computed with the engine as it was before the incremental move generation and the
cheaper apply (the tree at commit b0420d6). Each game is played to its end with ``push`` of a uniformly
random legal move (now and then a probe: a random move pushed and popped at once, as a search does),
then popped back to the deal and played out again from the popped state with a second generator: so
a cache that ``pop`` leaves stale changes the hash too. Per ply the hash takes the number of legal
moves, every placement among them in order, the chosen move and the scores; per game the outcome.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from kcal.games.kcaloria.rules import new_game
from kcal.games.kcaloria.rules.movelist import MoveList

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
SEEDS = range(10)

#: sha256 of the playouts (see the module docstring), by workload, from the engine before the change
EXPECTED = {
    "solo bayou-ambush":
        "7899143990319106d58a71baab216181e294360356fdb843d1eb5c1a3d678d83",
    "solo caddo-harvest":
        "7320e71f641b395120a6eea8d4801631765093913f199eb4a229d97a4bfae3ad",
    "solo solo-piney-trail":
        "abcfc83b16c645f27547fbbaf5c9b40f52a028925d03b8faaa1f60eb70c32e9a",
    "standard bayou-ambush v caddo-harvest":
        "0d2c81908ee334c02424bd911651645221d040c290bdec9d9c392aeb82295e30",
    "standard longleaf-canopy v solo-piney-trail":
        "2a4bdffa7a5ab0b8e753efb691a2d036998262f3347af01cfe8fba5b1c952a3d",
}

WORKLOADS = {
    "solo bayou-ambush": ("bayou-ambush",),
    "solo caddo-harvest": ("caddo-harvest",),
    "solo solo-piney-trail": ("solo-piney-trail",),
    "standard bayou-ambush v caddo-harvest": ("bayou-ambush", "caddo-harvest"),
    "standard longleaf-canopy v solo-piney-trail": ("longleaf-canopy", "solo-piney-trail"),
}


@pytest.fixture(scope="module")
def library_and_decks():
    from kcal.games.kcaloria.files.load import load_deck, load_library

    stems = {s for w in WORKLOADS.values() for s in w}
    return load_library(), {s: load_deck(DECKS / f"{s}.yaml").tiles() for s in stems}


def _play_out(state, rng: random.Random, h) -> None:
    while state.outcome() is None:
        moves = state.legal_moves()
        places = moves.places if type(moves) is MoveList else [m for m in moves if m.kind == "place"]
        h.update(f"{len(moves)}|{list(places)!r}|".encode())
        if rng.random() < 0.25:  # a probe: push a move and take it back at once
            probe = moves[rng.randrange(len(moves))]
            state.push(probe)
            assert state.pop() == probe
        m = moves[rng.randrange(len(moves))]
        state.push(m)
        h.update(f"{m!r}|{state.scores()}\n".encode())
    h.update(f"{state.outcome()!r}\n".encode())


def playout_hash(library, decks: list, seeds=SEEDS) -> str:
    players = ["solo"] if len(decks) == 1 else [f"P{k + 1}" for k in range(len(decks))]
    h = hashlib.sha256()
    for seed in seeds:
        state = new_game(library, decks, players, seed=seed)
        _play_out(state, random.Random(seed), h)
        for _ in range(state.n_moves):
            state.pop()
        assert state.n_moves == 0 and state.history is None
        _play_out(state, random.Random(1000 + seed), h)
    return h.hexdigest()


@pytest.mark.parametrize("workload", list(WORKLOADS))
def test_random_playouts_are_the_games_of_the_engine_before_the_speed_work(library_and_decks, workload):
    """A Turn, Solo Mode: the same seeds give the same legal moves, choices and outcomes."""
    library, decks = library_and_decks
    assert playout_hash(library, [decks[s] for s in WORKLOADS[workload]]) == EXPECTED[workload]


def test_a_standard_turns_lazy_placements_are_the_eager_generators(library_and_decks):
    """A Turn: a standard turn's placements, counted per cell and built when asked for
    (``movelist.Places``), are the moves the eager generator lists, in its order, by index
    (negative too) and by iteration."""
    from kcal.games.kcaloria.rules import movegen

    library, decks = library_and_decks
    checked = 0
    for seed in range(4):
        s = new_game(library, [decks["bayou-ambush"], decks["caddo-harvest"]], ["P1", "P2"], seed=seed)
        rng = random.Random(seed)
        while s.outcome() is None:
            ms = s.legal_moves()
            assert type(ms) is MoveList
            places = ms.places
            eager_state = s.copy()
            eager_state.mode = "solo"  # the same state, generated eagerly (no lazy lists in solo)
            eager = [m for m in movegen.generate(eager_state) if m.kind == "place"]
            assert [places[k] for k in range(len(places))] == list(places) == eager
            if eager:
                assert places[-1] == eager[-1] and places[-len(eager)] == eager[0]
                checked += 1
            with pytest.raises(IndexError):
                places[len(places)]
            s.push(ms[rng.randrange(len(ms))])
    assert checked > 50
