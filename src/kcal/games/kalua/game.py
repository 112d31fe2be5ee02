"""The rules of Kalua behind kcal's :class:`~kcal.core.game.Game` interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kcal.core.game import Bot, Game, IllegalMove, Outcome, Setup
from kcal.core.gameinfo import GameInfo
from kcal.games.kalua import PACK
from kcal.games.kalua.files import record
from kcal.games.kalua.rules import flow, legal, moves, outcome, view
from kcal.games.kalua.rules import setup as setup_module
from kcal.games.kalua.rules.domain import DECKS, fold
from kcal.games.kalua.rules.moves import Buy, Convert, Discard, Draw, Lead, Move, Play, Reply, Target
from kcal.games.kalua.rules.state import State

_DECK = {d: i for i, d in enumerate(DECKS)}


def _named(state: State, deck: int, name: str | None) -> int:
    """The id of a named card in a draw pile (or, when the pile is empty, its discard pile)."""
    if name is None:
        return -1
    cards = state.rules.cards
    index = cards.by_fold[fold(name)]
    pile = state.piles[deck] or state.discards[deck]
    return next(c for c in pile if cards.card_def[c] == index)


def execute(state: State, seat: int, move: Move) -> None:
    """Apply a move already checked by :func:`kcal.games.kalua.rules.legal.why_illegal`."""
    if isinstance(move, Play | Reply):
        if move.card is None:
            flow.pass_reply(state, seat)
            return
        d = state.rules.cards.find(move.card)
        assert d is not None
        pay = move.pay if move.pay is not None else (0 if d.kind == 2 else d.cost)
        flow.play(state, seat, legal.hand_card(state, seat, d), pay)
    elif isinstance(move, Draw):
        deck = _DECK[move.deck]
        if move.card is not None and not state.piles[deck]:
            flow.reshuffle(state, deck)
        flow.draw(state, seat, deck, _named(state, deck, move.card))
    elif isinstance(move, Buy):
        deck = _DECK[move.deck]
        if move.card is not None and not state.piles[deck]:
            flow.reshuffle(state, deck)
        flow.buy(state, seat, deck, _named(state, deck, move.card))
    elif isinstance(move, Lead):
        source = state.rules.seat_of[move.source] if move.source is not None else -1
        flow.lead(state, seat, move.action, source)
    elif isinstance(move, Target):
        flow.choose_target(state, seat, state.rules.seat_of[move.god])
    elif isinstance(move, Discard):
        d = state.rules.cards.find(move.card)
        assert d is not None
        flow.discard(state, seat, legal.hand_card(state, seat, d))
    elif isinstance(move, Convert):
        flow.shout_convert(state, seat)


class Kalua:
    """Stateless: every method works on the state it is given (see :mod:`kcal.core.game`)."""

    info: GameInfo = PACK.info
    #: the move cap of ``sim match``: far above any game the turn limit lets run
    max_moves = 200_000
    default_bot = "greedy"

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
        execute(state, state.rules.seat_of[player], move)

    def outcome(self, state: State) -> Outcome | None:
        return outcome.outcome(state)

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
        from kcal.games.kalua.bots.basic import BOTS

        return BOTS


GAME = Kalua()

if TYPE_CHECKING:  # the Game protocol (kcal.core.game), checked by mypy
    _game: Game[Any, Any] = GAME
