"""How many Calories?' side of ``kcal balance``: its rule parameters and how a what-if patch changes
its cards (the ``patch`` hook, :class:`kcal.core.hooks.PatchHook`; docs/balance.md).

A card is named as the catalog names it (``yellow 14``); its fields are the catalog's (``colour``,
``number``, ``food``, ...) and ``kcal``, the number x 100 (``yellow 14: {kcal: 1500}`` makes it
``yellow 15``). The patched set is checked as a house-rule set (rulings, "What-if patches"): numbers
stay unique, colours stay the four.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kcal.core.errors import raise_all
from kcal.sim.options import Param

PARAMS = (
    Param("limit_kcal", "int", 500, 20_000, None, "the calorie limit: a player whose round total "
          "passes it scores nothing for the round", option="limit",
          default_text="2,400 for 4 players, 2,700 for 3, 6,000 for the two-player house rule"),
    Param("rounds", "int", 1, 50, 4, "how many rounds a game has"),
)
CARD_LIST = "cards"
EXTRA_FIELDS = ("kcal",)
#: the house-rule name a patched set declares
VARIANT = "what-if"


def _base_doc() -> Any:
    from kcal.core.yamlsafe import load_yaml
    from kcal.games.how_many_calories.files.load import BUILTIN_PATH

    return load_yaml(BUILTIN_PATH)


def base_cards() -> list[dict[str, Any]]:
    return [{**c, "kcal": c["number"] * 100} for c in _base_doc().data["cards"]]


def card_name(card: Mapping[str, Any]) -> str:
    return f"{card['colour']} {card['number']}"


def impact_name(card: Mapping[str, Any]) -> str:
    """The name the impact hook gives the card: its colour and number, the number from ``kcal`` when a
    patch set it (as :func:`build_cards` folds it), so yellow 14 at 4,000 kcal is held as yellow 40."""
    kcal = card.get("kcal")
    number = kcal // 100 if isinstance(kcal, int) and not isinstance(kcal, bool) else card["number"]
    return f"{card['colour']} {number}"


def card_document(cards: list[dict[str, Any]]) -> dict[str, Any]:
    return {**_base_doc().data, "variant": VARIANT, "cards": cards}


def build_cards(doc: Any) -> dict[str, Any]:
    """The patched cards as a card set (``kcal`` folded into the number), checked as a house-rule set."""
    from kcal.core.packfile import validate_doc
    from kcal.games.how_many_calories.files.cardset import composition_findings, food_set
    from kcal.games.how_many_calories.files.models import CardSetFile

    cards = []
    for i, card in enumerate(doc.data[CARD_LIST]):
        card = dict(card)
        kcal = card.pop("kcal", None)
        number = card.get("number")
        if kcal is not None and (not isinstance(number, int) or kcal != number * 100):
            if isinstance(kcal, bool) or not isinstance(kcal, int) or kcal % 100 or not 100 <= kcal <= 9900:
                raise doc.error(f"cards[{i}].kcal: a card's kcal is its number x 100 (100 to 9,900), not "
                                f"{kcal!r}", (CARD_LIST, i, "kcal"), code="patch")
            card["number"] = kcal // 100
        cards.append(card)
    doc.data = {**doc.data, CARD_LIST: cards}
    model = validate_doc(doc, CardSetFile, "card set")
    errors, _warnings = composition_findings(model)
    raise_all([f.error(doc) for f in errors])
    return {"catalog": food_set(model, f"{doc.path} (patched)")}
