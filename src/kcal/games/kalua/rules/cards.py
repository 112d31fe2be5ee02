"""A card set as the rules use it: every physical card (copy) has an id ``0..N-1``; ``card_def[id]`` is the
index of its :class:`CardDef` (name, kind, cost, compiled effects).

It lives in ``rules/`` because the rules play with it, and ``files/`` sits above ``rules/``
(docs/ARCHITECTURE.md, the pack layers): :func:`kcal.games.kalua.files.cardset.card_set` builds it from a
validated card-set file, and that module names it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kcal.core.suggest import did_you_mean
from kcal.games.kalua.rules.domain import KIND_INDEX, Kind, Rule, fold

#: a compiled effect: (EffectKind int, amount, Target int)
Fx = tuple[int, int, int]


@dataclass(frozen=True)
class CardDef:
    """One card as the engine reads it."""

    index: int
    name: str
    kind: int  # BONUS, LOCAL or GLOBAL
    deck: int  # 0 bonus, 1 disaster
    cost: int
    effects: tuple[Fx, ...]
    while_kept: tuple[Fx, ...]
    keep: bool
    rule: Rule | None
    copies: int
    #: the card's entry in its card-set file (``files.models.CardEntry``): the words and pictures read it,
    #: the rules never do (``files/`` sits above ``rules/``)
    entry: Any = field(repr=False, compare=False)


@dataclass(frozen=True)
class CardSet:
    """The cards of one set, with every copy numbered (``card_def[id]``) for the engine."""

    code: str
    name: str
    variant: str | None
    defs: tuple[CardDef, ...]
    #: the validated card-set file (``files.models.CardSetFile``), for its board and help cards
    model: Any = field(repr=False, compare=False)
    source: str = "builtin"
    card_def: tuple[int, ...] = field(init=False, repr=False, compare=False)
    deck_ids: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    by_fold: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids: list[int] = []
        decks: tuple[list[int], list[int]] = ([], [])
        for d in self.defs:
            for _ in range(d.copies):
                decks[d.deck].append(len(ids))
                ids.append(d.index)
        object.__setattr__(self, "card_def", tuple(ids))
        object.__setattr__(self, "deck_ids", (tuple(decks[0]), tuple(decks[1])))
        object.__setattr__(self, "by_fold", {fold(d.name): d.index for d in self.defs})

    def __len__(self) -> int:
        return len(self.card_def)

    @property
    def happiness_max(self) -> int:
        return self.model.board.happiness.max

    @property
    def happiness_start(self) -> int:
        return self.model.board.happiness.start

    @property
    def atheists_per_player(self) -> int:
        return self.model.board.island.atheists_per_player

    def find(self, name: str) -> CardDef | None:
        index = self.by_fold.get(fold(name))
        return None if index is None else self.defs[index]

    def unknown_reason(self, name: str) -> str:
        return f"there is no card {name!r} in the set {self.code}{did_you_mean(name, [d.name for d in self.defs])}"

    def name_of(self, card_id: int) -> str:
        return self.defs[self.card_def[card_id]].name

    def def_of(self, card_id: int) -> CardDef:
        return self.defs[self.card_def[card_id]]

    def copies_of(self, def_index: int) -> tuple[int, ...]:
        return tuple(i for i, d in enumerate(self.card_def) if d == def_index)

    def by_kind(self, kind: Kind) -> list[CardDef]:
        return [d for d in self.defs if d.kind == KIND_INDEX[kind]]


__all__ = ["CardDef", "CardSet", "Fx"]
