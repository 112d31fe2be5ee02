"""Exports for playtesting online and printing on demand: Tabletop Simulator decks and one PNG per card.

Both go through the print pipeline: a pack gives its faces (:class:`ExportSet`, from its ``print`` hook's
``export_cards``), exactly the :class:`~kcal.print.sheets.Face` objects its PDFs print, and this module
draws each distinct face once on a page of its own (its bleed box), rasterises the pages with pdfium and
lays the pictures out:

- :func:`export_png`: one PNG per distinct face and per distinct back, at ``dpi`` with the bleed, named by
  card (``Ardea-herodias.png``, ``back-ee-back-fish.png``), for print-on-demand uploads (poker 63 x 88 mm
  with 3 mm bleed by default, as the print shops ask; the hex tiles at their size).
- :func:`export_tts`: Tabletop Simulator deck sheets (a grid of at most 10 x 7 pictures, every slot a
  card: ``BackIsHidden`` makes TTS show a hidden card's back, so no slot is kept for it) and one
  saved-object JSON whose ``DeckCustom`` objects name the sheets by file URL, one deck per group of the
  pack (Kalua: the bonus deck, the disaster deck, the help cards), ``DeckIDs`` in the order of the deck.
  Cards are TTS's rounded rectangle (``Type`` 0); hexagonal tiles (``SheetOptions(card=None)``) TTS's hex
  card (``Type`` 3), each drawn in a cell that is exactly the hexagon's bounding box. TTS (and Unity under
  it) takes sheets up to 4,096 pixels a side without complaint, so a sheet's resolution is lowered to fit
  (the result says which was used).

The saved object follows Tabletop Simulator's documented format: the ``CustomDeck`` fields of its saves
(``FaceURL``, ``BackURL``, ``NumWidth``, ``NumHeight``, ``BackIsHidden``, ``UniqueBack``, ``Type``) as
Berserk Games' API documents the custom deck and card (``Tabletop-Simulator-API``, docs/custom-game-objects.md:
``type`` 0 rounded rectangle, 1 rectangle, 2 rounded hex, 3 hex, 4 circle; ``back_is_hidden`` "whether the
card back should be used as the hidden image (instead of the last slot of the face image)") and ``CardID``
as its knowledge base's save-file format gives it (the ``CustomDeck`` key times 100 plus the slot).

Files are written as one transaction under the overwrite policy (:func:`kcal.core.atomic.write_all`):
kcal replaces its own earlier export, anything else only with ``--force``, an input never. The module
never names a game.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.errors import KcalError, UsageError
from kcal.print.sheets import Face, FaceDraw, SheetOptions, face_box

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

    from kcal.print.shops import CmykConverter, Shop

#: the most a TTS sheet may hold: 10 columns, 7 rows, every slot a card (``BackIsHidden``: a hidden card
#: shows its back, so the last slot is not kept for it)
TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_PER_SHEET = TTS_COLUMNS * TTS_ROWS
#: TTS's card shapes (``CustomDeck`` ``Type``): a rounded rectangle for cards, a hexagon for hex tiles
TTS_TYPE_CARD, TTS_TYPE_HEX = 0, 3
#: the largest sheet side TTS recommends, in pixels
TTS_MAX_PX = 4096
MIN_DPI, MAX_DPI = 50, 1200
DEFAULT_PNG_DPI = 300
DEFAULT_TTS_DPI = 150
#: print shops' bleed for uploads (MakePlayingCards, DriveThruCards, The Game Crafter ask for 3 mm or 1/8")
DEFAULT_EXPORT_BLEED_MM = 3.0


@dataclass(frozen=True)
class ExportSet:
    """What a pack exports: its faces by group (a TTS deck each), the sheet options that size them, the
    files read (never written over) and the warnings met while building the faces."""

    game: str
    title: str
    groups: Sequence[tuple[str, Sequence[Face]]]
    opts: SheetOptions
    inputs: Sequence[Path] = ()
    warnings: list[str] = field(default_factory=list)
    noun: str = "card"  #: what one face is called in messages ("card"; kCaloria's "tile")
    where: str = ""  #: what holds the faces, in messages ("the deck 'Bayou Ambush'"; default: the title)

    @property
    def faces(self) -> list[Face]:
        return [f for _, faces in self.groups for f in faces]

    def only(self, only: Sequence[str]) -> ExportSet:
        """The set with only what ``--only NAME|KIND`` chooses (:func:`kcal.print.selection.select_faces`, as
        ``kcal print`` chooses): a card by any of its names, one of it; a kind, every card of it as the set
        has it. Each card stays in its group (its TTS deck); a group left empty is dropped."""
        if not only:
            return self
        from dataclasses import replace

        from kcal.print.selection import select_faces

        chosen = select_faces(self.faces, only, game=self.where or self.title, noun=self.noun)
        groups: list[tuple[str, list[Face]]] = []
        k = 0  # the chosen faces are a subsequence of the set's, in its order
        for label, faces in self.groups:
            kept = []
            for f in faces:
                if k < len(chosen) and chosen[k] is f:
                    kept.append(f)
                    k += 1
            if kept:
                groups.append((label, kept))
        return replace(self, groups=groups)


def check_dpi(dpi: int) -> int:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    return dpi


def slug(text: str) -> str:
    """A file name for a card: letters, digits, '-', '_' and '.', nothing a shell or a shop's upload form
    trips over (accents folded, control characters and path separators gone, ``+`` spelled ``plus``)."""
    text = text.replace("+", " plus ")  # "+5" is not "5" (a card of its own beside "blue 5")
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    name = re.sub(r"[^A-Za-z0-9_.]+", "-", folded).strip("-.")
    return name[:80] or "card"


def _unique_names(labels: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        base = slug(label)
        n = seen.get(base.lower(), 0) + 1
        seen[base.lower()] = n
        out.append(base if n == 1 else f"{base}-{n}")
    return out


def _distinct(faces: Sequence[Face]) -> list[Face]:
    """One face per drawing (copies share a key), in first-seen order."""
    seen: dict[str, Face] = {}
    for f in faces:
        seen.setdefault(f.key, f)
    return list(seen.values())


def _backs(faces: Sequence[Face]) -> list[tuple[str, FaceDraw]]:
    seen: dict[str, FaceDraw] = {}
    for f in faces:
        if f.back is not None:
            seen.setdefault(f.back_key, f.back)
    return list(seen.items())


def page_size(opts: SheetOptions) -> tuple[float, float]:
    """A face's picture in points: its bleed box (the cut size plus the bleed on every side)."""
    _, _, w, h = face_box(opts.geometry).outer
    return (w, h)


