"""Which moves are legal, and why a move is not: one set of checks for ``legal_moves``,
``why_illegal`` and ``apply`` (which raises :class:`~kcal.core.game.IllegalMove` with the reason).

Each reason names the rule and the numbers: "pass exactly 2 cards, not 3", "C is out this round:
2,600 kcal > 2,400", "it is B's turn, not C's: B played the lowest card of trick 2 (green 4), so B
leads trick 3", "D does not hold red 9".
"""

from __future__ import annotations

from itertools import combinations

from kcal.core.game import not_a_player
from kcal.games.how_many_calories.rules.domain import Card
from kcal.games.how_many_calories.rules.moves import Move, Pass, Play
from kcal.games.how_many_calories.rules.scoring import start_candidates
from kcal.games.how_many_calories.rules.state import (
    OVER,
    PASS,
    START_DRAWN,
    START_FIRST,
    START_HIGHEST,
    START_NAMED,
    START_POSITION,
    State,
)


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
        waiting = [rules.players[s] for s, p in enumerate(state.pending) if p is None]
        return (f"{name} has already passed {', '.join(rules.card_text(c) for c in done)} this round; still to "
                f"pass: {', '.join(waiting)} (every player passes once, and the cards change hands when the "
                f"last has passed)")
    if len(cards) != rules.pass_size:
        return f"pass exactly {rules.pass_size} cards, not {len(cards)}"
    for a, b in zip(cards, cards[1:], strict=False):
        if a == b:
            return f"pass {rules.pass_size} different cards, not {a} twice"
    for card in cards:
        problem = _card_problem(state, seat, card)
        if problem is not None:
            return problem + _coming(state, seat, card)
    return None


def _coming(state: State, seat: int, card: Card) -> str:
    """Why a card on its way to ``seat`` cannot be passed on: passes come from the dealt hand
    (ruling "pass-is-simultaneous")."""
    rules = state.rules
    right = (seat - 1) % rules.n
    if card not in rules.foods or card.number not in state.hands[right]:
        return ""
    name, giver = rules.players[seat], rules.players[right]
    chosen = state.pending[right]
    if chosen is not None and card.number in chosen:
        return (f" yet: {giver} passes it to {name}, and passed cards change hands only once every player "
                f"has passed, so a pass comes from the dealt hand")
    return f" ({giver} was dealt it): a pass comes from the dealt hand, before any passed card arrives"


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
        return f"it is {rules.players[state.turn]}'s turn, not {name}'s: {turn_reason(state)}"
    return _card_problem(state, seat, card)


def turn_reason(state: State) -> str:
    """Why it is ``state.turn``'s turn to play, in words: the trick goes round from its leader; the
    player of the previous trick's lowest card leads; the round's start player leads the first trick."""
    rules = state.rules
    players = rules.players
    who = players[state.turn]
    k = state.tricks_played + 1
    if state.trick:
        n = rules.n
        skipped = []
        s = (state.trick[-1][0] + 1) % n
        while s != state.turn:
            skipped.append(players[s])
            s = (s + 1) % n
        passed = f"{_and(skipped)} {'is' if len(skipped) == 1 else 'are'} out, so " if skipped else ""
        return (f"trick {k} goes round in turn order from its leader {players[state.leader]}, and "
                f"{passed}{who} plays next")
    if state.last_trick is not None:  # a trick of this round: a new round starts with none
        lowest = rules.card_text(state.last_trick.won)
        return f"{who} played the lowest card of trick {k - 1} ({lowest}), so {who} leads trick {k}"
    return f"{who} leads trick {k}{start_reason(state)}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def start_reason(state: State) -> str:
    """How this round's start player was chosen, in words that follow "A leads trick 1"."""
    rules = state.rules
    players = rules.players
    who = players[state.start_seat]
    r = state.round + 1
    how = state.start_how
    if how == START_POSITION:
        return f": the start position names no leader, and {who} is the first player still in"
    if how == START_NAMED and rules.start is not None and r == rules.start.round:
        return f": the start position names {who} the leader"
    role = f" as the start player of round {r}"
    if how == START_FIRST:
        return f"{role}: the first of the players ({', '.join(players)})"
    tied = [players[s] for s in start_candidates(state.totals)] if r > 1 else []
    best = f"{max(state.totals):,} kcal" if r > 1 else ""
    if how == START_HIGHEST:
        return f"{role}: the highest total, {best}"
    if how == START_DRAWN:
        return (f"{role}: {_and(tied)} tie for the highest total ({best}), and {who} won the "
                f"rock-paper-scissors, drawn from the seed (a record names the table's winner in rounds[].start)")
    tie = f" among the tied highest totals ({', '.join(tied)}: {best})" if len(tied) > 1 else ""
    return f"{role}, named by the record{tie}"


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
