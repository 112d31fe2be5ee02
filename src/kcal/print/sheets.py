"""Imposition: faces on sheets, with cut lines, crop marks, the scale ruler, duplex backs and the
alignment test. Shape-agnostic: the faces may be flat-top hexagons or cards.

A **face** is a draw callback ``(canvas, box)`` plus an optional back callback, and a key: faces
with one key are drawn once per document (a PDF form) and placed wherever they are used. The shape
and size of the faces are the sheet's (:class:`SheetOptions`): hexagons of ``tile_mm`` across the
flats (packed as a honeycomb, :func:`kcal.print.layout.honeycomb`), or ``card`` rectangles with round
corners (a centred grid, :func:`kcal.print.cardgrid.card_grid`). The callback draws in the face's own
frame: ``box`` is the cut outline's bounding box centred on the origin, ``box.bleed`` how far the
art and background must run beyond it; nothing outside the bleed box appears.

A sheet is produced as a *page function* (canvas -> None); :mod:`kcal.print.output` turns a list of
them into one or more PDF files. With ``backs`` each front page is followed by its back page, every
face's back at the mirrored place for the flip the printer does (long or short edge) and moved by
the user's ``back_offset`` to cancel a printer's drift. The pack supplies every word that names it
(the ``title`` in the footer, the backs), so this module never names a game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from kcal.core.errors import KcalError
from kcal.print.cardgrid import DEFAULT_CORNER_MM, CardGeometry, CardSize, card_grid, horizontal_ruler_origin
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.layout import (
    MARGIN_MM,
    PAPERS,
    Paper,
    SheetLayout,
    Slot,
    TileGeometry,
    cell_points,
    honeycomb,
    mirror_slot,
    mm,
)
from kcal.print.marks import (
    LABEL_PT,
    back_ruler,
    crop_marks,
    crop_ticks,
    cut_line,
    cut_outline_points,
    draw_ruler,
    label_room,
    ruler,
    tick_segments,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from kcal.print.report import Report

PageFn = Callable[[Any], None]
T = TypeVar("T")

__all__ = ["Box", "Face", "SheetOptions", "PageFn", "sheet_layout", "face_pages", "chunk_faces", "place_form",
           "draw_face", "draw_back", "alignment_pages", "footer", "ruler", "cut_line", "crop_ticks",
           "tick_segments"]


class Box(NamedTuple):
    """A face's frame in its own coordinates: the cut outline's bounding box and the bleed around it."""

    x: float
    y: float
    width: float
    height: float
    bleed: float = 0.0
    radius: float = 0.0  #: a card's corner radius (0 for hexagons and square corners)

    @property
    def cx(self) -> float:
        return self.x + self.width / 2

    @property
    def cy(self) -> float:
        return self.y + self.height / 2

    @property
    def outer(self) -> tuple[float, float, float, float]:
        """The bleed box: x, y, width, height; backgrounds fill this."""
        return (self.x - self.bleed, self.y - self.bleed, self.width + 2 * self.bleed, self.height + 2 * self.bleed)


FaceDraw = Callable[[Any, Box], None]


@dataclass(frozen=True)
class Face:
    """One face to print: ``draw(canvas, box)`` and the back printed behind it (if any)."""

    key: str  #: faces with one key are drawn once per document; it must change when the drawing does
    draw: FaceDraw
    back: FaceDraw | None = None
    back_key: str = "back"
    label: str = ""  #: names the face in cut files, and ``--only`` finds it by this name
    kind: str = ""  #: the kind of card (``--only KIND`` prints every card of it)
    names: tuple[str, ...] = ()  #: other names ``--only`` finds the face by (a common name, an id)


class SheetOptions(NamedTuple):
    """Everything about the sheets, as data (all lengths in millimetres).

    ``card`` None: flat-top hexagonal tiles ``tile_mm`` across the flats; a :class:`CardSize`: cards
    of that size with ``corner_mm`` round corners, ``gutter_mm`` apart (plus twice the bleed).
    """

    paper: str = "letter"
    tile_mm: float = 64.0
    bleed_mm: float = 0.0
    backs: bool = False
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = True
    crop_marks: bool = True
    alignment_page: bool = False
    title: str = ""
    card: CardSize | None = None
    corner_mm: float = DEFAULT_CORNER_MM
    gutter_mm: float = 0.0
    credit: str = ""  #: the pictures' licence credit, printed by the ruler of every sheet (kcal.print.pictures)
    #: ``file:line:column`` of the name the title shows (a deck's), named when the footer shortens it; or a
    #: function giving it (called only then)
    title_where: str | Callable[[], str] = ""

    @property
    def paper_size(self) -> Paper:
        return PAPERS[self.paper]

    @property
    def geometry(self) -> Any:  # a TileGeometry, or a CardGeometry for cards
        if self.card is not None:
            return self.card.geometry(self.bleed_mm, self.corner_mm)
        return TileGeometry(across=mm(self.tile_mm), bleed=mm(self.bleed_mm))

    @property
    def back_offset(self) -> tuple[float, float]:
        return (mm(self.back_offset_mm[0]), mm(self.back_offset_mm[1]))

    @property
    def size_label(self) -> str:
        if self.card is not None:
            return f"cards {self.card.label}"
        return f"tiles {self.tile_mm:g} mm"


def sheet_layout(opts: SheetOptions) -> SheetLayout:
    if opts.card is not None:
        return card_grid(opts.paper_size, opts.geometry, mm(opts.gutter_mm))
    return honeycomb(opts.paper_size, opts.geometry)


def face_box(geom: TileGeometry | CardGeometry) -> Box:
    w, h = geom.cut_size
    return Box(-w / 2, -h / 2, w, h, geom.bleed, getattr(geom, "radius", 0.0))


# --- placing faces ------------------------------------------------------------------------------


def draw_face(c: Canvas, face: Face, box: Box) -> None:
    """The one place a face's drawing is called."""
    face.draw(c, box)


