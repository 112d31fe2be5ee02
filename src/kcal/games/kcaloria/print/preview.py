"""A tile as a picture: drawn by the PDF code path on a page of its own, rasterised by pdfium.

One drawing path means the preview is exactly what prints (:mod:`kcal.print.raster` does the
rasterising and knows no game).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.print.tile_face import RenderContext, draw_face
from kcal.print.layout import TileGeometry, hex_points, mm
from kcal.print.raster import page_pdf_bytes, rasterise
from kcal.print.report import Report


def tile_pdf_bytes(tile: Tile, art_dir: Callable[[Tile], Path | None], report: Report,
                   tile_size: float = 64.0, margin_mm: float = 1.0,
                   locate: Callable[[Tile, str], str | None] = lambda tile, key: None) -> bytes:
    geom = TileGeometry(across=mm(tile_size))
    w, h = geom.width + 2 * mm(margin_mm), geom.across + 2 * mm(margin_mm)
    ctx = RenderContext(report=report, art_dir=art_dir, locate=locate)
    return page_pdf_bytes(lambda c: draw_face(c, tile, w / 2, h / 2, geom, ctx), (w, h), tile.name)


def tile_png_bytes(tile: Tile, art_dir: Callable[[Tile], Path | None], report: Report, dpi: int = 200,
                   tile_size: float = 64.0,
                   locate: Callable[[Tile, str], str | None] = lambda tile, key: None) -> bytes:
    """The tile as a PNG with transparent corners (outside the hexagon), ready to share."""
    from PIL import Image, ImageDraw

    im = rasterise(tile_pdf_bytes(tile, art_dir, report, tile_size, locate=locate), dpi)
    ss = 4  # supersampled mask for a smooth edge
    mask = Image.new("L", (im.width * ss, im.height * ss), 0)
    across_px = mm(tile_size) / 72 * dpi * ss
    pts = hex_points(mask.width / 2, mask.height / 2, across_px)
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    im = im.convert("RGBA")
    im.putalpha(mask.resize(im.size, Image.Resampling.LANCZOS))
    buf = io.BytesIO()
    im.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False)
    return buf.getvalue()
