"""Issue 23, item 1, Kalua (moved from tests/print/test_card_pictures.py): every action card and player help
card names a shipped picture, every fallback picture is shipped, and no picture covers a card's text."""

from __future__ import annotations

import pytest

from kcal.print import pictures
from tests import picturecheck


def test_every_shipped_card_names_a_shipped_picture() -> None:
    from kcal.games.kalua.files.load import load_catalog

    kalua = load_catalog(None)
    cards = [(d.name, d.entry.icon) for d in kalua.defs]
    cards += [(f"player help card {h.colour}", h.icon) for h in kalua.model.help_cards]
    assert picturecheck.check_icons(cards) == 35  # 30 action cards, 5 help cards


def test_every_fallback_picture_is_shipped() -> None:
    from kcal.games.kalua.print.picture import HELP_ICON, KIND_ICONS

    assert {*KIND_ICONS.values(), HELP_ICON} <= pictures.names()


def test_no_card_picture_covers_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from kcal.games.kalua.print.api import card_groups, load_set
    from kcal.games.kalua.print.faces import Context

    cardset, _, _ = load_set(None)
    groups = card_groups(cardset, Context())  # the action cards and the player help cards
    faces = [(f.label, f) for _, g in groups for f in dict.fromkeys(g)]
    assert picturecheck.check_faces(faces, monkeypatch) == 35
