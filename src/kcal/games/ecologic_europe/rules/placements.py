"""Every legal placement of a seat (rulebook "Rules for placing cards in habitats"), card by card: counted
for a rollout (:func:`count_placements`), as parts of a move list (:func:`placement_parts`), listed
(:func:`placements_by_card`, :func:`placements`), with the small bird that may follow a card
(:func:`follows`) and the earthworm's choices that matter (:func:`process_choices`). The fast path
counts on the tables (:mod:`.placeable`); the rare cards the tables leave out are checked the long way
(:func:`_placements_checked`).
"""

from __future__ import annotations

from typing import Any

from kcal.games.ecologic_europe.rules.cards import Species
from kcal.games.ecologic_europe.rules.domain import (
    ANIMAL_REMAINS,
    FIELDS,
    PLANT_LIKE,
    PLANT_REMAINS,
    WINTER_FORBIDDEN,
)
from kcal.games.ecologic_europe.rules.feeding import available, plant_remains_around, plant_remains_count
from kcal.games.ecologic_europe.rules.movelist import Part
from kcal.games.ecologic_europe.rules.moves import Move, Place
from kcal.games.ecologic_europe.rules.placeable import Counted, cards_of, hand_bits, placeable, places_of
from kcal.games.ecologic_europe.rules.placing import crop_blocks, do_place, place_problem
from kcal.games.ecologic_europe.rules.raids import raid_gain
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import (
    REMAINS_BIT,
    SMALL_BIRDS,
    Placements,
    can_eat,
    is_human,
    layout,
    place_range,
    sp,
    spots_of,
    tables,
)


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
        lists = {c: places for c, places, _ in _placements_checked(state, seat, cards_of(bits), False)}
        return Counted(sum(map(len, lists.values())), bits, [], lists)
    slow = bits & t.slows
    count, sets = placeable(state, seat, bits ^ slow)
    if not slow:
        return Counted(count, bits, sets, None)
    lists = {}
    for card, places, _ in _placements_checked(state, seat, cards_of(slow), False):
        lists[card] = places
        count += len(places)
    return Counted(count, bits, sets, lists)


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
        spots = spots_of(state)

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
            places = places_of(c, sets)
            if places:
                parts.append(_placing_part(state, c, places, None))
    return parts


def placements_by_card(state: State, seat: int) -> Placements:
    """Every legal placement, card by card: ``(card, places, None)``, or for a card with the
    small-bird-follow feature or an earthworm ``(card, places, choices)`` with ``choices`` the
    ``(place, then, process)`` of its moves in order (then None: the card alone; process None: every
    plant remains token, the default, then the other :func:`process_choices`). The cards in card order,
    the places in place order: the order of :func:`placements`."""
    n = state.rules.species_count
    hand = [c for c in sorted(set(state.hands[seat])) if c < n]
    if state.rules.crops:
        return _placements_checked(state, seat, hand)
    bits = hand_bits(state, hand)
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


class _Around:
    """What :func:`_placements_checked` looks at for every card: per board (or edge) its habitats' bit
    mask and its empty places, the covered places, and the cards around each board's empty places
    (found once, when a card first asks)."""

    __slots__ = ("masks", "empties", "covered", "near")

    def __init__(self, state: State, seat: int) -> None:
        rules = state.rules
        species = rules.cards.species
        hab = state.habitat[seat]
        stacks = state.stacks[seat]
        self.masks: dict[tuple[int, ...], int] = {}
        self.empties: dict[tuple[int, ...], list[int]] = {}  # per board (or edge): its empty places, in order
        for key, group in layout(state).groups:
            m = 0
            for b in key:
                m |= 1 << hab[b]
            self.masks[key] = m
            free = [q for q in group if not stacks[q]]
            if free:
                self.empties[key] = free
        # (place, its habitats' bit mask, the species on top)
        self.covered = [(q, self.masks[rules.boards_of[q]], species[st[-1]]) for q, st in enumerate(stacks) if st]
        self.near: dict[tuple[int, ...], list[tuple[Species, int, int, int]]] = {}

    def cards_near(self, state: State, seat: int, key: tuple[int, ...], place: int) -> list[tuple[Species, int, int, int]]:
        """The cards around the empty places of ``key`` (``place`` one of them): (species, biomass,
        remains, the kind of its remains)."""
        near = self.near.get(key)
        if near is None:
            species = state.rules.cards.species
            stacks = state.stacks[seat]
            bio, rem = state.bio[seat], state.rem[seat]
            near = self.near[key] = [
                (species[stacks[q][-1]], bio[q], rem[q],
                 PLANT_REMAINS if species[stacks[q][-1]].type in PLANT_LIKE else ANIMAL_REMAINS)
                for q in state.rules.area[place] if stacks[q]]
        return near


