"""A validated card set made into the rules' :class:`~kcal.games.kalua.rules.cards.CardSet` (named here
too), and the published composition it is checked against. A file declaring
``variant: <name>`` is a house-rule set: any composition, with a warning.
"""

from __future__ import annotations

from collections import Counter

from kcal.core.setcheck import Finding
from kcal.games.kalua.files.models import CardSetFile
from kcal.games.kalua.rules.cards import CardDef, CardSet, Fx
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


def card_set(model: CardSetFile, source: str = "builtin") -> CardSet:
    """The card set of a validated card-set file, as the rules use it."""
    defs = tuple(CardDef(i, c.name, KIND_INDEX[c.kind], DECK_INDEX[deck_of_kind(c.kind)], c.cost,
                         _compile(c.effects), _compile(c.while_kept), c.keeps, c.rule, c.copies, c)
                 for i, c in enumerate(model.cards))
    return CardSet(model.set.code, model.set.name, model.variant, defs, model, source)


__all__ = ["NAMED_CARDS", "CardDef", "CardSet", "Fx", "card_set", "composition_findings"]
