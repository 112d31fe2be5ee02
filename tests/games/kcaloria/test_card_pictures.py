"""Issue 23, item 1, kCaloria (moved from tests/print/test_card_pictures.py): every tile and player aid
names a shipped picture, every class's fallback picture is shipped, and no picture covers the text of a
tile or a player aid."""

from __future__ import annotations

import pytest

from kcal.print import pictures
from tests import picturecheck


def test_every_shipped_card_names_a_shipped_picture() -> None:
    from kcal.games.kcaloria.files.load import load_library
    from kcal.games.kcaloria.print.aids import all_cards

    cards = [(tile.name, tile.icon) for loaded in load_library(["builtin"]).catalogs for tile in loaded.catalog.tiles]
    cards += [(f"player aid {aid.title}", aid.icon) for aid in all_cards()]
    assert picturecheck.check_icons(cards) == 132  # 118 tiles, 14 player aids


def test_every_fallback_picture_is_shipped() -> None:
    from kcal.games.kcaloria.print.picture import CLASS_ICONS
    from kcal.games.kcaloria.rules.domain import Klass

    assert set(CLASS_ICONS) == {k.value for k in Klass}
    assert set(CLASS_ICONS.values()) <= pictures.names()


def test_no_player_aid_picture_covers_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The player aids keep their own layout: each draws one picture, in its title band, clear of the
    title and of every line of the card."""
    from kcal.games.kcaloria.print.aids import all_cards, draw_card
    from kcal.print.fonts import register_fonts
    from kcal.print.report import Report

    register_fonts()
    problems, unpictured = [], []
    for aid in all_cards():
        c = picturecheck.drawn_boxes(lambda cv, a=aid: draw_card(cv, a, 300, 400, Report()), monkeypatch)
        assert any(text == aid.title for _, text in c.texts), aid.title  # the recorder sees the card's text
        if len(c.pictures) != 1:
            unpictured.append(f"{aid.title}: {len(c.pictures)} pictures")
        problems += [f"{aid.title}: the picture {pic} covers {text!r} {box}"
                     for pic in c.pictures for box, text in c.texts if picturecheck.overlap(pic, box)]
    assert not problems, "\n".join(problems[:20])
    assert not unpictured, "every player aid draws one picture:\n" + "\n".join(unpictured)


def test_no_tile_picture_covers_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from kcal.games.kcaloria.files.load import load_library
    from kcal.games.kcaloria.print.tile_face import RenderContext, draw_face
    from kcal.print.fonts import register_fonts
    from kcal.print.layout import TileGeometry

    register_fonts()
    problems, pictured = [], 0
    for loaded in load_library(["builtin"]).catalogs:
        for tile in loaded.catalog.tiles:
            c = picturecheck.drawn_boxes(lambda cv, t=tile: draw_face(cv, t, 300, 400, TileGeometry(), RenderContext()),
                                         monkeypatch)
            pictured += bool(c.pictures) or bool(tile.art)
            problems += [f"{tile.name}: the picture {pic} covers {text!r} {box}"
                         for pic in c.pictures for box, text in c.texts if picturecheck.overlap(pic, box)]
    assert not problems, "\n".join(problems[:20])
    assert pictured == 118  # every shipped tile shows its picture (or its own art)