def draw_back(c: Canvas, face: Face, box: Box) -> None:
    if face.back is not None:
        face.back(c, box)


def place_form(c: Canvas, name: str, slot: Slot, geom: TileGeometry | CardGeometry,
               draw: Callable[..., None]) -> None:
    """Draw a face once per document as a form XObject, then place it wherever it is used.

    A face printed five times is described (and its art referenced) once; the PDF is smaller and
    faster to write, and every placement is still real text for search and extraction. A card's form
    is exactly its bleed box, so nothing it draws reaches a neighbour.
    """
    defined = c.__dict__.setdefault("_kcal_forms", set())
    if name not in defined:
        half_w, half_h = geom.form_half_extents()
        c.beginForm(name, -half_w, -half_h, half_w, half_h)
        draw(c)
        c.endForm()
        defined.add(name)
    c.saveState()
    c.translate(slot.x, slot.y)
    if slot.rotated:
        c.rotate(90)
    c.doForm(name)
    c.restoreState()


# --- pages ----------------------------------------------------------------------------------------


def fit_error(opts: SheetOptions) -> KcalError:
    what = f"a {opts.card.label} card" if opts.card is not None else f"a {opts.tile_mm:g} mm tile"
    return KcalError(f"{what} with {opts.bleed_mm:g} mm bleed does not fit on {opts.paper} paper")


def chunk_faces(faces: Sequence[T], opts: SheetOptions, groups: Sequence[tuple[str, Sequence[T]]] | None = None
                ) -> tuple[SheetLayout, list[tuple[str, list[T]]]]:
    """The layout and the items of each front sheet (label, items); a group always starts a sheet."""
    layout = sheet_layout(opts)
    if not layout.slots:
        raise fit_error(opts)
    per = layout.per_page
    chunks: list[tuple[str, list[T]]] = []
    for label, group in (groups if groups is not None else [("", faces)]):
        group = list(group)
        for i in range(0, len(group), per):
            chunks.append((label, group[i:i + per]))
    return layout, chunks


