"""Marks on a sheet that are not part of any face: cut lines, crop marks, and the scale ruler.

Every function takes the face geometry from the layout, so hexagons and cards are marked by the
same code: a cut line follows the face's outline (a hexagon, or a rectangle with round corners);
crop marks continue the cut lines outside the faces (for hexagons, ticks beyond each vertex that land
on no tile; for a card grid, every cut line of the grid extended past its edge, never near the
ruler); the ruler is a 100 mm / 4 in bar to check the print scale.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kcal.print import colours
from kcal.print.cardgrid import RULER_ABOVE_MM, RULER_BEFORE_MM, RULER_BELOW_MM, RULER_TEXT_AT_MM
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.layout import INCH, Paper, SheetLayout, Slot, TileGeometry, hex_points, inside_hex, mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

Box = tuple[float, float, float, float]  #: x0, y0, x1, y1 in points
RULER_CAPTION = "print at 100 % (actual size): this bar is 100 mm"
MARK_LENGTH_MM, MARK_GAP_MM = 3.0, 1.0  #: a card grid's crop marks, and their distance from the cards
MARK_EDGE_MM = 3.0  #: crop marks stop this far from the paper's edge (shortened, or left out under 1.5 mm)
MARK_CLEAR_MM = 1.0  #: no crop mark comes closer than this to the ruler
RULER_SCALE_END_MM = 102.4  #: the scale's drawing ends here along the bar ("10 cm" included)
RULER_TEXT_MM = (0.2, 5.7)  #: the captions' extent across the bar
LABEL_PT = 5.5  #: the ruler's label (the sheet's footer: title, sheet number, paper)
#: the label ends at least this far inside the page (kcal's own footers on A4 with backs reach 3 mm into the
#: 6 mm printer margin, :data:`kcal.print.layout.MARGIN_MM`; a name from a file is shortened to end here)
LABEL_EDGE_MM = 2.0
CREDIT_PT = 4.6  #: the pictures' credit line: above the captions, below the strip's top (RULER_ABOVE_MM)
CREDIT_AT_MM = 5.95


def hex_path(c: Canvas, cx: float, cy: float, across: float, rotated: bool = False) -> Any:
    p = c.beginPath()
    pts = hex_points(cx, cy, across, rotated)
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    return p


# --- cut lines --------------------------------------------------------------------------------


def cut_line(c: Canvas, slot: Slot, geom: Any) -> None:  # a TileGeometry or a CardGeometry
    """The face's outline at ``slot``: a hexagon, or a rectangle with the card's round corners."""
    c.saveState()
    c.setStrokeColorRGB(*colours.rgb(colours.CUT_LINE))
    c.setLineWidth(0.5)
    c.setLineJoin(0)
    if geom.kind == "hex":
        c.drawPath(hex_path(c, slot.x, slot.y, geom.across, slot.rotated), stroke=1, fill=0)
    else:
        w, h = (geom.height, geom.width) if slot.rotated else (geom.width, geom.height)
        if geom.radius > 0:
            c.roundRect(slot.x - w / 2, slot.y - h / 2, w, h, geom.radius, stroke=1, fill=0)
        else:
            c.rect(slot.x - w / 2, slot.y - h / 2, w, h, stroke=1, fill=0)
    c.restoreState()


def cut_outline_points(slot: Slot, geom: Any, steps: int = 6) -> list[tuple[float, float]]:
    """The cut outline as a closed polygon (a card's round corners as ``steps`` segments each), for
    cut files and tests."""
    if geom.kind == "hex":
        return hex_points(slot.x, slot.y, geom.across, slot.rotated)
    w, h = (geom.height, geom.width) if slot.rotated else (geom.width, geom.height)
    r = min(geom.radius, w / 2, h / 2)
    if r <= 0:
        return [(slot.x + w / 2, slot.y - h / 2), (slot.x + w / 2, slot.y + h / 2),
                (slot.x - w / 2, slot.y + h / 2), (slot.x - w / 2, slot.y - h / 2)]
    pts = []
    corners = ((w / 2 - r, -h / 2 + r, -90), (w / 2 - r, h / 2 - r, 0), (-w / 2 + r, h / 2 - r, 90),
               (-w / 2 + r, -h / 2 + r, 180))
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            pts.append((slot.x + cx + r * math.cos(a), slot.y + cy + r * math.sin(a)))
    return pts


# --- crop marks ---------------------------------------------------------------------------------


def crop_ticks(c: Canvas, slots: Sequence[Slot], geom: TileGeometry, avoid: Sequence[Box] = (),
               paper: Paper | None = None) -> int:
    """Ticks continuing each hex edge beyond its vertex, only where they land on no tile.

    With tiles sharing edges the ticks appear around the honeycomb's outline; with bleed they sit in
    the gaps too where there is room, so a straight-edge cutter has a guide at the ends of the cuts.
    A tick within :data:`MARK_CLEAR_MM` of an ``avoid`` box (the ruler and its figures) is left out:
    the vertex keeps the tick of its other edge. The ticks of a sheet are a form, drawn once for every
    sheet with the same ticks. With ``paper`` a tick stops :data:`MARK_EDGE_MM` short of the paper's
    edge (shortened, or left out when under 1.5 mm). Returns how many.
    """
    clear = mm(MARK_CLEAR_MM)
    segs = tick_segments(tuple(slots), geom.across, geom.bleed)
    if paper is not None:
        segs = tuple(s for s in (_clip_to_paper(seg, paper) for seg in segs) if s is not None)
    segs = tuple(s for s in segs if not any(_near(s, box, clear) for box in avoid))
    digest = hashlib.blake2s(repr(segs).encode(), digest_size=4).hexdigest()  # the same in every process
    name = f"ticks-{len(slots)}-{len(segs)}-{digest}"
    defined = c.__dict__.setdefault("_kcal_forms", set())
    if name not in defined:
        c.beginForm(name)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.4)
        c.lines(segs)
        c.endForm()
        defined.add(name)
    c.doForm(name)
    return len(segs)


@lru_cache(maxsize=64)
def tick_segments(slots: tuple[Slot, ...], across: float, bleed: float) -> tuple[tuple[float, float, float, float], ...]:
    geom = TileGeometry(across=across, bleed=bleed)
    gap = geom.bleed * 1.2 + mm(0.6)
    length = mm(2.6)
    reach = 2 * geom.bleed_across + gap + length
    probe_size = geom.bleed_across + mm(0.4)
    out = []
    for s in slots:
        near = [o for o in slots if abs(o.x - s.x) < reach and abs(o.y - s.y) < reach]
        pts = hex_points(s.x, s.y, geom.across, s.rotated)
        for i in range(6):
            v = pts[i]
            for nb in (pts[(i - 1) % 6], pts[(i + 1) % 6]):
                dx, dy = v[0] - nb[0], v[1] - nb[1]
                n = math.hypot(dx, dy)
                ux, uy = dx / n, dy / n
                a = (v[0] + ux * gap, v[1] + uy * gap)
                b = (v[0] + ux * (gap + length), v[1] + uy * (gap + length))
                probes = (a, b, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
                if any(inside_hex(px, py, o.x, o.y, probe_size, o.rotated) for o in near for px, py in probes):
                    continue
                out.append((a[0], a[1], b[0], b[1]))
    return tuple(out)


def grid_mark_segments(slots: Sequence[Slot], width: float, height: float, *, bleed: float = 0.0,
                       length: float = mm(MARK_LENGTH_MM), gap: float = mm(MARK_GAP_MM),
                       paper: Paper | None = None,
                       avoid: Sequence[Box] = ()) -> list[tuple[float, float, float, float]]:
    """Crop marks of a card grid: every cut line of the grid, extended past the grid's edges.

    A mark starts ``gap`` beyond the bleed. With ``paper`` a mark stops :data:`MARK_EDGE_MM` short of
    the paper's edge (shortened, or left out when under 1.5 mm); a mark within :data:`MARK_CLEAR_MM`
    of an ``avoid`` box (the ruler) is left out: the same cut line's mark at its other end remains.
    """
    if not slots:
        return []

    def size(s: Slot) -> tuple[float, float]:
        return (height, width) if s.rotated else (width, height)

    xs = sorted({round(s.x - size(s)[0] / 2, 3) for s in slots} | {round(s.x + size(s)[0] / 2, 3) for s in slots})
    ys = sorted({round(s.y - size(s)[1] / 2, 3) for s in slots} | {round(s.y + size(s)[1] / 2, 3) for s in slots})
    left, right, bottom, top = xs[0] - bleed, xs[-1] + bleed, ys[0] - bleed, ys[-1] + bleed
    segs = []
    for x in xs:
        segs.append((x, top + gap, x, top + gap + length))
        segs.append((x, bottom - gap, x, bottom - gap - length))
    for y in ys:
        segs.append((left - gap, y, left - gap - length, y))
        segs.append((right + gap, y, right + gap + length, y))
    if paper is not None:
        segs = [s for s in (_clip_to_paper(seg, paper) for seg in segs) if s is not None]
    clear = mm(MARK_CLEAR_MM)
    return [s for s in segs if not any(_near(s, box, clear) for box in avoid)]


def _clip_to_paper(seg: Box, paper: Paper) -> Box | None:
    """The mark shortened to stop :data:`MARK_EDGE_MM` short of the paper's edge; None when too short."""
    edge = mm(MARK_EDGE_MM)
    x0, y0, x1, y1 = seg
    if not (edge <= x0 <= paper.width - edge and edge <= y0 <= paper.height - edge):
        return None
    x1 = min(max(x1, edge), paper.width - edge)
    y1 = min(max(y1, edge), paper.height - edge)
    if math.hypot(x1 - x0, y1 - y0) < mm(1.5):
        return None
    return (x0, y0, x1, y1)


def _near(seg: Box, box: Box, clear: float) -> bool:
    x0, x1 = sorted((seg[0], seg[2]))
    y0, y1 = sorted((seg[1], seg[3]))
    return x1 >= box[0] - clear and x0 <= box[2] + clear and y1 >= box[1] - clear and y0 <= box[3] + clear


def grid_crop_marks(c: Canvas, slots: Sequence[Slot], width: float, height: float, *, bleed: float = 0.0,
                    length: float = mm(MARK_LENGTH_MM), gap: float = mm(MARK_GAP_MM),
                    paper: Paper | None = None,
                    avoid: Sequence[Box] = ()) -> int:
    """Draw a card grid's crop marks (see :func:`grid_mark_segments`); returns how many."""
    segs = grid_mark_segments(slots, width, height, bleed=bleed, length=length, gap=gap, paper=paper, avoid=avoid)
    if not segs:
        return 0
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.4)
    c.lines(segs)
    c.restoreState()
    return len(segs)


