"""What a step-1 exchange moves (rulebook "Habitation: Four Steps", step 1, and the weather die's
cost): the tokens it is paid with (ruling "token-payment", "weather-payment"), the cards drawn by their
back, and a card taken into a hand.
"""

from __future__ import annotations

from kcal.games.ecologic_europe.rules.state import State


def take(state: State, seat: int, card: int) -> None:
    state.hands[seat].append(card)
    state.seen[seat] |= 1 << card


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


def backs_of(state: State, which: str, pile: list[int]) -> list[int]:
    """:func:`backs_in` of the stack or the discarded cards, kept while that pile stays the same (the
    players of a step 1 all ask for the same pile)."""
    memo = state.memo
    kept = memo.get(which)
    if kept is not None and kept[0] == pile:
        return kept[1]  # type: ignore[no-any-return]
    backs = backs_in(state, pile)
    memo[which] = (list(pile), backs)
    return backs
