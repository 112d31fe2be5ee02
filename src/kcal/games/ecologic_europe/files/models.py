"""The card-data files as closed, frozen, strict Pydantic models: species cards (one file per
expansion) and the components (habitat boards, the weather die and cards, the human-impact cards).

They validate at the edge; the engine never sees them (it works on
:class:`~kcal.games.ecologic_europe.files.cardset.CardSet`). Rules that tie fields together (a producer has
four seasonal numbers and no diet; a consumer has a consumption and food types) are checked here, so
every problem is reported at its node.
"""

from __future__ import annotations

from enum import Enum
from functools import partial
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    StrictBool,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    model_validator,
)

from kcal.core.fields import Name
from kcal.core.fields import Text as MultiLine
from kcal.core.text import check_name
from kcal.core.validation import choice
from kcal.games.ecologic_europe.rules.domain import (
    BONUSES,
    EXPANSIONS,
    FEATURES,
    FOOD_TYPES,
    GAME_ID,
    HABITAT_TITLES,
    POINT_VALUES,
    SPECIES_TYPES,
    Bonus,
    Expansion,
    Feature,
    FoodType,
    Habitat,
    SpeciesType,
    match_noun,
)
from kcal.games.ecologic_europe.rules.features import ABILITY_IDS, match_ability
from kcal.print.picturefield import IconName

_CONFIG = ConfigDict(extra="forbid", frozen=True)


def _word(kind: type[Enum], ids: list[str], what: str) -> Any:
    """A noun's member, written as its id (or title, or alias): an unknown word's did-you-mean is found only
    when its error is shown (:func:`kcal.core.validation.choice`)."""
    return [PlainValidator(choice(partial(match_noun, kind))),
            PlainSerializer(lambda v: v.value if hasattr(v, "value") else v, return_type=str),
            WithJsonSchema({"type": "string", "enum": ids, "description": what})]


TypeWord = Annotated[SpeciesType, *_word(SpeciesType, [t.value for t in SPECIES_TYPES], "a species type")]
FoodWord = Annotated[FoodType, *_word(FoodType, [t.value for t in FOOD_TYPES], "a food type")]
HabitatWord = Annotated[Habitat, *_word(Habitat, list(HABITAT_TITLES), "a habitat, or any")]
BonusWord = Annotated[Bonus, *_word(Bonus, [b.value for b in BONUSES], "a feeding bonus")]
FeatureWord = Annotated[Feature, *_word(Feature, [f.value for f in FEATURES], "a card feature")]
AbilityWord = Annotated[str, PlainValidator(choice(match_ability)),
                        WithJsonSchema({"type": "string", "enum": list(ABILITY_IDS),
                                        "description": "a feature of the rulebook's dictionary"})]
ExpansionWord = Annotated[Expansion, *_word(Expansion, [e.value for e in EXPANSIONS], "an expansion")]

Text = Annotated[Name, Field(min_length=1, max_length=120)]
Fact = Annotated[MultiLine, Field(min_length=1, max_length=200)]
Small = Annotated[StrictInt, Field(ge=0, le=9)]
Latin = Annotated[StrictStr, Field(min_length=3, max_length=60, pattern=r"^[A-Z][a-z]+( [a-z×-]+){1,3}$"),
                  AfterValidator(check_name)]
CardId = Annotated[StrictStr, Field(pattern=r"^[A-Z]{1,4}-?[0-9]{2,3}$")]


def _unique(values: tuple[Any, ...], what: str) -> None:
    seen: set[Any] = set()
    for v in values:
        if v in seen:
            raise ValueError(f"{what} lists {getattr(v, 'value', v)!r} twice")
        seen.add(v)


