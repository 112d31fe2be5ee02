"""The species cards and components as the rules see them (:mod:`kcal.games.ecologic_europe.rules.cards`,
named here too), built once from the validated models (:func:`species_of`, called by
:mod:`~kcal.games.ecologic_europe.files.load`).
"""

from __future__ import annotations

from kcal.games.ecologic_europe.files.models import SpeciesCard
from kcal.games.ecologic_europe.rules.cards import ALL_HABITATS, ANY, CardSet, Species
from kcal.games.ecologic_europe.rules.domain import (
    HABITAT_INDEX,
    TYPE_INDEX,
    Expansion,
)


def species_of(card: SpeciesCard, index: int, expansion: Expansion) -> Species:
    habitats = 0
    any_habitat = False
    for h in card.habitats:
        if h.value == "any":
            habitats, any_habitat = ALL_HABITATS, True
        else:
            habitats |= 1 << HABITAT_INDEX[h.value]
    eats = 0
    for f in card.eats or ():
        eats |= 1 << TYPE_INDEX[f.value]
    prod = tuple(card.production) if card.production is not None else None
    return Species(index, card.id, str(card.name), card.latin, TYPE_INDEX[card.type.value], habitats, any_habitat,
                   card.edge, prod, card.consumption or 0, eats,  # type: ignore[arg-type]
                   card.bonus.value if card.bonus else None, frozenset(f.value for f in card.features),
                   card.points, frozenset(card.abilities), card.plankton, str(card.fact), expansion.value, card)


__all__ = ["ALL_HABITATS", "ANY", "CardSet", "Species", "species_of"]
