"""Kalua's side of ``kcal balance``: its rule parameters and how a what-if patch changes its cards (the
``patch`` hook, :class:`kcal.core.hooks.PatchHook`; docs/balance.md).

A card is named as the catalog names it (``Temple``); its fields are the catalog's (``cost``,
``copies``, ``effects``, ...). Removing a card removes all its copies. The patched set is checked as a
house-rule set (rulings, "What-if patches").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kcal.core.errors import raise_all
from kcal.games.kalua.rules.domain import DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, START_FAMILIES, START_PP
from kcal.games.kalua.rules.setup import START_FAMILIES_RANGE, START_PP_RANGE
from kcal.sim.options import Param

PARAMS = (
    Param("start_pp", "int", *START_PP_RANGE, START_PP, "praying points each god begins with"),
    Param("start_families", "int", *START_FAMILIES_RANGE, START_FAMILIES, "families each god begins with"),
    Param("turn_limit", "int", 1, MAX_TURN_LIMIT, DEFAULT_TURN_LIMIT,
          "kcal's house rule: the game stops unfinished after this many turns (ruling 'turn-limit')"),
)
CARD_LIST = "cards"
VARIANT = "what-if"


def _base_doc() -> Any:
    from kcal.core.yamlsafe import load_yaml
    from kcal.games.kalua.files.load import BUILTIN_PATH

    return load_yaml(BUILTIN_PATH)


def base_cards() -> list[dict[str, Any]]:
    return [dict(c) for c in _base_doc().data[CARD_LIST]]


def card_name(card: Mapping[str, Any]) -> str:
    return str(card["name"])


def impact_name(card: Mapping[str, Any]) -> str:
    """The name the impact hook gives the card: the catalog's name, as a patch names it."""
    return str(card["name"])


def card_document(cards: list[dict[str, Any]]) -> dict[str, Any]:
    return {**_base_doc().data, "variant": VARIANT, CARD_LIST: cards}


def build_cards(doc: Any) -> dict[str, Any]:
    """The patched cards as a card set, checked as a house-rule set by the pack's own checks."""
    from kcal.core.packfile import validate_doc
    from kcal.games.kalua.files.cardset import card_set, composition_findings
    from kcal.games.kalua.files.models import CardSetFile

    model = validate_doc(doc, CardSetFile, "card set")
    errors, _warnings = composition_findings(model)
    raise_all([f.error(doc) for f in errors])
    return {"catalog": card_set(model, f"{doc.path} (patched)")}