class SpeciesCard(BaseModel):
    """One species card. A producer (plants and lichens) has ``production`` (spring, summer, autumn,
    winter) and may carry a feeding-bonus marking; a consumer (animals and fungi) has
    ``consumption`` and ``eats`` and may have a feeding bonus."""

    model_config = _CONFIG

    id: CardId
    name: Text = Field(description="the common name")
    latin: Latin = Field(description="the Latin name (genus and species), unique")
    type: TypeWord
    icon: IconName | None = None  #: the species' picture (absent: its type's, docs/art.md)
    habitats: Annotated[tuple[HabitatWord, ...], Field(min_length=1, max_length=8)]
    edge: StrictBool = Field(default=False, description="may be placed on the edge between two habitats")
    production: Annotated[tuple[Small, ...], Field(min_length=4, max_length=4)] | None = Field(
        default=None, description="biomass produced in spring, summer, autumn and winter (producers)")
    consumption: Annotated[StrictInt, Field(ge=1, le=9)] | None = Field(
        default=None, description="biomass it must gather to be fed (consumers)")
    eats: Annotated[tuple[FoodWord, ...], Field(min_length=1, max_length=14)] | None = None
    bonus: BonusWord | None = None
    features: tuple[FeatureWord, ...] = ()
    points: Annotated[StrictInt, Field(ge=-1, le=3)] = 0
    abilities: tuple[AbilityWord, ...] = ()
    plankton: StrictBool = Field(default=False, description="this card is phytoplankton")
    fact: Fact

    @model_validator(mode="after")
    def _roles(self) -> SpeciesCard:
        producer = self.production is not None
        _unique(self.habitats, "habitats")
        _unique(self.features, "features")
        _unique(self.abilities, "abilities")
        if self.eats:
            _unique(self.eats, "eats")
        if Habitat.ANY in self.habitats and len(self.habitats) > 1:
            raise ValueError("habitats: 'any' stands alone (the card goes in every habitat)")
        if self.points not in (0, *POINT_VALUES):
            raise ValueError(f"points: a card shows +1, +2, +3 or -1, not {self.points}")
        if producer:
            if self.consumption is not None or self.eats is not None:
                raise ValueError("a producer (it has production) has no consumption and eats nothing")
            if self.type not in (SpeciesType.HERBACEOUS, SpeciesType.WOODY, SpeciesType.FUNGI):
                raise ValueError(f"only plants and lichens produce biomass, not {self.type.label.lower()}")
            if max(self.production or (0,)) == 0:
                raise ValueError("production: a producer produces in at least one season")
        else:
            if self.consumption is None:
                raise ValueError("a card is a producer (production: four seasonal numbers) or a consumer "
                                 "(consumption: a number); this one has neither")
            if not self.eats:
                raise ValueError(f"a consumer (consumption {self.consumption}) needs eats: the food types it "
                                 "feeds on")
            if self.type in (SpeciesType.HERBACEOUS, SpeciesType.WOODY):
                raise ValueError(f"{self.type.label.lower()} produce biomass: give production, not consumption")
            for f in (Feature.PIONEER, Feature.CROP):
                if f in self.features:
                    raise ValueError(f"features: {f.value} is a plant's feature, and this card is a consumer")
        from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS, Carrier

        for a in self.abilities:
            wanted = FEATURE_SPECS[a].carrier
            if (wanted is Carrier.PRODUCER) != producer:
                raise ValueError(f"abilities: {a} belongs on a {wanted.value} card")
        if self.plankton and not producer:
            raise ValueError("plankton: phytoplankton cards are producers")
        return self


class SetInfo(BaseModel):
    model_config = _CONFIG

    code: Annotated[StrictStr, Field(min_length=1, max_length=16, pattern=r"^[A-Z0-9-]+$")]
    name: Text


