"""The rules of Kalua behind kcal's :class:`~kcal.core.game.Game` interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kcal.core.game import Bot, Game, RulesGame, Setup
from kcal.core.rng import Rng
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


def play_move(state: State, player: str, move: Move) -> None:
    """The interface's side of :func:`execute`: the move of ``player`` (by name)."""
    execute(state, state.rules.seat_of[player], move)


def new_state(setup: Setup, seed: int) -> State:
    """A new game (:func:`kcal.games.kalua.rules.setup.new_state`), its ``catalog`` option's card set read
    by the loader of ``files/`` (``rules/`` reads no file)."""
    from kcal.games.kalua.files.load import load_catalog

    return setup_module.new_state(setup, seed, load_catalog)


def evaluate(state: State) -> dict[str, float]:
    from kcal.games.kalua.bots.basic import evaluate as estimate

    return estimate(state)


def turn_start(state: State) -> bool:
    from kcal.games.kalua.bots.basic import turn_start as cut

    return cut(state)


def playout_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    from kcal.games.kalua.bots.basic import playout_bot as bot

    return bot(game, state, player, rng)


def prior_bot(game: Any, state: State, player: str, rng: Rng) -> Move:
    from kcal.games.kalua.bots.basic import prior_bot as bot

    return bot(game, state, player, rng)


def bots() -> Mapping[str, Bot]:
    from kcal.games.kalua.bots.basic import BOTS

    return BOTS


#: ``max_moves``: the move cap of ``sim match``, far above any game the turn limit lets run. The shared
#: searcher (kcal.sim.search, docs/packs.md): its root favours the search bot's move at 200 iterations
#: (:func:`prior_bot`, four times the bot's own); its playouts are
#: the search bot's cheap default policy, at least 20 moves and on to the start of a turn (22 on average,
#: about a round of three gods), judged by the greedy bot's valuation
GAME: RulesGame[State, Move] = RulesGame(
    PACK.info, new_state=new_state, clone=State.copy, to_move=view.to_move,
    legal_moves=legal.legal_moves, why_illegal=legal.why_illegal,
    execute=play_move,
    outcome=outcome.outcome, view=view.view, determinize=view.determinize, encode_move=moves.encode_move,
    decode_move=moves.decode_move, record=record.write_record, bots=bots, max_moves=200_000, default_bot="greedy",
    strongest_bot="search", rollout_bot=playout_bot, rollout_depth=20, rollout_cut=turn_start,
    prior_bot=prior_bot, evaluate=evaluate)

if TYPE_CHECKING:  # the Game protocol (kcal.core.game), checked by mypy
    _game: Game[Any, Any] = GAME
