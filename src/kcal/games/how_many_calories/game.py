"""The rules of How many Calories? behind kcal's :class:`~kcal.core.game.Game` interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kcal.core.game import Bot, Game, RulesGame, Setup
from kcal.games.how_many_calories import PACK
from kcal.games.how_many_calories.files import record
from kcal.games.how_many_calories.rules import flow, legal, moves, scoring, view
from kcal.games.how_many_calories.rules import setup as setup_module
from kcal.games.how_many_calories.rules.moves import Move, Pass, Play
from kcal.games.how_many_calories.rules.state import State


def execute(state: State, player: str, move: Move) -> None:
    """Play a move already checked by :func:`kcal.games.how_many_calories.rules.legal.why_illegal`."""
    seat = state.rules.seat_of[player]
    if isinstance(move, Play):
        flow.play(state, seat, move.card.number)
    elif isinstance(move, Pass):
        flow.choose_pass(state, seat, tuple(c.number for c in move.cards))


def new_state(setup: Setup, seed: int) -> State:
    """A new game (:func:`kcal.games.how_many_calories.rules.setup.new_state`), its ``catalog`` option's card
    set read by the loader of ``files/`` (``rules/`` reads no file)."""
    from kcal.games.how_many_calories.files.load import load_catalog

    return setup_module.new_state(setup, seed, load_catalog)


def evaluate(state: State) -> dict[str, float]:
    from kcal.games.how_many_calories.bots.basic import evaluate as estimate

    return estimate(state)


def bots() -> Mapping[str, Bot]:
    from kcal.games.how_many_calories.bots.basic import BOTS

    return BOTS


#: ``rollout_depth``: the shared searcher's playouts run 30 moves, about the rest of a round (a round's
#: intake counts only if the player stays within the limit to its end)
GAME: RulesGame[State, Move] = RulesGame(
    PACK.info, new_state=new_state, clone=State.copy, to_move=view.to_move,
    legal_moves=legal.legal_moves, why_illegal=legal.why_illegal, execute=execute, outcome=scoring.outcome,
    view=view.view, determinize=view.determinize, encode_move=moves.encode_move, decode_move=moves.decode_move,
    record=record.write_record, bots=bots,
    strongest_bot="ismcts", rollout_bot="greedy", rollout_depth=30, evaluate=evaluate)

if TYPE_CHECKING:  # the Game protocol (kcal.core.game), checked by mypy
    _game: Game[Any, Any] = GAME
