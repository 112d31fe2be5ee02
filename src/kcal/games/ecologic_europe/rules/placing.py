"""Placing a card (rulebook "Habitation: Four Steps", step 2, "Rules for placing cards in habitats" and
"Placing a card on a card"): why a placement is refused (:func:`place_problem`, and :func:`_refused` on
the tables), and placing it (:func:`do_place`) with the features that act on the owner's ecosystem.
Where a hand may go: :mod:`.placements`; the raids and other features that reach the neighbours:
:mod:`.raids`.
"""

from __future__ import annotations

from kcal.games.ecologic_europe.rules.domain import (
    BOARD_HABITATS,
    FIELDS,
    MAMMALS_AND_BIRDS,
    WINTER_FORBIDDEN,
)
from kcal.games.ecologic_europe.rules.ecosystem import restacked
from kcal.games.ecologic_europe.rules.feeding import (
    available,
    eats_text,
    feed,
    food_present,
    plants_in_area,
    produce,
    where,
)
from kcal.games.ecologic_europe.rules.raids import raid, raid_gain, raid_text
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import (
    NO,
    Tables,
    can_eat,
    habitat_title,
    sp,
    tables,
    type_title,
)


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


def do_place(state: State, seat: int, card: int, place: int, process: int | None = None) -> list[tuple[str, int, int, str]]:
    """Place a card (checked already): covering, production or feeding, the features that act on the
    owner's own ecosystem (``process``: how many of the plant remains tokens around it an earthworm
    processes, None for all).
    Returns the features left for later: ``(latin, seat, place, feature)``."""
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
    restacked(state, seat, place)
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
    ok = feed(state, seat, place, True, process)
    assert ok, "placement checked before"
    if t.to_jokers[card]:
        for q in range(state.rules.places):
            if rem[q]:
                state.jokers[seat] += rem[q]
                rem[q] = 0
    deferred = t.deferred[card]
    return [(t.latin[card], seat, place, a) for a in deferred] if deferred else []
