"""Placing a card (rulebook "Habitation", step 2): why a placement is refused, placing it and its
features, the tokens paid in exchanges, the effects of weather and human-impact cards, and the
placements a hand allows, kept per ecosystem while its stacks stay the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kcal.games.ecologic_europe.files.cardset import Species
from kcal.games.ecologic_europe.files.models import Effect, Selector
from kcal.games.ecologic_europe.rules.domain import (
    ANIMAL_REMAINS,
    BOARD_HABITATS,
    FIELDS,
    MAMMALS_AND_BIRDS,
    PLANT_LIKE,
    PLANT_REMAINS,
    TYPE_INDEX,
    WINTER_FORBIDDEN,
)
from kcal.games.ecologic_europe.rules.feeding import (
    available,
    eats_text,
    feed,
    food_present,
    habitats_of,
    plants_in_area,
    produce,
    where,
)
from kcal.games.ecologic_europe.rules.movelist import Part
from kcal.games.ecologic_europe.rules.moves import (
    Move,
    Place,
)
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import (
    INVERTEBRATES,
    NO,
    SMALL_BIRDS,
    Layout,
    Placements,
    Tables,
    _places,
    _spots,
    can_eat,
    habitat_title,
    is_human,
    layout,
    sp,
    tables,
    type_title,
)

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


# kept whole: one check after another in the rulebook's order (habitat, food, season, features); the first that fails is the reason, in words
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
    raided = raid_gain(state, seat, card)
    if own + jokers + raided >= s.consumption:
        return None
    food = available(state, seat, place, s, jokers=False)
    if own + food + jokers + raided < s.consumption:
        extra = f", {own} on the covered card" if top else ""
        if tables(state).raid[card]:
            extra += f", {raided} to take from the neighbours' {raid_text(state, card)}"
        return NO if not words else (f"{s.latin} needs {s.consumption} biomass from {eats_text(s)} in {where(state, seat, place)}; "
                f"{food} are there{extra} and {jokers} joker{'s' if jokers != 1 else ''}")
    return None


def raid_gain(state: State, seat: int, card: int) -> int:
    """The biomass the card's raids before feeding (fish-raid, hoofed-raid) would take now from the
    neighbours' cards: ``most`` from each card of the raided type (ruling "raids")."""
    raids = tables(state).raid[card]
    if not raids:
        return 0
    total = 0
    species = state.rules.cards.species
    for other in neighbours(state, seat):
        bio = state.bio[other]
        for q, st in enumerate(state.stacks[other]):
            if st and bio[q]:
                kind = species[st[-1]].type
                for want, most in raids:
                    if kind == want:
                        total += min(most, bio[q])
    return total


def raid(state: State, seat: int, place: int, card: int) -> None:
    """The raids before feeding: from each neighbour's card of the raided type, up to ``most`` biomass
    onto the placed card (which then counts them towards its feeding)."""
    species = state.rules.cards.species
    bio = state.bio[seat]
    for other in neighbours(state, seat):
        theirs = state.bio[other]
        for q, st in enumerate(state.stacks[other]):
            if st and theirs[q]:
                kind = species[st[-1]].type
                for want, most in tables(state).raid[card]:
                    if kind == want:
                        k = min(most, theirs[q])
                        theirs[q] -= k
                        bio[place] += k


def raid_text(state: State, card: int) -> str:
    return " and ".join(type_title(want) for want, _ in tables(state).raid[card])


# kept whole: the placement check of every random playout (bench/bench_ecologic.py counts a rollout's instructions); a call per part would add to them
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
    if t.raid[card]:  # after placing, before feeding
        raid(state, seat, place, card)
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
    if feature == "invertebrate-raid":  # after placing and feeding (the raids before feeding: do_place)
        want, most = INVERTEBRATES, 1
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


def biomass_total(state: State, seat: int) -> int:
    """The biomass tokens of the seat: its jokers and the biomass on its cards (no remains)."""
    return state.jokers[seat] + sum(state.bio[seat])


def pay_biomass(state: State, seat: int, k: int) -> None:
    """Jokers first, then biomass, in place order: the weather die's 2 biomass tokens (ruling
    "weather-payment")."""
    j = min(k, state.jokers[seat])
    state.jokers[seat] -= j
    k -= j
    bio = state.bio[seat]
    for q in range(len(bio)):
        if not k:
            return
        j = min(k, bio[q])
        bio[q] -= j
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


# kept whole: the hot loop of move generation (bench/bench_ecologic.py counts a rollout's instructions); a call per part would add to them
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


# kept whole: the hot loop of move generation (bench/bench_ecologic.py counts a rollout's instructions); a call per part would add to them
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
        jokers += raid_gain(state, seat, card)  # tokens the card brings before its feeding, as jokers do
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


def _placing_part(state: State, card: int, places: list[int], thens: list[tuple[int, Any]] | None) -> Part:
    spot = state.rules.spot
    if thens is None:
        return len(places), lambda i: Place(card, spot(places[i]))
    return len(thens), lambda i: Place(card, spot(thens[i][0]), thens[i][1])