def faces_pdf(draws: Sequence[FaceDraw], opts: SheetOptions, title: str) -> bytes:
    """One PDF page per drawing, each page exactly a face's bleed box."""
    from reportlab.pdfgen.canvas import Canvas

    from kcal.print.fonts import REGULAR, register_fonts

    register_fonts()
    box = face_box(opts.geometry)
    x, y, w, h = box.outer
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w, h), invariant=1, initialFontName=REGULAR)
    c.setTitle(title)
    for draw in draws:
        c.saveState()
        c.translate(-x, -y)
        draw(c, box)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()


def render(draws: Sequence[FaceDraw], opts: SheetOptions, dpi: int, title: str,
           on_done: Callable[[int], None] | None = None) -> Iterator[PILImage]:
    """Every drawing as a picture at ``dpi`` (all the same size in pixels), one at a time: the pages of one
    PDF, opened once, so memory holds one picture however many cards there are."""
    if not draws:
        return
    try:
        import pypdfium2 as pdfium
    except ImportError:
        raise KcalError("exporting pictures needs pypdfium2 (pip install pypdfium2)") from None
    w, h = pixel_size(opts, dpi)
    doc = pdfium.PdfDocument(faces_pdf(draws, opts, title))
    try:
        for i in range(len(draws)):
            im = doc[i].render(scale=dpi / 72.0).to_pil().convert("RGB")
            yield im if im.size == (w, h) else im.resize((w, h))
            if on_done:
                on_done(1)
    finally:
        doc.close()


