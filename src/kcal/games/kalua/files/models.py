"""The card-set file (the built-in catalog, or a house-rule set) as closed, frozen, strict Pydantic models.

An effect is a discriminated union on ``kind`` over the rulebook's table; each carries its ``target``
(self, chosen, everyone) and, where the table has a number, its ``amount``. A card's kind decides
which targets make sense (a bonus touches its player only, a local disaster one chosen god, a global
disaster everyone), which the card's validator checks. These models validate at the edge; the engine
works on :class:`~kcal.games.kalua.files.cardset.CardSet`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    model_validator,
)

from kcal.core.fields import NAME_IS_TEXT, Name
from kcal.core.fields import Text as MultiLine
from kcal.core.suggest import Unknown
from kcal.core.text import check_name
from kcal.core.validation import choice
from kcal.games.kalua.rules.domain import (
    DOUBLE_COST,
    GAME_ID,
    GOD_COLOURS,
    RESERVED_NAMES,
    EffectKind,
    Kind,
    Rule,
    Target,
    fold,
)
from kcal.print.picturefield import IconName

_CONFIG = ConfigDict(extra="forbid", frozen=True)

Text = Annotated[Name, Field(min_length=1, max_length=200)]
Note = Annotated[MultiLine, Field(min_length=1, max_length=400)]
CardName = Annotated[StrictStr, Field(min_length=1, max_length=40), AfterValidator(check_name)]
#: a player's name: one printable word or phrase, no leading or trailing space
Player = Annotated[StrictStr, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$"),
                   AfterValidator(check_name), NAME_IS_TEXT]
Amount = Annotated[StrictInt, Field(ge=1, le=20, description="how many (1 to 20)")]
SignedAmount = Annotated[StrictInt, Field(ge=-20, le=20, description="a gain (+) or a loss (-), -20 to 20, "
                                                                     "not 0")]
Cost = Annotated[StrictInt, Field(ge=0, le=DOUBLE_COST * 2, description="praying points to play the card")]


class _Effect(BaseModel):
    model_config = _CONFIG
    target: Target = Field(description="self: the card's player; chosen: one god, chosen when the card "
                                       "resolves; everyone: every god still in the game")


def _nonzero(value: int) -> int:
    if value == 0:
        raise ValueError("an amount of 0 does nothing; give a gain (+n) or a loss (-n)")
    return value


class PrayingPoints(_Effect):
    """The affected gods gain (or lose, never below 0) praying points."""

    kind: Literal["praying_points"]
    amount: Annotated[SignedAmount, AfterValidator(_nonzero)]


class Happiness(_Effect):
    """The affected gods' happiness moves by ``amount`` on the 0-10 track."""

    kind: Literal["happiness"]
    amount: Annotated[SignedAmount, AfterValidator(_nonzero)]


class FamilyDeaths(_Effect):
    """``amount`` families of each affected god die (removed from the game)."""

    kind: Literal["family_deaths"]
    amount: Amount


class FamiliesToAtheism(_Effect):
    """``amount`` families of each affected god turn atheist (to the island)."""

    kind: Literal["families_to_atheism"]
    amount: Amount


class AtheistsConvert(_Effect):
    """``amount`` atheists of the island convert to each affected god (as many as there are)."""

    kind: Literal["atheists_convert"]
    amount: Amount


class Discard(_Effect):
    """Each affected god discards ``amount`` cards of their choice (all they hold, if fewer)."""

    kind: Literal["discard"]
    amount: Amount


class Keep(_Effect):
    """The card stays face up in front of its player until used or destroyed."""

    kind: Literal["keep"]


class RecoverLeader(_Effect):
    """The affected god's leader comes back into play (nothing when it is there)."""

    kind: Literal["recover_leader"]


def _known_kind(value: object) -> object:
    """A clear message for an effect of an unknown kind (before the union looks at it)."""
    if isinstance(value, dict) and "kind" in value:
        kind = value["kind"]
        names = [k.value for k in EffectKind]
        if kind not in names:  # its did-you-mean is found only when the error is shown (validation.choice)
            raise Unknown(f"unknown effect kind {kind!r}", str(kind), names, "; the kinds are " + ", ".join(names))
    return value


Effect = Annotated[PrayingPoints | Happiness | FamilyDeaths | FamiliesToAtheism | AtheistsConvert | Discard
                   | Keep | RecoverLeader, Field(discriminator="kind"), BeforeValidator(choice(_known_kind))]

_ALLOWED_TARGETS = {Kind.BONUS: {Target.SELF}, Kind.LOCAL: {Target.CHOSEN, Target.SELF},
                    Kind.GLOBAL: {Target.EVERYONE}}


