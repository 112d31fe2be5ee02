"""The course of a game: deal, the pass, tricks, going out, the end of a round, the end of the game.

These functions change a :class:`State` in place and trust their caller: the public entry point
(:class:`~kcal.games.how_many_calories.game.HowManyCalories`) checks each move with
:mod:`kcal.games.how_many_calories.rules.legal` first; bots' rollouts call them directly with moves they took
from the legal ones.
"""

from __future__ import annotations

from kcal.core.errors import KcalError
from kcal.games.how_many_calories.rules.domain import KCAL_PER_POINT
from kcal.games.how_many_calories.rules.scoring import round_scores, start_candidates, start_problem
from kcal.games.how_many_calories.rules.state import (
    CUT_SHORT,
    GOES_ON,
    OVER,
    PASS,
    PLAYED_OUT,
    START_DRAWN,
    START_FIRST,
    START_HIGHEST,
    START_NAMED,
    TRICK,
    State,
    TrickResult,
)
from kcal.games.how_many_calories.rules.tricks import resolve


def deal(state: State) -> None:
    """Start round ``state.round``: shuffle (always, so that the deals the record does not give are
    the same with or without the ones it does), deal or take the record's hands, pick the start player."""
    rules = state.rules
    n, size = rules.n, rules.hand_size
    order = list(rules.foods.numbers)
    state.rng.shuffle(order)
    explicit = rules.deals[state.round] if state.round < len(rules.deals) else None
    if explicit is not None:
        hands = [list(h) for h in explicit]
        dealt = {c for h in explicit for c in h}
        unseen = [c for c in order if c not in dealt]
    else:
        hands = [order[i * size:(i + 1) * size] for i in range(n)]
        unseen = order[n * size:]
    chosen = rules.starts[state.round] if state.round < len(rules.starts) else None
    if state.round == 0:
        start, how = (chosen, START_NAMED) if chosen is not None else (0, START_FIRST)
    else:
        start, how = pick_start(state, chosen)
    begin_round(state, hands, unseen, start, how)
    state.note(("deal", state.round, tuple(tuple(h) for h in hands), tuple(unseen), start, how))


def pick_start(state: State, chosen: int | None) -> tuple[int, str]:
    """A later round's start player and how they were chosen: the highest total; on a tie, the
    table's rock-paper-scissors, drawn from the game's draws generator (``state.draws``, not the one
    that deals: ruling "start-player-tie") -- drawn even when the record names the winner (``chosen``),
    so that naming it changes no later draw."""
    tied = start_candidates(state.totals)
    if chosen is not None and chosen not in tied:
        # bad input (a record's rounds[].start): the replay reports it at the record's position
        rules = state.rules
        problem = start_problem(state.round, rules.players[chosen], state.totals, rules.players)
        raise KcalError(str(problem), code="start-player")
    if len(tied) == 1:
        return tied[0], START_HIGHEST
    drawn = tied[state.draws.below(len(tied))]
    return (chosen, START_NAMED) if chosen is not None else (drawn, START_DRAWN)


def begin_round(state: State, hands: list[list[int]], unseen: list[int], start: int, how: str) -> None:
    n = state.rules.n
    state.phase = PASS
    state.hands = hands
    state.unseen = unseen
    state.pending = [None] * n
    state.given = [()] * n
    state.start_seat = state.leader = start
    state.start_how = how
    state.lead_colour = -1
    state.trick = []
    state.turn = -1
    state.intake = [0] * n
    state.out = [False] * n
    state.won = [[] for _ in range(n)]
    state.tricks_played = 0
    state.last_trick = None


def choose_pass(state: State, seat: int, numbers: tuple[int, ...]) -> None:
    """``seat`` passes ``numbers`` to its left; the last player to choose resolves the pass."""
    state.pending[seat] = numbers
    state.note(("pass", seat, numbers))
    if None not in state.pending:
        resolve_pass(state)


def resolve_pass(state: State) -> None:
    n = state.rules.n
    hands = state.hands
    passes: list[tuple[int, ...]] = [p if p is not None else () for p in state.pending]
    for seat, cards in enumerate(passes):
        for c in cards:
            hands[seat].remove(c)
    for seat, cards in enumerate(passes):
        hands[(seat + 1) % n].extend(cards)
    state.given = passes
    state.pending = [None] * n
    state.phase = TRICK
    state.leader = state.turn = state.start_seat


def next_in(state: State, seat: int) -> int:
    """The next seat after ``seat`` in turn order that is still in the round."""
    n = len(state.out)
    s = (seat + 1) % n
    while state.out[s]:
        s = (s + 1) % n
    return s


def play(state: State, seat: int, number: int) -> None:
    """``seat`` plays ``number`` into the trick; the last card of a trick resolves it."""
    state.hands[seat].remove(number)
    trick = state.trick
    if not trick:
        state.lead_colour = state.rules.foods.colour_of[number]
    trick.append((seat, number))
    state.note(("play", seat, number))
    if len(trick) == len(state.out) - sum(state.out):
        finish_trick(state)
    else:
        state.turn = next_in(state, seat)


def finish_trick(state: State) -> None:
    rules = state.rules
    winner, loser, taken, values = resolve(state.trick, rules.foods.colour_of, rules.foods.plus)
    state.intake[winner] += taken * KCAL_PER_POINT
    state.won[winner].append(taken)
    went_out = state.intake[winner] > rules.limit
    if went_out:
        state.out[winner] = True
        state.unseen.extend(state.hands[winner])  # the rest of the hand: discarded face down
        state.hands[winner] = []
    # the player of the lowest card never took a card in this trick, so they are still in, and every
    # player still in holds as many cards as they do
    if not state.hands[loser]:
        ending = PLAYED_OUT
    elif len(state.out) - sum(state.out) <= 1:
        ending = CUT_SHORT
    else:
        ending = GOES_ON
    result = TrickResult(state.leader, tuple(state.trick), values, winner, taken, loser, went_out, ending)
    state.last_trick = result
    state.tricks_played += 1
    state.note(("trick", result))
    state.trick = []
    state.lead_colour = -1
    if ending != GOES_ON:
        end_round(state)
    else:
        state.leader = state.turn = loser


def end_round(state: State) -> None:
    scores = round_scores(state.intake, state.out)
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    state.note(("end", state.round, tuple(scores)))
    state.turn = -1
    state.trick = []
    if state.round + 1 < state.rules.rounds:
        state.round += 1
        deal(state)
    else:
        state.phase = OVER
