"""The 37 modifiers: name, shape, parameters and rule text, defined once.

This table is the schema's view of a modifier (what a tile must say about it). The engine keeps
each modifier's *effect* in its own registry keyed by the same names; a meta-test checks that
both cover exactly these 37.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Shape(str, Enum):
    """Circle: the modifier affects its own tile. Square: it affects other tiles."""

    CIRCLE = "circle"
    SQUARE = "square"

    def __str__(self) -> str:
        return self.value


#: The parameters a modifier may take and what each holds.
PARAM_KINDS: dict[str, str] = {
    "amount": "a whole number of kCalories (1 or more)",
    "color": "a kCalorie colour",
    "biome": "a biome code",
    "partner": "the name of another tile",
    "target": "a tile name or classification",
    "duration": "a number of turns (1 or more)",
}


@dataclass(frozen=True)
class ModifierSpec:
    name: str
    shape: Shape
    summary: str
    rule: str
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    defaults: dict[str, object] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").capitalize()

    @property
    def params(self) -> tuple[str, ...]:
        return self.required + self.optional


C, S = Shape.CIRCLE, Shape.SQUARE

_SPECS = [
    ModifierSpec("anchor", S, "adjacent costs of its colour are satisfied",
                 "When this tile is placed, adjacent tiles can have all of their associated costs "
                 "satisfied that match the anchor tile's modifier color.", ("color",)),
    ModifierSpec("barricade", S, "opponents cannot place next to it for a while",
                 "Block opponents from placing their own tiles adjacent to this space for the "
                 "duration shown. Use a dice to indicate the turn.", ("duration",)),
    ModifierSpec("biome_boost", S, "+1 to adjacent tiles of its biome",
                 "When placed, tiles with this modifier add +1 kCalorie to the yield of all adjacent "
                 "tiles with matching biome icons. Biome boosters can even affect each other!",
                 ("biome",), ("amount",), {"amount": 1}),
    ModifierSpec("camouflage", C, "may change one yield cube's colour",
                 "Tiles with camouflage can alter the color of one of their kCalorie yields to "
                 "another color when placed.", (), ("color",)),
    ModifierSpec("communal", C, "+1 next to a tile of the same name",
                 "When placing this tile adjacent to another tile of the same name, the communal "
                 "modifier adds +1 to tile yield.", (), ("amount",), {"amount": 1}),
    ModifierSpec("critically_endangered", C, "-1 next to a human",
                 "Critically endangered tiles lose 1 kCalorie yield if placed next to a human tile "
                 "due to habitat loss.", (), ("amount",), {"amount": 1}),
    ModifierSpec("delectable", S, "adds to an adjacent human's yield",
                 "Delectable tiles are great sources of food for humans. If a human tile lies "
                 "adjacent to a delectable tile, add the indicated amount to that human tile's "
                 "yield.", ("amount",)),
    ModifierSpec("destructive", S, "subtracts from adjacent yields of its colour",
                 "Tiles with this modifier subtract the indicated yield of any adjacent tiles that "
                 "share the modifier's color (e.g. fungi/plant tiles as shown).", ("amount", "color")),
    ModifierSpec("diurnal", C, "bonus next to Sunlight",
                 "Diurnal animals are active during the day and receive the indicated bonus when "
                 "adjacent to \"Sunlight\" tiles.", ("amount",)),
    ModifierSpec("drought_resistant", C, "one extra turn in a collapse",
                 "Tiles with Drought Resistance receive an extra turn to survive if they are in the "
                 "path of an ecosystem collapse."),
    ModifierSpec("ectothermic", S, "adds to adjacent amphibians and reptiles",
                 "Ectothermic creatures regulate their body temperature from external sources. "
                 "Tiles with this modifier add the indicated yield to adjacent amphibian & "
                 "reptiles.", ("amount",)),
    ModifierSpec("electrogenesis", C, "bonus when it shares a water tile with its food",
                 "If an electrogenetic creature and its food source share an adjacent water "
                 "resource tile, add the indicated amount to the creature's yield.", ("amount",)),
    ModifierSpec("fish_hazard", S, "removes adjacent fish",
                 "Tiles with the fish hazard modifier remove all adjacent fish tiles "
                 "(Actinopterygii, Chondrichthyes, Petromyzontida, & Sarcopterygii) from play."),
    ModifierSpec("inedible", S, "subtracts from an adjacent human's yield",
                 "Inedible modifiers are dangerous sources of food for humans. If adjacent to a "
                 "human tile, subtract the indicated yield from the human tile.", ("amount",)),
    ModifierSpec("insectivore", C, "+1 next to insects",
                 "Insectivores are animals that primarily receive their nutrients from insects. Add "
                 "+1 to an insectivore tile's yield when adjacent to insect tiles.",
                 (), ("amount",), {"amount": 1}),
    ModifierSpec("intelligent", C, "reproduction bonus may be a purple cube",
                 "When intelligent animals of the same species are placed adjacent, you may replace "
                 "their reproductive adjacency bonus with a human kCalorie instead."),
    ModifierSpec("invasive_species", C, "boosted by every biome",
                 "Invasive species tiles can thrive in almost any climate and receive adjacency "
                 "bonuses from all biome types."),
    ModifierSpec("mycorrhizal_network", S, "+1 to adjacent fungi/plants",
                 "Mycorrhizal networks connect tiles together to transfer resources. Tiles with "
                 "this modifier affect all adjacent fungi/plants by increasing their yield by +1.",
                 (), ("amount",), {"amount": 1}),
    ModifierSpec("new_growth", S, "adds to adjacent fungi/plants",
                 "Natural disasters often afford nature more breathing-room. This modifier affects "
                 "adjacent fungi/plant tiles by increasing their yield the indicated amount.",
                 ("amount",)),
    ModifierSpec("nocturnal", C, "+1 next to Moonlight",
                 "Tiles with the nocturnal modifier receive +1 kCalorie to their yield when adjacent "
                 "to \"Moonlight\".", (), ("amount",), {"amount": 1}),
    ModifierSpec("nocturnal_hunters", S, "+1 to adjacent carnivores and humans",
                 "Tiles with this modifier affect all adjacent carnivore and human tiles by adding "
                 "+1 to their yield.", (), ("amount",), {"amount": 1}),
    ModifierSpec("pack_tactics", C, "three adjacent of one name end the game",
                 "A player can end the game by placing 3 of the same species tile adjacent to one "
                 "another if they have the Pack Tactics modifier."),
    ModifierSpec("pesticide", S, "removes adjacent insects",
                 "The pesticide modifier removes all adjacent insect tiles from play. This action "
                 "can harm as much as it can help if critical species in the food chain disappear "
                 "as a result!"),
    ModifierSpec("photosynthesis", S, "adds adjacent plants' base yield again",
                 "This modifier affects adjacent plant tiles by doubling their base yield (e.g. a "
                 "plant tile that normally yields 2 plant kCalories will yield 4)."),
    ModifierSpec("poisonous_insect", S, "hurts whoever eats it",
                 "Subtract the indicated amount from any tile that uses the Poisonous Insect tile "
                 "for its cost unless it is an Insectivore.", ("amount",)),
    ModifierSpec("poor_water_quality", S, "subtracts from adjacent water",
                 "Remember that not all water is drinkable, and some tiles simply spoil it for the "
                 "rest of us. Subtract the indicated amount from any adjacent water resource tiles.",
                 ("amount",)),
    ModifierSpec("prominent_canines", C, "+1 when paid from an opponent's animals",
                 "Tiles with this modifier receive an additional +1 yield if their cost was paid "
                 "from any herbivore, omnivore, carnivore, or human kCalories from an opponent.",
                 (), ("amount",), {"amount": 1}),
    ModifierSpec("rapid_growth", S, "adds to adjacent fungi/plants",
                 "With a few nutrients, fallow fields can become verdant gardens. This modifier "
                 "affects adjacent fungi/plants by increasing their yield the indicated amount.",
                 ("amount",)),
    ModifierSpec("remove", S, "names a tile to remove",
                 "When placed, name any tile (that has a cost) to be removed. Any tiles adjacent "
                 "with this name will be removed at the end of your next turn. Discard after use.",
                 (), ("target",)),
    ModifierSpec("sanguivore", C, "bonus next to mammals",
                 "Sanguivores subsist from the blood of other animals. If a Sanguivore tile is "
                 "placed adjacent to a mammal tile, add the indicated amount to its yield.",
                 ("amount",)),
    ModifierSpec("shade_required", S, "subtracts from adjacent fungi",
                 "Reduce adjacent fungi tile's yield by the indicated amount. Fungi are not capable "
                 "of photosynthesis and instead break-down organic compounds for sources of energy.",
                 ("amount",)),
    ModifierSpec("solar_strength", C, "lasts longer next to Sunlight",
                 "Storm cells are masses of air formed from powerful updrafts and downdrafts. "
                 "Increase their duration by the indicated amount when adjacent to \"Sunlight\".",
                 ("amount",)),
    ModifierSpec("symbiosis", C, "bonus next to its partner",
                 "Place a tile adjacent to its symbiotic partner (shown in the modifier) to receive "
                 "the indicated bonus to its yield.", ("partner", "amount")),
    ModifierSpec("temporary", C, "loses 1 a turn unless used",
                 "All good things must come to an end. Temporary tiles will lose 1 from their yield "
                 "at the end of each turn unless they are used by adjacent tiles."),
    ModifierSpec("tidal_power", S, "adds to adjacent water",
                 "Tiles with this modifier affect adjacent water resource tiles by adding the "
                 "indicated amount to their yield.", ("amount",)),
    ModifierSpec("toxin_resistance", C, "immune to poisons",
                 "Creatures with Toxin Resistance are not affected by Poisons of any kind."),
    ModifierSpec("transplant", C, "may be placed away from its owner's tiles",
                 "Tiles with this modifier do not need to be placed adjacent to your own tiles, but "
                 "anywhere on the table where their cost can be satisfied."),
]

MODIFIERS: dict[str, ModifierSpec] = {spec.name: spec for spec in _SPECS}
MODIFIER_NAMES: tuple[str, ...] = tuple(sorted(MODIFIERS))
assert len(MODIFIERS) == 37, len(MODIFIERS)
