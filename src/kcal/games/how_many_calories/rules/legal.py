"""Which moves are legal, and why a move is not: one set of checks for ``legal_moves``,
``why_illegal`` and ``apply`` (which raises :class:`~kcal.core.game.IllegalMove` with the reason).

Each reason names the rule and the numbers: "pass exactly 2 cards, not 3", "C is out this round:
2,600 kcal > 2,400", "it is B's turn, not C's", "D does not hold red 9".
"""

from __future__ import annotations

from itertools import combinations

from kcal.core.game import not_a_player
from kcal.games.how_many_calories.rules.domain import Card
from kcal.games.how_many_calories.rules.moves import Move, Pass, Play
from kcal.games.how_many_calories.rules.state import OVER, PASS, State


def seat_problem(state: State, player: str) -> str | None:
    if player not in state.rules.seat_of:
        return not_a_player(player, state.rules.players)
    if state.phase == OVER:
        return f"the game is over: all {state.rules.rounds} rounds are played"
    return None


def _card_problem(state: State, seat: int, card: Card) -> str | None:
    foods = state.rules.foods
    if card not in foods:
        return foods.not_in_set_reason(card)
    if card.number not in state.hands[seat]:
        return f"{state.rules.players[seat]} does not hold {card}"
    return None


def pass_problem(state: State, seat: int, cards: tuple[Card, ...]) -> str | None:
    rules = state.rules
    name = rules.players[seat]
    if state.phase != PASS:
        return (f"cards are passed only at the start of a round; now {rules.players[state.turn]} is to "
                f"play in trick {state.tricks_played + 1} of round {state.round + 1}")
    done = state.pending[seat]
    if done is not None:
        return f"{name} has already passed {', '.join(rules.card_text(c) for c in done)} this round"
    if len(cards) != rules.pass_size:
        return f"pass exactly {rules.pass_size} cards, not {len(cards)}"
    for a, b in zip(cards, cards[1:], strict=False):
        if a == b:
            return f"pass {rules.pass_size} different cards, not {a} twice"
    for card in cards:
        problem = _card_problem(state, seat, card)
        if problem is not None:
            return problem
    return None


def play_problem(state: State, seat: int, card: Card) -> str | None:
    rules = state.rules
    name = rules.players[seat]
    if state.phase == PASS:
        waiting = [rules.players[s] for s, p in enumerate(state.pending) if p is None]
        return (f"round {state.round + 1} starts with the pass: every player passes {rules.pass_size} cards "
                f"to the left first (still to pass: {', '.join(waiting)})")
    if state.out[seat]:
        return f"{name} is out this round: {state.intake[seat]:,} kcal > {rules.limit:,}"
    if state.turn != seat:
        return f"it is {rules.players[state.turn]}'s turn, not {name}'s"
    return _card_problem(state, seat, card)


def why_illegal(state: State, player: str, move: Move) -> str | None:
    problem = seat_problem(state, player)
    if problem is not None:
        return problem
    seat = state.rules.seat_of[player]
    if isinstance(move, Play):
        return play_problem(state, seat, move.card)
    if isinstance(move, Pass):
        return pass_problem(state, seat, move.cards)
    return f"not a move of this game: {move!r}"


def legal_moves(state: State, player: str) -> list[Move]:
    if seat_problem(state, player) is not None:
        return []
    seat = state.rules.seat_of[player]
    card_of = state.rules.foods.card_of
    hand = sorted(state.hands[seat])
    if state.phase == PASS:
        if state.pending[seat] is not None:
            return []
        return [Pass(tuple(card_of[c] for c in pair))  # type: ignore[misc]
                for pair in combinations(hand, state.rules.pass_size)]
    if state.turn != seat:
        return []
    return [Play(card_of[c]) for c in hand]  # type: ignore[arg-type]
