"""A new game from a :class:`~kcal.core.game.Setup` and a seed.

Options (``Setup.options``):

``catalog``       the card set: a :class:`CardSet`, a path, or ``"builtin"`` (default); a path or
                  ``"builtin"`` is read by the loader the caller passes (``rules/`` reads no file:
                  :mod:`kcal.games.kalua.game` passes :func:`~kcal.games.kalua.files.load.load_catalog`)
``turn_limit``    kcal's house rule: the game stops unfinished after this many turns (default 300;
                  ruling "turn-limit")
``start_player``  the god who starts (default: drawn from the seed -- the rulebook's random choice)
``start``         a :class:`Position` (or its mapping) to begin from instead of the initial deal
``start_pp``      praying points each god begins with (default 5, the rulebook's; a balance parameter)
``start_families`` families each god begins with (default 10, the rulebook's; a balance parameter)

The seed draws, in this order, the start player (unless given), then the shuffle of the bonus deck and
of the disaster deck (local and global disasters together). Every later chance event (a reshuffle of a
discard pile) comes from the same generator, kept in the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kcal.core.errors import KcalError, raise_all
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.core.suggest import did_you_mean
from kcal.games.kalua import PACK
from kcal.games.kalua.rules.cards import CardSet
from kcal.games.kalua.rules.domain import DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, START_FAMILIES, START_PP
from kcal.games.kalua.rules.position import Position, apply_position, position_problems
from kcal.games.kalua.rules.state import Rules, State

OPTIONS = ("catalog", "turn_limit", "start_player", "start", "start_pp", "start_families")
#: the ranges of the numeric start options (kcal balance params checks patches against the same)
START_PP_RANGE = (0, 50)
START_FAMILIES_RANGE = (1, 60)

Problem = tuple[str, tuple[str | int, ...]]


def _fail(problems: Sequence[Problem], what: str) -> None:
    raise_all([KcalError(f"{what}{'.' if loc else ''}{'.'.join(map(str, loc))}: {msg}", code="setup")
               for msg, loc in problems])


#: reads a card set: the built-in one for None, else the file at the path (or ``"builtin"``)
LoadCards = Callable[[str | None], CardSet]


def _cards(option: object, load: LoadCards) -> CardSet:
    if isinstance(option, CardSet):
        return option
    if option is None or isinstance(option, str):
        return load(option)
    raise KcalError(f"option catalog: a card set or a path, got {option!r}", code="setup")


def turn_limit_option(value: object) -> int:
    if value is None:
        return DEFAULT_TURN_LIMIT
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TURN_LIMIT:
        raise KcalError(f"option turn_limit: a whole number of turns from 1 to {MAX_TURN_LIMIT:,}, got "
                        f"{value!r}", code="setup")
    return value


def _count_option(options: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = options.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise KcalError(f"option {key}: a whole number from {low} to {high}, got {value!r}", code="setup")
    return value


def make_rules(setup: Setup, seed: int, load: LoadCards) -> tuple[Rules, Rng]:
    players = tuple(setup.players)
    info = PACK.info
    if setup.variant is not None:
        info.variant(setup.variant)
    info.check_players(len(players), setup.variant)
    options: Mapping[str, Any] = setup.options
    for key in options:
        if key not in OPTIONS:
            raise KcalError(f"unknown option {key!r}{did_you_mean(str(key), OPTIONS)}; options: "
                            f"{', '.join(OPTIONS)}", code="setup")
    cards = _cards(options.get("catalog"), load)
    if len(cards.deck_ids[0]) + len(cards.deck_ids[1]) < 5 * len(players):
        raise KcalError(f"the set {cards.code} has {len(cards)} cards: too few to deal 5 to each of "
                        f"{len(players)} gods", code="setup")
    limit = turn_limit_option(options.get("turn_limit"))
    seat_of = {p: s for s, p in enumerate(players)}
    rng = Rng(seed)
    chosen = options.get("start_player")
    if chosen is not None and chosen not in seat_of:
        raise KcalError(f"option start_player: {chosen!r} is not one of the players ({', '.join(players)})"
                        f"{did_you_mean(str(chosen), players)}", code="setup")
    position = options.get("start")
    if position is not None and not isinstance(position, Position):
        raise KcalError(f"option start: a Position, got {position!r}", code="setup")
    if position is not None:
        _fail(position_problems(position, players, cards, limit), "option start")
        first = seat_of[position.active] if position.active is not None else 0
    elif chosen is not None:
        first = seat_of[chosen]
    else:
        first = rng.below(len(players))  # "Choose a starting player randomly"
    return Rules(players, seat_of, setup.variant, cards, seed, limit, first, chosen is not None, position), rng


def new_state(setup: Setup, seed: int, load: LoadCards) -> State:
    """A game at its first decision: the start player's first draw (or the ``start`` position)."""
    from kcal.games.kalua.rules.flow import begin_deal

    rules, rng = make_rules(setup, seed, load)
    n = rules.n
    start_pp = _count_option(setup.options, "start_pp", START_PP, *START_PP_RANGE)
    start_families = _count_option(setup.options, "start_families", START_FAMILIES, *START_FAMILIES_RANGE)
    cards = rules.cards
    state = State.__new__(State)
    state.rules = rules
    state.rng = rng
    state.turn = 0
    state.active = state.cursor = rules.first
    state.offset = 0
    state.draws_left = 0
    state.families = [start_families] * n
    state.leader = [True] * n
    state.pp = [start_pp] * n
    state.happy = [cards.happiness_start] * n
    state.out = [False] * n
    state.hands = [[] for _ in range(n)]
    state.kept = [[] for _ in range(n)]
    state.island = cards.atheists_per_player * n
    state.discards = [[], []]
    state.table = []
    state.resolving = 0
    state.pending = []
    state.end_reason = None
    state.winners = ()
    state.log = (("begin", rules.first), None)
    if rules.start is not None:
        apply_position(state, rules.start)
        return state
    piles = [list(cards.deck_ids[0]), list(cards.deck_ids[1])]
    rng.shuffle(piles[0])
    rng.shuffle(piles[1])
    state.piles = piles
    begin_deal(state)
    return state