def crop_marks(c: Canvas, layout: SheetLayout, slots: Sequence[Slot], label: str = "", credit: str = "") -> int:
    """The crop marks that suit the layout's faces: hex ticks, or a card grid's marks clear of the ruler."""
    geom = layout.geometry
    if geom.kind == "hex":
        return crop_ticks(c, slots, geom, avoid=ruler_boxes(layout, label, credit), paper=layout.paper)
    card: Any = geom  # a card grid's geometry (print.cardgrid.CardGeometry) has a height
    return grid_crop_marks(c, slots, card.width, card.height, bleed=card.bleed, paper=layout.paper,
                           avoid=ruler_boxes(layout, label, credit))


# --- the ruler ----------------------------------------------------------------------------------


def ruler(c: Canvas, x: float, y: float, label: str = "", credit: str = "") -> None:
    """A 100 mm scale (and 4 inches under it): measure it to check the print was not scaled.

    The scale is a form drawn once per document; only the label differs from page to page. ``credit``
    (the pictures' licence credit) is a line above the captions, inside the ruler's strip.
    """
    defined = c.__dict__.setdefault("_kcal_forms", set())
    if "ruler" not in defined:
        c.beginForm("ruler", -mm(2), -mm(2), mm(200), mm(8))
        _ruler_scale(c, 0, 0)
        c.endForm()
        defined.add("ruler")
    c.saveState()
    c.translate(x, y)
    c.doForm("ruler")
    c.restoreState()
    if label:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(REGULAR, LABEL_PT)
        c.drawString(x + mm(RULER_TEXT_AT_MM), y + mm(3.2) - mm(2.4), label)
        c.restoreState()
    if credit:
        c.saveState()
        c.setFillColorRGB(0.25, 0.25, 0.25)
        c.setFont(REGULAR, CREDIT_PT)
        c.drawString(x + mm(RULER_TEXT_AT_MM), y + mm(CREDIT_AT_MM), credit)
        c.restoreState()


