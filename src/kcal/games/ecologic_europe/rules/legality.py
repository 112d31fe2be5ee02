"""Legal moves and why a move is not legal, for every step of habitation.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from kcal.games.ecologic_europe.rules.domain import (
    FIELDS,
    SEASONS,
)
from kcal.games.ecologic_europe.rules.exchange import backs_of, biomass_total, tokens_total
from kcal.games.ecologic_europe.rules.feeding import plant_remains_count
from kcal.games.ecologic_europe.rules.movelist import MoveList, Part, listed
from kcal.games.ecologic_europe.rules.moves import (
    BACKS,
    DIE_FACES,
    Exchange,
    Impact,
    Keep,
    Move,
    Pass,
    Place,
    Trade,
    Transfer,
    Weather,
)
from kcal.games.ecologic_europe.rules.placements import follows, placement_parts
from kcal.games.ecologic_europe.rules.placing import do_place, place_problem
from kcal.games.ecologic_europe.rules.state import EXCHANGE, PLACE, TRANSFER, State
from kcal.games.ecologic_europe.rules.tables import SKIP, SMALL_BIRDS, is_human, sp

# -- legal moves -----------------------------------------------------------------------------------

def to_move(state: State) -> tuple[str, ...]:
    if state.ended:
        return ()
    return tuple([p for p, a, m in zip(state.rules.players, state.active, state.pending, strict=True) if a and m is None])


def _grid(count: int, build: Callable[[int, int], Move], inner: int) -> Part:
    """A part of ``count * inner`` moves: ``build(i // inner, i % inner)``."""
    return count * inner, lambda i: build(*divmod(i, inner))


# parts of every listing (the moves are immutable: one object serves every list)
_KEEP = listed([Keep()])
_PASSES = listed([Pass(False), Pass(True)])
_PASS = listed([Pass(False)])


def exchange_parts(state: State, seat: int) -> list[Part]:
    """The step-1 moves (in this order: no exchange, the exchanges, the weather die) as parts of a
    :class:`MoveList`."""
    rules = state.rules
    hand = sorted(set(state.hands[seat]))
    parts: list[Part] = [_KEEP]
    stack_backs = backs_of(state, "stack", state.pile)
    nb = len(stack_backs)
    if rules.express:
        faces = sorted(set(state.face_up))
        per = nb + len(faces)

        def express(c: tuple[int, ...], tokens: int, j: int) -> Move:
            return Exchange(c, tokens, stack_backs[j]) if j < nb else Exchange(c, tokens, None, "face-up", faces[j - nb])

        parts.append(_grid(len(hand), lambda h, j: express((hand[h],), 0, j), per))
        if state.jokers[seat] >= 2:
            parts.append((per, lambda j: express((), 2, j)))
        return parts
    season = state.season
    if season == 0:
        parts.append(_grid(len(hand), lambda h, t: Exchange((hand[h],), 0, stack_backs[t]), nb))
    elif season == 1:
        parts.append((len(hand), lambda h: Exchange((hand[h],))))
    elif season == 2:
        if tokens_total(state, seat) >= 4:
            parts.append((nb, lambda t: Exchange((), 4, stack_backs[t])))
    else:
        discard_backs = backs_of(state, "discard", state.discard)
        pairs = list(combinations(hand, 2))
        per = nb + len(discard_backs)

        def winter(k: int, j: int) -> Move:
            if j < nb:
                return Exchange(pairs[k], 0, stack_backs[j])
            return Exchange(pairs[k], 0, discard_backs[j - nb], "discard")

        parts.append(_grid(len(pairs), winter, per))
    if rules.weather and state.weather:
        parts.append((len(hand), lambda h: Weather(hand[h])))
        if biomass_total(state, seat) >= 2:
            parts.append(listed([Weather(None)]))
    return parts


def exchanges(state: State, seat: int) -> list[Move]:
    return list(MoveList(exchange_parts(state, seat)))


def legal_move_list(state: State, seat: int) -> MoveList:
    """The legal moves of the seat, built lazily (:mod:`.movelist`), in :func:`legal_moves`' order."""
    if state.ended or not state.active[seat] or state.pending[seat] is not None:
        return MoveList([])
    if state.step == EXCHANGE:
        return MoveList(exchange_parts(state, seat), state, seat)
    hand = sorted(set(state.hands[seat]))
    if state.step == PLACE:
        parts = placement_parts(state, seat, hand)
        n = state.rules.species_count
        humans = [c for c in hand if c >= n]
        return MoveList(parts + [(len(humans), lambda i: Impact(humans[i])),
                         (len(hand), lambda i: Trade(hand[i])),
                         _PASSES if hand else _PASS], state, seat)
    k = min(2, len(state.hands[seat]))
    if k == 2:  # the pairs of combinations(hand, 2), built when asked for
        m = len(hand)
        return MoveList([(m * (m - 1) // 2, lambda i: Transfer(_pair(hand, i)))], state, seat)
    pairs = list(combinations(hand, k))
    return MoveList([(len(pairs), lambda i: Transfer(pairs[i]))], state, seat)


def _pair(items: list[int], i: int) -> tuple[int, int]:
    """The ``i``-th pair of ``combinations(items, 2)``."""
    for a in range(len(items) - 1):
        row = len(items) - 1 - a
        if i < row:
            return items[a], items[a + 1 + i]
        i -= row
    raise IndexError(i)


def legal_moves(state: State, seat: int) -> list[Move]:
    return list(legal_move_list(state, seat))


def _process_problem(state: State, seat: int, card: int, place: int, count: int) -> str | None:
    """A placement's ``process:`` names an earthworm, and no more plant remains tokens than lie around
    it once it is fed (tried on a copy; ruling "earthworm")."""
    latin = sp(state, card).latin
    if "plant-remains-processing" not in sp(state, card).abilities:
        return (f"process: {latin} processes no plant remains (only a card with plant-remains-processing "
                "may choose)")
    if not count:
        return None
    trial = state.copy()
    trial.log = None
    do_place(trial, seat, card, place, 0)
    there = plant_remains_count(trial, seat, place)
    if count > there:
        return (f"process: {latin} at {state.rules.spot(place)} finds {there} plant remains token"
                f"{'s' if there != 1 else ''} around it once fed, and process: {count} takes more than there are")
    return None


def _in_hand(state: State, seat: int, cards: tuple[int, ...]) -> str | None:
    hand = list(state.hands[seat])
    for c in cards:
        if c not in hand:
            return f"{card_name(state, c)} is not in {state.rules.players[seat]}'s hand"
        hand.remove(c)
    return None


def card_name(state: State, card: int) -> str:
    n = state.rules.species_count
    if card >= n + len(state.rules.cards.human):
        return f"card {card}"
    return state.rules.cards.human[card - n].id if card >= n else state.rules.cards.species[card].latin


# kept whole: one check after another in the rulebook's order for a step-1 exchange; the first that fails is the reason
def _exchange_problem(state: State, seat: int, move: Exchange) -> str | None:
    rules = state.rules
    season = "express" if rules.express else SEASONS[state.season].value
    if move.tokens and move.cards:
        return "an exchange gives cards or tokens, not both"
    shape = {"spring": (1, 0, "stack"), "summer": (1, 0, None), "autumn": (0, 4, "stack"),
             "winter": (2, 0, None)}
    if rules.express:
        if not ((len(move.cards) == 1 and not move.tokens) or (not move.cards and move.tokens == 2)):
            return "the express exchange gives one card or 2 apple tokens for one card"
        if move.tokens and state.jokers[seat] < 2:
            return f"{rules.players[seat]} has {state.jokers[seat]} apple tokens, and the exchange needs 2"
        if move.pile == "face-up":
            if move.face is None or move.face not in state.face_up:
                return "that card is not among the face-up cards"
        elif move.pile != "stack" or move.draw is None:
            return "the express exchange takes a card from the stack or a face-up card"
    else:
        cards, tokens, pile = shape[season]
        if len(move.cards) != cards or move.tokens != tokens:
            what = {"spring": "one card in hand for one from the stack",
                    "summer": "one card in hand for two biomass jokers",
                    "autumn": "four biomass or remains tokens for one card from the stack",
                    "winter": "two cards in hand for one from the discarded cards or the stack"}[season]
            return f"the {season} exchange is {what}"
        if move.face is not None or move.pile == "face-up":
            return "face-up cards belong to the express mode"
        if season == "summer":
            if move.draw is not None:
                return "the summer exchange gives two jokers, not a card"
        elif move.draw is None:
            return f"the {season} exchange draws a card: name its back (draw: TYPE)"
        elif pile == "stack" and move.pile != "stack":
            return f"the {season} exchange draws from the stack"
        if move.tokens and tokens_total(state, seat) < move.tokens:
            return (f"{rules.players[seat]} has {tokens_total(state, seat)} biomass, remains and joker tokens; "
                    f"the exchange needs {move.tokens}")
    problem = _in_hand(state, seat, move.cards)
    if problem:
        return problem
    if move.draw is not None:
        pile_cards = state.discard if move.pile == "discard" else state.pile
        backs = rules.cards.backs
        if not any(backs[c] == move.draw for c in pile_cards):
            return f"no card with the back {BACKS[move.draw]} in the {'discarded cards' if move.pile == 'discard' else 'stack'}"
    return None


def _waiting(state: State) -> str:
    """``; still to move: A, C`` -- the players the step waits for."""
    return f"; still to move: {', '.join(to_move(state))}" if to_move(state) else ""


# kept whole: one check after another for each step of habitation, in the rulebook's order; the first that fails is the reason
def why_illegal(state: State, seat: int, move: Any) -> str | None:
    rules = state.rules
    who = rules.players[seat]
    if state.ended:
        return "the game is over"
    if not state.active[seat]:
        why = "has no cards left" if not state.hands[seat] else "said 'I pass'"
        return f"{who} is out of the habitation phase until the season ends ({who} {why}){_waiting(state)}"
    if state.pending[seat] == SKIP:
        return (f"{who} hands over no cards until the season ends (the weather die showed 3/4)"
                f"{_waiting(state)}")
    if state.pending[seat] is not None:
        return (f"{who} has already moved in step {state.step}: every player moves once a step, all at the "
                f"same time, and the step resolves when the last has moved{_waiting(state)}")
    step = state.step
    if isinstance(move, (Keep, Exchange, Weather)):
        if step != EXCHANGE:
            return f"an exchange belongs to step 1, and this is step {step}"
        if isinstance(move, Keep):
            return None
        if isinstance(move, Exchange):
            return _exchange_problem(state, seat, move)
        if not rules.weather:
            return "the weather die belongs to the weather variant"
        if not state.weather:
            return "the weather cards are used up: the weather mechanic is over"
        if move.roll is not None and move.roll not in DIE_FACES:
            return f"the weather die shows {', '.join(DIE_FACES)}"
        if move.card is None:
            if biomass_total(state, seat) < 2:
                return (f"{who} has {biomass_total(state, seat)} biomass tokens (jokers included), and the weather "
                        "die costs 2 (remains do not pay it)")
            return None
        return _in_hand(state, seat, (move.card,))
    if isinstance(move, (Place, Trade, Impact, Pass)):
        if step != PLACE:
            return f"placing, trading and passing belong to step 2, and this is step {step}"
        if isinstance(move, Pass):
            return None
        problem = _in_hand(state, seat, (move.card,))
        if problem:
            return problem
        if isinstance(move, Trade):
            return None
        if isinstance(move, Impact):
            return None if is_human(state, move.card) else f"{card_name(state, move.card)} is no human-impact card"
        if is_human(state, move.card):
            return f"{card_name(state, move.card)} is a human-impact card: play it with impact:, not place:"
        place = rules.place_index(move.at)
        if place is None:
            return f"{who}'s ecosystem has no place {move.at} ({rules.boards} habitats of {FIELDS} fields)"
        problem = place_problem(state, seat, move.card, place)
        if problem is None and move.process is not None:
            problem = _process_problem(state, seat, move.card, place, move.process)
        if problem or move.then is None:
            return problem
        if "small-bird-follow" not in sp(state, move.card).abilities:
            return f"{sp(state, move.card).latin} has no small-bird-follow feature: it places one card"
        bird, at = move.then
        if (bird, at) not in follows(state, seat, move.card, place):
            trial = state.copy()
            trial.log = None
            do_place(trial, seat, move.card, place)
            q = rules.place_index(at)
            if _in_hand(trial, seat, (bird,)) or is_human(trial, bird):
                return f"then: {card_name(state, bird)} is not in {who}'s hand"
            if sp(trial, bird).type != SMALL_BIRDS:
                return f"then: {sp(trial, bird).latin} is not a small bird"
            if q is None:
                return f"then: no place {at}"
            return "then: " + (place_problem(trial, seat, bird, q) or "not allowed")
        return None
    if isinstance(move, Transfer):
        if step != TRANSFER:
            return f"handing cards over belongs to step 3, and this is step {step}"
        k = min(2, len(state.hands[seat]))
        if len(move.cards) != k:
            return f"{who} hands over {k} card{'s' if k != 1 else ''}, not {len(move.cards)}"
        return _in_hand(state, seat, move.cards)
    return f"not an EcoLogic: Europe move: {move!r}"