def pixel_size(opts: SheetOptions, dpi: int) -> tuple[int, int]:
    w, h = page_size(opts)
    return (max(1, round(w / 72 * dpi)), max(1, round(h / 72 * dpi)))


def png_bytes(im: PILImage, dpi: int) -> bytes:
    buf = io.BytesIO()
    im.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=1)  # 5% larger than level 6, a third faster
    return buf.getvalue()


@contextlib.contextmanager
def output_folder(folder: Path, inputs: Sequence[Path] = ()) -> Iterator[Path]:
    """The export's folder for the block: checked as an output (:func:`kcal.core.atomic.check_output_path`,
    its one look before writing), made when missing (exclusively: of runs racing to make it, one wins) and
    removed again if the export fails with nothing in it (:func:`kcal.core.atomic.output_folder`); a file
    there is refused; a failure of the file system is one line, exit 2."""
    from kcal.core import atomic

    atomic.check_output_path(folder, inputs=inputs, folder=True)
    with atomic.output_folder(folder) as made:
        yield made


def _files_json(paths: Sequence[Path]) -> list[str]:
    return [str(p) for p in paths]


def export_png(export: ExportSet, folder: Path, *, dpi: int = DEFAULT_PNG_DPI,
               on_done: Callable[[int], None] | None = None, shop: Shop | None = None,
               cmyk: CmykConverter | None = None) -> dict[str, Any]:
    """One PNG per distinct face and back of ``export`` in ``folder``; SPEC's export document. ``shop``:
    the pictures are that shop's exact pixels (``export`` sized by :func:`shop_export`), in its colour
    mode (CMYK: a TIFF per face through ``cmyk``)."""
    from kcal.core.atomic import write_all

    check_dpi(dpi)
    faces = export.faces
    distinct = _distinct(faces)
    backs = _backs(faces)
    suffix = ".png"
    encode: Callable[[PILImage], bytes] = lambda im: png_bytes(im, dpi)  # noqa: E731
    if shop is not None:
        if pixel_size(export.opts, dpi) != shop.pixels:
            raise KcalError(f"{shop.name}'s pictures are {shop.pixels[0]} x {shop.pixels[1]} px; these would be "
                            f"{pixel_size(export.opts, dpi)}", code="internal")
        suffix = shop.suffix
        if shop.colour == "CMYK":
            if cmyk is None:
                raise KcalError(f"{shop.name} takes CMYK: a CMYK profile is needed", code="internal")
            converter = cmyk
            encode = lambda im: converter.tiff(im, dpi)  # noqa: E731
    fronts = (encode(im) for im in render([f.draw for f in distinct], export.opts, dpi, export.title, on_done))
    back_images = (encode(im) for im in render([draw for _, draw in backs], export.opts, dpi, export.title,
                                               on_done))
    names = _unique_names([f.label or f.key for f in distinct])
    back_names = _unique_names([f"back-{key}" for key, _ in backs])
    copies: dict[str, int] = {}
    for f in faces:
        copies[f.key] = copies.get(f.key, 0) + 1
    back_file = {key: f"{name}{suffix}" for (key, _), name in zip(backs, back_names, strict=True)}
    outputs: list[tuple[str | Path, bytes | Callable[[Path], None]]] = []
    cards = []
    for f, name, data in zip(distinct, names, fronts, strict=True):
        outputs.append((folder / f"{name}{suffix}", data))
        cards.append({"card": f.label or f.key, "copies": copies[f.key], "front": f"{name}{suffix}",
                      "back": back_file.get(f.back_key) if f.back is not None else None})
    for name, data in zip(back_names, back_images, strict=True):
        outputs.append((folder / f"{name}{suffix}", data))
    written = write_all(outputs, inputs=export.inputs)
    w, h = pixel_size(export.opts, dpi)
    colour = shop.colour if shop is not None else "RGB"
    return {"game": export.game, "files": _files_json(written), "cards": cards, "dpi": dpi,
            "pixels": [w, h], "size_mm": _size_mm(export.opts), "bleed_mm": round(export.opts.bleed_mm, 3),
            "colour": colour, "shop": None if shop is None else {
                **shop.to_json(), **({"cmyk_profile": cmyk.description} if cmyk is not None and colour == "CMYK"
                                     else {})},
            "warnings": export.warnings}


