"""The beginning of a season (rulebook "Beginning of the Season"): production, then every animal and
fungus fed, one after another, in the player's order, each dying at once when its turn comes and it
cannot be fed; then hands refilled.

"Consumption can take place in any order": the order is the player's (ruling "feeding-order"). A
record may give it (:class:`FeedingChoice`, the record's ``feeding:``), and how many of the plant
remains tokens around it each earthworm processes (ruling "earthworm"); what it leaves open kcal
chooses, and the bots with it: the order (and the number of plant remains tokens each earthworm takes)
that loses the fewest cards, found by :func:`best_plan`'s bounded search.

One card's turn (:func:`_turn`): it is fed (its own tokens, then its sources, jokers last: ruling
"feeding-order"), or it dies: its card is discarded and its tokens become remains on the first card of
its habitat(s), where a card later in the order may eat them (ruling "death"); a card revealed under it
keeps the tokens and produces, or is fed at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from kcal.core.errors import KcalError
from kcal.games.ecologic_europe.rules.domain import PLANT_LIKE, SEASONS
from kcal.games.ecologic_europe.rules.ecosystem import restacked
from kcal.games.ecologic_europe.rules.exchange import take
from kcal.games.ecologic_europe.rules.feeding import feed, plant_remains_count, process_remains, produce
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import REMAINS_BIT, sp, tables

#: the most feedings :func:`best_plan` tries for one ecosystem after kcal's first order (ruling
#: "feeding-order"): a count, not a time, so that every machine chooses the same order
SEARCH_BUDGET = 300

_REMAINS_BITS = sum(REMAINS_BIT.values())

#: the most groups of cards (:func:`_groups`) whose every order :func:`best_plan` tries when they share
#: jokers (5: 120 orders, each a fold over the groups' searches, which are made once)
GROUP_ORDERS = 5

#: the plans :func:`best_plan` keeps per game, by ecosystem (a bot's lookahead feeds the same
#: ecosystems again and again); the whole is forgotten when it grows past this
PLANS_KEPT = 4096

#: one step of a feeding: (the place whose card is fed, how many of the plant remains tokens around it
#: an earthworm there processes: None for all of them, ruling "earthworm")
Step = tuple[int, int | None]


@dataclass(frozen=True)
class FeedingChoice:
    """A player's choices for one beginning of a season, from a record's ``feeding:`` entry ``index``:
    the places whose cards are fed first, in this order (the others follow as kcal chooses), and for
    earthworms (plant-remains-processing) by place, how many plant remains tokens they process (None:
    all of them; the record's ``true``)."""

    index: int
    order: tuple[int, ...] = ()
    process: Mapping[int, int | None] = field(default_factory=dict)


class FeedingError(KcalError):
    """A record's feeding choice that the position does not allow (an illegal choice, in words)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="illegal")


def beginning_of_season(state: State) -> None:
    """Production, then feeding (the player's order, ruling "feeding-order"), deaths as they come
    (ruling "death"), revealed cards, hands refilled to 8."""
    rules = state.rules
    produce_all(state)
    choices = rules.feeding
    for seat in range(rules.n):
        choice = choices.get((state.season, seat)) if choices else None
        plan = best_plan(state, seat, choice)
        forced = choice.process if choice is not None else {}
        who = _who(state, seat, choice) if choice is not None else None
        for q, process in plan:
            _turn(state, seat, q, process, forced, who)
    for seat in range(rules.n):
        while len(state.hands[seat]) < rules.hand_size and state.pile:
            take(state, seat, state.pile.pop())


def produce_all(state: State) -> None:
    """Every plant of every player produces for the season."""
    rules = state.rules
    tb = tables(state)
    producer, production, lone_plant = tb.producer, tb.production, tb.lone_plant
    season = state.season
    for seat in range(rules.n):
        bio = state.bio[seat]
        for q, st in enumerate(state.stacks[seat]):
            if st:
                top = st[-1]
                if producer[top]:
                    made = production[top]
                    if lone_plant[top] or made is None:
                        produce(state, seat, q)
                    else:  # produce(), without looking for plants around
                        bio[q] += max(made) if rules.express else made[season]


def consumers(state: State, seat: int) -> list[int]:
    """The places of the seat's animals and fungi, in kcal's first order (ruling "feeding-order"): the
    cards that already hold their consumption, then up the food chain, then by place."""
    tb = tables(state)
    producer, level, need, edible, remains = tb.producer, tb.level, tb.need, tb.edible, tb.remains
    bio, rem = state.bio[seat], state.rem[seat]
    order = []
    for q, st in enumerate(state.stacks[seat]):
        if st:
            top = st[-1]
            if not producer[top]:
                held = bio[q] + (rem[q] if edible[top] & remains[top] else 0)  # own_food
                order.append((held < need[top], level[top], q))
    order.sort()
    return [q for _, _, q in order]


def _turn(state: State, seat: int, place: int, process: int | None, forced: Mapping[int, int | None],
          who: str | None = None) -> int:
    """The card at ``place`` is fed, or dies (then a consumer revealed under it is fed at once, and so
    on); the number of cards that died. ``process``: the earthworm's choice for the first card (the
    plant remains tokens it takes, None: all); a revealed earthworm takes what ``forced`` says for its
    place, else all. ``who`` (a record's choice played for real): a number of tokens beyond those
    there is a :class:`FeedingError`."""
    deaths = 0
    log = state.log
    while True:
        card = state.stacks[seat][place][-1]
        if who is not None and process:
            _check_count(state, seat, place, process, who)
        if feed(state, seat, place, True, process):
            if log is not None:
                log.append(("fed", seat, card, state.season, True))
            return deaths
        die(state, seat, place)
        deaths += 1
        st = state.stacks[seat][place]
        if not st or tables(state).producer[st[-1]]:
            return deaths
        process = forced.get(place)


def _check_count(state: State, seat: int, place: int, count: int, who: str) -> None:
    """A record's number of plant remains tokens for the earthworm at ``place`` is at most the tokens
    around it once it is fed (tried on a copy); a card that cannot be fed takes none."""
    if "plant-remains-processing" not in sp(state, state.stacks[seat][place][-1]).abilities:
        return
    trial = _fork(state, seat)
    if feed(trial, seat, place, True, 0):
        there = plant_remains_count(trial, seat, place)
        if count > there:
            rules = state.rules
            raise FeedingError(f"{who}: the card at {rules.spot(place)} finds {there} plant remains token"
                               f"{'s' if there != 1 else ''} around it once fed, and process: {count} takes "
                               "more than there are")


def die(state: State, seat: int, place: int) -> None:
    """The card goes to the discarded cards; a revealed card keeps the tokens (and produces; a consumer
    is fed next); else they become remains on the first card of its habitat(s) (ruling "death")."""
    stack = state.stacks[seat][place]
    card = stack[-1]
    if state.log is not None:
        state.log.append(("fed", seat, card, state.season, False))
    state.discard.append(card)
    state.stacks[seat][place] = stack[:-1]
    restacked(state, seat, place)
    if len(stack) > 1:
        if sp(state, stack[-2]).producer:
            produce(state, seat, place)
        return
    tokens = state.bio[seat][place] + state.rem[seat][place]
    state.bio[seat][place] = state.rem[seat][place] = 0
    for q in state.rules.area[place]:
        if state.top(seat, q) is not None:
            state.rem[seat][q] += tokens
            return


# -- choosing the order ----------------------------------------------------------------------------

def _fork(state: State, seat: int) -> State:
    """A state to try feedings on: the seat's stacks, tokens and jokers its own, the rest shared, no
    log, no caches, a discard pile of its own (the cards a trial kills)."""
    t = State.__new__(State)
    t.__dict__.update(state.__dict__)
    t.stacks = list(state.stacks)
    t.stacks[seat] = list(state.stacks[seat])
    t.bio = list(state.bio)
    t.bio[seat] = list(state.bio[seat])
    t.rem = list(state.rem)
    t.rem[seat] = list(state.rem[seat])
    t.jokers = list(state.jokers)
    t.discard = []
    t.log = None
    t.memo = {}
    return t


def _processes(state: State, seat: int, place: int) -> bool:
    """Whether the card at ``place`` is an earthworm with plant remains around it to process: the only
    cards whose choice may change anything."""
    st = state.stacks[seat][place]
    if not st or "plant-remains-processing" not in sp(state, st[-1]).abilities:
        return False
    rem, stacks = state.rem[seat], state.stacks[seat]
    for q in state.rules.area[place]:
        if rem[q] and stacks[q] and sp(state, stacks[q][-1]).type in PLANT_LIKE:
            return True
    return False


def best_plan(state: State, seat: int, choice: FeedingChoice | None = None) -> list[Step]:
    """The seat's feeding (its steps, each card once), after production: ``choice``'s order first (a
    bad one is a :class:`FeedingError`), then the order that loses the fewest cards. kcal's first order
    (:func:`_first_order`) is tried first and wins ties; then the other orders, depth first in the order
    of :func:`consumers` (each earthworm taking every plant remains token first, then one fewer, down
    to none), up to :data:`SEARCH_BUDGET` feedings.
    The search stops at once when an order loses no card."""
    if choice is None:  # the same ecosystem (a search's many candidate moves) is searched once
        key = (state.season, tuple(state.stacks[seat]), tuple(state.bio[seat]), tuple(state.rem[seat]),
               state.jokers[seat])
        kept = state.rules.memo.get("feeding")
        if kept is None or len(kept) > PLANS_KEPT:
            kept = state.rules.memo["feeding"] = {}
        plan = kept.get(key)
        if plan is None:
            plan = kept[key] = _best_plan(state, seat, None)
        return plan
    return _best_plan(state, seat, choice)


def _best_plan(state: State, seat: int, choice: FeedingChoice | None) -> list[Step]:
    places = consumers(state, seat)
    forced = choice.process if choice is not None else {}
    prefix: list[Step] = []
    if choice is not None:
        _check_choice(state, seat, choice, places)
        prefix = [(q, forced.get(q)) for q in choice.order]
    listed = {q for q, _ in prefix}
    rest = tuple(q for q in places if q not in listed)
    root = _fork(state, seat)
    deaths = 0
    for q, process in prefix:
        deaths += _turn(root, seat, q, process, forced)
    first = _fork(root, seat)
    plan, lost = _first_order(first, seat, rest, forced)
    if not lost or len(rest) <= 1 and not any(_processes(root, seat, q) and q not in forced for q in rest):
        return prefix + plan
    doomed = frozenset(q for q in rest if _doomed(root, seat, q))
    if lost <= len(doomed):
        return prefix + plan  # it loses only the cards no order can feed
    return prefix + _grouped_plan(root, seat, rest, forced, doomed, lost, plan)


def _grouped_plan(root: State, seat: int, rest: tuple[int, ...], forced: Mapping[int, int | None],
                  doomed: frozenset[int], lost: int, plan: list[Step]) -> list[Step]:
    """The best plan for ``rest`` when kcal's first order (``plan``, losing ``lost`` cards) loses cards
    that another order might keep."""
    # the groups of cards that share no card to eat or to leave remains on depend on each other only
    # through the jokers: each is searched apart, for each number of jokers it may start with, and the
    # groups are fed one after another, in their order first, then, when that order loses more cards
    # than the groups would with every joker each, in the other orders, so that a group fed later may
    # have the jokers an earlier one would spend
    budget = [SEARCH_BUDGET]
    groups = _groups(root, seat, rest)
    fronts: dict[tuple[int, int], dict[int, tuple[int, list[Step]]]] = {}

    def front(g: int, jokers: int) -> dict[int, tuple[int, list[Step]]]:
        got = fronts.get((g, jokers))
        if got is None:
            start = _fork(root, seat)
            start.jokers[seat] = jokers
            got = fronts[g, jokers] = _front(start, seat, groups[g], forced, doomed, budget)
        return got

    def fold(order: tuple[int, ...]) -> tuple[int, int, list[Step]]:
        found: dict[int, tuple[int, list[Step]]] = {root.jokers[seat]: (0, [])}
        for g in order:
            after: dict[int, tuple[int, list[Step]]] = {}
            for jokers, (lost_before, steps) in sorted(found.items(), reverse=True):
                for left, (lost_here, more) in front(g, jokers).items():
                    kept = after.get(left)
                    if kept is None or lost_before + lost_here < kept[0]:
                        after[left] = (lost_before + lost_here, steps + more)
            found = after
        left, (least, steps) = min(found.items(), key=lambda kv: (kv[1][0], -kv[0]))
        return least, left, steps

    fewest, _, best = fold(tuple(range(len(groups))))
    if fewest < lost:
        lost, plan = fewest, best
    jokers = root.jokers[seat]
    if lost and jokers and 1 < len(groups) <= GROUP_ORDERS and \
            lost > sum(min(e[0] for e in front(g, jokers).values()) for g in range(len(groups))):
        for order in permutations(range(len(groups))):
            least, _, steps = fold(order)
            if least < lost:
                lost, plan = least, steps
    return plan


def _groups(state: State, seat: int, rest: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``rest`` in groups that share no place: a card's own place and the cards around it that it may
    eat from or leave remains on (each group in ``rest``'s order; the groups by their first card)."""
    stacks, area = state.stacks[seat], state.rules.area
    owner: dict[int, int] = {}  # place -> the index of the first card of rest whose footprint holds it
    parent = list(range(len(rest)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, q in enumerate(rest):
        for p in (q, *(p for p in area[q] if stacks[p])):
            j = owner.setdefault(p, i)
            if j != i:
                a, b = root(i), root(j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    groups: dict[int, list[int]] = {}
    for i, q in enumerate(rest):
        groups.setdefault(root(i), []).append(q)
    return [tuple(g) for _, g in sorted(groups.items())]


def _front(state: State, seat: int, group: tuple[int, ...], forced: Mapping[int, int | None],
           doomed: frozenset[int],
           budget: list[int]) -> dict[int, tuple[int, list[Step]]]:
    """The orders of ``group`` found best, by the jokers they leave: {jokers left: (cards lost, steps)},
    kcal's first order of the group first, then :class:`_Search` within ``budget``."""
    first = _fork(state, seat)
    plan, lost = _first_order(first, seat, group, forced)
    search = _Search(seat, forced, doomed, budget)
    search.leaf(first.jokers[seat], lost, plan)
    if lost or first.jokers[seat] != state.jokers[seat]:
        search.run(state, group, 0, [])
    return search.front


def _doomed(state: State, seat: int, place: int) -> bool:
    """Whether no order can feed the card at ``place``: it eats no remains (remains may come with any
    death), and its own biomass, the jokers and the biomass of the plants it eats around it (which
    feeding only takes away) fall short, with no card it eats that could gain tokens (an animal or
    fungus) or be revealed (a card under another)."""
    tb = tables(state)
    top = state.stacks[seat][place][-1]
    eats = tb.edible[top]
    if eats & _REMAINS_BITS:
        return False
    supply = state.bio[seat][place] + state.jokers[seat]
    stacks, bio, food, producer = state.stacks[seat], state.bio[seat], tb.food, tb.producer
    for q in state.rules.area[place]:
        st = stacks[q]
        for i, card in enumerate(st):
            if eats & food[card]:
                if not producer[card] or i != len(st) - 1:
                    return False
                supply += bio[q]
    return supply < tb.need[top]


def _first_order(state: State, seat: int, rest: tuple[int, ...],
                 forced: Mapping[int, int | None]) -> tuple[list[Step], int]:
    """kcal's first order, played on ``state``: each time the first card of ``rest`` (in
    :func:`consumers`'s order) that its sources feed without jokers, else the first that jokers feed
    too, else the first card dies (and its remains may feed the others); the steps and the cards lost."""
    left = list(rest)
    plan: list[Step] = []
    lost = 0
    while left:
        pick = None
        for jokers in (False, True):
            for q in left:
                process = forced.get(q)
                if feed(state, seat, q, jokers, process):
                    pick = q
                    break
            if pick is not None:
                break
        if pick is None:
            pick = left[0]
            process = forced.get(pick)
            lost += _turn(state, seat, pick, process, forced)
        left.remove(pick)
        plan.append((pick, process))
    return plan, lost


class _Search:
    """Depth first over the orders of a group of cards, in the order of :func:`consumers` (each
    earthworm taking every plant remains token around it first, then one fewer, down to none), keeping
    the best found for each number of jokers left (``front``): a branch whose every order would lose as
    many cards with no more jokers left than one found is cut, and so is a position (tokens, stacks,
    jokers, cards left) reached before by another order. ``budget``: the feedings it may still try
    (shared by the groups; each number of tokens after an earthworm's first counts as one)."""

    def __init__(self, seat: int, forced: Mapping[int, int | None], doomed: frozenset[int],
                 budget: list[int]) -> None:
        self.seat = seat
        self.forced = forced
        self.doomed = doomed  # cards no order can feed: each left is a card still to lose (:func:`_doomed`)
        self.budget = budget
        self.front: dict[int, tuple[int, list[Step]]] = {}
        self.seen: set[tuple[object, ...]] = set()

    def beaten(self, jokers: int, lost: int) -> bool:
        return any(j >= jokers and d <= lost for j, (d, _) in self.front.items())

    def leaf(self, jokers: int, lost: int, plan: list[Step]) -> None:
        if not self.beaten(jokers, lost):
            self.front = {j: e for j, e in self.front.items() if not (j <= jokers and e[0] >= lost)}
            self.front[jokers] = (lost, plan)

    def run(self, state: State, rest: tuple[int, ...], deaths: int, plan: list[Step]) -> None:
        seat = self.seat
        jokers = state.jokers[seat]
        if self.beaten(jokers, deaths + sum(q in self.doomed for q in rest)):
            return
        if not rest:
            self.leaf(jokers, deaths, plan)
            return
        key = (rest, tuple(state.bio[seat]), tuple(state.rem[seat]), tuple(state.stacks[seat]), jokers)
        if key in self.seen:
            return
        self.seen.add(key)
        for i, q in enumerate(rest):
            if self.budget[0] <= 0:
                return
            self.budget[0] -= 1
            left = rest[:i] + rest[i + 1:]
            child = _fork(state, seat)
            if q in self.forced or not _processes(state, seat, q):
                process = self.forced.get(q)
                died = _turn(child, seat, q, process, self.forced)
                self.run(child, left, deaths + died, [*plan, (q, process)])
                continue
            # an earthworm: fed without processing, then each number of tokens, all of them first
            died = _turn(child, seat, q, 0, self.forced)
            there = plant_remains_count(child, seat, q) if not died else 0
            for n, count in enumerate((None, *range(there - 1, -1, -1))):
                if n:  # the feeding above paid for the first
                    if self.budget[0] <= 0:
                        return
                    self.budget[0] -= 1
                taken = _fork(child, seat)
                if count != 0 and there:
                    process_remains(taken, seat, q, count)
                self.run(taken, left, deaths + died, [*plan, (q, count)])


def _check_choice(state: State, seat: int, choice: FeedingChoice, places: list[int]) -> None:
    """A record's order lists animals and fungi of the seat, each once; its earthworm choices name
    earthworms."""
    rules = state.rules
    who = _who(state, seat, choice)
    seen: set[int] = set()
    for q in choice.order:
        if q in seen:
            raise FeedingError(f"{who}: {rules.spot(q)} is in the order twice; each card is fed once")
        seen.add(q)
        if q not in places:
            st = state.stacks[seat][q]
            what = "holds no card" if not st else f"holds {sp(state, st[-1]).latin}, a plant: plants produce, they are not fed"
            raise FeedingError(f"{who}: {rules.spot(q)} {what}")
    for q in choice.process:
        st = state.stacks[seat][q]
        if not st or "plant-remains-processing" not in sp(state, st[-1]).abilities:
            what = "holds no card" if not st else f"holds {sp(state, st[-1]).latin}"
            raise FeedingError(f"{who}: {rules.spot(q)} {what}, which processes no plant remains (only a card "
                               "with plant-remains-processing may choose)")


def _who(state: State, seat: int, choice: FeedingChoice) -> str:
    rules = state.rules
    season = SEASONS[state.season].value
    return f"{rules.players[seat]}'s feeding at the beginning of {season} (feeding[{choice.index}])"


def parse_feeding(state: State, entries: list[Mapping[str, Any]]) -> dict[tuple[int, int], FeedingChoice]:
    """A record's ``feeding:`` (each entry: ``season``, ``player``, ``order`` of places, ``process`` by
    place) as the choices per (season, seat); an unknown player or place, a season without a beginning,
    or a second entry for the same player and season is bad input at ``feeding[i]``."""
    from kcal.core.suggest import did_you_mean
    from kcal.games.ecologic_europe.rules.domain import DomainError, parse_place, parse_season

    rules = state.rules
    out: dict[tuple[int, int], FeedingChoice] = {}

    def fail(msg: str, *loc: str | int) -> KcalError:
        err = KcalError(f"feeding[{loc[0]}]{''.join(f'.{x}' for x in loc[1:])}: {msg}", code="schema")
        err.loc = ("feeding", *loc)  # type: ignore[attr-defined]
        return err

    def place(text: object, *loc: str | int) -> int:
        try:
            q = rules.place_index(parse_place(str(text)))
        except DomainError as exc:
            raise fail(exc.message, *loc) from None
        if q is None:
            raise fail(f"no place {text} in an ecosystem of {rules.boards} habitats", *loc)
        return q

    def _count(value: object, *loc: str | int) -> int | None:
        if value is True:
            return None
        if value is False:
            return 0
        if isinstance(value, int) and value >= 0:
            return value
        raise fail(f"true (every plant remains token), false (none) or a number of tokens (0 or more), got "
                   f"{value!r}", loc[0], "process", *loc[1:])

    for i, entry in enumerate(entries):
        player = entry.get("player")
        if player not in rules.seat_of:
            raise fail(f"no player {player!r}{did_you_mean(str(player), rules.players)}", i, "player")
        try:
            season = SEASONS.index(parse_season(str(entry.get("season"))))
        except DomainError as exc:
            raise fail(exc.message, i, "season") from None
        if season == 0 or rules.express:
            raise fail("feeding comes at the beginning of summer, autumn and winter (express mode has none)", i,
                       "season")
        key = (season, rules.seat_of[str(player)])
        if key in out:
            raise fail(f"{player}'s feeding in {SEASONS[season].value} is given twice", i)
        order = tuple(place(t, i, "order", j) for j, t in enumerate(entry.get("order") or ()))
        process = {place(t, i, "process", str(t)): _count(v, i, str(t))
                   for t, v in (entry.get("process") or {}).items()}
        out[key] = FeedingChoice(i, order, process)
    return out
