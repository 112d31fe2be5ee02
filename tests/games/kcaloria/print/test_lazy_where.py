"""Print start-up (issue 12 item 15): a face finds its tile's line in the catalog only for a warning
it prints, so a deck that prints cleanly never loads the catalog's positions."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from kcal.games.kcaloria.files.load import load_library
from kcal.games.kcaloria.print.tile_face import RenderContext, draw_face
from kcal.print.fonts import register_fonts
from kcal.print.layout import TileGeometry


def test_a_clean_face_never_asks_where_its_tile_is():
    calls: list[tuple[str, str]] = []

    def locate(tile, key):
        calls.append((tile.id, key))
        return "catalog.yaml:7:3"

    register_fonts()
    library = load_library()
    ctx = RenderContext(art_dir=library.catalog_dir, locate=locate)
    c = Canvas(io.BytesIO())
    tiles = library.tiles[:12]
    for tile in tiles:
        draw_face(c, tile, 200, 300, TileGeometry(), ctx)
    assert not ctx.report.warnings and calls == []
    where = ctx.where(tiles[0], "common name")
    assert calls == []  # still lazy: made, not yet formatted
    text = f"{where}: a warning"
    assert text == f"catalog.yaml:7:3: tile {tiles[0].id} ({tiles[0].name}) common name: a warning"
    assert calls == [(tiles[0].id, "common_name")]
    assert str(where) == where_text(ctx, tiles[0]) and calls == [(tiles[0].id, "common_name")] * 2


def where_text(ctx, tile) -> str:
    return ctx.where_text(tile, "common name")


def test_a_warning_still_names_the_line():
    """The art of a tile with no known folder: the warning (printed) carries the position."""
    register_fonts()
    ctx = RenderContext(locate=lambda tile, key: f"cat.yaml:9:{len(key)}")
    tile = next(t for t in load_library().tiles if t.art)
    draw_face(Canvas(io.BytesIO()), tile, 200, 300, TileGeometry(), ctx)
    assert ctx.report.warnings[0].startswith(f"cat.yaml:9:3: tile {tile.id} ({tile.name}) art: ")
