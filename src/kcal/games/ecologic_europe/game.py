"""The rules of EcoLogic: Europe behind kcal's :class:`~kcal.core.game.Game` interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from kcal.core.errors import KcalError
from kcal.core.game import Bot, Game, IllegalMove, Outcome, RulesGame, Setup
from kcal.games.ecologic_europe import PACK
from kcal.games.ecologic_europe.files.moves import decode_move, encode_move
from kcal.games.ecologic_europe.rules import legality, scoring, seasons, view
from kcal.games.ecologic_europe.rules import setup as setup_module
from kcal.games.ecologic_europe.rules.moves import Move
from kcal.games.ecologic_europe.rules.state import State


class EndReason(str, Enum):
    """How a game ends: the last habitation phase of winter is over, or (express) every player is out."""

    WINTER_OVER = "winter_over"
    EXPRESS_OVER = "express_over"


def outcome(state: State) -> Outcome | None:
    if not state.ended:
        return None
    rules = state.rules
    parts = [scoring.score_parts(state, s) for s in range(rules.n)]
    scores = {p: parts[s][0] + parts[s][1] for s, p in enumerate(rules.players)}
    best = max(scores.values())
    tied = [s for s, p in enumerate(rules.players) if scores[p] == best]
    fewest = min(parts[s][2] for s in tied)
    winners = tuple(rules.players[s] for s in tied if parts[s][2] == fewest)
    return Outcome(EndReason.EXPRESS_OVER if rules.express else EndReason.WINTER_OVER, scores, winners)


def why_illegal(state: State, player: str, move: Any) -> str | None:
    seat = state.rules.seat_of.get(player)
    if seat is None:
        return f"{player!r} is not a player of this game"
    return legality.why_illegal(state, seat, move)


def legal_moves(state: State, player: str) -> Sequence[Move]:
    seat = state.rules.seat_of.get(player)
    return () if seat is None else legality.legal_move_list(state, seat)


def execute(state: State, player: str, move: Any) -> None:
    """Play a move already checked by :func:`why_illegal`."""
    seasons.apply(state, state.rules.seat_of[player], move)


def apply(state: State, player: str, move: Any) -> None:
    seat = state.rules.seat_of.get(player)
    trust = state.trust
    # a move built by the MoveList of this seat at this very version is legal: no second check
    if trust is None or trust[0] is not move or trust[1] != seat or trust[2] != state.version:
        reason = why_illegal(state, player, move)
        if reason is not None:
            raise IllegalMove(reason, move=move)
    seasons.apply(state, state.rules.seat_of[player], move)


def record(state: State) -> dict[str, Any]:
    from kcal.games.ecologic_europe.files.record import write_record

    if state.log is None:
        raise KcalError("this state keeps no history (a determinized copy for search): it has no record",
                        code="usage")
    return write_record(state)


def new_state(setup: Setup, seed: int) -> State:
    """A new game (:func:`kcal.games.ecologic_europe.rules.setup.new_state`) with what ``files/`` reads for
    it: the built-in card set and a record's ``start:`` position (``rules/`` reads no file)."""
    from kcal.games.ecologic_europe.files.load import builtin

    return setup_module.new_state(setup, seed, setup_module.Reader(builtin, _apply_start, _stand_start))


def _apply_start(state: State, start: Mapping[str, Any], deck: list[int]) -> None:
    from kcal.games.ecologic_europe.files.position import apply_start

    apply_start(state, start, deck)


def _stand_start(state: State, start: Mapping[str, Any]) -> None:
    from kcal.games.ecologic_europe.files.position import stand_start

    stand_start(state, start)


def player_view(state: State, player: str) -> dict[str, Any]:
    """What ``player`` sees (:func:`kcal.games.ecologic_europe.rules.view.view`), a move as its record entry."""
    return view.view(state, player, encode_move)


def evaluate(state: State) -> dict[str, float]:
    from kcal.games.ecologic_europe.bots.basic import evaluate as estimate

    return estimate(state)


def bots() -> Mapping[str, Bot]:
    from kcal.games.ecologic_europe.bots.basic import BOTS

    return BOTS


GAME: RulesGame[State, Move] = RulesGame(
    PACK.info, new_state=new_state, clone=State.copy, to_move=legality.to_move,
    legal_moves=legal_moves, why_illegal=why_illegal,
    execute=execute,
    outcome=outcome, view=player_view, determinize=view.determinize, encode_move=encode_move,
    decode_move=decode_move, record=record, bots=bots, apply=apply, default_bot="greedy",
    strongest_bot="planner", rollout_bot="greedy", evaluate=evaluate)

if TYPE_CHECKING:  # the Game protocol (kcal.core.game), checked by mypy
    _game: Game[Any, Any] = GAME
