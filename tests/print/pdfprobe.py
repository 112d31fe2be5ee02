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


# --- print-readiness: page boxes, fonts, metadata (pdfium's own API: no other PDF library) ---------


def page_boxes(path: Path) -> list[dict[str, tuple[float, float, float, float] | None]]:
    """Every page's MediaBox, TrimBox and BleedBox as written in the file (None: the page has none)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in doc:
            boxes: dict[str, tuple[float, float, float, float] | None] = {}
            for name, getter in (("media", raw.FPDFPage_GetMediaBox), ("trim", raw.FPDFPage_GetTrimBox),
                                 ("bleed", raw.FPDFPage_GetBleedBox)):
                vals = [ctypes.c_float() for _ in range(4)]
                ok = getter(page.raw, *(ctypes.byref(v) for v in vals))
                boxes[name] = tuple(round(v.value, 2) for v in vals) if ok else None  # type: ignore[assignment]
            out.append(boxes)
            page.close()
        return out
    finally:
        doc.close()


def fonts_used(path: Path) -> dict[str, bool]:
    """Every font a text object uses, on every page and inside every form XObject: name -> embedded."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    found: dict[str, bool] = {}

    def visit(obj) -> None:
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            font = raw.FPDFTextObj_GetFont(obj)
            n = raw.FPDFFont_GetBaseFontName(font, None, 0)
            buf = ctypes.create_string_buffer(n)
            raw.FPDFFont_GetBaseFontName(font, buf, n)
            name = buf.value.decode("latin-1")
            found[name] = found.get(name, True) and bool(raw.FPDFFont_GetIsEmbedded(font))
        elif kind == raw.FPDF_PAGEOBJ_FORM:
            for i in range(raw.FPDFFormObj_CountObjects(obj)):
                visit(raw.FPDFFormObj_GetObject(obj, i))

    doc = pdfium.PdfDocument(str(path))
    try:
        for page in doc:
            for i in range(raw.FPDFPage_CountObjects(page.raw)):
                visit(raw.FPDFPage_GetObject(page.raw, i))
            page.close()
        return found
    finally:
        doc.close()


def metadata(path: Path) -> dict[str, str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return doc.get_metadata_dict()
    finally:
        doc.close()
