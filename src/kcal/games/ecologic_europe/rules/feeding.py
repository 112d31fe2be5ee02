"""Feeding (rulebook "Feeding" and the food chain): where a species finds food, how much is there, and
feeding a card from its sources, with the features that act after feeding.
"""

from __future__ import annotations

from kcal.games.ecologic_europe.rules.cards import Species
from kcal.games.ecologic_europe.rules.domain import (
    ANIMAL_REMAINS,
    FOOD_TYPES,
    PLANT_LIKE,
    PLANT_REMAINS,
)
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import can_eat, habitat_title, sp, tables, type_title


def remains_kind(state: State, card: int) -> int:
    """Remains on plants and fungi are plant remains, on animals animal remains."""
    return PLANT_REMAINS if sp(state, card).type in PLANT_LIKE else ANIMAL_REMAINS


def habitats_of(state: State, seat: int, place: int) -> tuple[int, ...]:
    hab = state.habitat[seat]
    return tuple(hab[b] for b in state.rules.boards_of[place])


def where(state: State, seat: int, place: int) -> str:
    return " and ".join(habitat_title(h) for h in dict.fromkeys(habitats_of(state, seat, place)))


def plants_in_area(state: State, seat: int, place: int) -> list[int]:
    producer = tables(state).producer
    stacks = state.stacks[seat]
    return [q for q in state.rules.area[place] if stacks[q] and producer[stacks[q][-1]]]


def sources(state: State, seat: int, place: int, eater: Species) -> list[tuple[int, int, int]]:
    """Where ``eater`` at ``place`` may take tokens: ``(group, place, kind)`` with kind 0 biomass and
    1 remains, in kcal's taking order (ruling "feeding-order"): animals' and fungi's biomass, then
    remains, then plants' biomass; within a group the fullest card first, then the place order."""
    out = []
    bio, rem = state.bio[seat], state.rem[seat]
    stacks, species = state.stacks[seat], state.rules.cards.species
    for q in state.rules.area[place]:
        st = stacks[q]
        if not st:
            continue
        food = species[st[-1]]
        if bio[q] and can_eat(eater, food):
            out.append((2 if food.producer else 0, -bio[q], q, 0))
        if rem[q] and eater.eats >> (PLANT_REMAINS if food.type in PLANT_LIKE else ANIMAL_REMAINS) & 1:
            out.append((1, -rem[q], q, 1))
    out.sort()
    return [(g, q, k) for g, _, q, k in out]


def food_present(state: State, seat: int, place: int, eater: Species) -> bool:
    stacks, rem, species = state.stacks[seat], state.rem[seat], state.rules.cards.species
    for q in state.rules.area[place]:
        st = stacks[q]
        if not st:
            continue
        food = species[st[-1]]
        if can_eat(eater, food):
            return True
        if rem[q] and eater.eats >> (PLANT_REMAINS if food.type in PLANT_LIKE else ANIMAL_REMAINS) & 1:
            return True
    return False


def available(state: State, seat: int, place: int, eater: Species, jokers: bool = True) -> int:
    """The tokens :func:`sources` lists (their sum), and the jokers."""
    total = 0
    bio, rem = state.bio[seat], state.rem[seat]
    stacks, species = state.stacks[seat], state.rules.cards.species
    for q in state.rules.area[place]:
        st = stacks[q]
        if not st:
            continue
        food = species[st[-1]]
        if bio[q] and can_eat(eater, food):
            total += bio[q]
        if rem[q] and eater.eats >> (PLANT_REMAINS if food.type in PLANT_LIKE else ANIMAL_REMAINS) & 1:
            total += rem[q]
    return total + (state.jokers[seat] if jokers else 0)


def own_food(state: State, seat: int, place: int, eater: Species) -> int:
    """Tokens on the card itself that count: its biomass, and its remains if it eats that kind."""
    t = state.top(seat, place)
    own = state.bio[seat][place]
    if t is not None and state.rem[seat][place] and eater.eats >> remains_kind(state, t) & 1:
        own += state.rem[seat][place]
    return own


def eats_text(s: Species) -> str:
    words = [type_title(t) for t in range(len(FOOD_TYPES)) if s.eats >> t & 1]
    return " or ".join(words)


# -- feeding ------------------------------------------------------------------------------------------