class SpeciesFile(BaseModel):
    """A file of species cards: the built-in base game or an expansion, or a card set of one's own."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="EcoLogic: Europe species cards")

    game: Literal["ecologic-europe"] = Field(description=f"always {GAME_ID}")
    set: SetInfo
    expansion: ExpansionWord = Expansion.BASE
    species: Annotated[tuple[SpeciesCard, ...], Field(min_length=1, max_length=400)]


# -- components ------------------------------------------------------------------------------------

class BoardSide(BaseModel):
    model_config = _CONFIG

    habitat: Annotated[Habitat, *_word(Habitat, list(HABITAT_TITLES)[:-1], "a board's habitat")]
    fields: Annotated[StrictInt, Field(ge=3, le=9)]

    @model_validator(mode="after")
    def _not_any(self) -> BoardSide:
        if self.habitat is Habitat.ANY:
            raise ValueError("habitat: 'any' is a card's symbol; a board side shows one habitat")
        return self


class Board(BaseModel):
    model_config = _CONFIG

    id: Annotated[StrictStr, Field(pattern=r"^[A-Z][0-9]{2}$")]
    expansion: ExpansionWord = Expansion.BASE
    sides: Annotated[tuple[BoardSide, ...], Field(min_length=2, max_length=2)]


Die = Literal["cloud", "biomass", "cards", "skip-transfer"]


class Selector(BaseModel):
    """Which cards an effect touches: all given conditions must hold (none: every card)."""

    model_config = _CONFIG

    type: TypeWord | None = None
    bonus: BonusWord | None = None
    habitat: HabitatWord | None = None
    feature: FeatureWord | None = None
    role: Literal["producer", "consumer"] | None = None


class Effect(BaseModel):
    """What a weather or human-impact card does. ``gain``/``lose``: biomass on each selected card;
    ``decay``: that many biomass tokens of each selected card become remains; ``clear-remains``:
    their remains are discarded; ``remains-to-biomass``: their remains become biomass; ``jokers``:
    each player concerned takes that many jokers (no cards)."""

    model_config = _CONFIG

    do: Literal["gain", "lose", "decay", "clear-remains", "remains-to-biomass", "jokers"]
    amount: Annotated[StrictInt, Field(ge=1, le=9)] = 1
    cards: Selector | None = None

    @model_validator(mode="after")
    def _cards(self) -> Effect:
        if self.do == "jokers" and self.cards is not None:
            raise ValueError("cards: a jokers effect touches no card")
        if self.do != "jokers" and self.cards is None:
            raise ValueError(f"cards: say which cards the {self.do} effect touches ({{}} for every card)")
        return self


class WeatherCard(BaseModel):
    model_config = _CONFIG

    id: Annotated[StrictStr, Field(pattern=r"^W[0-9]{2}$")]
    name: Text
    icon: IconName | None = None  #: the card's picture (absent: sun-cloud, docs/art.md)
    text: Fact
    effects: Annotated[tuple[Effect, ...], Field(min_length=1, max_length=4)]


class HumanCard(BaseModel):
    model_config = _CONFIG

    id: Annotated[StrictStr, Field(pattern=r"^X[0-9]{2}$")]
    name: Text
    icon: IconName | None = None  #: the card's picture (absent: factory, docs/art.md)
    text: Fact
    you: tuple[Effect, ...] = ()
    all: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _some(self) -> HumanCard:
        if not self.you and not self.all:
            raise ValueError("a human-impact card does something: give you: or all: effects")
        return self


class SymbolKey(BaseModel):
    """The symbol key card, a reference card each player may hold: its picture."""

    model_config = _CONFIG

    icon: IconName | None = None  #: the card's picture (absent: binoculars, docs/art.md)


class ComponentsFile(BaseModel):
    """The habitat boards, the weather die and cards, the human-impact cards and the symbol key card."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="EcoLogic: Europe components")

    game: Literal["ecologic-europe"]
    boards: Annotated[tuple[Board, ...], Field(min_length=1, max_length=40)]
    weather_die: Annotated[tuple[Die, ...], Field(min_length=6, max_length=6)]
    weather_cards: Annotated[tuple[WeatherCard, ...], Field(min_length=1, max_length=30)]
    human_cards: Annotated[tuple[HumanCard, ...], Field(min_length=1, max_length=30)]
    symbol_key: SymbolKey = SymbolKey()


Name_ = Annotated[StrictStr, Field(min_length=1, max_length=120), AfterValidator(check_name)]
