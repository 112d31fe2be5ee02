"""The conformance checks are not vacuous: each one fails on a game broken in the way it looks for.

Every broken game is the kCaloria game with one method changed; a check that passed on it would pass on
anything.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from kcal import conformance
from kcal.conformance import Report
from kcal.core.game import IllegalMove, Setup
from kcal.games.kcaloria.game import GAME, KCaloria
from kcal.games.kcaloria.rules.moves import Move

TWO = Setup(("p1", "p2"))


def samples(game: Any, setup: Setup = TWO, seeds: range = range(2)) -> list[tuple[Setup, Any]]:
    report = Report()
    for seed in seeds:
        conformance.play_random(game, setup, seed, checks=False, report=report, sample_every=9)
    return report.samples


def test_the_real_game_passes_check_game(tmp_path: Path) -> None:
    from kcal.games.kcaloria.replay import replay
    from kcal.games.kcaloria.schema import json_schema

    report = conformance.check_game(GAME, replay=replay, schema=json_schema, folder=tmp_path, seeds=range(4))
    assert report.games == 4 and report.replays >= 4 and report.refused_applies > 0
    assert report.hidden_changes > 0 and set(report.end_reasons) <= {"tiles_exhausted", "second_human",
                                                                      "stagnation", "pack_tactics"}


class LeakyView(KCaloria):
    def view(self, state, player):
        v = super().view(state, player)
        v["all_hands"] = {p: sorted(t.name for t in state.hands[k]) for k, p in enumerate(state.players)}
        return v


class NoRedeal(KCaloria):
    def determinize(self, state, player, seed):
        return state.copy()


def test_a_view_showing_other_hands_is_caught() -> None:
    with pytest.raises(AssertionError, match="changed p1's own view|changed p2's own view"):
        conformance.check_views(LeakyView(), samples(LeakyView()))


def test_a_determinize_that_redeals_nothing_is_caught() -> None:
    with pytest.raises(AssertionError, match="never changed another player's view"):
        conformance.check_views(NoRedeal(), samples(NoRedeal()))


class AlwaysLegal(KCaloria):
    def why_illegal(self, state, player, move):
        return None


class TurnBlind(KCaloria):
    def legal_moves(self, state, player):
        return [] if state.ended else state.legal_moves()


class DirtyApply(KCaloria):
    def apply(self, state, player, move):
        try:
            super().apply(state, player, move)
        except IllegalMove:
            state.humans[0] += 1  # a half-done move
            raise


class RawDecode(KCaloria):
    def decode_move(self, entry):
        return Move.from_record(entry)  # KeyError on {}


class NeverEnds(KCaloria):
    def to_move(self, state):
        return (state.turn_player,)


@pytest.mark.parametrize(("game", "message"), [
    (AlwaysLegal(), "yet why_illegal gives None"),
    (TurnBlind(), "is not to move but has legal moves"),
    (DirtyApply(), "but changed the state"),
    (RawDecode(), "raised KeyError"),
    (NeverEnds(), "to_move must be empty exactly when the game is over"),
], ids=lambda x: type(x).__name__ if isinstance(x, KCaloria) else "")
def test_a_random_game_catches(game: Any, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        conformance.check_random_games(game, range(4))


class SharedClone(KCaloria):
    def clone(self, state):
        return state


def test_a_clone_that_is_the_same_object_is_caught() -> None:
    with pytest.raises(AssertionError, match="changed the original"):
        conformance.check_clone(SharedClone(), samples(SharedClone()))


class SeedIgnored(KCaloria):
    def new_state(self, setup, seed):
        return super().new_state(setup, 0)


_counter = itertools.count()


class Unreproducible(KCaloria):
    def new_state(self, setup, seed):
        return super().new_state(setup, next(_counter))


def test_a_game_that_ignores_its_seed_is_caught() -> None:
    with pytest.raises(AssertionError, match="the seed is ignored"):
        conformance.check_same_seed_same_game(SeedIgnored(), range(2))


def test_a_game_that_is_not_reproducible_is_caught() -> None:
    with pytest.raises(AssertionError, match="the same seed gave different games"):
        conformance.check_same_seed_same_game(Unreproducible(), range(1))


class LaxCounts(KCaloria):
    def new_state(self, setup, seed):
        return super().new_state(Setup(setup.players[:4] or ("p1",), setup.variant, setup.options), seed)


def test_a_game_accepting_five_players_is_caught() -> None:
    with pytest.raises(AssertionError, match="new_state accepted a count outside the range"):
        conformance.check_player_counts(LaxCounts())


class LostMove(KCaloria):
    def record(self, state):
        rec = super().record(state)
        return {**rec, "moves": rec["moves"][:-1]}


def test_a_record_that_loses_a_move_is_caught(tmp_path: Path) -> None:
    from kcal.games.kcaloria.replay import replay

    game = LostMove()
    report = conformance.check_random_games(game, range(2))
    with pytest.raises(AssertionError, match="replays with"):
        conformance.check_replay(game, report.finished, replay, tmp_path)


class BadBot(KCaloria):
    def bots(self):
        def bot(game, state, player, rng):  # a discard in the name of the next player
            return Move.discard_tiles(state.players[(state.current + 1) % len(state.players)], ["Bayou"])

        return {"cheat": bot}


def test_a_bot_moving_for_someone_else_is_caught() -> None:
    with pytest.raises(AssertionError, match="chose an illegal move"):
        conformance.check_bots(BadBot(), samples(BadBot()))


class PeekingBot(KCaloria):
    def bots(self):
        def bot(game, state, player, rng):  # a legal move picked by the tiles in the next player's hand
            legal = game.legal_moves(state, player)
            hand = state.hands[(state.current + 1) % len(state.players)]
            return legal[sum(k * t.idx for k, t in enumerate(hand)) % len(legal)]

        return {"peek": bot}


class PositionalDeterminize(KCaloria):
    def determinize(self, state, player, seed):  # redeals, but from the pools in their hidden order
        from kcal.core.rng import Rng

        me = state.players.index(player)
        s = state.copy()
        rng = Rng(seed)
        for k in range(len(s.players)):
            if k != me:
                pool = s.hands[k] + s.draw[k]
                rng.shuffle(pool)
                s.hands[k], s.draw[k] = pool[:len(s.hands[k])], pool[len(s.hands[k]):]
        s._moves = None
        return s


def test_a_bot_reading_another_hand_is_caught() -> None:
    with pytest.raises(AssertionError, match="bot 'peek'.*reads cards hidden from"):
        conformance.check_hidden(PeekingBot(), samples(PeekingBot()))


def test_a_determinize_that_depends_on_where_the_hidden_tiles_are_is_caught() -> None:
    with pytest.raises(AssertionError, match="gave different worlds for one seed"):
        conformance.check_hidden(PositionalDeterminize(), samples(PositionalDeterminize()))


def test_bad_metadata_is_caught() -> None:
    info = GAME.info
    for broken, message in [(info._replace(id="K_Caloria"), "lowercase words"),
                            (info._replace(min_players=3, max_players=2), "1 <= min <= max"),
                            (info._replace(supports=("print", "teleport")), "teleport"),
                            (info._replace(player_variants={2: "solo"}), "outside"),
                            (info._replace(player_variants={5: "grand"}), "not a variant")]:
        with pytest.raises(AssertionError, match=message):
            conformance.check_info(broken)


def test_a_bad_schema_export_is_caught() -> None:
    from kcal.games.kcaloria.schema import json_schema

    with pytest.raises(AssertionError, match="not valid Draft 2020-12"):
        conformance.check_schemas(GAME.info, lambda kind: {"type": 5})
    with pytest.raises(AssertionError, match="accepted an unknown file kind"):
        conformance.check_schemas(GAME.info, lambda kind: json_schema("deck"))


def test_a_replay_state_that_start_cannot_restore_is_caught(tmp_path: Path) -> None:
    """The round trip of a state given back as start: fails when the state leaves something out (here
    Kalua's discard piles: given back, those cards go to the draw piles)."""
    from kcal.games.kalua.game import GAME as KALUA
    from kcal.games.kalua.replay import replay

    class Forgetful:
        def __init__(self, result: Any) -> None:
            self.result = result

        def to_json(self) -> dict[str, Any]:
            data = self.result.to_json()
            data["state"].pop("discards")
            return data

    report = conformance.check_random_games(KALUA, range(1))
    assert conformance.check_start_round_trip(KALUA, report.finished, replay, tmp_path) >= 3
    with pytest.raises(AssertionError, match="given back as start:"):
        conformance.check_start_round_trip(KALUA, report.finished, lambda p: Forgetful(replay(p)), tmp_path)