def feed(state: State, seat: int, place: int, use_jokers: bool = True, process: int | None = None) -> bool:
    """Gather the card's consumption on it (its own tokens count); False, with nothing changed, when
    there is not enough. Then the after-feeding features (``process``: how many of the plant remains
    tokens around it an earthworm processes, None for all of them; ruling "earthworm").
    (:func:`own_food`, :func:`available` and
    :func:`sources` on the tables, in one walk of the area.)"""
    card = state.stacks[seat][place][-1]
    t = state.rules.memo.get("tables") or tables(state)
    need = t.need[card]
    bio, rem = state.bio[seat], state.rem[seat]
    if bio[place] >= need:  # fed already (its own biomass)
        if t.after[card]:
            after_feeding(state, seat, place, sp(state, card), process)
        return True
    edible = t.edible[card]
    own_rem = rem[place] if rem[place] and edible & t.remains[card] else 0
    found: list[tuple[int, int, int, int]] = []
    if bio[place] + own_rem < need:
        stacks = state.stacks[seat]
        food, remains, producer = t.food, t.remains, t.producer
        total = bio[place] + own_rem + (state.jokers[seat] if use_jokers else 0)
        for q in state.rules.area[place]:
            st = stacks[q]
            if not st:
                continue
            top = st[-1]
            if bio[q] and edible & food[top]:
                found.append((2 if producer[top] else 0, -bio[q], q, 0))
                total += bio[q]
            if rem[q] and edible & remains[top]:
                found.append((1, -rem[q], q, 1))
                total += rem[q]
        if total < need:
            return False
        found.sort()
    if bio[place] < need and own_rem:
        k = min(own_rem, need - bio[place])
        rem[place] -= k
        bio[place] += k
    for _, _, q, kind in found:
        if bio[place] >= need:
            break
        pile = rem if kind else bio
        k = min(pile[q], need - bio[place])
        pile[q] -= k
        bio[place] += k
    if bio[place] < need:
        k = need - bio[place]
        state.jokers[seat] -= k
        bio[place] += k
    if t.after[card]:
        after_feeding(state, seat, place, sp(state, card), process)
    return True


def after_feeding(state: State, seat: int, place: int, eater: Species, process: int | None = None) -> None:
    bio = state.bio[seat]
    if eater.bonus is not None:
        bio[place] += sum(1 for q in plants_in_area(state, seat, place)
                          if sp(state, state.stacks[seat][q][-1]).bonus == eater.bonus)
    if "phytoplankton" in eater.abilities and any(
            sp(state, state.stacks[seat][q][-1]).plankton for q in plants_in_area(state, seat, place)):
        bio[place] += 2
    if process != 0 and "plant-remains-processing" in eater.abilities:  # last: beginning.py relies on it
        process_remains(state, seat, place, process)


def plant_remains_around(state: State, seat: int, place: int) -> list[int]:
    """The places around ``place`` whose card holds plant remains, in the order an earthworm takes them
    (ruling "earthworm"): the fullest card first, then the place order."""
    rem, stacks = state.rem[seat], state.stacks[seat]
    species = state.rules.cards.species
    found = [(-rem[q], q) for q in state.rules.area[place]
             if rem[q] and stacks[q] and species[stacks[q][-1]].type in PLANT_LIKE]
    found.sort()
    return [q for _, q in found]


def plant_remains_count(state: State, seat: int, place: int) -> int:
    """The plant remains tokens an earthworm at ``place`` may process now."""
    rem = state.rem[seat]
    return sum(rem[q] for q in plant_remains_around(state, seat, place))


def process_remains(state: State, seat: int, place: int, most: int | None = None) -> int:
    """The earthworm at ``place`` turns up to ``most`` plant remains tokens around it (None: all) into
    biomass on its card, in :func:`plant_remains_around`'s order; the number it took."""
    rem, bio = state.rem[seat], state.bio[seat]
    taken = 0
    for q in plant_remains_around(state, seat, place):
        k = rem[q] if most is None else min(rem[q], most - taken)
        if k <= 0:
            break
        rem[q] -= k
        taken += k
    bio[place] += taken
    return taken


def produce(state: State, seat: int, place: int) -> None:
    card = state.stacks[seat][place][-1]
    t = tables(state)
    production = t.production[card]
    assert production is not None
    amount = max(production) if state.rules.express else production[state.season]
    if t.lone_plant[card] and not plants_in_area(state, seat, place):
        amount += 1
    state.bio[seat][place] += amount