def _ruler_scale(c: Canvas, x: float, y: float) -> None:
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    length = mm(100)
    base = y + mm(3.2)
    c.setLineWidth(0.5)
    c.line(x, base, x + length, base)
    for i in range(101):
        h = mm(2.4) if i % 10 == 0 else mm(1.5) if i % 5 == 0 else mm(0.9)
        c.setLineWidth(0.35 if i % 10 else 0.5)
        c.line(x + mm(i), base, x + mm(i), base + h)
        if i % 10 == 0:
            c.setFont(REGULAR, 4.5)
            c.drawCentredString(x + mm(i), base + mm(2.7), str(i // 10) if i < 100 else "10 cm")
    # inch scale below the line
    c.setLineWidth(0.35)
    for j in range(4 * 8 + 1):
        h = mm(2.0) if j % 8 == 0 else mm(1.3) if j % 4 == 0 else mm(0.8)
        c.line(x + j * INCH / 8, base, x + j * INCH / 8, base - h)
        if j % 8 == 0 and j:
            c.setFont(REGULAR, 4.5)
            c.drawCentredString(x + j * INCH / 8, base - mm(3.7), f"{j // 8} in")
    c.setFont(BOLD, 5.5)
    c.drawString(x + length + mm(3), base + mm(0.8), RULER_CAPTION)
    c.restoreState()


def draw_ruler(c: Canvas, layout: SheetLayout, label: str = "", credit: str = "") -> None:
    """The layout's ruler: along the bottom, or turned a quarter turn up the left edge."""
    if not layout.ruler_vertical:
        x, y = layout.ruler_origin
        ruler(c, x, y, label, credit)
        return
    c.saveState()
    c.translate(*layout.ruler_origin)
    c.rotate(90)
    ruler(c, 0, 0, label, credit)
    c.restoreState()


def label_room(layout: SheetLayout) -> float:
    """How long the ruler's label may be (points): from where it starts along the bar to
    :data:`LABEL_EDGE_MM` before the page's edge, along the bottom or up the left edge."""
    x, y = layout.ruler_origin
    if layout.ruler_vertical:  # local (u, v) lands on the page at (x - v, y + u)
        return layout.paper.height - mm(LABEL_EDGE_MM) - (y + mm(RULER_TEXT_AT_MM))
    return layout.paper.width - mm(LABEL_EDGE_MM) - (x + mm(RULER_TEXT_AT_MM))


def ruler_length(label: str = "") -> float:
    """How far the ruler's drawing reaches along the bar, captions included (points)."""
    from kcal.print.fonts import register_fonts
    from kcal.print.text import width

    register_fonts()
    return mm(RULER_TEXT_AT_MM) + max(width(RULER_CAPTION, BOLD, 5.5), width(label, REGULAR, LABEL_PT)) + mm(0.5)


def ruler_boxes(layout: SheetLayout, label: str = "", credit: str = "") -> list[Box]:
    """The page areas the layout's ruler draws on: the scale, and its captions (and credit) beside it."""
    x, y = layout.ruler_origin
    below, above, before = mm(RULER_BELOW_MM), mm(RULER_ABOVE_MM), mm(RULER_BEFORE_MM)
    parts = [(-before, below, mm(RULER_SCALE_END_MM), above),
             (mm(RULER_SCALE_END_MM), mm(RULER_TEXT_MM[0]), ruler_length(label), mm(RULER_TEXT_MM[1]))]
    if credit:
        from kcal.print.text import width

        parts.append((mm(RULER_TEXT_AT_MM), mm(RULER_TEXT_MM[1]),
                      mm(RULER_TEXT_AT_MM) + width(credit, REGULAR, CREDIT_PT), above))
    if layout.ruler_vertical:  # local (u, v) lands on the page at (x - v, y + u)
        return [(x - v1, y + u0, x - v0, y + u1) for u0, v0, u1, v1 in parts]
    return [(x + u0, y + v0, x + u1, y + v1) for u0, v0, u1, v1 in parts]


def ruler_box(layout: SheetLayout, label: str = "") -> Box:
    """The page area the layout's ruler draws on (x0, y0, x1, y1), captions included."""
    boxes = ruler_boxes(layout, label)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def back_ruler(layout: SheetLayout, backs: Sequence[Slot], flip: str, label: str = "") -> SheetLayout:
    """The layout whose ruler a back page draws: the front's place when the backs leave it free, else
    the place behind the front's ruler (mirrored for the flip), which the backs always leave free.

    Card grids only: a honeycomb is centred clear of its ruler, and its back pages keep the ruler
    where the front has it (so hexagon sheets print as they always have)."""
    if layout.geometry.kind == "hex":
        return layout
    rects = [[(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])] for b in ruler_boxes(layout, label)]
    if not any(_convex_overlap(printed_outline(s, layout.geometry), r) for s in backs for r in rects):
        return layout
    box = ruler_box(layout, label)
    w, h = layout.paper.width, layout.paper.height
    x0, y0, x1, y1 = (w - box[2], box[1], w - box[0], box[3]) if flip == "long" else (box[0], h - box[3], box[2], h - box[1])
    below, above, before = mm(RULER_BELOW_MM), mm(RULER_ABOVE_MM), mm(RULER_BEFORE_MM)
    origin = (x0 + above, y0 + before) if layout.ruler_vertical else (x0 + before, y0 - below)
    return layout._replace(ruler_origin=origin)


def printed_outline(slot: Slot, geom: Any) -> list[tuple[float, float]]:
    """The outline of what a face prints (its bleed included) at ``slot``, as a convex polygon."""
    if geom.kind == "hex":
        return hex_points(slot.x, slot.y, geom.bleed_across, slot.rotated)
    hw, hh = geom.half_extents(slot.rotated)
    return [(slot.x - hw, slot.y - hh), (slot.x + hw, slot.y - hh), (slot.x + hw, slot.y + hh), (slot.x - hw, slot.y + hh)]


def _convex_overlap(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]]) -> bool:
    """Whether two convex polygons overlap (more than touch): no edge of either separates them."""
    for poly in (a, b):
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y0 - y1, x1 - x0
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
                return False
    return True
