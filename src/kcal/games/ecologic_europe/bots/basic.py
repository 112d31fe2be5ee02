"""Bots: ``random`` (any legal move), ``greedy`` (the placement that scores best now, else the least
useful card traded) and ``planner`` (greedy that looks past the turn of the season: it scores each
placement by the ecosystem that survives the next decay, production and feeding, values tokens and the
cards it can still place, and gives away what it cannot use)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kcal.core.game import Bot, win_shares
from kcal.core.rng import Rng
from kcal.games.ecologic_europe.rules.moves import Exchange, Impact, Keep, Pass, Place, Trade, Transfer
from kcal.games.ecologic_europe.rules.placements import follows, process_choices
from kcal.games.ecologic_europe.rules.placing import do_place, place_problem
from kcal.games.ecologic_europe.rules.scoring import board_types, score_parts
from kcal.games.ecologic_europe.rules.seasons import beginning_of_season, end_of_season
from kcal.games.ecologic_europe.rules.state import EXCHANGE, PLACE, State
from kcal.games.ecologic_europe.rules.tables import is_human, sp


def random_bot(game: Any, state: State, player: str, rng: Rng) -> Any:
    moves = game.legal_moves(state, player)
    return moves[rng.below(len(moves))]


def _value(state: State, seat: int, deep: bool) -> float:
    d, p, unfilled = score_parts(state, seat)
    v = 10.0 * (d + p) - 0.5 * unfilled
    if deep:
        v += 0.3 * (sum(state.bio[seat]) + state.jokers[seat]) + 0.1 * sum(state.rem[seat])
        # progress towards 5, 6 and 7 species types in each habitat
        v += sum(1.5 * min(board_types(state, seat, b), 7) for b in range(state.rules.boards))
        if not state.rules.express and state.season < 3:
            # what survives the turn of the season: decay, production, feeding, deaths
            ahead = state.copy()
            ahead.log = None
            end_of_season(ahead)
            ahead.season += 1
            beginning_of_season(ahead)
            d2, p2, unfilled2 = score_parts(ahead, seat)
            v += 10.0 * (d2 + p2) - 0.5 * unfilled2
    return v


#: points of the greedy bot's valuation (10 a point scored) worth e : 1 odds in :func:`evaluate`
EVAL_SCALE = 20.0


def evaluate(state: State) -> dict[str, float]:
    """Each player's estimated share of the win, for the shared searcher's cut playouts: the greedy
    bot's valuation of each board (points scored now, fields left empty), as :func:`win_shares`."""
    return win_shares({p: _value(state, s, False) for s, p in enumerate(state.rules.players)}, EVAL_SCALE)


def _placeable(state: State, seat: int, card: int) -> bool:
    if is_human(state, card):
        return False
    return any(place_problem(state, seat, card, q, False) is None for q in range(state.rules.places))


def _best_place(state: State, seat: int, deep: bool) -> tuple[float, Any]:
    rules = state.rules
    base = _value(state, seat, deep)
    best: tuple[float, Any] = (float("-inf"), None)
    for card in sorted(set(state.hands[seat])):
        if is_human(state, card):
            continue
        for q in range(rules.places):
            if place_problem(state, seat, card, q, False) is not None:
                continue
            for process in process_choices(state, seat, card, q):  # an earthworm's that matter (ruling "earthworm")
                trial = state.copy()
                trial.log = None
                do_place(trial, seat, card, q, process)
                v = _value(trial, seat, deep) - base
                s = sp(state, card)
                if deep:
                    v += 0.5 * sum(1 for c in trial.hands[seat] if _placeable(trial, seat, c))
                move = Place(card, rules.spot(q), None, process)
                if "small-bird-follow" in s.abilities:
                    extra = follows(state, seat, card, q)
                    if extra:
                        move = Place(card, rules.spot(q), extra[0])
                        v += 5.0
                if v > best[0]:
                    best = (v, move)
    return best


def _worst_card(state: State, seat: int, hand: list[int]) -> int:
    def usefulness(c: int) -> tuple[int, int]:
        if is_human(state, c):
            return (0, c)
        s = sp(state, c)
        return (1 if _placeable(state, seat, c) else 0, s.points * 2 + (s.consumption or 0))

    return min(hand, key=usefulness)


def _policy(deep: bool) -> Bot:
    def bot(game: Any, state: State, player: str, rng: Rng) -> Any:
        seat = state.rules.seat_of[player]
        moves = game.legal_moves(state, player)
        if not moves:
            raise ValueError(f"{player} has no move")
        hand = sorted(set(state.hands[seat]))
        if state.step == EXCHANGE:
            if deep and state.rules.express is False and state.season == 1 and hand:
                worst = _worst_card(state, seat, hand)
                if not _placeable(state, seat, worst) and Exchange((worst,)) in moves:
                    return Exchange((worst,))
            return Keep() if Keep() in moves else moves[0]
        if state.step == PLACE:
            value, move = _best_place(state, seat, deep)
            if move is not None and value > -5:
                return move
            impacts = [m for m in moves if isinstance(m, Impact)]
            if impacts:
                return impacts[0]
            if not hand:
                return Pass(False)
            if deep and all(not _placeable(state, seat, c) for c in hand) and len(hand) <= 2:
                return Pass(True)
            return Trade(_worst_card(state, seat, hand))
        k = min(2, len(state.hands[seat]))
        give: list[int] = []
        rest = list(state.hands[seat])
        for _ in range(k):
            c = _worst_card(state, seat, rest)
            rest.remove(c)
            give.append(c)
        move = Transfer(tuple(give))
        return move if move in moves else moves[0]

    return bot


BOTS: Mapping[str, Bot] = {"random": random_bot, "greedy": _policy(False), "planner": _policy(True)}