def _size_mm(opts: SheetOptions) -> list[float]:
    w, h = page_size(opts)
    return [round((w / 72 * 25.4) - 2 * opts.bleed_mm, 2), round((h / 72 * 25.4) - 2 * opts.bleed_mm, 2)]


# --- Tabletop Simulator ---------------------------------------------------------------------------


def tts_dpi(opts: SheetOptions, dpi: int) -> int:
    """The resolution of a full sheet (10 x 7) that stays within :data:`TTS_MAX_PX` a side."""
    w, h = page_size(opts)
    fit = int(min(TTS_MAX_PX / (TTS_COLUMNS * w / 72), TTS_MAX_PX / (TTS_ROWS * h / 72)))
    return max(MIN_DPI, min(dpi, fit))


def sheet_grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of ``count`` pictures (1 to :data:`TTS_PER_SHEET`)."""
    if count <= TTS_COLUMNS:
        return (max(1, count), 1)
    return (TTS_COLUMNS, -(-count // TTS_COLUMNS))


def tts_type(opts: SheetOptions) -> int:
    """The ``CustomDeck`` ``Type`` of the faces ``opts`` sizes: TTS's hexagon for hexagonal tiles."""
    return TTS_TYPE_HEX if opts.card is None else TTS_TYPE_CARD


@dataclass
class _Sheet:
    number: int  #: the CustomDeck key (1, 2, ...)
    back_key: str
    faces: list[Face]
    grid: tuple[int, int] = (0, 0)


def _sheets(groups: Sequence[tuple[str, Sequence[Face]]]) -> list[_Sheet]:
    """The distinct faces of every group, split by back (a sheet has one back) and by 70."""
    sheets: list[_Sheet] = []
    by_key: dict[tuple[str, str], _Sheet] = {}
    for _, faces in groups:
        for f in _distinct(faces):
            sheet = by_key.get((f.back_key, f.key))
            if sheet is not None:
                continue
            current = next((s for s in reversed(sheets) if s.back_key == f.back_key
                            and len(s.faces) < TTS_PER_SHEET), None)
            if current is None:
                current = _Sheet(len(sheets) + 1, f.back_key, [])
                sheets.append(current)
            current.faces.append(f)
            by_key[(f.back_key, f.key)] = current
    for s in sheets:
        s.grid = sheet_grid(len(s.faces))
    return sheets


def _guid(*parts: str) -> str:
    return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:6]


def _transform(x: float, flipped: bool = True) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flipped else 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _card_scale(opts: SheetOptions) -> float:
    """TTS's card model is 2.5 x 3.5 inches at scale 1 (a poker card); other sizes scale by width."""
    w, _ = page_size(opts)
    return round((w / 72) / 2.5, 4)


