"""A validated card set as the engine uses it, and the published composition it is checked against.

The engine sees cards as small ints: every physical card (copy) has an id ``0..N-1``; ``card_def[id]``
is the index of its :class:`CardDef` (name, kind, cost, compiled effects). A file declaring
``variant: <name>`` is a house-rule set: any composition, with a warning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from kcal.core.setcheck import Finding
from kcal.core.suggest import did_you_mean
from kcal.games.kalua.files.models import CardEntry, CardSetFile
from kcal.games.kalua.rules.domain import (
    ATHEISTS_PER_PLAYER,
    COMPOSITION,
    DECK_INDEX,
    EFFECT_INDEX,
    GOD_COLOURS,
    HAPPINESS_MAX,
    HAPPINESS_MIN,
    HELP_CARDS,
    KIND_INDEX,
    START_HAPPINESS,
    TARGET_INDEX,
    EffectKind,
    Kind,
    Rule,
    deck_of_kind,
    fold,
)

Loc = tuple[str | int, ...]
#: a compiled effect: (EffectKind int, amount, Target int)
Fx = tuple[int, int, int]
#: the rulebook's named cards, each with its rule and kind
NAMED_CARDS = {"Temple": (Rule.TEMPLE, Kind.BONUS), "Temple destroyed!": (Rule.DESTROY_TEMPLE, Kind.LOCAL),
               "Amulets": (Rule.AMULETS, Kind.BONUS), "New Leader": (Rule.NEW_LEADER, Kind.BONUS)}


def composition_findings(model: CardSetFile) -> tuple[list[Finding], list[Finding]]:
    """(errors, warnings) of a card-set file: names unique always; the published composition unless
    the file declares a ``variant``."""
    errors: list[Finding] = []
    warnings: list[Finding] = []
    first: dict[str, int] = {}
    for i, card in enumerate(model.cards):
        key = fold(card.name)
        if key in first:
            errors.append(Finding("duplicate-name", f"cards[{i}]: {card.name!r} is already cards[{first[key]}]; "
                                  "give the number of copies in 'copies' instead", ("cards", i, "name")))
        else:
            first[key] = i
    colours = Counter(h.colour for h in model.help_cards)
    for i, h in enumerate(model.help_cards):
        if colours[h.colour] > 1:
            errors.append(Finding("duplicate-colour", f"help_cards[{i}]: a second {h.colour} help card; "
                                  "each god's colour has one", ("help_cards", i, "colour")))
            colours[h.colour] = 1
    if model.variant is not None:
        warnings.append(Finding("house-rule", f"a house-rule set ({model.variant!r}) of "
                                f"{sum(c.copies for c in model.cards)} cards, not the published composition",
                                ("variant",)))
        decks = Counter(deck_of_kind(c.kind) for c in model.cards for _ in range(c.copies))
        for deck in decks.keys() ^ {deck_of_kind(k) for k in Kind}:
            warnings.append(Finding("empty-deck", f"the {deck.value} deck has no card", ("cards",)))
        return errors, warnings
    return errors + _published(model), warnings


def _published(model: CardSetFile) -> list[Finding]:
    out: list[Finding] = []
    hint = "; a custom set declares 'variant: <name>' (a house rule)"
    counts = Counter[str]()
    for card in model.cards:
        counts[card.kind.value] += card.copies
    for kind, want in COMPOSITION.items():
        if counts[kind] != want:
            out.append(Finding("composition", f"{counts[kind]} {kind} cards; the game has {want} "
                               f"(21 bonus, 19 local disaster, 10 global disaster){hint}", ("cards",)))
    by_name = {fold(c.name): (i, c) for i, c in enumerate(model.cards)}
    for name, (rule, kind) in NAMED_CARDS.items():
        found = by_name.get(fold(name))
        if found is None:
            out.append(Finding("named-card", f"no card {name!r}: the rulebook names it{hint}", ("cards",)))
            continue
        i, card = found
        if card.kind is not kind or card.rule is not rule:
            out.append(Finding("named-card", f"cards[{i}]: {name} is a {kind.value} card with rule "
                               f"{rule.value}", ("cards", i)))
    if len(model.help_cards) != HELP_CARDS:
        out.append(Finding("help-cards", f"{len(model.help_cards)} player help cards; the game has "
                           f"{HELP_CARDS}, one per colour ({', '.join(GOD_COLOURS)}){hint}", ("help_cards",)))
    track = model.board.happiness
    if (track.min, track.max, track.start) != (HAPPINESS_MIN, HAPPINESS_MAX, START_HAPPINESS):
        out.append(Finding("track", f"the happiness track runs {HAPPINESS_MIN} to {HAPPINESS_MAX}, start "
                           f"{START_HAPPINESS}; not {track.min} to {track.max}, start {track.start}{hint}",
                           ("board", "happiness")))
    if model.board.island.atheists_per_player != ATHEISTS_PER_PLAYER:
        out.append(Finding("island", f"the island starts with {ATHEISTS_PER_PLAYER} atheists per player, not "
                           f"{model.board.island.atheists_per_player}{hint}",
                           ("board", "island", "atheists_per_player")))
    return out


def _compile(effects: tuple[object, ...]) -> tuple[Fx, ...]:
    out = []
    for e in effects:
        kind = EffectKind(e.kind)  # type: ignore[attr-defined]
        out.append((EFFECT_INDEX[kind], int(getattr(e, "amount", 0)), TARGET_INDEX[e.target]))  # type: ignore[attr-defined]
    return tuple(out)


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
    entry: CardEntry = field(repr=False, compare=False)


@dataclass(frozen=True)
class CardSet:
    """The cards of one set, with every copy numbered (``card_def[id]``) for the engine."""

    code: str
    name: str
    variant: str | None
    defs: tuple[CardDef, ...]
    model: CardSetFile = field(repr=False, compare=False)
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

    @classmethod
    def from_model(cls, model: CardSetFile, source: str = "builtin") -> CardSet:
        defs = tuple(CardDef(i, c.name, KIND_INDEX[c.kind], DECK_INDEX[deck_of_kind(c.kind)], c.cost,
                             _compile(c.effects), _compile(c.while_kept), c.keeps, c.rule, c.copies, c)
                     for i, c in enumerate(model.cards))
        return cls(model.set.code, model.set.name, model.variant, defs, model, source)

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
