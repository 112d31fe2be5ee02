"""What a player sees (``view``) and a redeal of what they cannot see (``determinize``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from kcal.core.rng import Rng
from kcal.games.ecologic_europe.rules.domain import BOARD_HABITATS, SEASONS
from kcal.games.ecologic_europe.rules.legality import card_name
from kcal.games.ecologic_europe.rules.moves import BACKS, Move, cards_named
from kcal.games.ecologic_europe.rules.scoring import score_parts
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import SKIP, back

STEPS = {0: "over", 1: "exchange", 2: "place", 3: "transfer"}


def ecosystem_json(state: State, seat: int) -> dict[str, Any]:
    rules = state.rules
    places = {}
    for q in range(rules.places):
        stack = state.stacks[seat][q]
        if stack:
            places[str(rules.spot(q))] = {"cards": [card_name(state, c) for c in stack],
                                          "biomass": state.bio[seat][q], "remains": state.rem[seat][q]}
    return {"habitats": [BOARD_HABITATS[h].value for h in state.habitat[seat]], "places": places,
            "jokers": state.jokers[seat]}


def _backs(state: State, cards: list[int]) -> dict[str, int]:
    counts = Counter(BACKS[back(state, c)] for c in cards)
    return dict(sorted(counts.items()))


def public_json(state: State) -> dict[str, Any]:
    rules = state.rules
    out: dict[str, Any] = {
        "season": "express" if rules.express else SEASONS[state.season].value,
        "step": STEPS[state.step],
        "ecosystems": {p: ecosystem_json(state, s) for s, p in enumerate(rules.players)},
        "hand_sizes": {p: len(state.hands[s]) for s, p in enumerate(rules.players)},
        "active": [p for s, p in enumerate(rules.players) if state.active[s]],
        "skipping_transfers": [p for s, p in enumerate(rules.players) if state.skip[s]],
        "stack": _backs(state, state.pile),
        "discarded": _backs(state, state.discard),
        "scores": {p: dict(zip(("diversity", "card_points", "unfilled_fields"), score_parts(state, s),
                               strict=True)) for s, p in enumerate(rules.players)},
    }
    if rules.express:
        out["face_up"] = [card_name(state, c) for c in state.face_up]
    if rules.weather:
        out["weather_cards_left"] = len(state.weather)
        out["weather_revealed"] = [rules.cards.weather[w].id for w in state.weather_used]
    if state.played:
        out["human_impact_played"] = [card_name(state, c) for c in state.played]
    return out


def view(state: State, player: str, encode_move: Callable[[Move], dict[str, Any]]) -> dict[str, Any]:
    """What ``player`` sees; ``my_move`` (a move chosen and not yet revealed) as a record entry, written by
    ``encode_move`` (the record codec's: ``files/`` sits above ``rules/``)."""
    seat = state.rules.seat_of[player]
    out = public_json(state)
    out["player"] = player
    out["hand"] = sorted(card_name(state, c) for c in state.hands[seat])
    mine = state.pending[seat]
    out["my_move"] = None if mine is None or mine == SKIP else encode_move(mine)
    out["waiting_for"] = [p for s, p in enumerate(state.rules.players)
                          if state.active[s] and state.pending[s] is None]
    return out


def determinize(state: State, player: str, seed: int) -> State:
    """The cards the player has never held that sit in other hands, the stack or the discarded cards
    are redealt among those places, each keeping its back (backs are public); cards named in other
    players' hidden step moves stay. The weather stack is reshuffled; the future comes from ``seed``.
    Canonical: the unseen cards are put in one order before each shuffle, so states that look the same
    to ``player`` give the same copy for the same seed (the conformance suite's hidden-information check)."""
    seat = state.rules.seat_of[player]
    out = state.copy()
    out.log = None
    out.rng = Rng(seed)
    rng = Rng(seed ^ 0x5EED)
    seen = state.seen[seat]
    fixed: set[int] = set()
    for s, m in enumerate(state.pending):
        if s != seat and m is not None and m != SKIP:
            fixed |= cards_named(m)  # the small bird a placement brings along too (``then``)
    zones: list[list[int]] = [out.hands[s] for s in range(state.rules.n) if s != seat] + [out.pile, out.discard]
    slots: dict[int, list[tuple[int, int]]] = {}
    for z, zone in enumerate(zones):
        for i, c in enumerate(zone):
            if not (seen >> c & 1) and c not in fixed:
                slots.setdefault(back(state, c), []).append((z, i))
    for spots in slots.values():
        cards = sorted(zones[z][i] for z, i in spots)  # one order whatever the hidden arrangement
        rng.shuffle(cards)
        for (z, i), c in zip(spots, cards, strict=True):
            zones[z][i] = c
    out.weather.sort()
    rng.shuffle(out.weather)
    return out