class CardEntry(BaseModel):
    """One action card and how many copies of it the set holds."""

    model_config = _CONFIG

    name: CardName
    kind: Kind
    icon: IconName | None = None  #: the card's picture (absent: its kind's, docs/art.md)
    cost: Cost = Field(description="PP paid to play it; a global disaster costs 0 (its player may pay "
                                   "6 for protection or 12 to double it)")
    copies: Annotated[StrictInt, Field(ge=1, le=21)] = 1
    effects: Annotated[tuple[Effect, ...], Field(max_length=8)]
    while_kept: Annotated[tuple[Effect, ...], Field(max_length=4)] = Field(
        default=(), description="effects in every phase 5 (praying) while the card is kept (the Temple)")
    rule: Rule | None = Field(default=None, description="a named card's own rule (rulebook 'Special Cards')")
    text: Note | None = None

    @property
    def keeps(self) -> bool:
        return any(e.kind == EffectKind.KEEP.value for e in self.effects)

    @model_validator(mode="after")
    def _consistent(self) -> CardEntry:
        problems: list[str] = []
        if not self.effects:
            problems.append("a card does something: give at least one effect")
        if fold(self.name) in RESERVED_NAMES:
            problems.append(f"{self.name!r} is a move word in game records; choose another card name")
        allowed = _ALLOWED_TARGETS[self.kind]
        for i, effect in enumerate(self.effects + self.while_kept):
            if effect.target not in allowed:
                where = f"effects[{i}]" if i < len(self.effects) else f"while_kept[{i - len(self.effects)}]"
                problems.append(f"{where}: a {self.kind.value} card's effects target "
                                f"{' or '.join(sorted(t.value for t in allowed))}, not {effect.target.value}")
        if self.kind is Kind.GLOBAL and self.cost != 0:
            problems.append(f"a global disaster costs 0 (its player may pay 6 or 12), not {self.cost}")
        if self.kind is Kind.LOCAL and self.rule is not Rule.DESTROY_TEMPLE and not any(
                e.target is Target.CHOSEN for e in self.effects):
            problems.append("a local disaster punishes one chosen god: give it an effect with target chosen")
        if self.while_kept and not self.keeps:
            problems.append("while_kept effects need the card to be kept (an effect of kind keep)")
        if any(e.kind in ("keep", "discard") for e in self.while_kept):
            problems.append("while_kept effects change PP, happiness or families, not keep or discard")
        problems += _rule_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self


def _rule_problems(card: CardEntry) -> list[str]:
    rule = card.rule
    if rule is None:
        return []
    needs = {Rule.TEMPLE: (Kind.BONUS, True), Rule.AMULETS: (Kind.BONUS, True),
             Rule.NEW_LEADER: (Kind.BONUS, False), Rule.DESTROY_TEMPLE: (Kind.LOCAL, False)}
    kind, kept = needs[rule]
    out = []
    if card.kind is not kind:
        out.append(f"rule {rule.value} belongs to a {kind.value} card, not a {card.kind.value} one")
    if kept and not card.keeps:
        out.append(f"rule {rule.value}: the card is kept (add an effect of kind keep)")
    if rule is Rule.TEMPLE and not card.while_kept:
        out.append("rule temple: give the temple's phase-5 benefit in while_kept")
    if rule is Rule.NEW_LEADER and not any(e.kind == "recover_leader" for e in card.effects):
        out.append("rule new_leader: the card recovers the leader (add an effect of kind recover_leader)")
    return out


class SetInfo(BaseModel):
    model_config = _CONFIG
    code: Annotated[StrictStr, Field(min_length=1, max_length=12, pattern=r"^[A-Z0-9-]+$")]
    name: Text


class HelpCard(BaseModel):
    """A player help card: a god's colour and the turn summary printed on it."""

    model_config = _CONFIG
    colour: Literal[GOD_COLOURS]  # type: ignore[valid-type]
    title: Text
    lines: Annotated[tuple[Text, ...], Field(min_length=1, max_length=16)]
    icon: IconName | None = None  #: the card's picture (absent: the help cards', docs/art.md)


class Track(BaseModel):
    """The board's happiness track."""

    model_config = _CONFIG
    min: Annotated[StrictInt, Field(ge=0, le=0)] = 0
    max: Annotated[StrictInt, Field(ge=1, le=20)] = 10
    start: Annotated[StrictInt, Field(ge=0, le=20)] = 5
    flower_every: Annotated[StrictInt, Field(ge=1, le=10)] = Field(
        default=1, description="a flower icon on every n-th space (printing)")

    @model_validator(mode="after")
    def _start_on_track(self) -> Track:
        if not self.min <= self.start <= self.max:
            raise ValueError(f"the start space {self.start} is not on the track ({self.min} to {self.max})")
        return self


class Island(BaseModel):
    model_config = _CONFIG
    name: Text = "Kalua"
    atheists_per_player: Annotated[StrictInt, Field(ge=0, le=10)] = 3


class Board(BaseModel):
    """The board: the happiness track and the island of Kalua."""

    model_config = _CONFIG
    happiness: Track = Track()
    island: Island = Island()


class CardSetFile(BaseModel):
    """A Kalua card set: the 50 action cards, the 5 player help cards and the board."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Kalua card set")

    game: Literal["kalua"] = Field(description=f"always {GAME_ID}")
    set: SetInfo
    variant: Text | None = Field(default=None, description="a house-rule set's name; absent for the "
                                                           "published composition (21/19/10)")
    cards: Annotated[tuple[CardEntry, ...], Field(min_length=1, max_length=100)]
    help_cards: Annotated[tuple[HelpCard, ...], Field(max_length=5)] = ()
    board: Board = Board()
