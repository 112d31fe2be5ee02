"""Issue 23, item 1, EcoLogic: Europe (moved from tests/print/test_card_pictures.py): every species, event
and symbol key card names a shipped picture, every fallback picture is shipped, and no picture covers a
card's text."""

from __future__ import annotations

import pytest

from kcal.print import pictures
from tests import picturecheck


def test_every_shipped_card_names_a_shipped_picture() -> None:
    from kcal.games.ecologic_europe.files.load import builtin

    eco = builtin()
    cards = [(s.name, s.model.icon) for s in eco.species] + [(w.name, w.icon) for w in eco.components.weather_cards]
    cards += [(h.name, h.icon) for h in eco.components.human_cards] + [("symbol key", eco.components.symbol_key.icon)]
    assert picturecheck.check_icons(cards) == 250  # 227 species, 22 event cards, the symbol key card


def test_every_fallback_picture_is_shipped() -> None:
    from kcal.games.ecologic_europe.print.picture import EVENT_ICONS, KEY_ICON, TYPE_ICONS

    assert {*TYPE_ICONS.values(), *EVENT_ICONS.values(), KEY_ICON} <= pictures.names()


#: the one printed face that is no card: the token sheet (a page of tokens, drawn on its own)
NOT_PICTURED = frozenset({"tokens"})


def test_no_card_picture_covers_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from kcal.games.ecologic_europe.print.api import card_faces
    from kcal.games.ecologic_europe.print.faces import Context

    faces, _ = card_faces(None, Context())
    drawn = picturecheck.check_faces([(f.label, f) for f in dict.fromkeys(faces)], monkeypatch, NOT_PICTURED)
    assert drawn == 251  # every species, event and symbol key card, and the token sheet
