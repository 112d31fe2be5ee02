"""Issue 23, item 1, How many Calories? (moved from tests/print/test_card_pictures.py): every food card and
the +5 card name a shipped picture, every fallback picture is shipped, and no picture covers a card's
text."""

from __future__ import annotations

import pytest

from kcal.print import pictures
from tests import picturecheck


def test_every_shipped_card_names_a_shipped_picture() -> None:
    from kcal.games.how_many_calories.files.load import load_catalog

    foods = load_catalog(None)
    cards = [(food.food, food.icon) for food in foods.foods] + [("+5 card", foods.plus_icon)]
    assert picturecheck.check_icons(cards) == 33  # 32 food cards and the +5 card


def test_every_fallback_picture_is_shipped() -> None:
    from kcal.games.how_many_calories.print.picture import COLOUR_ICONS, PLUS_ICON

    assert {*COLOUR_ICONS.values(), PLUS_ICON} <= pictures.names()


def test_no_card_picture_covers_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from kcal.games.how_many_calories.print.api import card_faces, load_set
    from kcal.games.how_many_calories.print.faces import Context

    foodset, _, locate = load_set(None)
    faces = [(f.label, f) for f in card_faces(foodset, Context(locate=locate), 1)]
    assert picturecheck.check_faces(faces, monkeypatch) == 33