def face_pages(faces: Sequence[Face], opts: SheetOptions,
               groups: Sequence[tuple[str, Sequence[Face]]] | None = None, report: Report | None = None
               ) -> list[PageFn]:
    """Page functions for the faces: fronts, each followed by its back when ``opts.backs``; a footer
    shortened to fit its page is reported to ``report`` (:func:`footer`).

    ``groups`` (label, faces) starts a new sheet for each group (a catalog's proof sheets).
    """
    layout, chunks = chunk_faces(faces, opts, groups)
    sheets = len(chunks)
    pages: list[PageFn] = []
    if opts.alignment_page:
        pages.extend(alignment_pages(opts))
    room = label_room(layout)
    for n, (label, chunk) in enumerate(chunks, 1):
        foot = footer(opts, n, sheets, label, room=room, report=report)
        pages.append(_front(chunk, layout, opts, foot))
        if opts.backs:
            pages.append(_back(chunk, layout, opts, foot))
    return pages


def footer(opts: SheetOptions, n: int, total: int, label: str, *, room: float | None = None,
           report: Report | None = None) -> str:
    """The sheet's footer, printed by its ruler: the title, the group's label, the sheet's number, the paper.

    ``room`` (points, :func:`kcal.print.marks.label_room`): the title and the label (names from a file: a
    deck's, a set's) are shortened with an ellipsis so the footer ends inside the page's margin, and that is
    reported at ``opts.title_where``."""
    own = [p for p in (opts.title, label) if p]
    tail = [f"sheet {n}/{total}",
            f"{opts.paper}, {opts.size_label}" + (f", bleed {opts.bleed_mm:g} mm" if opts.bleed_mm else "")]
    if room is not None and own:
        from kcal.print.fonts import register_fonts
        from kcal.print.text import fit, width

        register_fonts()
        text = " · ".join(own)
        side = _side(opts, back=opts.backs)  # what _front, _back add (the longer when backs are printed)
        left = room - width(" · " + " · ".join(tail) + side, REGULAR, LABEL_PT)
        if width(text, REGULAR, LABEL_PT) > left:
            pos = opts.title_where() if callable(opts.title_where) else opts.title_where
            where = f"{pos}: the sheets' footer" if pos else "the sheets' footer"
            own = list(fit(text, REGULAR, LABEL_PT, LABEL_PT, max(left, 0.0), 1, where=where, report=report).lines)
    return " · ".join([*own, *tail])


def _side(opts: SheetOptions, *, back: bool) -> str:
    """The end of a sheet's footer: which side of the paper this page is."""
    return f" · back ({opts.flip}-edge flip)" if back else " · front"


def trim_box(slots: Sequence[Slot],
             geom: TileGeometry | CardGeometry) -> tuple[float, float, float, float] | None:
    """The box around the cut lines of the faces placed on a page (None: no face): the page's TrimBox."""
    pts = [p for s in slots for p in cut_outline_points(s, geom)]
    if not pts:
        return None
    return (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))


def _set_boxes(c: Canvas, slots: Sequence[Slot], geom: TileGeometry | CardGeometry) -> None:
    from kcal.print.output import set_page_boxes

    set_page_boxes(c, trim_box(slots, geom), geom.bleed)


@contextlib.contextmanager
def _cell(c: Canvas, slot: Slot, geom: Any, slots: Sequence[Slot]) -> Iterator[None]:
    """Neighbours sharing a bleed gap: the face paints only up to the middle of the gap."""
    if getattr(geom, "shares_bleed", False):
        c.saveState()
        p = c.beginPath()
        pts = cell_points(slot, geom, [s for s in slots if s is not slot])
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        p.close()
        c.clipPath(p, stroke=0, fill=0)
        try:
            yield
        finally:
            c.restoreState()
    else:
        yield


def _front(chunk: list[Face], layout: SheetLayout, opts: SheetOptions, foot: str) -> PageFn:
    def draw(c: Canvas) -> None:
        geom = layout.geometry
        box = face_box(geom)
        slots = layout.slots[: len(chunk)]
        _set_boxes(c, slots, geom)
        for face, slot in zip(chunk, slots, strict=True):
            with _cell(c, slot, geom, slots):
                place_form(c, face.key, slot, geom, lambda cv, f=face: draw_face(cv, f, box))
        if opts.cut_lines:
            for slot in slots:
                cut_line(c, slot, geom)
        label = foot + _side(opts, back=False)
        if opts.crop_marks:
            crop_marks(c, layout, slots, label, opts.credit)
        draw_ruler(c, layout, label, opts.credit)
    return draw


