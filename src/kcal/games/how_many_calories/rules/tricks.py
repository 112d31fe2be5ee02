"""A trick, as pure functions: a card's value, the order of cards, who wins what.

The leader's card sets the colour. A card of another colour counts its number + 5 (the +5 card stacked
on it). The highest value wins the lowest-value card -- only that food card -- and the player of the
lowest card leads the next trick. On equal values the card of the leader's colour ranks higher.

Ranking key: ``2 * number + 1`` for a leader-colour card, ``2 * (number + 5)`` for any other. The
first is odd and the second even, so a leader-colour card and an off-colour card never share a key,
and two cards of the same kind share one only if they share a number -- impossible, since numbers are
unique in a set. Equal *values* happen only between a leader-colour ``n`` and an off-colour ``n - 5``
(ruling "ties" in docs/rulings.md), and the key puts the leader's colour above.
"""

from __future__ import annotations

from collections.abc import Sequence


def card_value(number: int, colour: int, lead_colour: int, plus: int) -> int:
    """What a card counts in a trick led in ``lead_colour``."""
    return number if colour == lead_colour else number + plus


def card_key(number: int, colour: int, lead_colour: int, plus: int) -> int:
    """A total order on the cards of one trick: value first, the leader's colour above on a tie."""
    return 2 * number + 1 if colour == lead_colour else 2 * (number + plus)


def resolve(cards: Sequence[tuple[int, int]], colour_of: Sequence[int], plus: int
            ) -> tuple[int, int, int, tuple[int, ...]]:
    """``(winner seat, loser seat, number taken, values)`` of a complete trick of (seat, number)
    pairs in play order (the first is the leader's)."""
    lead = colour_of[cards[0][1]]
    best = worst = -1
    best_key = -1
    worst_key = 1 << 30
    taken = 0
    values = []
    for seat, number in cards:
        colour = colour_of[number]
        if colour == lead:
            key = 2 * number + 1
            values.append(number)
        else:
            key = 2 * (number + plus)
            values.append(number + plus)
        if key > best_key:
            best_key, best = key, seat
        if key < worst_key:
            worst_key, worst, taken = key, seat, number
    return best, worst, taken, tuple(values)
