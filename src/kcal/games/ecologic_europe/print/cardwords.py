"""A species card's rules in words, and the symbol key, for the printed cards (issue 23, item 2).

The top of a card keeps the rulebook's compact symbols (``3-2-2-1``, the lettered chips of the food and
habitat types); the lower half says the same in words, so that a player who has never seen the game reads
each card without a key: what it produces or eats, its feeding bonus, where it lives, its features and
points. Every chip letters a card shows are named here in words (:func:`species_rules` writes each chip's
letters beside its name), and the symbol key card (:func:`key_sections`) lists every chip of the game.
Pure text: :mod:`.faces` draws it.
"""

from __future__ import annotations

from typing import NamedTuple

from kcal.games.ecologic_europe.files.cardset import Species
from kcal.games.ecologic_europe.rules.domain import (
    BOARD_HABITATS,
    BONUSES,
    FOOD_TYPES,
    SEASONS,
    Bonus,
    Feature,
)
from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS

#: the lettered chips: species and food types
TYPE_LETTERS = {
    "herbaceous": "HB", "woody": "WD", "fungi": "FL", "insects": "IN", "invertebrates": "IV", "fish": "FI",
    "amphibians": "AR", "small-birds": "SB", "big-birds": "BB", "small-mammals": "SM", "hoofed": "HO",
    "predators": "PM", "plant-remains": "rP", "animal-remains": "rA",
}
HABITAT_LETTERS = {
    "deciduous": "DF", "coniferous": "CF", "meadows": "MF", "rivers": "RF", "wetlands": "WL", "coastal": "CO",
    "cities": "CG", "mountains": "MO", "any": "ANY",
}
#: the feeding bonuses' chips (flowering is ``Flo``: ``Fl`` would read as the fish's ``FI``)
BONUS_LETTERS = {"fruiting": "Fr", "seed": "Se", "flowering": "Flo", "grass": "Gr"}
#: the seasons' short words, printed under a plant's four production numbers
SEASON_LETTERS = ("sp", "su", "au", "wi")
EDGE_LETTERS = "EDGE"
#: what each feature means, as the rulebook's symbol list says it
FEATURE_RULES = {
    "pioneer": "Pioneer plant: may go into any habitat that holds no plant yet.",
    "poisonous": "Poisonous: mammals and birds may not eat it.",
    "crop": "Crop plant: no other card may join it in its habitat (the edges stay free).",
    "nocturnal": "Nocturnal animal.",
}


def _type_name(value: str) -> str:
    return FOOD_TYPES[[t.value for t in FOOD_TYPES].index(value)].label


def _named(label: str, letters: str) -> str:
    return f"{label.lower()} ({letters})"


def production_words(s: Species) -> str:
    """The top line's ``3 2 2 1`` over ``sp su au wi`` spelled out: ``spring 3, summer 2, autumn 2, winter 1``."""
    return ", ".join(f"{season.value} {n}" for season, n in zip(SEASONS, s.production or (), strict=True))


def habitat_words(s: Species) -> str:
    if s.any_habitat:
        where = f"any habitat ({HABITAT_LETTERS['any']})"
    else:
        where = ", ".join(_named(h.label, HABITAT_LETTERS[h.value]) for i, h in enumerate(BOARD_HABITATS)
                          if s.fits(i))
    edge = f"; also on the edge between two habitats ({EDGE_LETTERS}), feeding from both" if s.edge else ""
    return f"Lives in: {where}{edge}."


def species_rules(s: Species) -> list[str]:
    """The card's rules in words, one paragraph each, in the order the card's symbols read."""
    type_value = FOOD_TYPES[s.type].value
    out = [f"{_type_name(type_value)} ({TYPE_LETTERS[type_value]})."]
    if s.production is not None:
        out.append(f"Produces biomass each season: {production_words(s)}.")
        if s.bonus:
            bonus = Bonus(s.bonus)
            out.append(f"{bonus.label} ({BONUS_LETTERS[bonus.value]}): an animal with this bonus gains 1 biomass "
                       f"for it after feeding.")
    else:
        foods = ", ".join(_named(t.label, TYPE_LETTERS[t.value]) for i, t in enumerate(FOOD_TYPES)
                          if s.eats_type(i))
        out.append(f"Eats {s.consumption} biomass from: {foods}.")
        if s.bonus:
            bonus = Bonus(s.bonus)
            out.append(f"Bonus ({BONUS_LETTERS[bonus.value]}): +1 biomass after feeding for each "
                       f"{bonus.label.lower()} in its habitat.")
    out.append(habitat_words(s))
    out += [FEATURE_RULES[f] for f in sorted(s.features)]
    out += [FEATURE_SPECS[a].rule for a in sorted(s.abilities)]
    if s.points:
        out.append(f"{s.points:+d} victory point{'s' if abs(s.points) != 1 else ''} at the end.")
    return out


def chips_of(s: Species) -> list[str]:
    """Every chip's letters the card shows (for the test that each has its key in words)."""
    type_value = FOOD_TYPES[s.type].value
    chips = [TYPE_LETTERS[type_value]]
    if s.bonus:
        chips.append(BONUS_LETTERS[s.bonus])
    chips += [TYPE_LETTERS[t.value] for i, t in enumerate(FOOD_TYPES) if s.production is None and s.eats_type(i)]
    chips += ["ANY"] if s.any_habitat else [HABITAT_LETTERS[h.value] for i, h in enumerate(BOARD_HABITATS)
                                           if s.fits(i)]
    if s.edge:
        chips.append(EDGE_LETTERS)
    return chips


class KeyEntry(NamedTuple):
    letters: str
    words: str
    kind: str  #: "type", "bonus", "habitat" or "edge": which chip style draws it


def key_sections() -> list[tuple[str, list[KeyEntry]]]:
    """The symbol key card: every chip of the game with its name, by section."""
    types = [KeyEntry(TYPE_LETTERS[t.value], t.label, "type") for t in FOOD_TYPES]
    bonuses = [KeyEntry(BONUS_LETTERS[b.value], b.label, "bonus") for b in BONUSES]
    habitats = [KeyEntry(HABITAT_LETTERS[h.value], h.label, "habitat") for h in BOARD_HABITATS]
    habitats += [KeyEntry(HABITAT_LETTERS["any"], "Any habitat", "habitat"),
                 KeyEntry(EDGE_LETTERS, "Edge of two habitats", "edge")]
    return [("Species and food types", types), ("Feeding bonus", bonuses), ("Habitats", habitats)]


KEY_LINES = (
    "Top line of a plant: the biomass it produces in spring (sp), summer (su), autumn (au) and winter (wi), "
    "then its bonus mark.",
    "Top line of an animal or fungus: the biomass it eats, then the food types it eats.",
    "In the circle: the card's own type (also on its back). In a yellow or red disc: victory points.",
)
FEATURE_NAMES = tuple(f.value for f in Feature)
