"""Raster previews: anything drawn by the PDF code path, on a page of its own, rasterised by pdfium.

One drawing path means the preview is exactly what prints. pdfium (``pypdfium2``) is needed only
here; without it the command says so instead of failing with a traceback. A pack's previews (a tile
as a PNG) build on :func:`page_pdf_bytes` and :func:`rasterise`.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kcal.core.errors import KcalError

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage


def page_pdf_bytes(draw: Callable[[Any], None], pagesize: tuple[float, float], title: str) -> bytes:
    """A one-page PDF (reproducible) of whatever ``draw(canvas)`` draws."""
    from reportlab.pdfgen.canvas import Canvas

    from kcal.print.fonts import REGULAR, register_fonts

    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=pagesize, invariant=1, initialFontName=REGULAR)
    c.setTitle(title)
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def rasterise(pdf: bytes, dpi: int, page: int = 0) -> PILImage:
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

