"""``rules replay`` keeps the players' scores up to date from the cells each move changed (issue 21: summing
the whole board after every move made a replay quadratic in its moves). The running scores must equal the
engine's own count after every move, through placements, payments, removals, starvation and rescues."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kcal.games.kcaloria.bots.basic import get_bot
from kcal.games.kcaloria.files.load import load_deck
from kcal.games.kcaloria.replay import ScoreKeeper
from kcal.games.kcaloria.rules import new_game

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
STANDARD = ["bayou-ambush", "caddo-harvest", "longleaf-canopy"]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_running_scores_equal_the_engines_count_after_every_move(seed: int, players: int) -> None:
    names = ["solo-piney-trail"] if players == 1 else STANDARD[:players]
    decks = [load_deck(DECKS / f"{n}.yaml").tiles() for n in names]
    state = new_game(None, decks, [chr(65 + i) for i in range(players)], seed, None)
    keeper = ScoreKeeper(state)
    bot, rng = get_bot("random" if seed % 2 else "greedy"), random.Random(seed)
    moves = 0
    while state.outcome() is None and moves < 400:
        state.apply(bot(state, rng))
        keeper.update(state)
        moves += 1
        assert dict(zip(state.players, keeper.totals, strict=True)) == state.scores(), moves
    assert moves >= 1


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_greedy_margin_from_the_changed_cells_equals_the_whole_board_count(seed: int, players: int) -> None:
    """The greedy bot scores each candidate from the cells it changed (``GameState.pushed_cells``), not
    from the whole board (issue 21: a decision was quadratic in the board); the margins must be the ones
    the whole-board count gives, for every candidate of every decision."""
    from kcal.games.kcaloria.bots.basic import _margin, _Margins, _own_moves

    names = ["solo-piney-trail"] if players == 1 else (STANDARD * 2)[:players]
    decks = [load_deck(DECKS / f"{n}.yaml").tiles() for n in names]
    state = new_game(None, decks, [chr(65 + i) for i in range(players)], seed, None)
    bot, rng = get_bot("random"), random.Random(seed)
    for _ in range(120):
        if state.outcome() is not None:
            break
        me, margins = state.turn_player, _Margins(state)
        for move in _own_moves(state)[:40]:
            state.push(move)
            assert margins.after_push(state, me) == _margin(state, me), move
            state.pop()
        state.apply(bot(state, rng))
