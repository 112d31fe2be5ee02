"""kCaloria's tiles as faces of the shared imposition: the face of each tile, the common back.

The honeycomb, cut lines, crop ticks, ruler, duplex backs and the alignment page are shared
(:mod:`kcal.print.sheets`); this module says what a kCaloria tile and its back look like.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.print import icons, palette
from kcal.games.kcaloria.print.tile_face import RenderContext, draw_face
from kcal.print.fonts import BOLD
from kcal.print.layout import MM, SheetLayout, Slot, TileGeometry
from kcal.print.sheets import Box, Face, PageFn, SheetOptions, chunk_faces, face_pages

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

BRAND = "kCaloria"


def draw_back(c: Canvas, slot: Slot, geom: TileGeometry) -> None:
    """The common back of every tile: it must not tell one tile from another."""
    k = geom.scale * MM
    c.saveState()
    c.clipPath(icons.hex_path(c, slot.x, slot.y, geom.bleed_across), stroke=0, fill=0)
    c.setFillColorRGB(*palette.rgb(palette.BACK))
    c.rect(slot.x - geom.bleed_across, slot.y - geom.bleed_across, 2 * geom.bleed_across,
           2 * geom.bleed_across, stroke=0, fill=1)
    c.setStrokeColorRGB(*palette.rgb(palette.BACK_ACCENT))
    c.setLineWidth(0.8)
    c.drawPath(icons.hex_path(c, slot.x, slot.y, geom.across - 5 * k), stroke=1, fill=0)
    c.setLineWidth(0.4)
    for i in range(1, 4):
        c.drawPath(icons.hex_path(c, slot.x, slot.y, geom.across * i / 6), stroke=1, fill=0)
    c.setFillColorRGB(*palette.rgb(palette.BACK_ACCENT))
    c.setFont(BOLD, 13 * geom.scale)
    c.drawCentredString(slot.x, slot.y - 13 * geom.scale * 0.36, BRAND)
    c.restoreState()


def face_key(tile: Tile) -> str:
    """A form name per distinct tile content (two tiles sharing an id in a test still differ)."""
    digest = hashlib.sha1(json.dumps(tile.to_json(), separators=(",", ":"), ensure_ascii=False)
                          .encode("utf-8")).hexdigest()[:10]
    return f"face-{digest}"


def tile_face(tile: Tile, geom: TileGeometry, ctx: RenderContext) -> Face:
    """The face of one tile, with the common back behind it."""

    def front(c: Canvas, box: Box) -> None:
        draw_face(c, tile, 0, 0, geom, ctx)  # the face is drawn centred on its form's origin

    def back(c: Canvas, box: Box) -> None:
        draw_back(c, Slot(0, 0), geom)

    return Face(key=face_key(tile), draw=front, back=back, back_key="back", label=tile.id)


def tile_pages(tiles: Sequence[Tile], opts: SheetOptions, ctx: RenderContext,
               groups: Sequence[tuple[str, Sequence[Tile]]] | None = None) -> list[PageFn]:
    """Page functions for the tiles: fronts, each followed by its back when ``opts.backs``.

    ``groups`` (label, tiles) starts a new sheet for each group (the catalog's proof sheets).
    """
    geom = opts.geometry
    faces = [tile_face(t, geom, ctx) for t in tiles]
    face_groups = None if groups is None else [(label, [tile_face(t, geom, ctx) for t in group])
                                               for label, group in groups]
    return face_pages(faces, opts, face_groups, ctx.report)


def sheet_chunks(tiles: Sequence[Tile], opts: SheetOptions,
                 groups: Sequence[tuple[str, Sequence[Tile]]] | None = None) -> tuple[SheetLayout, list[tuple[str, list[Tile]]]]:
    """The layout and the tiles of each front sheet (label, tiles); a group always starts a sheet."""
    return chunk_faces(tiles, opts, groups)