def _placements_checked(state: State, seat: int, cards: list[int], follow: bool = True) -> Placements:
    """:func:`placements_by_card` for the given cards (in card order) the long way, for the rare cards
    the tables leave out (crop plants and every card of a game with crops, small-bird-follow). An
    empty place's check depends only on its board(s), so it runs once for all the empty places of a
    board (or of an edge); :func:`place_problem` decides pioneers and crop plants. ``follow`` False:
    no small-bird follows listed (thens None)."""
    rules = state.rules
    species = rules.cards.species
    around = _Around(state, seat)
    winter = state.season == 3 and not rules.express
    spring = state.season == 0 and not rules.express
    out: Placements = []
    n = rules.species_count
    for card in cards:
        if card >= n:
            continue
        s = species[card]
        if winter and s.type in WINTER_FORBIDDEN:
            continue
        jokers = state.jokers[seat] + (3 if spring and "spring-jokers" in s.abilities else 0)
        jokers += raid_gain(state, seat, card)  # tokens the card brings before its feeding, as jokers do
        places = _empty_places(state, seat, card, s, jokers, around)
        mixed = bool(places)
        places += _covered_places(state, seat, s, jokers, around)
        if mixed:
            places.sort()
        if not places:
            continue
        thens: list[tuple[int, Any, int | None]] | None = None
        if follow and "small-bird-follow" in s.abilities:
            thens = []
            for place in places:
                thens.append((place, None, None))
                thens += [(place, then, None) for then in follows(state, seat, card, place)]
        elif follow and "plant-remains-processing" in s.abilities:
            thens = [(place, None, process) for place in places
                     for process in process_choices(state, seat, card, place)]
        out.append((card, places, thens))
    return out


def _empty_places(state: State, seat: int, card: int, s: Species, jokers: int, around: _Around) -> list[int]:
    """The empty places ``card`` may go to, board by board (``jokers``: with the tokens it brings)."""
    rules = state.rules
    nfields = rules.boards * FIELDS
    last = rules.places if s.edge else nfields
    pioneer = "pioneer" in s.features
    habitats = s.habitats
    special = rules.crops or "crop" in s.features
    places: list[int] = []
    for key, qs in around.empties.items():
        place = qs[0]
        if place >= last:
            continue
        mask = around.masks[key]
        if not habitats & mask and (not pioneer or place >= nfields):
            continue
        if special or not habitats & mask:  # crops, pioneers: place_problem decides
            ok = place_problem(state, seat, card, place, False) is None
        elif s.producer:
            ok = True
        else:  # food_present and available on the cards around (the same for every empty place)
            present = False
            total = 0
            for food, b, r, kind in around.cards_near(state, seat, key, place):
                if can_eat(s, food):
                    present = True
                    total += b
                if r and s.eats >> kind & 1:
                    present = True
                    total += r
            ok = present and total + jokers >= s.consumption
        if ok:
            places += qs
    return places


