"""Cards and effects in words (``catalog show``, ``rules explain``, the printed faces): one phrase per
effect, built from the data, never from a publisher's text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kcal.games.kalua.rules.domain import DOUBLE_COST, PROTECTION_COST, EffectKind, Kind, Rule, Target


class Effect(Protocol):
    """An effect as the words read it (an effect of the card-set file's ``CardEntry``; ``amount`` if any)."""

    @property
    def kind(self) -> str: ...
    @property
    def target(self) -> Target: ...


class CardWords(Protocol):
    """A card as the words read it (the card-set file's ``CardEntry`` is one; ``files/`` sits above
    ``rules/``, so the rules name no model of it)."""

    @property
    def kind(self) -> Kind: ...
    @property
    def rule(self) -> Rule | None: ...
    @property
    def effects(self) -> Sequence[Effect]: ...
    @property
    def while_kept(self) -> Sequence[Effect]: ...

_WHO = {Target.SELF: "you", Target.CHOSEN: "the chosen god", Target.EVERYONE: "every god"}
_RULES = {
    Rule.TEMPLE: "Stays in front of you until a Temple destroyed! card hits you; its benefit comes in every "
                 "phase 5 (praying).",
    Rule.AMULETS: "Stays in front of you until used: the first card that would take your families is "
                  "stopped (you lose none to it) and the Amulets are discarded.",
    Rule.NEW_LEADER: "One of your families becomes your leader: with no leader and at least one family, "
                     "you remove a family and get your leader back (otherwise nothing happens).",
    Rule.DESTROY_TEMPLE: "The chosen god's Temple, if they keep one, is discarded.",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def effect_text(kind: str, amount: int, target: Target) -> str:
    """``the chosen god loses 2 families (they die)``."""
    who = _WHO[target]
    you = target is Target.SELF
    verb = {True: ("gain", "lose", "discard", "recover"), False: ("gains", "loses", "discards", "recovers")}
    gain, lose, discard, recover = verb[you]
    k = EffectKind(kind)
    if k is EffectKind.PRAYING_POINTS:
        return f"{who} {gain if amount > 0 else lose} {abs(amount)} PP"
    if k is EffectKind.HAPPINESS:
        return f"{who} {gain if amount > 0 else lose} {abs(amount)} happiness"
    if k is EffectKind.FAMILY_DEATHS:
        return f"{who} {lose} {_plural(amount, 'family').replace('familys', 'families')} (they die)"
    if k is EffectKind.FAMILIES_TO_ATHEISM:
        whose = {Target.SELF: "your", Target.CHOSEN: "the chosen god's", Target.EVERYONE: "every god's"}[target]
        return f"{amount} of {whose} families turn{'s' if amount == 1 else ''} atheist"
    if k is EffectKind.ATHEISTS_CONVERT:
        return f"{_plural(amount, 'atheist')} convert{'s' if amount == 1 else ''} to {who}"
    if k is EffectKind.DISCARD:
        return f"{who} {discard} {_plural(amount, 'card')}"
    if k is EffectKind.KEEP:
        return "keep this card in front of you"
    return f"{who} {recover} {'your' if you else 'their'} leader"


def card_lines(card: CardWords) -> list[str]:
    """What a card does, one line per effect, then its named rule and (global) how it is paid."""
    lines = [effect_text(e.kind, getattr(e, "amount", 0), e.target) for e in card.effects
             if not (card.rule is Rule.NEW_LEADER and e.kind == "recover_leader")]
    lines += [f"every phase 5 while kept: {effect_text(e.kind, getattr(e, 'amount', 0), e.target)}"
              for e in card.while_kept]
    if card.rule is not None:
        lines.append(_RULES[card.rule])
    if card.kind is Kind.GLOBAL:
        lines.append(f"Pay 0; or {PROTECTION_COST} PP to be protected from it; or {DOUBLE_COST} PP to double it "
                     "(no protection).")
    return lines


def kind_text(kind: Kind) -> str:
    return {Kind.BONUS: "bonus", Kind.LOCAL: "local disaster", Kind.GLOBAL: "global disaster"}[kind]
