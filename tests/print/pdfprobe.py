"""Looking into printed PDFs: extracted text, page sizes, rasterised pages, dark pixels."""

from __future__ import annotations

from pathlib import Path

DPI = 300
PX_PER_MM = DPI / 25.4


def pdf_text(path: Path) -> list[str]:
    """The extracted text of every page (pdfium)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(tp.get_text_range())
            tp.close()
            page.close()
        return out
    finally:
        doc.close()


def page_count(path: Path) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()


def raster(path: Path, page: int, dpi: int = DPI):
    """A page as a PIL RGB image."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return doc[page].render(scale=dpi / 72.0).to_pil().convert("RGB")
    finally:
        doc.close()


def to_px(points: float, dpi: int = DPI) -> float:
    return points / 72.0 * dpi


def dark(pixel: tuple[int, int, int], level: int = 80) -> bool:
    return max(pixel) <= level
