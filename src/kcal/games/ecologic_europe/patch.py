"""EcoLogic: Europe's side of ``kcal balance``: its rule parameters and how a what-if patch changes its
species cards (the ``patch`` hook, :class:`kcal.core.hooks.PatchHook`; docs/balance.md).

A card is named as the species files name it (``Roe deer``); its fields are the files' (``production``,
``consumption``, ``points``, ...) and ``expansion`` (the file it comes from: ``base`` unless an added
card says otherwise). The patched cards are checked as species files are (the schema, ids and Latin
names once each); the components stay the built-in ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kcal.core.errors import KcalError, raise_all
from kcal.games.ecologic_europe.rules.domain import HAND_SIZE
from kcal.games.ecologic_europe.rules.setup import HAND_SIZE_RANGE
from kcal.sim.options import Param

PARAMS = (
    Param("hand_size", "int", *HAND_SIZE_RANGE, HAND_SIZE,
          "cards dealt to each player, and refilled to after every season (express mode deals 15)"),
)
CARD_LIST = "species"


def base_cards() -> list[dict[str, Any]]:
    from kcal.core.yamlsafe import load_yaml
    from kcal.games.ecologic_europe.files.load import DATA, SPECIES_FILES

    out = []
    for name in SPECIES_FILES:
        data = load_yaml(DATA / name).data
        out += [{**c, "expansion": data.get("expansion", "base")} for c in data[CARD_LIST]]
    return out


def card_name(card: Mapping[str, Any]) -> str:
    return str(card["name"])


def impact_name(card: Mapping[str, Any]) -> str:
    """The name the impact hook gives the species: its Latin name, as records write it."""
    return str(card["latin"])


def card_document(cards: list[dict[str, Any]]) -> dict[str, Any]:
    return {"game": "ecologic-europe", "set": {"code": "WHAT-IF", "name": "a what-if patch"}, CARD_LIST: cards}


def build_cards(doc: Any) -> dict[str, Any]:
    """The patched species as a card set (with the built-in components), checked as species files are."""
    from kcal.core.packfile import validate_doc
    from kcal.games.ecologic_europe.files.cardset import CardSet, species_of
    from kcal.games.ecologic_europe.files.load import builtin, duplicates
    from kcal.games.ecologic_europe.files.models import SpeciesFile
    from kcal.games.ecologic_europe.rules.domain import DomainError, parse_expansion

    expansions = []
    cards = []
    for i, card in enumerate(doc.data[CARD_LIST]):
        card = dict(card)
        try:
            expansions.append(parse_expansion(str(card.pop("expansion", "base"))))
        except DomainError as exc:
            raise doc.error(f"{CARD_LIST}[{i}].expansion: {exc.message}", (CARD_LIST, i, "expansion"),
                            code="patch") from None
        cards.append(card)
    doc.data = {**doc.data, CARD_LIST: cards}
    model = validate_doc(doc, SpeciesFile, "species file")
    raise_all(duplicates([(doc, model)]))
    species = tuple(species_of(card, i, expansions[i]) for i, card in enumerate(model.species))
    base = builtin()
    if not species:
        raise KcalError("the patch leaves no species card", code="patch")
    return {"cards": CardSet(species, base.components, (f"{doc.path} (patched)",))}
