"""The course of a season: the simultaneous steps of habitation and how each resolves, the end of a
season and the beginning of the next (feeding and dying: :mod:`.beginning`).

Habitation is played in simultaneous steps: every active player submits a move (kept in
``state.pending``, hidden from the others) and the step resolves when the last one has moved
(docs/rulings.md "simultaneous-steps"). Step 1 resolves in seat order; step 2 resolves placements in
the alphabetical order of the placed species' Latin names (a raid before feeding acts within its card's
placement; with one in the step every placement is checked again as it resolves), then trades and
passes, then human-impact cards in seat order, then the features that reach other players' ecosystems
after feeding (invertebrate raids, discard draws) in Latin order; step 3 hands the prepared cards over
at once.
"""

from __future__ import annotations

from typing import Any

from kcal.games.ecologic_europe.rules.beginning import beginning_of_season
from kcal.games.ecologic_europe.rules.domain import (
    SEASONS,
)
from kcal.games.ecologic_europe.rules.effects import apply_effect
from kcal.games.ecologic_europe.rules.exchange import (
    biomass_total,
    draw_back,
    pay_biomass,
    pay_tokens,
    take,
    tokens_total,
)
from kcal.games.ecologic_europe.rules.moves import (
    Exchange,
    Impact,
    Keep,
    Pass,
    Place,
    Trade,
    Transfer,
    Weather,
)
from kcal.games.ecologic_europe.rules.placing import do_place, place_problem
from kcal.games.ecologic_europe.rules.raids import deferred, neighbours
from kcal.games.ecologic_europe.rules.state import EXCHANGE, OVER, PLACE, TRANSFER, State
from kcal.games.ecologic_europe.rules.tables import SKIP, place_numbers, tables

# -- applying ---------------------------------------------------------------------------------------

def apply(state: State, seat: int, move: Any) -> None:
    """Submit a checked move; the step resolves when the last acting player has moved."""
    state.version += 1
    state.trust = None
    if state.log is not None:
        state.log.append(("move", seat, move))
    pending = state.pending
    pending[seat] = move
    active = state.active
    for s, m in enumerate(pending):
        if m is None and active[s]:
            return
    step = state.step
    if step == EXCHANGE:
        resolve_exchanges(state)
    elif step == PLACE:
        resolve_placing(state)
    else:
        resolve_transfers(state)


def _clear(state: State) -> None:
    state.pending = [None] * state.rules.n


def resolve_exchanges(state: State) -> None:
    for seat in range(len(state.pending)):
        move = state.pending[seat]
        if type(move) is Keep or not state.active[seat]:
            continue
        if isinstance(move, Exchange):
            do_exchange(state, seat, move)
        elif isinstance(move, Weather):
            do_weather(state, seat, move)
    _clear(state)
    state.step = PLACE


def _draw(state: State, back_type: int | None, pile: str) -> int | None:
    """The topmost card of ``pile`` with that back; if none (or no back named), the stack's top card."""
    cards = state.discard if pile == "discard" else state.pile
    got = draw_back(state, back_type, cards) if back_type is not None else None
    if got is None and state.pile:  # that back ran out earlier in this step: the stack's top card
        got = state.pile.pop()
    return got


def do_exchange(state: State, seat: int, move: Exchange) -> None:
    """A step-1 exchange as it resolves (seat order): one whose face-up card, draw or cost is no longer
    there (taken by an exchange or a weather roll resolved before it) does not happen (ruling
    "exchange-resolves")."""
    rules = state.rules
    if move.face is not None:
        if move.face not in state.face_up:
            return  # taken earlier in this step by another player: the exchange does not happen
    elif move.draw is not None and not state.pile and not (move.pile == "discard" and state.discard):
        return
    if move.tokens and (state.jokers[seat] if rules.express else tokens_total(state, seat)) < move.tokens:
        return  # a weather roll resolved before it took the tokens
    got = None
    if move.pile == "discard" and move.draw is not None:
        # drawn from the cards discarded before: never one this exchange discards (ruling "winter-draw")
        got = draw_back(state, move.draw, state.discard)
    for c in move.cards:
        state.hands[seat].remove(c)
        state.discard.append(c)
    if move.tokens:
        if rules.express:
            state.jokers[seat] -= move.tokens
        else:
            pay_tokens(state, seat, move.tokens)
    if got is not None:
        take(state, seat, got)
    elif move.face is not None:
        i = state.face_up.index(move.face)
        take(state, seat, move.face)
        if state.pile:
            state.face_up[i] = state.pile.pop()
        else:
            state.face_up.pop(i)
    elif move.draw is not None:
        # (from the discarded cards: that back ran out earlier in this step, so the stack's top card)
        got = _draw(state, None if move.pile == "discard" else move.draw, move.pile)
        if got is not None:
            take(state, seat, got)
    else:
        state.jokers[seat] += 2  # summer


def do_weather(state: State, seat: int, move: Weather) -> None:
    """The weather die as it resolves: paid with a card or 2 biomass tokens (ruling "weather-payment");
    a roll whose biomass tokens were taken by a roll resolved before it does not happen (ruling
    "exchange-resolves")."""
    if not state.weather:
        return
    if move.card is not None:
        state.hands[seat].remove(move.card)
        state.discard.append(move.card)
    elif biomass_total(state, seat) < 2:
        return
    else:
        pay_biomass(state, seat, 2)
    faces = state.rules.cards.components.weather_die
    face = move.roll if move.roll is not None else faces[state.rng.below(len(faces))]
    if state.log is not None:
        state.log.append(("roll", seat, face))
    if face == "cloud":
        w = state.weather.pop()
        state.weather_used.append(w)
        card = state.rules.cards.weather[w]
        for s in range(state.rules.n):
            for e in card.effects:
                apply_effect(state, s, e)
        if state.log is not None:
            state.log.append(("weather", seat, w))
    elif face == "biomass":
        for other in neighbours(state, seat):
            k = 2
            order = sorted(range(state.rules.places), key=lambda q: (-state.bio[other][q], q))
            for q in order:
                j = min(k, state.bio[other][q])
                state.bio[other][q] -= j
                state.jokers[seat] += j
                k -= j
    elif face == "cards":
        if state.pile:
            take(state, seat, state.pile.pop())
        elif state.discard:
            take(state, seat, state.discard.pop())
    else:
        state.skip[seat] = True


