"""The greedy bot values one discard of each size and gives that value to every discard of the size
(rulebook "A Turn": discard and draw up to 3 tiles, ending the turn): a discard changes the hand and
the discard pile only, so the board every margin counts, and whether the game ends, are the same for
all discards of a size. These tests push every discard, as the bot did before, and compare."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kcal.games.kcaloria.bots import basic
from kcal.games.kcaloria.rules import new_game

DECKS = Path(basic.__file__).resolve().parents[1] / "data" / "decks"


def _pushed_values(state, moves):  # type: ignore[no-untyped-def]
    """Every move pushed and popped, the margin and stagnation as the greedy bot counts them."""
    me = state.turn_player
    out = []
    for m in moves:
        state.push(m)
        v = float(basic._margin(state, me))
        ended = state.outcome()
        if ended is not None and ended.end_reason == "stagnation":
            v += basic._STAGNATION
        state.pop()
        out.append(v)
    return out


@pytest.mark.parametrize("stems", [("bayou-ambush", "caddo-harvest"),
                                   ("longleaf-canopy", "bayou-ambush", "caddo-harvest")])
def test_every_discard_is_worth_what_its_size_is_worth(stems):
    from kcal.games.kcaloria.files.load import load_deck

    decks = [load_deck(DECKS / f"{s}.yaml").tiles() for s in stems]
    players = [f"P{k + 1}" for k in range(len(decks))]
    checked = sizes = 0
    for seed in range(2):
        state = new_game(None, decks, players, seed=seed)
        rng = random.Random(seed)
        while state.outcome() is None:
            moves = basic._own_moves(state)
            discards = [m for m in moves if m.kind == "discard"]
            if discards and state.n_moves % 5 == 0:
                assert basic._greedy_values(state, discards) == _pushed_values(state, discards)
                checked += len(discards)
                sizes = max(sizes, max(len(m.discard) for m in discards))
            state.push(basic.greedy_bot(state, rng))
    assert checked > 500 and sizes == 3


def test_at_the_end_a_discard_of_the_whole_hand_ends_the_game_and_keeps_its_pushed_value():
    """With the deck drawn, discarding the whole hand ends the game (tiles exhausted) and a smaller
    discard does not: the size decides the end, and every discard's value is still the pushed one."""
    from kcal.games.kcaloria.files.load import load_deck

    decks = [load_deck(DECKS / f"{s}.yaml").tiles() for s in ("bayou-ambush", "caddo-harvest")]
    seen = 0
    for seed in range(40):  # most games end on a second human first: play until two reach the end
        state = new_game(None, decks, ["P1", "P2"], seed=seed)
        rng = random.Random(seed)
        while state.outcome() is None:
            moves = basic._own_moves(state)
            discards = [m for m in moves if m.kind == "discard"]
            hand = state.hands[state.current]
            if discards and not state.draw[state.current] and len(hand) <= 3:
                ends = []
                for m in discards:
                    state.push(m)
                    ends.append(state.outcome() is not None)
                    state.pop()
                assert ends == [len(m.discard) == len(hand) for m in discards]
                assert basic._greedy_values(state, discards) == _pushed_values(state, discards)
                seen += 1
            state.push(basic.greedy_bot(state, rng))
        if seen >= 2:
            break
    assert seen >= 2


@pytest.mark.parametrize("bot", ["greedy", "lookahead"])
def test_the_bots_play_the_same_games_as_when_they_pushed_every_discard(bot, monkeypatch):
    """Greedy and lookahead, move for move, with one discard of each size pushed and with every one."""
    from kcal.games.kcaloria.files.load import load_deck

    decks = [load_deck(DECKS / f"{s}.yaml").tiles() for s in ("longleaf-canopy", "bayou-ambush")]
    games = []
    for alike in (True, False):
        monkeypatch.setattr(basic, "_discards_alike", lambda state, alike=alike: alike)
        played = []
        for seed in range(2):
            state = new_game(None, decks, ["P1", "P2"], seed=seed)
            rng = random.Random(seed)
            while state.outcome() is None:
                state.push(basic.BOTS[bot](state, rng))
            played.append([str(m) for m in state.moves_played()])
        games.append(played)
    assert games[0] == games[1]
    assert all(len(g) > 20 for g in games[0])  # every decision of these had discards among its candidates


def test_a_greedy_decision_on_a_pushed_position_leaves_the_bots_score_keeper_right():
    """The greedy bot's score keeper follows the game through the cells moves change. A decision made
    on a position pushed on top of the game (looking ahead) and popped again must leave it counting the
    game's own board: the next decision's values are those of a state no keeper followed."""
    from kcal.games.kcaloria.files.load import load_deck

    decks = [load_deck(DECKS / f"{s}.yaml").tiles() for s in ("longleaf-canopy", "bayou-ambush")]
    for seed in range(3):
        state = new_game(None, decks, ["P1", "P2"], seed=seed)
        rng = random.Random(seed)
        checked = 0
        while state.outcome() is None and checked < 12:
            move = basic.greedy_bot(state, rng)
            other = rng.choice([m for m in basic._own_moves(state) if m != move])
            state.push(other)  # a look ahead at another move: the opponent's greedy reply to it
            if state.outcome() is None:
                basic._greedy_values(state, basic._own_moves(state))
            state.pop()
            state.push(move)
            if state.outcome() is None:
                moves = basic._own_moves(state)
                fresh = state.copy()  # no keeper follows a copy: the board counted afresh
                assert basic._greedy_values(state, moves) == basic._greedy_values(fresh, moves)
                checked += 1
        assert checked >= 12
