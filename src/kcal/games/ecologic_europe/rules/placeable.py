"""The placements of a hand counted on the tables, without listing them (rulebook "Rules for placing
cards in habitats", as :func:`~.placing.place_problem` checks them): :func:`placeable`, the hot loop of
move generation, and :class:`Counted`, a seat's placements counted, whose ``k``-th a rollout draws.
"""

from __future__ import annotations

from kcal.games.ecologic_europe.rules.ecosystem import ecosystem
from kcal.games.ecologic_europe.rules.moves import Place
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import spots_of, tables


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


def places_of(card: int, sets: list[tuple[int, tuple[int, ...]]]) -> list[int]:
    """The places of one card, in place order, from :func:`placeable`'s pairs."""
    places = [q for cards, qs in sets if cards >> card & 1 for q in qs]
    places.sort()
    return places


def hand_bits(state: State, cards: list[int]) -> int:
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
                places = places_of(c, sets)
            elif k >= len(places):
                k -= len(places)
                continue
            return c, places[k]
        raise IndexError("placement index out of range")

    def move(self, state: State, k: int) -> Place:
        """The ``k``-th placement as a move (the state it was counted on)."""
        card, q = self.at(k)
        return Place(card, spots_of(state)[q])


def cards_of(bits: int) -> list[int]:
    """The cards of a bit set, in card order."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out
