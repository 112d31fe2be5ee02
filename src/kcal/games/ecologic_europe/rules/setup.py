"""A new game from a :class:`~kcal.core.game.Setup` and a seed.

Options (``Setup.options``):

``expansions``  expansions to add (``mountains``, ``coastal``, ``human-habitat``); with more than 4
                players the missing ones are added in that order, one per extra player, and the
                human-impact variant adds ``human-habitat``
``start``       a position (the mapping of a record's ``start:``) to begin from instead of a deal
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kcal.core.errors import KcalError, raise_all
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.core.suggest import did_you_mean
from kcal.games.ecologic_europe import PACK
from kcal.games.ecologic_europe.files.load import builtin
from kcal.games.ecologic_europe.rules.domain import (
    BASE_MAX_PLAYERS,
    BOARDS_PER_PLAYER,
    EXPANSION_HABITAT,
    EXPANSION_ORDER,
    EXPRESS_APPLES,
    EXPRESS_BOARDS,
    EXPRESS_FACE_UP,
    EXPRESS_HAND,
    HABITAT_INDEX,
    HAND_SIZE,
    SEASONS,
    DomainError,
    Expansion,
    parse_board_habitat,
    parse_expansion,
    parse_place,
    parse_season,
)
from kcal.games.ecologic_europe.rules.seasons import begin_habitation
from kcal.games.ecologic_europe.rules.state import Rules, State

OPTIONS = ("expansions", "start")


def _expansions(setup: Setup) -> frozenset[str]:
    raw = setup.options.get("expansions") or ()
    if isinstance(raw, str):
        raw = [raw]
    try:
        chosen = {parse_expansion(e) for e in raw}
    except DomainError as exc:
        raise KcalError(f"option expansions: {exc.message}", code="setup") from None
    chosen.discard(Expansion.BASE)
    if setup.variant == "human-impact":
        chosen.add(Expansion.HUMAN)
    n = len(setup.players)
    for e in EXPANSION_ORDER:
        if n - BASE_MAX_PLAYERS > len(chosen):
            chosen.add(e)
    if n > BASE_MAX_PLAYERS + len(chosen):
        raise KcalError(f"{n} players need {n - BASE_MAX_PLAYERS} expansions (4 players with the base game, "
                        f"one more per expansion), and only {len(chosen)} are there", code="player-count")
    return frozenset({"base", *(e.value for e in chosen)})


def new_state(setup: Setup, seed: int) -> State:
    info = PACK.info
    players = tuple(setup.players)
    if setup.variant is not None:
        info.variant(setup.variant)
    info.check_players(len(players), setup.variant)
    if len(set(players)) != len(players):
        raise KcalError("players: every player has a name of their own", code="setup")
    for key in setup.options:
        if key not in OPTIONS:
            raise KcalError(f"unknown option {key!r}{did_you_mean(str(key), OPTIONS)}; options: "
                            f"{', '.join(OPTIONS)}", code="setup")
    cards = builtin()
    expansions = _expansions(setup)
    express = setup.variant == "express"
    boards = EXPRESS_BOARDS if express else BOARDS_PER_PLAYER
    start = setup.options.get("start")
    rules = Rules(players, seed, cards, setup.variant, expansions, boards, start)
    n = len(players)
    state = State(rules, Rng(seed))
    state.stacks = [[() for _ in range(rules.places)] for _ in range(n)]
    state.bio = [[0] * rules.places for _ in range(n)]
    state.rem = [[0] * rules.places for _ in range(n)]
    state.jokers = [EXPRESS_APPLES if express else 0] * n
    state.hands = [[] for _ in range(n)]
    state.seen = [0] * n
    state.pending = [None] * n
    deck = list(cards.in_expansions(expansions))
    if setup.variant == "human-impact":
        deck += [rules.species_count + i for i in range(len(cards.human))]
    if setup.variant == "weather":
        state.weather = list(range(len(cards.weather)))
        state.rng.shuffle(state.weather)
    if start is not None:
        apply_start(state, start, deck)
    else:
        state.rng.shuffle(deck)
        state.pile = deck
        board_list = [b for b in cards.components.boards if b.expansion.value in expansions]
        state.rng.shuffle(board_list)
        state.habitat = []
        for s in range(n):
            mine = board_list[s * boards:(s + 1) * boards]
            state.habitat.append(tuple(HABITAT_INDEX[b.sides[state.rng.below(2)].habitat.value] for b in mine))
        for s in range(n):
            for _ in range(EXPRESS_HAND if express else HAND_SIZE):
                if state.pile:
                    _take(state, s, state.pile.pop())
        if express:
            state.face_up = [state.pile.pop() for _ in range(min(EXPRESS_FACE_UP, len(state.pile)))]
    begin_habitation(state)
    return state


def _take(state: State, seat: int, card: int) -> None:
    state.hands[seat].append(card)
    state.seen[seat] |= 1 << card


# -- start positions --------------------------------------------------------------------------------

def _fail(msg: str, loc: tuple[str | int, ...]) -> KcalError:
    err = KcalError(f"start.{'.'.join(map(str, loc))}: {msg}" if loc else f"start: {msg}", code="position")
    err.loc = ("start", *loc)  # type: ignore[attr-defined]
    return err


def apply_start(state: State, start: Mapping[str, Any], deck: list[int]) -> None:
    """Set up the position of a record's ``start:`` (validated in shape by the record's model): the
    season, every player's habitats, placed cards with their tokens, hands and jokers; the cards left
    go to the stack (``stack:`` in order, top last; else shuffled from the seed)."""
    from kcal.games.ecologic_europe.rules.moves import parse_card

    rules = state.rules
    players = rules.players
    errors: list[KcalError] = []
    free = set(deck)

    def card(text: Any, loc: tuple[str | int, ...]) -> int | None:
        try:
            c = parse_card(text)
        except KcalError as exc:
            errors.append(_fail(exc.message, loc))
            return None
        if c not in free:
            errors.append(_fail(f"{text} is not in this game's cards, or is used twice", loc))
            return None
        free.discard(c)
        return c

    try:
        state.season = SEASONS.index(parse_season(start.get("season", "spring")))
    except DomainError as exc:
        raise _fail(exc.message, ("season",)) from None
    habitats = start.get("habitats") or {}
    state.habitat = []
    for p in players:
        words = habitats.get(p)
        if not isinstance(words, list) or len(words) != rules.boards:
            errors.append(_fail(f"give {p}'s {rules.boards} habitats, top to bottom", ("habitats", p)
                                if p in habitats else ("habitats",)))
            state.habitat.append((0,) * rules.boards)
            continue
        row = []
        for i, w in enumerate(words):
            try:
                h = parse_board_habitat(w)
            except DomainError as exc:
                errors.append(_fail(exc.message, ("habitats", p, i)))
                row.append(0)
                continue
            needs = {e.value: x.value for x, e in EXPANSION_HABITAT.items()}.get(h.value)
            if needs is not None and needs not in rules.expansions:
                errors.append(_fail(f"{h.value} boards come with the {needs} expansion, which this game does not "
                                    f"have (add it under expansions:)", ("habitats", p, i)))
            row.append(HABITAT_INDEX[h.value])
        state.habitat.append(tuple(row))
    for p in start.get("places") or {}:
        if p not in rules.seat_of:
            errors.append(_fail(f"no player {p!r}{did_you_mean(str(p), players)}", ("places", p)))
    for p in (start.get("hands") or {}):
        if p not in rules.seat_of:
            errors.append(_fail(f"no player {p!r}{did_you_mean(str(p), players)}", ("hands", p)))
    raise_all(errors)
    for s, p in enumerate(players):
        for spot_text, entry in ((start.get("places") or {}).get(p) or {}).items():
            loc: tuple[str | int, ...] = ("places", p, spot_text)
            try:
                q = rules.place_index(parse_place(spot_text))
            except DomainError as exc:
                errors.append(_fail(exc.message, loc))
                continue
            if q is None:
                errors.append(_fail(f"no place {spot_text} in an ecosystem of {rules.boards} habitats", loc))
                continue
            stack = [card(t, (*loc, "cards", i)) for i, t in enumerate(entry.get("cards") or [])]
            if any(c is None for c in stack):
                continue
            if not stack:
                errors.append(_fail("a place lists its cards, bottom first", loc))
                continue
            if any(c >= rules.species_count for c in stack):  # type: ignore[operator]
                errors.append(_fail("only species cards are placed", loc))
                continue
            state.stacks[s][q] = tuple(stack)  # type: ignore[arg-type]
            state.bio[s][q] = int(entry.get("biomass", 0))
            state.rem[s][q] = int(entry.get("remains", 0))
        for i, t in enumerate((start.get("hands") or {}).get(p) or []):
            c = card(t, ("hands", p, i))
            if c is not None:
                _take(state, s, c)
        state.jokers[s] = int((start.get("jokers") or {}).get(p, state.jokers[s]))
    for key in ("discard", "stack"):
        for i, t in enumerate(start.get(key) or []):
            c = card(t, (key, i))
            if c is not None:
                (state.discard if key == "discard" else state.pile).append(c)
    raise_all(errors)
    rest = sorted(free)
    state.rng.shuffle(rest)
    if start.get("stack") is None:  # with an explicit stack, the cards listed nowhere are set aside
        state.pile = rest + state.pile
    if state.rules.express:
        state.face_up = [state.pile.pop() for _ in range(min(EXPRESS_FACE_UP, len(state.pile)))]
