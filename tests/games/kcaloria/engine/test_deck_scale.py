"""Solo Mode (stagnation) and the greedy bot on big decks (issue 21, item 3): a bot's work per candidate
move must not grow with the board.

The greedy bot pushes every legal move, scores it and pops it; in a solo game each push ends with the
rulebook's stagnation test ("Solo Mode": the ecosystem stagnates when no tile can be placed). That test
used to list every legal move over the whole frontier, so a candidate cost as much as the board and a
2,000-tile solo game did not finish in 10 minutes. The tests count the work (move listings and cells
looked at), not the time.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kcal.games.kcaloria.bots.basic import greedy_bot
from kcal.games.kcaloria.rules import movegen, new_game

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"


def _water_deck(tmp_path: Path, n: int) -> list:
    """A solo deck of ``n`` Bayou tiles: every tile can be placed, so the game lasts ``n`` turns and
    the board (and each decision's candidates) keeps growing."""
    from kcal.games.kcaloria.files.load import load_deck

    p = tmp_path / f"water-{n}.yaml"
    p.write_text(f"name: Water {n}\nformat: solo\ncatalogs: [builtin]\ntiles:\n  Bayou: {n}\n", encoding="utf-8")
    return load_deck(p).tiles()


def test_solo_mode_stagnation_test_per_greedy_candidate_looks_at_a_few_cells(tmp_path, monkeypatch):
    """Solo Mode: in a 300-tile solo game the greedy bot's decisions list the legal moves once each
    (the decision's own list), whatever the number of candidates it tries, and the stagnation test after
    each candidate looks at a cell or two, not at the frontier."""
    state = new_game(None, [_water_deck(tmp_path, 300)], ["solo"], seed=7)
    listings = 0
    real_generate = movegen.generate

    def counting_generate(s):
        nonlocal listings
        listings += 1
        return real_generate(s)

    monkeypatch.setattr(movegen, "generate", counting_generate)
    rng = random.Random(7)
    late = []  # (candidates, listings, cells tested) per decision, once the board is big
    while state.outcome() is None:
        moves = state.legal_moves()
        listings = 0
        cells_before = movegen.cells_tested
        move = greedy_bot(state, rng)
        if state.n_moves >= 200:
            late.append((len(moves), listings, movegen.cells_tested - cells_before))
        state.push(move)
    assert state.outcome().end_reason == "tiles_exhausted"
    assert len(late) == 100
    assert min(c for c, _, _ in late) > 40  # many candidates per decision: the case that was slow
    assert max(n for _, n, _ in late) == 0  # the candidates' stagnation tests list no moves
    assert max(t / c for c, _, t in late) <= 2  # and look at a cell or two each


@pytest.mark.parametrize("stems", [("solo-piney-trail",), ("bayou-ambush",), ("caddo-harvest",),
                                   ("longleaf-canopy",), ("bayou-ambush", "caddo-harvest")])
def test_solo_mode_stagnation_test_agrees_with_the_legal_moves(stems):
    """Solo Mode: the early-exit test (``first_placeable``) says a tile can be placed exactly when the
    listed legal moves hold a placement, along random playouts (probes pushed and popped too)."""
    from kcal.games.kcaloria.files.load import load_deck

    decks = [load_deck(DECKS / f"{s}.yaml").tiles() for s in stems]
    players = ["solo"] if len(decks) == 1 else ["P1", "P2"]
    checked = 0
    for seed in range(6):
        state = new_game(None, decks, players, seed=seed)
        rng = random.Random(seed)
        while state.outcome() is None:
            moves = state.legal_moves()
            has_place = any(m.kind == "place" for m in moves)
            assert (movegen.first_placeable(state) is not None) == has_place
            checked += 1
            probe = moves[rng.randrange(len(moves))]
            state.push(probe)
            if state.outcome() is None:
                fresh = state.copy()
                assert (movegen.first_placeable(fresh) is not None) == any(
                    m.kind == "place" for m in fresh.legal_moves())
            state.pop()
            state.push(moves[rng.randrange(len(moves))])
    assert checked > 100


def test_a_sim_game_of_a_big_deck_is_not_cut_by_the_move_safety_net(tmp_path, monkeypatch):
    """Solo Mode, end of the game: the simulators' safety net on moves grows with the decks (twice their
    tiles), so a deck bigger than the net's base still plays until its tiles run out."""
    from kcal.games.kcaloria.sim import games

    monkeypatch.setattr(games, "MAX_MOVES", 30)
    state = games.play_game([_water_deck(tmp_path, 50)], ["solo"], ["random"], master=0, kind="solo", index=0)
    assert games.end_reason(state) == "tiles_exhausted"
    assert len(state.moves_played()) == 50


def test_greedy_tries_a_bounded_number_of_placements_of_a_tile(tmp_path, monkeypatch):
    """The greedy bot on a big frontier: a decision plays and takes back at most ``MAX_PLACES``
    placements of each tile of the hand (a random set of them past that), so its work per decision stops
    growing with the board; under the bound it tries every move, as before."""
    from kcal.games.kcaloria.bots import basic
    from kcal.games.kcaloria.rules.state import GameState

    state = new_game(None, [_water_deck(tmp_path, 300)], ["solo"], seed=7)
    pushes = 0
    real_push = GameState.push

    def counting_push(self, move):
        nonlocal pushes
        pushes += 1
        real_push(self, move)

    monkeypatch.setattr(GameState, "push", counting_push)
    rng = random.Random(7)
    tried = []  # (placements offered, other moves offered, candidates tried) per decision
    while state.outcome() is None:
        moves = state.legal_moves()
        places = sum(1 for m in moves if m.kind == "place")
        pushes = 0
        move = greedy_bot(state, rng)
        tried.append((places, len(moves) - places, pushes))
        real_push(state, move)
    assert max(p for p, _, _ in tried) > basic.MAX_PLACES  # the frontier outgrew the bound
    for places, others, n in tried:
        assert n == min(places, basic.MAX_PLACES) + others


def test_greedy_counts_the_board_once_a_game(tmp_path, monkeypatch):
    """The greedy bot's score keeper follows the game: the board is counted once, then each decision
    recounts only the cells the moves since the last one changed (it counted the whole board at every
    decision, so a game was quadratic in its board)."""
    from kcal.games.kcaloria.rules.scores import ScoreKeeper

    state = new_game(None, [_water_deck(tmp_path, 300)], ["solo"], seed=7)
    counted = 0
    real_count = ScoreKeeper._count

    def counting(self, s, cell):
        nonlocal counted
        counted += 1
        real_count(self, s, cell)

    monkeypatch.setattr(ScoreKeeper, "_count", counting)
    rng = random.Random(7)
    while state.outcome() is None:
        state.push(greedy_bot(state, rng))
    assert state.n_moves == 300
    assert counted <= 4 * state.n_moves  # was 44,850: the board of every decision counted whole


@pytest.mark.parametrize("stems", [("solo-piney-trail",), ("bayou-ambush", "caddo-harvest")])
def test_greedy_decisions_are_the_same_with_the_board_counted_afresh(stems):
    """The keeper that follows the game gives the greedy bot the same scores as counting the board at
    every decision: the same games, move for move."""
    from kcal.games.kcaloria.files.load import load_deck

    decks = [load_deck(DECKS / f"{s}.yaml").tiles() for s in stems]
    players = ["solo"] if len(decks) == 1 else ["P1", "P2"]
    for seed in range(3):
        games = []
        for afresh in (False, True):
            state = new_game(None, decks, players, seed=seed)
            rng = random.Random(seed)
            while state.outcome() is None and state.n_moves < 400:
                if afresh:
                    state.touched = None  # no keeper follows: the board is counted whole
                state.push(greedy_bot(state, rng))
            games.append([str(m) for m in state.moves_played()])
        assert games[0] == games[1]
        assert len(games[0]) > 20
