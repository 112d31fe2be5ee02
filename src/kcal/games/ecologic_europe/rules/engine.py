"""The rules of EcoLogic: Europe on a :class:`~kcal.games.ecologic_europe.rules.state.State`.

Habitation is played in simultaneous steps: every active player submits a move (kept in
``state.pending``, hidden from the others) and the step resolves when the last one has moved
(docs/rulings.md "simultaneous-steps"). Step 1 resolves in seat order; step 2 resolves placements in
the alphabetical order of the placed species' Latin names, then trades and passes, then human-impact
cards in seat order, then the features that reach other players' ecosystems (raids, discard draws) in
Latin order; step 3 hands the prepared cards over at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, product
from typing import Any

from kcal.games.ecologic_europe.files.cardset import Species
from kcal.games.ecologic_europe.files.models import Effect, Selector
from kcal.games.ecologic_europe.rules.domain import (
    ANIMAL_REMAINS,
    BOARD_HABITATS,
    FIELDS,
    FOOD_TYPES,
    HAND_SIZE,
    MAMMALS_AND_BIRDS,
    PLANT_LIKE,
    PLANT_REMAINS,
    SEASONS,
    TROPHIC_LEVEL,
    TYPE_INDEX,
    WINTER_FORBIDDEN,
)
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
from kcal.games.ecologic_europe.rules.state import EXCHANGE, OVER, PLACE, TRANSFER, State

BIG_BIRDS = TYPE_INDEX["big-birds"]
SMALL_BIRDS = TYPE_INDEX["small-birds"]
FISH = TYPE_INDEX["fish"]
HOOFED = TYPE_INDEX["hoofed"]
INVERTEBRATES = TYPE_INDEX["invertebrates"]
SKIP = "skip"
NO = "no"  # place_problem's refusal when no words are asked for  # pending marker of a player who has nothing to do in step 3
DEFERRED = ("fish-raid", "hoofed-raid", "invertebrate-raid", "discard-draw")
AFTER_FEEDING = frozenset({"phytoplankton", "plant-remains-processing"})  # after_feeding's features (and bonus)


def type_title(t: int) -> str:
    return FOOD_TYPES[t].label.lower() if t < len(FOOD_TYPES) else "human impact"


def habitat_title(h: int) -> str:
    return BOARD_HABITATS[h].label.lower()


def sp(state: State, card: int) -> Species:
    return state.rules.cards.species[card]


def back(state: State, card: int) -> int:
    return state.rules.cards.backs[card]


def is_human(state: State, card: int) -> bool:
    return card >= state.rules.species_count


def season_name(state: State) -> str:
    return "express" if state.rules.express else SEASONS[state.season].value


# -- what eats what ---------------------------------------------------------------------------------

def can_eat(eater: Species, food: Species) -> bool:
    """Its food types (and big-bird-eater's exception); poisonous species are no food for mammals and
    birds."""
    if "poisonous" in food.features and eater.type in MAMMALS_AND_BIRDS:
        return False
    if eater.eats >> food.type & 1:
        return True
    return "big-bird-eater" in eater.abilities and food.type == BIG_BIRDS and food.consumption < 4


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

def feed(state: State, seat: int, place: int, use_jokers: bool = True) -> bool:
    """Gather the card's consumption on it (its own tokens count); False, with nothing changed, when
    there is not enough. Then the after-feeding features. (:func:`own_food`, :func:`available` and
    :func:`sources` on the tables, in one walk of the area.)"""
    card = state.stacks[seat][place][-1]
    t = state.rules.memo.get("tables") or tables(state)
    need = t.need[card]
    bio, rem = state.bio[seat], state.rem[seat]
    if bio[place] >= need:  # fed already (its own biomass)
        if t.after[card]:
            after_feeding(state, seat, place, sp(state, card))
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
        after_feeding(state, seat, place, sp(state, card))
    return True


def after_feeding(state: State, seat: int, place: int, eater: Species) -> None:
    bio = state.bio[seat]
    if eater.bonus is not None:
        bio[place] += sum(1 for q in plants_in_area(state, seat, place)
                          if sp(state, state.stacks[seat][q][-1]).bonus == eater.bonus)
    if "phytoplankton" in eater.abilities and any(
            sp(state, state.stacks[seat][q][-1]).plankton for q in plants_in_area(state, seat, place)):
        bio[place] += 2
    if "plant-remains-processing" in eater.abilities:
        for q in state.rules.area[place]:
            t = state.top(seat, q)
            if t is not None and state.rem[seat][q] and remains_kind(state, t) == PLANT_REMAINS:
                bio[place] += state.rem[seat][q]
                state.rem[seat][q] = 0


def produce(state: State, seat: int, place: int) -> None:
    card = state.stacks[seat][place][-1]
    t = tables(state)
    production = t.production[card]
    assert production is not None
    amount = max(production) if state.rules.express else production[state.season]
    if t.lone_plant[card] and not plants_in_area(state, seat, place):
        amount += 1
    state.bio[seat][place] += amount


# -- placing --------------------------------------------------------------------------------------

def crop_blocks(state: State, seat: int, place: int) -> bool:
    """A crop plant on a field of this board keeps every other card off the board's fields."""
    if not state.rules.crops or place >= state.rules.boards * FIELDS:
        return False
    b = place // FIELDS
    for q in range(b * FIELDS, (b + 1) * FIELDS):
        t = state.top(seat, q)
        if q != place and t is not None and "crop" in sp(state, t).features:
            return True
    return False


def place_problem(state: State, seat: int, card: int, place: int, words: bool = True) -> str | None:
    """Why ``card`` may not go to ``place`` of the seat's ecosystem now (None: it may). The checks
    come first, the words only for a refusal."""
    rules = state.rules
    if not words and not rules.crops:
        t = rules.memo.get("tables") or tables(state)
        if not t.slow[card]:
            hab = state.habitat[seat]
            mask = 0
            for b in rules.boards_of[place]:
                mask |= 1 << hab[b]
            if not t.habitats[card] & mask and not t.pioneers >> card & 1:
                return NO  # most tries fail on the habitat
            return NO if _refused(state, t, seat, card, place, mask) else None
    s = rules.cards.species[card]
    if not words:  # most tries fail on the habitat: refuse at once (any refusal is the same NO)
        hab = state.habitat[seat]
        mask = 0
        for b in rules.boards_of[place]:
            mask |= 1 << hab[b]
        if not s.habitats & mask and (state.stacks[seat][place] or place >= rules.boards * FIELDS
                                      or "pioneer" not in s.features):
            return NO
    edge = place >= rules.boards * FIELDS
    if edge and not s.edge:
        return NO if not words else f"{s.latin} has no edge-of-habitat symbol, so it may not go on the edge {rules.spot(place)}"
    if s.type in WINTER_FORBIDDEN and state.season == 3 and not rules.express:
        return NO if not words else f"in winter no {type_title(s.type)} card may be placed ({s.latin} at {rules.spot(place)})"
    hab = state.habitat[seat]
    mask = 0
    for b in rules.boards_of[place]:
        mask |= 1 << hab[b]
    match = bool(s.habitats & mask)
    top = state.stacks[seat][place]
    if top:
        low = sp(state, top[-1])
        if not match:
            return NO if not words else (f"{s.latin} may not cover {low.latin} at {rules.spot(place)}: it does not live in "
                    f"{where(state, seat, place)}, and a card covers another only in a matching habitat")
        if s.producer:
            if "plant-cover" not in s.abilities:
                return NO if not words else f"{s.latin} is a plant: plants do not cover other cards ({low.latin} at {rules.spot(place)})"
            if not low.producer:
                return NO if not words else f"{s.latin} may cover only another plant, and {low.latin} at {rules.spot(place)} is not one"
        elif s.remains_only:
            return NO if not words else (f"{s.latin} feeds only on remains, so it may not cover another card ({low.latin} at "
                    f"{rules.spot(place)})")
        elif not can_eat(s, low):
            why = " (it is poisonous)" if "poisonous" in low.features and s.type in MAMMALS_AND_BIRDS else ""
            return NO if not words else (f"{s.latin} may not cover {low.latin} at {rules.spot(place)}: it does not feed on it{why}; "
                    f"it eats {eats_text(s)}")
        if rules.crops and crop_blocks(state, seat, place):
            return NO if not words else f"a crop plant holds the habitat of {rules.spot(place)}: no other card may be placed there"
    else:
        if not match:
            pioneer = ("pioneer" in s.features and not edge and not plants_in_area(state, seat, place))
            if not pioneer:
                if not words:
                    return NO
                lives = "any habitat" if s.any_habitat else " or ".join(
                    habitat_title(h) for h in range(len(BOARD_HABITATS)) if s.fits(h))
                return NO if not words else f"{s.latin} lives in {lives}, and {rules.spot(place)} is in {where(state, seat, place)}"
        if rules.crops and crop_blocks(state, seat, place):
            return NO if not words else f"a crop plant holds the habitat of {rules.spot(place)}: no other card may be placed there"
        if "crop" in s.features and not edge:
            b = place // FIELDS
            if any(state.stacks[seat][q] for q in range(b * FIELDS, (b + 1) * FIELDS)):
                return NO if not words else (f"{s.latin} is a crop plant: it goes only into a habitat whose fields are empty "
                        f"(board {b + 1} has cards)")
    if s.producer:
        return None
    if not top and not food_present(state, seat, place, s):
        return NO if not words else f"{s.latin} needs a card it feeds on ({eats_text(s)}) in {where(state, seat, place)}, and there is none"
    own = state.bio[seat][place] if top else 0
    jokers = state.jokers[seat]
    if "spring-jokers" in s.abilities and not rules.express and state.season == 0:
        jokers += 3
    if own + jokers >= s.consumption:
        return None
    food = available(state, seat, place, s, jokers=False)
    if own + food + jokers < s.consumption:
        extra = f", {own} on the covered card" if top else ""
        return NO if not words else (f"{s.latin} needs {s.consumption} biomass from {eats_text(s)} in {where(state, seat, place)}; "
                f"{food} are there{extra} and {jokers} joker{'s' if jokers != 1 else ''}")
    return None


def _refused(state: State, t: Tables, seat: int, card: int, place: int, mask: int) -> bool:
    """:func:`place_problem`'s checks without words on the tables (a game without crops, a card of
    neither ``Tables.slow`` kind; ``mask``: the place's habitats): True when the card may not go there."""
    rules = state.rules
    st = state.stacks[seat][place]
    edge = place >= rules.boards * FIELDS
    if edge and not t.edge[card]:
        return True
    stacks = state.stacks[seat]
    area = rules.area[place]
    if not t.habitats[card] & mask:
        if st or edge or not t.pioneers >> card & 1:
            return True
        producer = t.producer
        for q in area:
            s = stacks[q]
            if s and producer[s[-1]]:
                return True  # a pioneer goes to another habitat only where no plant is
    if state.season == 3 and t.winter >> card & 1 and not rules.express:
        return True
    if st and not t.coverers[st[-1]] >> card & 1:
        return True
    if t.producer[card]:
        return False
    edible, food, remains = t.edible[card], t.food, t.remains
    bio, rem = state.bio[seat], state.rem[seat]
    if not st:
        for q in area:
            s = stacks[q]
            if s and (edible & food[s[-1]] or rem[q] and edible & remains[s[-1]]):
                break
        else:
            return True  # no food around
    total = bio[place] if st else 0
    total += state.jokers[seat]
    if t.spring[card] and state.season == 0 and not rules.express:
        total += t.spring[card]
    need = t.need[card]
    if total >= need:
        return False
    for q in area:
        s = stacks[q]
        if s:
            if bio[q] and edible & food[s[-1]]:
                total += bio[q]
            if rem[q] and edible & remains[s[-1]]:
                total += rem[q]
    return total < need


def do_place(state: State, seat: int, card: int, place: int) -> list[tuple[str, int, int, str]]:
    """Place a card (checked already): covering, production or feeding, the features that act on the
    owner's own ecosystem. Returns the features left for later: ``(latin, seat, place, feature)``."""
    t = tables(state)
    state.hands[seat].remove(card)
    bio, rem = state.bio[seat], state.rem[seat]
    stacks = state.stacks[seat]
    stack = stacks[place]
    covered = stack[-1] if stack else None
    producer = t.producer[card]
    lone = t.first_plant[card] and not plants_in_area(state, seat, place)
    if covered is not None:
        if producer:  # plant-cover: the covered plant's biomass becomes remains, its remains go
            rem[place] = bio[place]
            bio[place] = 0
        else:  # the biomass goes over to the covering card, the remains are discarded
            rem[place] = 0
    stacks[place] = stack + (card,)
    _restacked(state, seat, place)
    if state.log is not None:
        state.log.append(("placed", seat, card, state.season, covered))
    if producer:
        if lone:  # first-plant
            bio[place] += 3
        made = t.production[card]
        if t.lone_plant[card] or made is None:
            produce(state, seat, place)
        else:  # produce()
            bio[place] += max(made) if state.rules.express else made[state.season]
        return []
    if t.spring[card] and not state.rules.express and state.season == 0:
        state.jokers[seat] += t.spring[card]
    ok = feed(state, seat, place)
    assert ok, "placement checked before"
    if t.to_jokers[card]:
        for q in range(state.rules.places):
            if rem[q]:
                state.jokers[seat] += rem[q]
                rem[q] = 0
    deferred = t.deferred[card]
    return [(t.latin[card], seat, place, a) for a in deferred] if deferred else []


def neighbours(state: State, seat: int) -> list[int]:
    n = state.rules.n
    return sorted({(seat - 1) % n, (seat + 1) % n} - {seat})


def deferred(state: State, seat: int, place: int, feature: str) -> None:
    """A feature that reaches beyond the owner's ecosystem, after the step's placements."""
    if state.top(seat, place) is None:
        return
    bio = state.bio[seat]
    if feature in ("fish-raid", "hoofed-raid", "invertebrate-raid"):
        want, most = {"fish-raid": (FISH, 1), "hoofed-raid": (HOOFED, 2),
                      "invertebrate-raid": (INVERTEBRATES, 1)}[feature]
        for other in neighbours(state, seat):
            for q in range(state.rules.places):
                t = state.top(other, q)
                if t is not None and sp(state, t).type == want and state.bio[other][q]:
                    k = min(most, state.bio[other][q])
                    state.bio[other][q] -= k
                    bio[place] += k
    elif feature == "discard-draw" and state.discard:
        if state.jokers[seat]:
            state.jokers[seat] -= 1
        elif bio[place] > sp(state, state.stacks[seat][place][-1]).consumption:
            bio[place] -= 1
        else:
            return
        take(state, seat, state.discard.pop())


def take(state: State, seat: int, card: int) -> None:
    state.hands[seat].append(card)
    state.seen[seat] |= 1 << card


# -- tokens paid in exchanges ------------------------------------------------------------------------

def tokens_total(state: State, seat: int) -> int:
    return state.jokers[seat] + sum(state.bio[seat]) + sum(state.rem[seat])


def pay_tokens(state: State, seat: int, k: int) -> None:
    """Jokers first, then remains, then biomass, in place order (ruling "token-payment")."""
    j = min(k, state.jokers[seat])
    state.jokers[seat] -= j
    k -= j
    for pile in (state.rem[seat], state.bio[seat]):
        for q in range(len(pile)):
            if not k:
                return
            j = min(k, pile[q])
            pile[q] -= j
            k -= j


def draw_back(state: State, back_type: int, pile: list[int]) -> int | None:
    """The topmost card of ``pile`` with that back (None: none left)."""
    backs = state.rules.cards.backs
    for i in range(len(pile) - 1, -1, -1):
        if backs[pile[i]] == back_type:
            return pile.pop(i)
    return None


def backs_in(state: State, pile: list[int]) -> list[int]:
    return sorted(set(map(state.rules.cards.backs.__getitem__, pile)))


def _backs_of(state: State, which: str, pile: list[int]) -> list[int]:
    """:func:`backs_in` of the stack or the discarded cards, kept while that pile stays the same (the
    players of a step 1 all ask for the same pile)."""
    memo = state.memo
    kept = memo.get(which)
    if kept is not None and kept[0] == pile:
        return kept[1]  # type: ignore[no-any-return]
    backs = backs_in(state, pile)
    memo[which] = (list(pile), backs)
    return backs


# -- effects of weather and human-impact cards -------------------------------------------------------

def selected(state: State, seat: int, sel: Selector | None) -> Iterator[int]:
    for q in range(state.rules.places):
        t = state.top(seat, q)
        if t is None:
            continue
        if sel is None:
            yield q
            continue
        s = sp(state, t)
        if sel.type is not None and s.type != TYPE_INDEX[sel.type.value]:
            continue
        if sel.bonus is not None and s.bonus != sel.bonus.value:
            continue
        if sel.feature is not None and sel.feature.value not in s.features:
            continue
        if sel.role is not None and (sel.role == "producer") != s.producer:
            continue
        if sel.habitat is not None and sel.habitat.value != "any" and \
                BOARD_HABITATS.index(sel.habitat) not in habitats_of(state, seat, q):
            continue
        yield q


def apply_effect(state: State, seat: int, effect: Effect) -> None:
    if effect.do == "jokers":
        state.jokers[seat] += effect.amount
        return
    bio, rem = state.bio[seat], state.rem[seat]
    for q in selected(state, seat, effect.cards):
        if effect.do == "gain":
            bio[q] += effect.amount
        elif effect.do == "lose":
            bio[q] -= min(effect.amount, bio[q])
        elif effect.do == "decay":
            k = min(effect.amount, bio[q])
            bio[q] -= k
            rem[q] += k
        elif effect.do == "clear-remains":
            rem[q] = 0
        else:
            bio[q] += rem[q]
            rem[q] = 0


# -- legal moves -----------------------------------------------------------------------------------

def to_move(state: State) -> tuple[str, ...]:
    if state.ended:
        return ()
    return tuple([p for p, a, m in zip(state.rules.players, state.active, state.pending, strict=True) if a and m is None])


def _places(state: State) -> range:
    return range(state.rules.places)


Placements = list[tuple[int, list[int], list[tuple[int, Any]] | None]]


# -- the card set as integer tables, and placements card by card -------------------------------------

#: A card on top of a place is food of one key: its type, poisonous or not, and (for the
#: big-bird-eater) a big bird of consumption under 4: bit ``type * 4 + poisonous * 2 + small``. The
#: remains on it are plant or animal remains: the two bits after the types'.
_REMAINS_BIT = {PLANT_REMAINS: 1 << 4 * len(FOOD_TYPES), ANIMAL_REMAINS: 1 << (4 * len(FOOD_TYPES) + 1)}


class Tables:
    """The species of a card set as tuples indexed by card number and as bit sets over card numbers,
    compiled once per card set: what the placement checks ask. ``edible[c] & food[t]`` is
    ``can_eat(c, t)``, ``edible[c] & remains[t]`` says that ``c`` eats the remains lying on ``t``;
    ``eaters[t]`` is the set of cards that can eat ``t``, ``coverers[t]`` of those that may cover it."""

    __slots__ = ("habitats", "edge", "producer", "need", "edible", "food", "remains", "spring", "slow", "level",
                 "after", "deferred", "plant_bit", "latin", "production", "first_plant", "lone_plant",
                 "to_jokers", "species",
                 "fit", "edges", "producers", "winter", "pioneers", "eaters", "remains_eaters", "remains_eaters_all",
                 "coverers",
                 "needs_more", "slows")

    def __init__(self, species: tuple[Species, ...]) -> None:
        def edible(s: Species) -> int:
            mask = 0
            bird_eater = "big-bird-eater" in s.abilities
            for t in range(len(FOOD_TYPES)):
                for poisonous in (0, 1):
                    if poisonous and s.type in MAMMALS_AND_BIRDS:
                        continue
                    for small in (0, 1):
                        if s.eats >> t & 1 or (bird_eater and t == BIG_BIRDS and small):
                            mask |= 1 << (t * 4 + poisonous * 2 + small)
            for kind, bit in _REMAINS_BIT.items():
                if s.eats >> kind & 1:
                    mask |= bit
            return mask

        def bits(test: Callable[[Species], bool]) -> int:
            return sum(1 << s.index for s in species if test(s))

        def lives_in(h: int) -> Callable[[Species], bool]:
            return lambda s: bool(s.habitats >> h & 1)

        def needs_over(j: int) -> Callable[[Species], bool]:
            return lambda s: s.consumption > j

        self.habitats = tuple(s.habitats for s in species)
        self.edge = tuple(s.edge for s in species)
        self.producer = tuple(s.producer for s in species)
        self.need = tuple(s.consumption for s in species)
        self.edible = tuple(edible(s) for s in species)
        self.food = tuple(1 << (s.type * 4 + 2 * ("poisonous" in s.features)
                                + (s.type == BIG_BIRDS and s.consumption < 4)) for s in species)
        self.remains = tuple(_REMAINS_BIT[PLANT_REMAINS if s.type in PLANT_LIKE else ANIMAL_REMAINS]
                             for s in species)
        self.spring = tuple(3 if "spring-jokers" in s.abilities else 0 for s in species)
        self.level = tuple(TROPHIC_LEVEL[FOOD_TYPES[s.type].value] for s in species)  # feeding_order
        self.after = tuple(s.bonus is not None or bool(s.abilities & AFTER_FEEDING) for s in species)
        self.deferred = tuple(tuple(a for a in sorted(s.abilities) if a in DEFERRED) for s in species)
        self.latin = tuple(s.latin for s in species)
        self.production = tuple(s.production for s in species)
        self.first_plant = tuple(s.producer and "first-plant" in s.abilities for s in species)
        self.lone_plant = tuple("lone-plant" in s.abilities for s in species)
        self.to_jokers = tuple("remains-to-jokers" in s.abilities for s in species)
        # checked the long way: crop plants, and the small-bird-follow (its placements come with thens)
        self.slow = tuple("crop" in s.features or "small-bird-follow" in s.abilities for s in species)
        self.slows = bits(lambda s: self.slow[s.index])
        self.species = (1 << len(species)) - 1  # every species (the human-impact cards come after them)
        # bit sets over card numbers
        self.fit = tuple(bits(lives_in(h)) for h in range(len(BOARD_HABITATS)))
        self.edges = bits(lambda s: s.edge)
        self.producers = bits(lambda s: s.producer)
        self.winter = bits(lambda s: s.type in WINTER_FORBIDDEN)
        self.pioneers = bits(lambda s: "pioneer" in s.features)
        self.plant_bit = 1 << len(species)  # past every card: marks a plant in an Ecosystem's food bits
        by_key: dict[int, int] = {}
        for s in species:
            e = self.edible[s.index]
            while e:
                low = e & -e
                by_key[low] = by_key.get(low, 0) | 1 << s.index
                e ^= low
        self.eaters = tuple(by_key.get(f, 0) for f in self.food)
        self.remains_eaters = {bit: by_key.get(bit, 0) for bit in _REMAINS_BIT.values()}
        self.remains_eaters_all = 0  # the cards that eat any remains
        for eats_remains in self.remains_eaters.values():
            self.remains_eaters_all |= eats_remains
        # place_problem's checks for a covered card: a plant covers only another plant, with plant-cover;
        # a card that feeds only on remains never covers; an animal covers what it eats
        cover_plants = bits(lambda s: s.producer and "plant-cover" in s.abilities)
        cover_animals = bits(lambda s: not s.producer and not s.remains_only)
        self.coverers = tuple((cover_plants if s.producer else 0) | (self.eaters[s.index] & cover_animals)
                              for s in species)
        most = max(self.need, default=0)
        # needs_more[j]: the cards that need more than j biomass (j from 0 to the largest consumption)
        self.needs_more = tuple(bits(needs_over(j)) for j in range(most + 1))

    def fit_mask(self, mask: int) -> int:
        """The cards that live in one of the habitats of ``mask`` (a bit set over habitats)."""
        out = 0
        for h, cards in enumerate(self.fit):
            if mask >> h & 1:
                out |= cards
        return out


_TABLES: dict[int, tuple[Any, Tables]] = {}


def tables(state: State) -> Tables:
    """The :class:`Tables` of the state's card set (built on first use, kept per card set)."""
    memo = state.rules.memo
    found = memo.get("tables")
    if found is None:
        cards = state.rules.cards
        hit = _TABLES.get(id(cards))
        if hit is None or hit[0] is not cards:
            if len(_TABLES) >= 8:  # a few card sets at a time (the built-in one, files being checked)
                _TABLES.clear()
            hit = _TABLES[id(cards)] = (cards, Tables(cards.species))
        found = memo["tables"] = hit[1]
    return found  # type: ignore[no-any-return]


class Layout:
    """The shape of an ecosystem as the placement checks walk it (one per game, in ``rules.memo``):
    the groups of places that share their board(s) (a board's fields, an edge's places), in place
    order; each group's area as groups (the groups whose places are around it: a board's fields
    and its edges; for an edge, the fields and edges of both boards)."""

    __slots__ = ("groups", "areas", "fields", "bounds", "group_of", "around")

    def __init__(self, boards_of: tuple[tuple[int, ...], ...], fields: int) -> None:
        groups: dict[tuple[int, ...], list[int]] = {}
        for q, key in enumerate(boards_of):
            groups.setdefault(key, []).append(q)
        self.groups = tuple((key, tuple(qs)) for key, qs in groups.items())
        self.bounds = tuple((qs[0], qs[-1] + 1) for _, qs in self.groups)  # a group's places are a slice
        assert all(qs == tuple(range(a, b)) for (_, qs), (a, b) in zip(self.groups, self.bounds, strict=True))
        keys = [key for key, _ in self.groups]
        self.areas = tuple(tuple(j for j, other in enumerate(keys) if set(other) & set(key)) for key in keys)
        self.around = tuple(sum(1 << j for j in area) for area in self.areas)  # the areas as bit sets
        self.group_of = tuple(g for g, (_, qs) in enumerate(self.groups) for _ in qs)  # per place
        self.fields = fields


_LAYOUTS: dict[int, Layout] = {}  # per number of boards


def layout(state: State) -> Layout:
    memo = state.rules.memo
    found = memo.get("layout")
    if found is None:
        rules = state.rules
        found = _LAYOUTS.get(rules.boards)
        if found is None:
            found = _LAYOUTS[rules.boards] = Layout(rules.boards_of, rules.boards * FIELDS)
        memo["layout"] = found
    return found  # type: ignore[no-any-return]


# Per seat, what the placement checks need of its stacks, kept while its stacks and habitats stay the
# same (biomass and remains are read from the state at each count: they change after almost every step).
# do_place and die say which place they changed (:func:`_restacked`): only that place's group and the
# groups around it are walked again; any other change of the stacks is found by comparing them with
# the copy the Ecosystem keeps, and rebuilds it whole.
#   free:    per group with empty places: (the cards that may go there by habitat: those living there,
#            and the pioneers where no plant is around, the empty places, their number, the cards that
#            find food on the cards around them, the group)
#   cover:   the cards that may cover a card of the ecosystem
Free = tuple[int, tuple[int, ...], int, int, int]

# A group's own part of an Ecosystem: (the cards living there, its empty places, its tops as
# (place, card), the cards that find food on its cards (and Tables.plant_bit when a plant is there),
# its covered places as (place, the cards that may cover it there), the union of those cards).
Local = tuple[int, tuple[int, ...], list[tuple[int, int]], int, list[tuple[int, int]], int]


class Ecosystem:
    __slots__ = ("stacks", "hab", "areas", "locals", "entries", "free", "cover", "stale")

    def __init__(self, stacks: list[tuple[int, ...]], hab: tuple[int, ...], areas: tuple[tuple[int, ...], ...],
                 locals_: list[Local]) -> None:
        self.stacks = stacks  # a copy of the seat's stacks as this Ecosystem describes them
        self.hab = hab
        self.areas = areas  # Layout.areas
        self.locals = locals_  # per group
        self.entries: list[Free | None] = [None] * len(locals_)  # per group: its Free entry, if it has empty places
        self.free: list[Free] = []
        self.cover = 0
        self.stale = 0  # bit set of the groups whose stacks changed since (do_place, die)


def _local(t: Tables, fit: int, stacks: list[tuple[int, ...]], group: tuple[int, ...]) -> Local:
    eaters, producer, coverers = t.eaters, t.producer, t.coverers
    free = []
    tops = []
    covers = []
    eat = cover = 0
    for q in group:
        st = stacks[q]
        if not st:
            free.append(q)
            continue
        top = st[-1]
        tops.append((q, top))
        eat |= eaters[top]
        if producer[top]:
            eat |= t.plant_bit
        c = fit & coverers[top]
        if c:
            covers.append((q, c))
            cover |= c
    return fit, tuple(free), tops, eat, covers, cover


def _entries(eco: Ecosystem, t: Tables, lay: Layout, groups: int) -> None:
    """Work out the Free entries of ``groups`` (a bit set) again, then the whole Ecosystem's lists."""
    locals_, entries, areas = eco.locals, eco.entries, lay.areas
    plant_bit, nfields, pioneers = t.plant_bit, lay.fields, t.pioneers
    while groups:
        low = groups & -groups
        groups ^= low
        g = low.bit_length() - 1
        local = locals_[g]
        free = local[1]
        if free:
            e = 0
            for j in areas[g]:
                e |= locals_[j][3]
            fit = local[0] | pioneers if free[0] < nfields and not e & plant_bit else local[0]
            entries[g] = (fit, free, len(free), e, g)
        else:
            entries[g] = None
    eco.free = [e for e in entries if e is not None]
    cover = 0
    for local in locals_:
        cover |= local[5]
    eco.cover = cover


def ecosystem(state: State, seat: int) -> Ecosystem:
    """The seat's :class:`Ecosystem`, up to date: the groups do_place or die changed walked again, or
    the whole rebuilt when the stacks or habitats changed otherwise."""
    stacks = state.stacks[seat]
    hab = state.habitat[seat]
    memo = state.memo
    eco: Ecosystem | None = memo.get(seat)
    if eco is not None and eco.stacks == stacks and eco.hab == hab:
        stale = eco.stale
        if stale:
            eco.stale = 0
            t = tables(state)
            lay = layout(state)
            groups, kept, around = lay.groups, eco.locals, 0
            while stale:
                low = stale & -stale
                stale ^= low
                g = low.bit_length() - 1
                old = kept[g]
                new = kept[g] = _local(t, old[0], stacks, groups[g][1])
                # the groups around see its cards' food (eat) only: the same eat changes its own entry only
                around |= low if new[3] == old[3] else lay.around[g]
            _entries(eco, t, lay, around)
        return eco
    t = tables(state)
    lay = layout(state)
    nfields = lay.fields
    locals_: list[Local] = []
    for boards, group in lay.groups:
        m = 0
        for board in boards:
            m |= 1 << hab[board]
        fit = t.fit_mask(m)
        if group[0] >= nfields:
            fit &= t.edges
        locals_.append(_local(t, fit, stacks, group))
    eco = memo[seat] = Ecosystem(list(stacks), hab, lay.areas, locals_)
    _entries(eco, t, lay, (1 << len(locals_)) - 1)
    return eco


def _restacked(state: State, seat: int, place: int) -> None:
    """do_place or die changed the stack of ``place``: the seat's Ecosystem (if kept) walks its group
    again when next asked."""
    eco: Ecosystem | None = state.memo.get(seat)
    if eco is not None:  # then ecosystem() made the layout
        eco.stacks[place] = state.stacks[seat][place]
        eco.stale |= 1 << state.rules.memo["layout"].group_of[place]


def placeable(state: State, seat: int, hand: int) -> tuple[int, list[tuple[int, tuple[int, ...]]]]:
    """The placements of the cards of ``hand`` (a bit set over card numbers; species, none of
    ``Tables.slow``): their number, and ``(cards, places)`` pairs, each saying that the cards of the
    bit set may go to each of the places (:func:`place_problem`'s checks on the tables)."""
    rules = state.rules
    t = rules.memo.get("tables") or tables(state)
    express = rules.express
    season = state.season
    if season == 3 and not express:
        hand &= ~t.winter
    if not hand:
        return 0, []
    eco = ecosystem(state, seat)
    jokers = state.jokers[seat]
    spring = season == 0 and not express
    needs_more = t.needs_more
    top_need = len(needs_more)
    more = needs_more[jokers] if jokers < top_need else 0
    producers, edible, need = t.producers, t.edible, t.need
    rem_eaters, remains_eaters = t.remains_eaters_all, t.remains_eaters
    bio, rem = state.bio[seat], state.rem[seat]
    count = 0
    out: list[tuple[int, tuple[int, ...]]] = []
    food, remains = t.food, t.remains
    locals_, areas = eco.locals, eco.areas
    for fit, free, nfree, eat, g in eco.free:
        cand = hand & fit
        if not cand:
            continue
        ok = cand & producers
        hungry = cand ^ ok
        if hungry & rem_eaters & ~eat:  # a card that may find food only in remains: which lie around
            for j in areas[g]:
                for q, top in locals_[j][2]:
                    if rem[q]:
                        eat |= remains_eaters[remains[top]]
        hungry &= eat
        check = hungry & more
        ok |= hungry ^ check
        while check:  # need more than the jokers: count the food around
            low = check & -check
            check ^= low
            c = low.bit_length() - 1
            d = need[c] - (t.spring[c] if spring else 0) - jokers
            e = edible[c]
            for j in areas[g]:
                for q, top in locals_[j][2]:
                    if e & food[top]:
                        d -= bio[q]
                    if e & remains[top]:
                        d -= rem[q]
            if d <= 0:
                ok |= low
        if ok:
            count += ok.bit_count() * nfree
            out.append((ok, free))
    if hand & eco.cover:
        stacks = state.stacks[seat]
        area = rules.area
        for local in locals_:
            if not hand & local[5]:
                continue
            for q, coverers in local[4]:
                cand = hand & coverers
                if not cand:
                    continue
                ok = cand & producers
                hungry = cand ^ ok
                j = jokers + bio[q]
                check = hungry & needs_more[j] if j < top_need else 0
                ok |= hungry ^ check
                while check:  # (the free places' count above, over this place's area: a shared helper
                    # taking the places around as a list cost 2.2 % of a rollout's instructions)
                    low = check & -check
                    check ^= low
                    c = low.bit_length() - 1
                    d = need[c] - (t.spring[c] if spring else 0) - j
                    e = edible[c]
                    for p in area[q]:
                        st = stacks[p]
                        if st:
                            top = st[-1]
                            if e & food[top]:
                                d -= bio[p]
                            if e & remains[top]:
                                d -= rem[p]
                    if d <= 0:
                        ok |= low
                if ok:
                    count += ok.bit_count()
                    out.append((ok, (q,)))
    return count, out


def _places_of(card: int, sets: list[tuple[int, tuple[int, ...]]]) -> list[int]:
    """The places of one card, in place order, from :func:`placeable`'s pairs."""
    places = [q for cards, qs in sets if cards >> card & 1 for q in qs]
    places.sort()
    return places


def _hand_bits(state: State, cards: list[int]) -> int:
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits & ~tables(state).slows


class Counted:
    """A seat's legal placements counted, without listing them: ``count``, and :meth:`at` the ``k``-th
    ``(card, place)`` in :func:`placements_by_card`'s order (cards in card order, each card's places in
    place order; a small-bird-follow card counts its places, each once: the card alone). Valid while
    the state stays as it was counted."""

    __slots__ = ("count", "cards", "sets", "lists")

    def __init__(self, count: int, cards: int, sets: list[tuple[int, tuple[int, ...]]],
                 lists: dict[int, list[int]] | None) -> None:
        self.count = count
        self.cards = cards  # the species in hand, a bit set
        self.sets = sets  # placeable's (cards, places) pairs
        self.lists = lists  # the places of the cards checked the long way (Tables.slow, games with crops)

    def at(self, k: int) -> tuple[int, int]:
        """The ``k``-th placement (0 <= k < count): ``(card, place)``."""
        sets, lists = self.sets, self.lists
        cards = self.cards
        while cards:
            low = cards & -cards
            cards ^= low
            c = low.bit_length() - 1
            places = lists.get(c) if lists is not None else None
            if places is None:
                n = 0
                for bits, qs in sets:
                    if bits & low:
                        n += len(qs)
                if k >= n:
                    k -= n
                    continue
                places = _places_of(c, sets)
            elif k >= len(places):
                k -= len(places)
                continue
            return c, places[k]
        raise IndexError("placement index out of range")

    def move(self, state: State, k: int) -> Place:
        """The ``k``-th placement as a move (the state it was counted on)."""
        card, q = self.at(k)
        return Place(card, _spots(state)[q])


def count_placements(state: State, seat: int) -> Counted:
    """The seat's legal placements, counted (:class:`Counted`): what a search's rollout needs to draw
    one uniformly, ``counted.at(rng.below(counted.count))``, without listing them all."""
    rules = state.rules
    t = rules.memo.get("tables") or tables(state)
    bits = 0
    for c in state.hands[seat]:
        bits |= 1 << c
    bits &= t.species
    if rules.crops:
        lists = {c: places for c, places, _ in _placements_checked(state, seat, _cards_of(bits), False)}
        return Counted(sum(map(len, lists.values())), bits, [], lists)
    slow = bits & t.slows
    count, sets = placeable(state, seat, bits ^ slow)
    if not slow:
        return Counted(count, bits, sets, None)
    lists = {}
    for card, places, _ in _placements_checked(state, seat, _cards_of(slow), False):
        lists[card] = places
        count += len(places)
    return Counted(count, bits, sets, lists)


def _cards_of(bits: int) -> list[int]:
    """The cards of a bit set, in card order."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out


def placement_parts(state: State, seat: int, hand: list[int]) -> list[Part]:
    """The placements of :func:`placements_by_card` as parts of a :class:`MoveList` (their number; the
    places of a card listed only for the move asked for). ``hand``: the seat's cards, sorted, each once."""
    rules = state.rules
    n = rules.species_count
    if rules.crops:
        species = [c for c in hand if c < n]
        return [_placing_part(state, c, qs, th) for c, qs, th in _placements_checked(state, seat, species)]
    t = rules.memo.get("tables") or tables(state)
    bits = 0
    for c in hand:
        bits |= 1 << c
    bits &= t.species
    if not bits & t.slows:  # no slow card: one part, the card found when asked for
        count, sets = placeable(state, seat, bits)
        at = Counted(count, bits, sets, None).at
        spots = _spots(state)

        def build(i: int) -> Move:
            card, q = at(i)
            return Place(card, spots[q])

        return [(count, build)]
    species = [c for c in hand if c < n]
    bits &= ~t.slows
    count, sets = placeable(state, seat, bits)
    parts: list[Part] = []
    for c in species:
        if not bits >> c & 1:
            parts += [_placing_part(state, c, qs, th) for c, qs, th in _placements_checked(state, seat, [c])]
        elif count:
            places = _places_of(c, sets)
            if places:
                parts.append(_placing_part(state, c, places, None))
    return parts


def placements_by_card(state: State, seat: int) -> Placements:
    """Every legal placement, card by card: ``(card, places, None)``, or for a card with the
    small-bird-follow feature ``(card, places, thens)`` with ``thens`` the ``(place, then)`` pairs in
    order (then None: the card alone). The cards in card order, the places in place order: the order of
    :func:`placements`."""
    n = state.rules.species_count
    hand = [c for c in sorted(set(state.hands[seat])) if c < n]
    if state.rules.crops:
        return _placements_checked(state, seat, hand)
    bits = _hand_bits(state, hand)
    _, sets = placeable(state, seat, bits)
    by_card: dict[int, list[int]] = {}
    for cards, qs in sets:  # the places of each card, from the sets (few cards in each)
        while cards:
            low = cards & -cards
            cards ^= low
            c = low.bit_length() - 1
            found = by_card.get(c)
            if found is None:
                by_card[c] = list(qs)
            else:
                found += qs
    out: Placements = []
    for card in hand:
        if not bits >> card & 1:
            out += _placements_checked(state, seat, [card])
            continue
        places = by_card.get(card)
        if places:
            places.sort()
            out.append((card, places, None))
    return out


def _placements_checked(state: State, seat: int, cards: list[int], follow: bool = True) -> Placements:
    """:func:`placements_by_card` for the given cards (in card order) the long way, for the rare cards
    the tables leave out (crop plants and every card of a game with crops, small-bird-follow). An
    empty place's check depends only on its board(s), so it runs once for all the empty places of a
    board (or of an edge); :func:`place_problem` decides pioneers and crop plants. ``follow`` False:
    no small-bird follows listed (thens None)."""
    rules = state.rules
    species = rules.cards.species
    hab = state.habitat[seat]
    stacks = state.stacks[seat]
    nfields = rules.boards * FIELDS
    boards_of = rules.boards_of
    bio, rem = state.bio[seat], state.rem[seat]
    masks: dict[tuple[int, ...], int] = {}
    empties: dict[tuple[int, ...], list[int]] = {}  # per board (or edge): its empty places, in order
    for key, group in layout(state).groups:
        m = 0
        for b in key:
            m |= 1 << hab[b]
        masks[key] = m
        free = [q for q in group if not stacks[q]]
        if free:
            empties[key] = free
    # (place, its habitats' bit mask, the species on top)
    covered = [(q, masks[boards_of[q]], species[st[-1]]) for q, st in enumerate(stacks) if st]
    around: dict[tuple[int, ...], list[tuple[Species, int, int, int]]] = {}
    winter = state.season == 3 and not rules.express
    spring = state.season == 0 and not rules.express
    crops = rules.crops
    out: Placements = []
    n = rules.species_count
    for card in cards:
        if card >= n:
            continue
        s = species[card]
        if winter and s.type in WINTER_FORBIDDEN:
            continue
        pioneer = "pioneer" in s.features
        habitats = s.habitats
        producer = s.producer
        cover = "plant-cover" in s.abilities
        need = s.consumption
        eats = s.eats
        special = crops or "crop" in s.features
        jokers = state.jokers[seat] + (3 if spring and "spring-jokers" in s.abilities else 0)
        last = rules.places if s.edge else nfields
        places: list[int] = []
        for key, qs in empties.items():
            place = qs[0]
            if place >= last:
                continue
            mask = masks[key]
            if not habitats & mask and (not pioneer or place >= nfields):
                continue
            if special or not habitats & mask:  # crops, pioneers: place_problem decides
                ok = place_problem(state, seat, card, place, False) is None
            elif producer:
                ok = True
            else:  # food_present and available on the cards around (the same for every empty place)
                near = around.get(key)
                if near is None:
                    near = around[key] = [
                        (species[stacks[q][-1]], bio[q], rem[q],
                         PLANT_REMAINS if species[stacks[q][-1]].type in PLANT_LIKE else ANIMAL_REMAINS)
                        for q in rules.area[place] if stacks[q]]
                present = False
                total = 0
                for food, b, r, kind in near:
                    if can_eat(s, food):
                        present = True
                        total += b
                    if r and eats >> kind & 1:
                        present = True
                        total += r
                ok = present and total + jokers >= need
            if ok:
                places += qs
        mixed = bool(places)
        # place_problem's checks for a covered card: a plant covers only with plant-cover, a card that
        # feeds only on remains never covers
        can_cover = cover if producer else not s.remains_only
        for place, mask, low in covered if can_cover else ():
            if place >= last or not habitats & mask:
                continue
            if producer:
                if not low.producer:
                    continue
            elif not can_eat(s, low):
                continue
            if crops and crop_blocks(state, seat, place):
                continue
            if not producer:
                own = bio[place]
                if own + jokers < need and own + available(state, seat, place, s, jokers=False) + jokers < need:
                    continue
            places.append(place)
        if mixed:
            places.sort()
        if not places:
            continue
        thens: list[tuple[int, Any]] | None = None
        if follow and "small-bird-follow" in s.abilities:
            thens = []
            for place in places:
                thens.append((place, None))
                thens += [(place, then) for then in follows(state, seat, card, place)]
        out.append((card, places, thens))
    return out


def placements(state: State, seat: int) -> list[Place]:
    """Every legal placement."""
    spot = state.rules.spot
    out = []
    for card, places, thens in placements_by_card(state, seat):
        if thens is None:
            out += [Place(card, spot(q)) for q in places]
        else:
            out += [Place(card, spot(q), then) for q, then in thens]
    return out


def follows(state: State, seat: int, card: int, place: int) -> list[tuple[int, Any]]:
    n = state.rules.species_count
    species = state.rules.cards.species
    rest = list(state.hands[seat])
    rest.remove(card)
    if not any(c < n and species[c].type == SMALL_BIRDS for c in rest):
        return []  # no small bird left in hand to follow (placing takes no card into the hand)
    trial = state.copy()
    trial.log = None
    do_place(trial, seat, card, place)
    out = []
    for bird in sorted(set(trial.hands[seat])):
        if is_human(trial, bird) or sp(trial, bird).type != SMALL_BIRDS:
            continue
        for q in _places(trial):
            if place_problem(trial, seat, bird, q, False) is None:
                out.append((bird, trial.rules.spot(q)))
    return out


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
    stack_backs = _backs_of(state, "stack", state.pile)
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
        discard_backs = _backs_of(state, "discard", state.discard)
        pairs = list(combinations(hand, 2))
        per = nb + len(discard_backs)

        def winter(k: int, j: int) -> Move:
            if j < nb:
                return Exchange(pairs[k], 0, stack_backs[j])
            return Exchange(pairs[k], 0, discard_backs[j - nb], "discard")

        parts.append(_grid(len(pairs), winter, per))
    if rules.weather and state.weather:
        parts.append((len(hand), lambda h: Weather(hand[h])))
        if tokens_total(state, seat) >= 2:
            parts.append(listed([Weather(None)]))
    return parts


def exchanges(state: State, seat: int) -> list[Move]:
    return list(MoveList(exchange_parts(state, seat)))


def _placing_part(state: State, card: int, places: list[int], thens: list[tuple[int, Any]] | None) -> Part:
    spot = state.rules.spot
    if thens is None:
        return len(places), lambda i: Place(card, spot(places[i]))
    return len(thens), lambda i: Place(card, spot(thens[i][0]), thens[i][1])


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


def why_illegal(state: State, seat: int, move: Any) -> str | None:
    rules = state.rules
    who = rules.players[seat]
    if state.ended:
        return "the game is over"
    if not state.active[seat]:
        return f"{who} is out of the habitation phase until the season ends"
    if state.pending[seat] is not None:
        return f"{who} has already moved in this step"
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
            if tokens_total(state, seat) < 2:
                return f"{who} has fewer than 2 tokens to pay for the weather die"
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
    cards = state.discard if pile == "discard" else state.pile
    got = draw_back(state, back_type, cards) if back_type is not None else None
    if got is None and state.pile:  # that back ran out earlier in this step: the stack's top card
        got = state.pile.pop()
    return got


def do_exchange(state: State, seat: int, move: Exchange) -> None:
    rules = state.rules
    if move.face is not None:
        if move.face not in state.face_up:
            return  # taken earlier in this step by another player: the exchange does not happen
    elif move.draw is not None and not state.pile and not (move.pile == "discard" and state.discard):
        return
    for c in move.cards:
        state.hands[seat].remove(c)
        state.discard.append(c)
    if move.tokens:
        if rules.express:
            state.jokers[seat] -= move.tokens
        else:
            pay_tokens(state, seat, move.tokens)
    if move.face is not None:
        i = state.face_up.index(move.face)
        take(state, seat, move.face)
        if state.pile:
            state.face_up[i] = state.pile.pop()
        else:
            state.face_up.pop(i)
    elif move.draw is not None:
        got = _draw(state, move.draw, move.pile)
        if got is not None:
            take(state, seat, got)
    else:
        state.jokers[seat] += 2  # summer


def do_weather(state: State, seat: int, move: Weather) -> None:
    if not state.weather:
        return
    if move.card is not None:
        state.hands[seat].remove(move.card)
        state.discard.append(move.card)
    else:
        pay_tokens(state, seat, 2)
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


_SPOTS: dict[int, tuple[Any, ...]] = {}  # per number of boards


def _spots(state: State) -> tuple[Any, ...]:
    """Each place's :class:`~.domain.Place` (rules.spot of every place), made once per game."""
    memo = state.rules.memo
    found = memo.get("spots")
    if found is None:
        rules = state.rules
        found = _SPOTS.get(rules.boards)
        if found is None:
            found = _SPOTS[rules.boards] = tuple(rules.spot(q) for q in range(rules.places))
        memo["spots"] = found
    return found  # type: ignore[no-any-return]


def _place_numbers(state: State) -> dict[Any, int]:
    """Each place's :class:`~.domain.Place` to its number (rules.place_index of every place)."""
    memo = state.rules.memo
    found = memo.get("index")
    if found is None:
        found = memo["index"] = {spot: q for q, spot in enumerate(_spots(state))}
    return found  # type: ignore[no-any-return]


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
    later: list[tuple[str, int, int, str]] = []
    index = _place_numbers(state)
    for _, seat, m in placed:
        place = index[m.at]
        later += do_place(state, seat, m.card, place)
        if m.then is not None:
            later += do_place(state, seat, m.then[0], index[m.then[1]])
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


def feeding_order(state: State, seat: int, place: int) -> tuple[int, int]:
    t = state.top(seat, place)
    assert t is not None
    return TROPHIC_LEVEL[FOOD_TYPES[sp(state, t).type].value], place


def beginning_of_season(state: State) -> None:
    """Production, then feeding (ruling "feeding-order"), death, revealed cards, hands to 8."""
    rules = state.rules
    tb = tables(state)
    producer, level = tb.producer, tb.level
    log = state.log
    production, lone_plant = tb.production, tb.lone_plant
    season = state.season
    for seat in range(rules.n):
        stacks = state.stacks[seat]
        bio = state.bio[seat]
        for q, st in enumerate(stacks):
            if st:
                top = st[-1]
                if producer[top]:
                    made = production[top]
                    if lone_plant[top] or made is None:
                        produce(state, seat, q)
                    else:  # produce(), without looking for plants around
                        bio[q] += max(made) if rules.express else made[season]
        fed: set[tuple[int, int]] = set()
        while True:
            order = []
            for q, st in enumerate(stacks):
                if st:
                    top = st[-1]
                    if not producer[top] and (q, top) not in fed:
                        order.append((level[top], q))  # feeding_order
            if not order:
                break
            order.sort()
            hungry = [q for _, q in order]
            progress = False
            for jokers in (False, True):
                for q in hungry:
                    t = stacks[q][-1]  # feeding changes no stack
                    if (q, t) in fed:
                        continue
                    if feed(state, seat, q, jokers):
                        fed.add((q, t))
                        progress = True
                        if log is not None:
                            log.append(("fed", seat, t, state.season, True))
                if progress:
                    break
            if progress:
                continue
            for q in hungry:
                die(state, seat, q)
    for seat in range(rules.n):
        while len(state.hands[seat]) < HAND_SIZE and state.pile:
            take(state, seat, state.pile.pop())


def die(state: State, seat: int, place: int) -> None:
    """The card goes to the discarded cards; a revealed card keeps the tokens (and produces, or is fed
    with the rest); else they become remains on the first card of its habitat(s) (ruling "death")."""
    stack = state.stacks[seat][place]
    card = stack[-1]
    if state.log is not None:
        state.log.append(("fed", seat, card, state.season, False))
    state.discard.append(card)
    state.stacks[seat][place] = stack[:-1]
    _restacked(state, seat, place)
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


# -- scoring -------------------------------------------------------------------------------------

def board_types(state: State, seat: int, b: int) -> int:
    """The most different species types habitat ``b`` can count: its fields' cards, and for each edge
    card beside it the top or the bottom card."""
    rules = state.rules
    types = set()
    for q in range(b * FIELDS, (b + 1) * FIELDS):
        t = state.top(seat, q)
        if t is not None:
            types.add(sp(state, t).type)
    options = []
    for q in range(rules.boards * FIELDS, rules.places):
        if b in rules.boards_of[q] and state.stacks[seat][q]:
            st = state.stacks[seat][q]
            options.append({sp(state, st[0]).type, sp(state, st[-1]).type})
    best = len(types)
    for choice in product(*options):
        best = max(best, len(types | set(choice)))
    return best


def diversity_points(kinds: int) -> int:
    return 3 if kinds >= 7 else 2 if kinds == 6 else 1 if kinds == 5 else 0


def score_parts(state: State, seat: int) -> tuple[int, int, int]:
    """(diversity points, card points, unfilled fields)."""
    rules = state.rules
    diversity = sum(diversity_points(board_types(state, seat, b)) for b in range(rules.boards))
    points = 0
    for q in range(rules.places):
        t = state.top(seat, q)
        if t is not None:
            points += sp(state, t).points
    unfilled = sum(1 for q in range(rules.boards * FIELDS) if not state.stacks[seat][q])
    return diversity, points, unfilled


def score(state: State, seat: int) -> int:
    d, p, _ = score_parts(state, seat)
    return d + p
