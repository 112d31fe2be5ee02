"""A new game from a :class:`~kcal.core.game.Setup` and a seed.

Options (``Setup.options``):

``expansions``  expansions to add (``mountains``, ``coastal``, ``human-habitat``); with more than 4
                players the missing ones are added in that order, one per extra player, and the
                human-impact variant adds ``human-habitat``
``start``       a position (the mapping of a record's ``start:``) to begin from instead of a deal
``cards``       the card set (a :class:`CardSet`; default the built-in species and components, read by the
                :class:`Reader` the caller passes): a
                what-if patch's cards (the ``patch`` hook)
``hand_size``   cards dealt, and refilled to after every season (default 8, the rulebook's; express
                mode deals its own 15); a balance parameter
``feeding``     a record's ``feeding:``: the players' feeding orders and earthworm choices at the
                beginnings of the seasons (ruling "feeding-order")
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.core.suggest import did_you_mean
from kcal.games.ecologic_europe import PACK
from kcal.games.ecologic_europe.rules.beginning import parse_feeding
from kcal.games.ecologic_europe.rules.cards import CardSet
from kcal.games.ecologic_europe.rules.domain import (
    BASE_MAX_PLAYERS,
    BOARDS_PER_PLAYER,
    EXPANSION_ORDER,
    EXPRESS_APPLES,
    EXPRESS_BOARDS,
    EXPRESS_FACE_UP,
    EXPRESS_HAND,
    HABITAT_INDEX,
    HAND_SIZE,
    DomainError,
    Expansion,
    parse_expansion,
)
from kcal.games.ecologic_europe.rules.seasons import begin_habitation
from kcal.games.ecologic_europe.rules.state import Rules, State

OPTIONS = ("expansions", "start", "cards", "hand_size", "feeding")


class Reader(NamedTuple):
    """What a new game reads through ``files/`` (``rules/`` reads no file; :mod:`kcal.games.ecologic_europe.game`
    passes ``files/``'s): the built-in card set, a record's ``start:`` position set up on a fresh state (its
    cards left go to the given deck), and the step of habitation that position stands at."""

    builtin: Callable[[], CardSet]
    apply_start: Callable[[State, Mapping[str, Any], list[int]], None]
    stand_start: Callable[[State, Mapping[str, Any]], None]
HAND_SIZE_RANGE = (1, 30)


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


def _balance_options(setup: Setup, builtin: Callable[[], CardSet]) -> tuple[CardSet, int]:
    """The ``cards`` and ``hand_size`` options (a what-if patch's), checked; the defaults otherwise."""
    cards = setup.options.get("cards") or builtin()
    if not isinstance(cards, CardSet):
        raise KcalError(f"option cards: a card set, got {cards!r}", code="setup")
    hand_size = setup.options.get("hand_size", HAND_SIZE)
    low, high = HAND_SIZE_RANGE
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not low <= hand_size <= high:
        raise KcalError(f"option hand_size: a whole number from {low} to {high}, got {hand_size!r}", code="setup")
    return cards, hand_size


def new_state(setup: Setup, seed: int, reader: Reader) -> State:
    players = tuple(setup.players)
    _check_setup(setup, players)
    cards, hand_size = _balance_options(setup, reader.builtin)
    expansions = _expansions(setup)
    express = setup.variant == "express"
    boards = EXPRESS_BOARDS if express else BOARDS_PER_PLAYER
    start = setup.options.get("start")
    feeding = setup.options.get("feeding") or None
    rules = Rules(players, seed, cards, setup.variant, expansions, boards, start, hand_size=hand_size,
                  feeding_record=feeding)
    state = State(rules, Rng(seed))
    if feeding is not None:
        rules.feeding.update(parse_feeding(state, feeding))
    _empty_tables(state, len(players), express)
    deck = list(cards.in_expansions(expansions))
    if setup.variant == "human-impact":
        deck += [rules.species_count + i for i in range(len(cards.human))]
    if setup.variant == "weather":
        state.weather = list(range(len(cards.weather)))
        state.rng.shuffle(state.weather)
    if start is not None:
        reader.apply_start(state, start, deck)
    else:
        _deal(state, deck, expansions, boards, EXPRESS_HAND if express else hand_size, express)
    begin_habitation(state)
    if start is not None:  # the step of habitation the position stands at, if it gives one
        reader.stand_start(state, start)
    return state


def _check_setup(setup: Setup, players: tuple[str, ...]) -> None:
    """The variant, the number of players and the option names, before anything is dealt."""
    info = PACK.info
    if setup.variant is not None:
        info.variant(setup.variant)
    info.check_players(len(players), setup.variant)
    for key in setup.options:
        if key not in OPTIONS:
            raise KcalError(f"unknown option {key!r}{did_you_mean(str(key), OPTIONS)}; options: "
                            f"{', '.join(OPTIONS)}", code="setup")


def _empty_tables(state: State, n: int, express: bool) -> None:
    """Every player's fields, remains, jokers and hand, empty before the deal."""
    places = state.rules.places
    state.stacks = [[() for _ in range(places)] for _ in range(n)]
    state.bio = [[0] * places for _ in range(n)]
    state.rem = [[0] * places for _ in range(n)]
    state.jokers = [EXPRESS_APPLES if express else 0] * n
    state.hands = [[] for _ in range(n)]
    state.seen = [0] * n
    state.pending = [None] * n


def _deal(state: State, deck: list[int], expansions: frozenset[str], boards: int, hand: int, express: bool) -> None:
    """The seeded deal of a new game: the pile shuffled, each player's boards drawn and turned (ruling
    "board-sides"), the hands dealt, and in express the face-up cards; the generator is drawn in this order."""
    cards = state.rules.cards
    n = len(state.hands)
    state.rng.shuffle(deck)
    state.pile = deck
    board_list = [b for b in cards.components.boards if b.expansion.value in expansions]
    state.rng.shuffle(board_list)
    state.habitat = []
    for s in range(n):
        mine = board_list[s * boards:(s + 1) * boards]
        state.habitat.append(board_sides([tuple(HABITAT_INDEX[side.habitat.value] for side in b.sides)
                                          for b in mine], state.rng))
    for s in range(n):
        for _ in range(hand):
            if state.pile:
                take_card(state, s, state.pile.pop())
    if express:
        state.face_up = [state.pile.pop() for _ in range(min(EXPRESS_FACE_UP, len(state.pile)))]


def board_sides(boards: list[tuple[int, ...]], rng: Rng) -> tuple[int, ...]:
    """The habitat each dealt board shows, top to bottom (``boards``: each board's two sides): "the
    ecosystem will consist of 4 different habitats", so the sides that give the most different
    habitats (all different whenever the boards allow), and among those one drawn from the seed (ruling
    "board-sides")."""
    best: list[tuple[int, ...]] = []
    most = 0
    for sides in itertools.product(*boards):
        k = len(set(sides))
        if k > most:
            best, most = [], k
        if k == most:
            best.append(sides)
    return best[rng.below(len(best))]


def take_card(state: State, seat: int, card: int) -> None:
    """``card`` into the hand of ``seat``, seen by its player."""
    state.hands[seat].append(card)
    state.seen[seat] |= 1 << card
