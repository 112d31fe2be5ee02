"""The rules of How many Calories? behind kcal's :class:`~kcal.core.game.Game` interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kcal.core.game import Bot, Game, IllegalMove, Outcome, Setup
from kcal.core.gameinfo import GameInfo
from kcal.games.how_many_calories import PACK
from kcal.games.how_many_calories.files import record
from kcal.games.how_many_calories.rules import flow, legal, moves, scoring, view
from kcal.games.how_many_calories.rules import setup as setup_module
from kcal.games.how_many_calories.rules.moves import Move, Pass, Play
from kcal.games.how_many_calories.rules.state import State


class HowManyCalories:
    """Stateless: every method works on the state it is given (see :mod:`kcal.core.game`)."""

    info: GameInfo = PACK.info

    def new_state(self, setup: Setup, seed: int) -> State:
        return setup_module.new_state(setup, seed)

    def clone(self, state: State) -> State:
        return state.copy()

    def to_move(self, state: State) -> tuple[str, ...]:
        return view.to_move(state)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        return legal.legal_moves(state, player)

    def why_illegal(self, state: State, player: str, move: Move) -> str | None:
        return legal.why_illegal(state, player, move)

    def apply(self, state: State, player: str, move: Move) -> None:
        reason = legal.why_illegal(state, player, move)
        if reason is not None:
            raise IllegalMove(reason, move=move)
        seat = state.rules.seat_of[player]
        if isinstance(move, Play):
            flow.play(state, seat, move.card.number)
        elif isinstance(move, Pass):
            flow.choose_pass(state, seat, tuple(c.number for c in move.cards))

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def view(self, state: State, player: str) -> dict[str, Any]:
        return view.view(state, player)

    def determinize(self, state: State, player: str, seed: int) -> State:
        return view.determinize(state, player, seed)

    def encode_move(self, move: Move) -> dict[str, Any]:
        return moves.encode_move(move)

    def decode_move(self, entry: Mapping[str, Any]) -> Move:
        return moves.decode_move(entry)

    def record(self, state: State) -> dict[str, Any]:
        return record.write_record(state)

    def bots(self) -> Mapping[str, Bot]:
        from kcal.games.how_many_calories.bots.basic import BOTS

        return BOTS


GAME = HowManyCalories()

if TYPE_CHECKING:  # the Game protocol (kcal.core.game), checked by mypy
    _game: Game[Any, Any] = GAME
