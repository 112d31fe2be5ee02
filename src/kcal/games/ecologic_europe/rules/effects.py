"""The effects of weather cards and human-impact cards (rulebook "Weather Cards Mechanics", "Human Impact
Cards Mechanics"): the cards an effect selects, and the effect on them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from kcal.games.ecologic_europe.rules.domain import (
    BOARD_HABITATS,
    TYPE_INDEX,
    Bonus,
    Feature,
    Habitat,
    SpeciesType,
)
from kcal.games.ecologic_europe.rules.feeding import habitats_of
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import sp


class Selector(Protocol):
    """Which cards an effect touches, as the rules read it (the components file's ``Selector`` is one:
    ``files/`` sits above ``rules/``, so the rules name no model of it)."""

    @property
    def type(self) -> SpeciesType | None: ...
    @property
    def bonus(self) -> Bonus | None: ...
    @property
    def habitat(self) -> Habitat | None: ...
    @property
    def feature(self) -> Feature | None: ...
    @property
    def role(self) -> str | None: ...


class Effect(Protocol):
    """What a weather or human-impact card does, as the rules read it (the components file's ``Effect``)."""

    @property
    def do(self) -> str: ...
    @property
    def amount(self) -> int: ...
    @property
    def cards(self) -> Selector | None: ...


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