def _covered_places(state: State, seat: int, s: Species, jokers: int, around: _Around) -> list[int]:
    """The covered places ``s`` may cover, in place order: place_problem's checks for a covered card (a
    plant covers only with plant-cover, a card that feeds only on remains never covers)."""
    rules = state.rules
    producer = s.producer
    if not ("plant-cover" in s.abilities if producer else not s.remains_only):
        return []
    last = rules.places if s.edge else rules.boards * FIELDS
    bio = state.bio[seat]
    places = []
    for place, mask, low in around.covered:
        if place >= last or not s.habitats & mask:
            continue
        if producer:
            if not low.producer:
                continue
        elif not can_eat(s, low):
            continue
        if rules.crops and crop_blocks(state, seat, place):
            continue
        if not producer:
            own = bio[place]
            if own + jokers < s.consumption and \
                    own + available(state, seat, place, s, jokers=False) + jokers < s.consumption:
                continue
        places.append(place)
    return places


def placements(state: State, seat: int) -> list[Place]:
    """Every legal placement."""
    spot = state.rules.spot
    out = []
    for card, places, thens in placements_by_card(state, seat):
        if thens is None:
            out += [Place(card, spot(q)) for q in places]
        else:
            out += [Place(card, spot(q), then, process) for q, then, process in thens]
    return out


def process_choices(state: State, seat: int, card: int, place: int) -> tuple[int | None, ...]:
    """The ``process:`` choices a move list offers for placing ``card`` at ``place`` (ruling
    "earthworm"): every plant remains token (None) alone, unless the seat's other cards that eat plant
    remains from the cards around it (its fungi) would lack food at the next beginning of a season
    without them (their own tokens and the plant remains they reach elsewhere after the end of this
    season, :func:`_after_season`); then also the number that leaves them what they lack, and none.
    Each choice leaves a different number of tokens."""
    rules = state.rules
    if rules.express or state.season >= 3 or "plant-remains-processing" not in sp(state, card).abilities:
        return (None,)  # no beginning of a season to come (express has none; winter is the last)
    shared = set(plant_remains_around(state, seat, place))
    if not shared:
        return (None,)
    t = rules.memo.get("tables") or tables(state)
    bit = REMAINS_BIT[PLANT_REMAINS]
    stacks, bio, rem, area = state.stacks[seat], state.bio[seat], state.rem[seat], rules.area
    lack = 0
    for q, st in enumerate(stacks):
        if not st or q == place or t.producer[st[-1]] or not t.edible[st[-1]] & bit:
            continue
        if not any(p in shared for p in area[q]):
            continue
        kept, left = _after_season(bio[q], rem[q])
        own = kept + (left if t.edible[st[-1]] & t.remains[st[-1]] else 0)
        # the plant remains it reaches after this season: elsewhere all of them, on the cards around the
        # earthworm only those an odd biomass adds (the earthworm's choice is the rest)
        found = sum(_after_season(bio[p], rem[p])[1] - (rem[p] if p in shared else 0) for p in area[q]
                    if stacks[p] and t.remains[stacks[p][-1]] == bit)
        lack += max(0, t.need[st[-1]] - own - found)
    if not lack:
        return (None,)
    trial = state.copy()
    trial.log = None
    do_place(trial, seat, card, place, 0)
    there = plant_remains_count(trial, seat, place)
    if not there:
        return (None,)
    return (None, there - lack, 0) if there > lack else (None, 0)


def _after_season(biomass: int, remains: int) -> tuple[int, int]:
    """A card's biomass and remains after the end of a season (ruling "end-of-season", as
    :func:`~.seasons.end_of_season`): an odd count turns one token into remains, half the rest stays."""
    odd = biomass % 2
    return (biomass - odd) // 2, remains + odd


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
        for q in place_range(trial):
            if place_problem(trial, seat, bird, q, False) is None:
                out.append((bird, trial.rules.spot(q)))
    return out


def _placing_part(state: State, card: int, places: list[int],
                  thens: list[tuple[int, Any, int | None]] | None) -> Part:
    spot = state.rules.spot
    if thens is None:
        return len(places), lambda i: Place(card, spot(places[i]))
    return len(thens), lambda i: Place(card, spot(thens[i][0]), thens[i][1], thens[i][2])