def _back(chunk: list[Face], layout: SheetLayout, opts: SheetOptions, foot: str) -> PageFn:
    def draw(c: Canvas) -> None:
        geom = layout.geometry
        box = face_box(geom)
        placed = []
        for face, slot in zip(chunk, layout.slots, strict=False):
            if face.back is None:
                continue
            placed.append(mirror_slot(slot, layout.paper, opts.flip, opts.back_offset))
        for face, at in zip([f for f in chunk if f.back is not None], placed, strict=True):
            with _cell(c, at, geom, placed):
                place_form(c, face.back_key, at, geom, lambda cv, f=face: draw_back(cv, f, box))
        _set_boxes(c, placed, geom)
        label = foot + _side(opts, back=True)
        draw_ruler(c, back_ruler(layout, placed, opts.flip, label), label, opts.credit)
    return draw


def alignment_pages(opts: SheetOptions) -> list[PageFn]:
    """A front with ringed targets and a back with crosses at the mirrored places.

    Print both sides, hold the sheet to a light: where each cross falls among the rings (1 mm apart),
    seen from the front, is the printer's drift. Pass the opposite as ``--back-offset X,Y``
    (millimetres as seen from the front, x right, y up).
    """
    paper = opts.paper_size
    origin = horizontal_ruler_origin(mm(MARGIN_MM))
    spots = [Slot(x, y) for x, y in ((paper.width * fx, paper.height * fy)
                                     for fx, fy in ((0.2, 0.8), (0.8, 0.8), (0.5, 0.5), (0.2, 0.2), (0.8, 0.2)))]

    def front(c: Canvas) -> None:
        c.setFont(BOLD, 12)
        c.drawCentredString(paper.width / 2, paper.height - mm(20), "Duplex alignment test: front")
        c.setFont(REGULAR, 8)
        lines = [
            f"Print this sheet double-sided on {opts.paper} at 100 % with the same printer settings you will use, "
            f"flipping on the {opts.flip} edge.",
            "Hold it to a light. Each cross printed on the back should sit at the centre of its rings (rings are 1 mm apart).",
            "Looking at this side: if a cross sits 2 rings to the right and 1 ring up, print with --back-offset -2,-1",
            "(millimetres, as seen from this side; x right, y up). Print this test again with the offset to check.",
        ]
        for i, line in enumerate(lines):
            c.drawCentredString(paper.width / 2, paper.height - mm(27) - i * 11, line)
        for s in spots:
            c.setLineWidth(0.3)
            for r in range(1, 6):
                c.setStrokeColorRGB(0, 0, 0) if r % 5 == 0 else c.setStrokeColorRGB(0.45, 0.45, 0.45)
                c.circle(s.x, s.y, mm(r), stroke=1, fill=0)
            c.setStrokeColorRGB(0, 0, 0)
            c.line(s.x - mm(7), s.y, s.x + mm(7), s.y)
            c.line(s.x, s.y - mm(7), s.x, s.y + mm(7))
        ruler(c, *origin, "alignment test · front")

    def back(c: Canvas) -> None:
        c.setFont(BOLD, 12)
        c.drawCentredString(paper.width / 2, mm(40), f"Duplex alignment test: back ({opts.flip}-edge flip)")
        if any(opts.back_offset_mm):
            c.setFont(REGULAR, 8)
            c.drawCentredString(paper.width / 2, mm(35), f"back offset {opts.back_offset_mm[0]:g},{opts.back_offset_mm[1]:g} mm applied")
        c.setStrokeColorRGB(0.8, 0, 0)
        c.setLineWidth(0.6)
        for s in spots:
            m = mirror_slot(s, paper, opts.flip, opts.back_offset)
            c.line(m.x - mm(4), m.y, m.x + mm(4), m.y)
            c.line(m.x, m.y - mm(4), m.x, m.y + mm(4))
        ruler(c, *origin, "alignment test · back")

    return [front, back]
