"""Raster previews: a tile drawn by the PDF code path, rasterised by pdfium, saved as PNG.

One drawing path means the preview is exactly what prints. pdfium (``pypdfium2``) is needed only
here; without it the command says so instead of failing with a traceback.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from kcal.core.errors import KcalError
from kcal.games.kcaloria.models import Tile
from kcal.games.kcaloria.print.tile_face import RenderContext, draw_face
from kcal.print.layout import TileGeometry, mm
from kcal.print.report import Report


def tile_pdf_bytes(tile: Tile, art_dir: Callable[[Tile], Path | None], report: Report,
                   tile_size: float = 64.0, margin_mm: float = 1.0, locate=lambda tile, key: None) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    from kcal.print.fonts import REGULAR, register_fonts

    register_fonts()
    geom = TileGeometry(across=mm(tile_size))
    w, h = geom.width + 2 * mm(margin_mm), geom.across + 2 * mm(margin_mm)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w, h), invariant=1, initialFontName=REGULAR)
    c.setTitle(tile.name)
    draw_face(c, tile, w / 2, h / 2, geom, RenderContext(report=report, art_dir=art_dir, locate=locate))
    c.showPage()
    c.save()
    return buf.getvalue()


def rasterise(pdf: bytes, dpi: int, page: int = 0):
    """A PIL image of one PDF page at ``dpi``."""
    try:
        import pypdfium2 as pdfium
    except ImportError:
        raise KcalError("PNG previews need pypdfium2 (pip install pypdfium2)") from None
    doc = pdfium.PdfDocument(pdf)
    try:
        bitmap = doc[page].render(scale=dpi / 72.0)
        return bitmap.to_pil().convert("RGB")
    finally:
        doc.close()


def tile_png_bytes(tile: Tile, art_dir, report: Report, dpi: int = 200, tile_size: float = 64.0,
                   locate=lambda tile, key: None) -> bytes:
    """The tile as a PNG with transparent corners (outside the hexagon), ready to share."""
    from PIL import Image, ImageDraw

    from kcal.print.layout import hex_points

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