def tts_document(export: ExportSet, sheets: Sequence[_Sheet], urls: dict[str, str]) -> dict[str, Any]:
    """The saved-object JSON: one ``DeckCustom`` per group (a ``CardCustom`` for a group of one)."""
    scale = _card_scale(export.opts)
    shape = tts_type(export.opts)
    where = {(s.back_key, f.key): (s, i) for s in sheets for i, f in enumerate(s.faces)}

    def custom(s: _Sheet) -> dict[str, Any]:
        return {"FaceURL": urls[f"sheet-{s.number}"], "BackURL": urls[f"back-{s.back_key}"],
                "NumWidth": s.grid[0], "NumHeight": s.grid[1], "BackIsHidden": True, "UniqueBack": False,
                "Type": shape}

    objects = []
    for g, (label, faces) in enumerate(export.groups):
        cards = []
        decks: dict[str, dict[str, Any]] = {}
        for k, f in enumerate(faces):
            s, i = where[(f.back_key, f.key)]
            card_id = s.number * 100 + i
            decks[str(s.number)] = custom(s)
            cards.append({"Name": "Card", "Nickname": f.label, "Description": "", "CardID": card_id,
                          "Transform": {**_transform(2.5 * g), "scaleX": scale, "scaleZ": scale},
                          "CustomDeck": {str(s.number): custom(s)}, "GUID": _guid(export.title, label, str(k))})
        if not cards:
            continue
        if len(cards) == 1:
            obj = {**cards[0], "Name": "CardCustom", "Nickname": label}
        else:
            obj = {"Name": "DeckCustom", "Nickname": label, "Description": export.title,
                   "Transform": {**_transform(2.5 * g), "scaleX": scale, "scaleZ": scale},
                   "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
                   "Tooltip": True, "SidewaysCard": False, "Hands": False,
                   "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": decks, "ContainedObjects": cards,
                   "GUID": _guid(export.title, label)}
        objects.append(obj)
    return {"SaveName": export.title, "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}


def export_tts(export: ExportSet, folder: Path, *, dpi: int = DEFAULT_TTS_DPI,
               on_done: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Tabletop Simulator deck sheets, back pictures and the saved-object JSON of ``export`` in
    ``folder``; SPEC's export document (``files``, ``decks``, ``sheets``, ``dpi``)."""
    from PIL import Image

    from kcal.core.atomic import write_all

    check_dpi(dpi)
    used = tts_dpi(export.opts, dpi)
    warnings = list(export.warnings)
    if used < dpi:
        warnings.append(f"sheets drawn at {used} dpi, not {dpi}: a sheet of 10 x 7 cards at {dpi} dpi would pass "
                        f"the {TTS_MAX_PX} pixels Tabletop Simulator takes")
    sheets = _sheets(export.groups)
    backs = _backs(export.faces)
    w, h = pixel_size(export.opts, used)
    back_images = dict(zip([k for k, _ in backs], render([d for _, d in backs], export.opts, used, export.title,
                                                         on_done), strict=True))
    urls: dict[str, str] = {}
    outputs: list[tuple[str | Path, bytes | Callable[[Path], None]]] = []
    base = folder.resolve()
    for (key, _), name in zip(backs, _unique_names([f"back-{k}" for k, _ in backs]), strict=True):
        outputs.append((folder / f"{name}.png", png_bytes(back_images[key], used)))
        urls[f"back-{key}"] = (base / f"{name}.png").as_uri()
    stem = slug(export.title)
    for s in sheets:
        cols, rows = s.grid
        sheet = Image.new("RGB", (cols * w, rows * h), "white")
        pictures = render([f.draw for f in s.faces], export.opts, used, export.title, on_done)
        for i, im in enumerate(pictures):
            sheet.paste(im, ((i % cols) * w, (i // cols) * h))
        name = f"{stem}-sheet-{s.number}.png"
        outputs.append((folder / name, png_bytes(sheet, used)))
        urls[f"sheet-{s.number}"] = (base / name).as_uri()
    document = tts_document(export, sheets, urls)
    outputs.append((folder / f"{stem}.json", (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode()))
    written = write_all(outputs, inputs=export.inputs)
    return {"game": export.game, "files": _files_json(written), "saved_object": str(folder / f"{stem}.json"),
            "decks": [{"deck": label, "cards": len(faces)} for label, faces in export.groups if faces],
            "sheets": [{"sheet": s.number, "grid": list(s.grid), "cards": len(s.faces)} for s in sheets],
            "dpi": used, "pixels": [w, h], "tts_type": tts_type(export.opts), "warnings": warnings}
