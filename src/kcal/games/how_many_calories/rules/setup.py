"""A new game from a :class:`~kcal.core.game.Setup` and a seed.

Options (``Setup.options``):

``limit``    the calorie limit in kcal (default 2,400 for 4 players, 2,700 for 3, 6,000 for the
             two-player house rule)
``rounds``   how many rounds (default 4)
``catalog``  the card set: a :class:`FoodSet`, a path, or ``"builtin"`` (default); a path or
             ``"builtin"`` is read by the loader the caller passes (``rules/`` reads no file:
             :mod:`kcal.games.how_many_calories.game` passes :func:`~kcal.games.how_many_calories.files.load.load_catalog`)
``hands``    explicit deals, one per round: ``{player: [cards]}`` (8 each) or None (drawn from the seed)
``starts``   explicit start players, one per round (None: the rule; a tie for the highest total
             names one of the tied -- the table's rock-paper-scissors)
``start``    a :class:`Position` (or its mapping) to begin from instead of a fresh deal
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kcal.core.errors import KcalError, raise_all
from kcal.core.game import Setup
from kcal.core.suggest import did_you_mean
from kcal.games.how_many_calories import PACK
from kcal.games.how_many_calories.rules.cards import FoodSet
from kcal.games.how_many_calories.rules.domain import (
    DEFAULT_ROUNDS,
    HAND_SIZE,
    Card,
    default_limit,
    parse_card,
)
from kcal.games.how_many_calories.rules.position import (
    Position,
    apply_position,
    card_problems,
    player_problems,
    position_problems,
)
from kcal.games.how_many_calories.rules.scoring import start_problem
from kcal.games.how_many_calories.rules.state import Rules, State

OPTIONS = ("limit", "rounds", "catalog", "hands", "starts", "start")
TWO_PLAYER = "two-player"
MAX_ROUNDS = 50

Problem = tuple[str, tuple[str | int, ...]]


def _fail(problems: Sequence[Problem], what: str) -> None:
    raise_all([KcalError(f"{what}{'.' if loc else ''}{'.'.join(map(str, loc))}: {msg}", code="setup")
               for msg, loc in problems])


def hand_problems(hands: Mapping[str, Sequence[Card]], players: Sequence[str], foods: FoodSet,
                  hand_size: int = HAND_SIZE) -> list[Problem]:
    """A deal: every player holds ``hand_size`` cards of the set, no card twice."""
    out = player_problems(list(hands), players, ())
    seen: dict[Card, str] = {}
    for p in players:
        if p not in hands:
            out.append((f"no hand for {p}: a deal gives every player {hand_size} cards", ()))
            continue
        if len(hands[p]) != hand_size:
            out.append((f"{p} is dealt {len(hands[p])} cards; every player is dealt {hand_size}", (p,)))
        out += card_problems(hands[p], foods, f"in {p}'s hand", (p,), seen)
    return out


#: reads a card set: the built-in one for None, else the file at the path (or ``"builtin"``)
LoadFoods = Callable[[str | None], FoodSet]


def _foods(option: object, load: LoadFoods) -> FoodSet:
    if isinstance(option, FoodSet):
        return option
    if option is None or isinstance(option, str):
        return load(option)
    raise KcalError(f"option catalog: a card set or a path, got {option!r}", code="setup")


def _int_option(options: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = options.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise KcalError(f"option {key}: a whole number from {low:,} to {high:,}, got {value!r}", code="setup")
    return value


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, (list, tuple)):
        raise KcalError(f"{what}: a list of cards, got {value!r}", code="setup")
    return tuple(parse_card(c) for c in value)


def make_rules(setup: Setup, seed: int, load: LoadFoods) -> Rules:
    players = tuple(setup.players)
    info = PACK.info
    if setup.variant is not None:
        info.variant(setup.variant)
        if setup.variant == TWO_PLAYER and len(players) != 2:
            raise KcalError(f"the {TWO_PLAYER} variant is for 2 players, not {len(players)}", code="setup")
    info.check_players(len(players), setup.variant)
    options = setup.options
    for key in options:
        if key not in OPTIONS:
            raise KcalError(f"unknown option {key!r}{did_you_mean(str(key), OPTIONS)}; options: "
                            f"{', '.join(OPTIONS)}", code="setup")
    foods = _foods(options.get("catalog"), load)
    n = len(players)
    if len(foods) < n * HAND_SIZE:
        raise KcalError(f"the set {foods.code} has {len(foods)} cards: too few to deal {HAND_SIZE} to "
                        f"each of {n} players", code="setup")
    limit = _int_option(options, "limit", default_limit(n), 100, 1_000_000)
    rounds = _int_option(options, "rounds", DEFAULT_ROUNDS, 1, MAX_ROUNDS)
    seat_of = {p: s for s, p in enumerate(players)}
    deals: list[tuple[tuple[int, ...], ...] | None] = []
    for r, deal in enumerate(options.get("hands") or ()):
        if deal is None:
            deals.append(None)
            continue
        if not isinstance(deal, Mapping):
            raise KcalError(f"option hands[{r}]: a mapping of player to cards, got {deal!r}", code="setup")
        hands = {str(p): _cards(cs, f"option hands[{r}].{p}") for p, cs in deal.items()}
        _fail(hand_problems(hands, players, foods), f"option hands[{r}]")
        deals.append(tuple(tuple(c.number for c in hands[p]) for p in players))
    starts: list[int | None] = []
    for r, name in enumerate(options.get("starts") or ()):
        if name is not None:
            problem = start_problem(r, str(name), None, players)
            if problem:
                raise KcalError(f"option starts[{r}]: {problem}", code="setup")
        starts.append(None if name is None else seat_of[str(name)])
    position = options.get("start")
    if position is not None and not isinstance(position, Position):
        raise KcalError(f"option start: a Position, got {position!r}", code="setup")
    if position is not None:
        _fail(position_problems(position, players, foods, limit, rounds, HAND_SIZE), "option start")
        limit = position.limit if position.limit is not None else limit
    return Rules(players, seat_of, setup.variant, limit, rounds, foods, seed, tuple(deals), tuple(starts),
                 position)


def new_state(setup: Setup, seed: int, load: LoadFoods) -> State:
    """A game at its first decision: the pass of round 1 (or the ``start`` position); ``load`` reads the
    ``catalog`` option's card set."""
    from kcal.games.how_many_calories.rules.flow import deal

    rules = make_rules(setup, seed, load)
    state = State.__new__(State)
    state.rules = rules
    state.seed_generators(seed)
    state.round = 0
    state.totals = [0] * rules.n
    state.log = (("begin",), None)
    if rules.start is not None:
        apply_position(state, rules.start)
    else:
        deal(state)
    return state
