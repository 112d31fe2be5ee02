"""The features that reach the neighbours' ecosystems (rulebook "Additional Features Dictionary"): the
raids before feeding (fish-raid, hoofed-raid: :func:`raid_gain` counts them when a placement is
checked, :func:`raid` takes them), and the features left for after the step's placements
(:func:`deferred`: the invertebrate raid, the discard draw).
"""

from __future__ import annotations

from kcal.games.ecologic_europe.rules.exchange import take
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import INVERTEBRATES, sp, tables, type_title


def neighbours(state: State, seat: int) -> list[int]:
    n = state.rules.n
    return sorted({(seat - 1) % n, (seat + 1) % n} - {seat})


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