def resolve_placing(state: State) -> None:
    rules = state.rules
    latin = tables(state).latin
    pending, active = state.pending, state.active
    placed = []
    others = False
    for seat, m in enumerate(pending):
        if active[seat]:
            if type(m) is Place:
                placed.append((latin[m.card], seat, m))
            else:
                others = True
    placed.sort()
    later = _place_all(state, placed)
    for seat, m in enumerate(state.pending) if others else ():
        if not state.active[seat]:
            continue
        if isinstance(m, Trade):
            state.hands[seat].remove(m.card)
            state.discard.append(m.card)
            state.jokers[seat] += 1
        elif isinstance(m, Pass):
            if m.discard:
                state.jokers[seat] += len(state.hands[seat])
                state.discard += state.hands[seat]
                state.hands[seat] = []
            state.active[seat] = False
    for seat, m in enumerate(state.pending) if others else ():
        if state.active[seat] and isinstance(m, Impact):
            state.hands[seat].remove(m.card)
            state.played.append(m.card)
            card = rules.cards.human[m.card - rules.species_count]
            for e in card.you:
                apply_effect(state, seat, e)
            for s in range(rules.n):
                for e in card.all:
                    apply_effect(state, s, e)
    if later:
        later.sort()
        for _, seat, place, feature in later:
            deferred(state, seat, place, feature)
    hands = state.hands
    for seat in range(len(hands)):
        if not hands[seat]:
            active[seat] = False  # out of cards: out until the season ends
    _clear(state)
    after_step(state)


def _place_all(state: State, placed: list[tuple[str, int, Place]]) -> list[tuple[str, int, int, str]]:
    """The step's placements in Latin order; returns the features left for after the step. A raid
    before feeding takes from a neighbour's cards, which that neighbour's own placement of this step
    may have counted on (or taken first): with a raider in the step every placement is checked again
    as it resolves, and one that can no longer be fed does not happen (ruling "raids")."""
    later: list[tuple[str, int, int, str]] = []
    index = place_numbers(state)
    raid = tables(state).raid
    recheck = any(raid[m.card] for _, _, m in placed)
    for _, seat, m in placed:
        steps = [(m.card, index[m.at], m.process)]
        if m.then is not None:
            steps.append((m.then[0], index[m.then[1]], None))
        for card, place, process in steps:
            if recheck and place_problem(state, seat, card, place, False) is not None:
                if state.log is not None:
                    state.log.append(("unplaced", seat, card))
                break  # the card stays in the hand (and a small bird to follow it too)
            later += do_place(state, seat, card, place, process)
    return later


def after_step(state: State) -> None:
    """Step 2 or 3 done: the next step 1, step 3, or the end of the habitation phase."""
    rules = state.rules
    active = [s for s, a in enumerate(state.active) if a]
    if not active:
        end_habitation(state)
        return
    if state.step == PLACE and not rules.express:
        giving = [s for s in active if not state.skip[s]]
        if len(giving) >= 2:
            state.step = TRANSFER
            for s in active:
                if s not in giving:
                    state.pending[s] = SKIP
            return
    state.step = EXCHANGE


def resolve_transfers(state: State) -> None:
    n = state.rules.n
    active, pending = state.active, state.pending
    giving = [s for s in range(n) if active[s] and type(pending[s]) is Transfer]
    step = 1 if state.season in (0, 2) else -1  # clockwise in spring and autumn (ruling "directions")
    handed: list[tuple[int, tuple[int, ...]]] = []
    hands, seen = state.hands, state.seen
    for s in giving:
        to = (s + step) % n
        while to not in giving:
            to = (to + step) % n
        cards = state.pending[s].cards
        hand = hands[s]
        for c in cards:
            hand.remove(c)
        handed.append((to, cards))
    for to, cards in handed:
        hand = hands[to]
        for c in cards:  # take()
            hand.append(c)
            seen[to] |= 1 << c
    _clear(state)
    state.step = EXCHANGE


# -- seasons ------------------------------------------------------------------------------------------

def begin_habitation(state: State) -> None:
    n = state.rules.n
    state.active = [bool(state.hands[s]) for s in range(n)]
    state.skip = [False] * n
    _clear(state)
    state.step = EXCHANGE
    if not any(state.active):
        end_habitation(state)


def end_habitation(state: State) -> None:
    if state.rules.express or state.season == len(SEASONS) - 1:
        state.ended = True
        state.step = OVER
        state.active = [False] * state.rules.n
        _clear(state)
        return
    end_of_season(state)
    state.season += 1
    beginning_of_season(state)
    begin_habitation(state)


def end_of_season(state: State) -> None:
    """An odd count turns one token into remains, then half the biomass is discarded (ruling
    "end-of-season")."""
    for seat in range(len(state.bio)):
        bio, rem = state.bio[seat], state.rem[seat]
        for q, b in enumerate(bio):
            if b:
                if b % 2:
                    rem[q] += 1
                    b -= 1
                bio[q] = b // 2
    if state.log is not None:
        state.log.append(("season-end", state.season))
