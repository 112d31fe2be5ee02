"""What the placement checks need of a seat's stacks (:class:`Ecosystem`), kept per seat while its stacks
and habitats stay the same, and walked again only where :func:`restacked` says a stack changed.
"""

from __future__ import annotations

from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import Layout, Tables, layout, tables

# Per seat, what the placement checks need of its stacks, kept while its stacks and habitats stay the
# same (biomass and remains are read from the state at each count: they change after almost every step).
# do_place and die say which place they changed (:func:`restacked`): only that place's group and the
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


def restacked(state: State, seat: int, place: int) -> None:
    """do_place or die changed the stack of ``place``: the seat's Ecosystem (if kept) walks its group
    again when next asked."""
    eco: Ecosystem | None = state.memo.get(seat)
    if eco is not None:  # then ecosystem() made the layout
        eco.stacks[place] = state.stacks[seat][place]
        eco.stale |= 1 << state.rules.memo["layout"].group_of[place]
