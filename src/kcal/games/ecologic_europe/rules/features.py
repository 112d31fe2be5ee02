"""The additional features of the rulebook's dictionary, each defined once: its id (the word a card
file uses), a short label, the rule in kcal's own words, when it acts (its trigger) and what kind of
card may carry it. The engine (the modules of :mod:`kcal.games.ecologic_europe.rules`) acts on these ids where
the trigger says (production, placing, feeding, after the step); ``test_features_registry`` checks that
every feature is on a card, has an explain topic and is named by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from kcal.core.suggest import Unknown
from kcal.games.ecologic_europe.rules.domain import DomainError


class Trigger(str, Enum):
    """When a feature acts."""

    PRODUCTION = "production"  # whenever the plant produces (placed, and every new season)
    PLACED = "placed"  # once, when the card is placed
    PLACEMENT = "placement"  # changes where the card may go or what it may eat
    BEFORE_FEEDING = "before-feeding"  # after placing, before its feeding
    AFTER_FEEDING = "after-feeding"  # after each feeding (placing and every new season)
    AFTER_PLACING = "after-placing"  # once, after the card is placed and fed


class Carrier(str, Enum):
    PRODUCER = "producer"
    CONSUMER = "consumer"


@dataclass(frozen=True)
class FeatureSpec:
    id: str
    label: str  # the short line printed above the card's line
    rule: str  # the rule in kcal's words
    trigger: Trigger
    carrier: Carrier
    icon: str  # the glyph the printed card shows beside the label


_SPECS = (
    FeatureSpec("lone-plant", "alone among plants: +1 at each production",
                "Each time this plant produces (when placed, and at the beginning of every season) while no "
                "other plant is in its habitat, it gets 1 more biomass token.",
                Trigger.PRODUCTION, Carrier.PRODUCER, "1"),
    FeatureSpec("first-plant", "first plant of its habitat: +3 biomass",
                "Placed while its habitat holds no other plant, it gets 3 more biomass tokens, once.",
                Trigger.PLACED, Carrier.PRODUCER, "3"),
    FeatureSpec("plant-cover", "may cover a plant: its biomass turns to remains",
                "This plant may be placed on top of another plant in a matching habitat. The covered plant's "
                "biomass tokens come onto this card as remains; the covered plant's remains are discarded.",
                Trigger.PLACEMENT, Carrier.PRODUCER, "^"),
    FeatureSpec("fish-raid", "before feeding: 1 from each neighbour's fish",
                "After it is placed and before it is fed, it takes 1 biomass token from each fish card of "
                "each neighbouring player; the tokens count towards its feeding, and towards whether it may be "
                "placed.",
                Trigger.BEFORE_FEEDING, Carrier.CONSUMER, "F"),
    FeatureSpec("invertebrate-raid", "after feeding: 1 from each neighbour's invertebrate",
                "After it is placed and fed, it takes 1 biomass token from each invertebrate card (others) of "
                "each neighbouring player.", Trigger.AFTER_FEEDING, Carrier.CONSUMER, "I"),
    FeatureSpec("hoofed-raid", "before feeding: up to 2 from each neighbour's hoofed mammal",
                "After it is placed and before it is fed, it takes up to 2 biomass tokens from each hoofed "
                "mammal card of each neighbouring player; the tokens count towards its feeding, and towards "
                "whether it may be placed.",
                Trigger.BEFORE_FEEDING, Carrier.CONSUMER, "H"),
    FeatureSpec("phytoplankton", "phytoplankton in its habitat: +2 after feeding",
                "After each of its feedings, if a phytoplankton card is in its habitat(s), it gets 2 more "
                "biomass tokens.", Trigger.AFTER_FEEDING, Carrier.CONSUMER, "P"),
    FeatureSpec("remains-to-jokers", "after placing: remains may become jokers",
                "After it is placed, every remains token of its owner's ecosystem may be exchanged for a "
                "biomass joker (kcal exchanges them all: a joker serves as either).",
                Trigger.AFTER_PLACING, Carrier.CONSUMER, "J"),
    FeatureSpec("spring-jokers", "spring, before placing: take 3 jokers",
                "Placed in spring, its owner first takes 3 biomass jokers, which may feed this very card.",
                Trigger.BEFORE_FEEDING, Carrier.CONSUMER, "S"),
    FeatureSpec("discard-draw", "after placing: 1 token for 1 discarded card",
                "After it is placed (once the step's placements are done), its owner pays 1 token for the "
                "card discarded last, the top of the discarded cards, whatever its back: a joker, else one "
                "biomass this card holds beyond its consumption; with neither, no card is drawn.",
                Trigger.AFTER_PLACING, Carrier.CONSUMER, "D"),
    FeatureSpec("big-bird-eater", "may eat big birds of consumption below 4",
                "Besides its food types, it may feed on big birds whose biomass consumption is 3 or less.",
                Trigger.PLACEMENT, Carrier.CONSUMER, "B"),
    FeatureSpec("plant-remains-processing", "after feeding: plant remains into biomass",
                "After each of its feedings, it may take any number of the plant remains tokens of its "
                "habitat(s) onto its card, turned into biomass; its owner chooses how many (ruling \"earthworm\").", Trigger.AFTER_FEEDING,
                Carrier.CONSUMER, "R"),
    FeatureSpec("small-bird-follow", "after placing: may place a small bird at once",
                "After it is placed, its owner may at once place a small bird card from their hand, by the "
                "usual rules.", Trigger.AFTER_PLACING, Carrier.CONSUMER, "W"),
)

FEATURE_SPECS: dict[str, FeatureSpec] = {s.id: s for s in _SPECS}
ABILITY_IDS: tuple[str, ...] = tuple(FEATURE_SPECS)


def parse_ability(text: object) -> str:
    """A feature id of the dictionary; anything else is an error with a did-you-mean."""
    try:
        return match_ability(text)
    except Unknown as e:
        raise DomainError(e.phrased()) from None


def match_ability(text: object) -> str:
    """:func:`parse_ability`, whose unknown word raises a :class:`~kcal.core.suggest.Unknown` (the
    did-you-mean found only when its message is read: the file models' validators)."""
    if not isinstance(text, str):
        raise DomainError(f"a feature of the dictionary is a word such as 'lone-plant', got {text!r}")
    word = "-".join(text.replace("_", " ").split()).casefold()
    if word in FEATURE_SPECS:
        return word
    raise Unknown(f"{text!r} is not a feature of the rulebook's dictionary", word, ABILITY_IDS,
                  f"; the features are {', '.join(ABILITY_IDS)}")
