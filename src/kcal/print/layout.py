"""Page and face geometry as data: paper sizes, the flat-top hexagon, honeycomb packing, mirroring.

Pure arithmetic in PDF points (1/72 inch); nothing here imports ReportLab, so the geometry can be
tested on its own and measured against rasterised pages.

A flat-top hexagon of ``across`` (distance between the top and bottom flats) has circumradius
``R = across / sqrt(3)``; its width point to point is ``2 R``. In a honeycomb, neighbouring tiles share
an edge, so columns sit ``1.5 R'`` apart and tiles in a column ``across'`` apart, where the primed sizes
include the gap left for bleed (twice the bleed: each tile keeps its own).

Rectangular faces (cards) and their grid are in :mod:`kcal.print.cardgrid`; both produce a
:class:`SheetLayout`, which the shared imposition (:mod:`kcal.print.sheets`) prints.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

MM = 72.0 / 25.4  #: points per millimetre
INCH = 72.0
SQRT3 = math.sqrt(3.0)


def mm(value: float) -> float:
    return value * MM


class Sizes:
    """A table of named sizes for a face or a sheet (a pack's ``print/layout.py``): each subclass names
    its sizes as annotated class attributes with their values, read through one instance, which is
    frozen. Plain classes: a frozen dataclass per table cost about 2.5 ms of import each, and the faces
    of one game have up to 28 tables."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is a table of constants; {name} cannot be set")


class Paper(NamedTuple):
    name: str
    width: float  # points
    height: float


PAPERS: dict[str, Paper] = {
    "letter": Paper("letter", 8.5 * INCH, 11 * INCH),
    "a4": Paper("a4", mm(210), mm(297)),
}

DEFAULT_TILE_MM = 64.0
DEFAULT_BLEED_MM = 3.0
MARGIN_MM = 6.0  #: kept free on every edge: most home printers cannot print closer
RULER_STRIP_MM = 8.0  #: the strip at the bottom of a sheet that holds the scale ruler


def hex_points(cx: float, cy: float, across: float, rotated: bool = False) -> list[tuple[float, float]]:
    """The six vertices of a flat-top hexagon, counter-clockwise from the right-hand point.

    ``rotated``: the tile is turned a quarter turn on the sheet (pointy-top on paper).
    """
    r = across / SQRT3
    return [(cx + r * ux, cy + r * uy) for ux, uy in (_UNIT_HEX_ROT if rotated else _UNIT_HEX)]


_UNIT_HEX = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))
_UNIT_HEX_ROT = tuple((math.cos(math.radians(30 + 60 * i)), math.sin(math.radians(30 + 60 * i))) for i in range(6))


def hex_half_width(across: float, dy: float) -> float:
    """Half the width of a flat-top hexagon at height ``dy`` from its centre (0 beyond the flats)."""
    r = across / SQRT3
    if abs(dy) > across / 2:
        return 0.0
    return r - abs(dy) / SQRT3


def inside_hex(px: float, py: float, cx: float, cy: float, across: float, rotated: bool = False) -> bool:
    dx, dy = abs(px - cx), abs(py - cy)
    if rotated:
        dx, dy = dy, dx
    return dy <= across / 2 and dx <= hex_half_width(across, dy)


class TileGeometry(NamedTuple):
    """The size of one printed tile: the cut hexagon and the bleed around it."""

    across: float = mm(DEFAULT_TILE_MM)  # cut size, flat to flat
    bleed: float = 0.0
    #: space between neighbours' cut lines (None: twice the bleed, each face keeps its whole bleed).
    #: Less than twice the bleed: neighbours share the gap, each face's bleed stops at its middle
    #: (:func:`cell_points`), and the outer edges of the honeycomb keep the whole bleed.
    gap: float | None = None

    @property
    def radius(self) -> float:
        return self.across / SQRT3

    @property
    def width(self) -> float:
        return 2 * self.radius

    @property
    def bleed_across(self) -> float:
        """Flat-to-flat size of the printed area including bleed."""
        return self.across + 2 * self.bleed

    @property
    def pitch_across(self) -> float:
        """Distance between centres of two neighbours in one column: the cut size plus the gap."""
        return self.bleed_across if self.gap is None else self.across + self.gap

    @property
    def shares_bleed(self) -> bool:
        return self.gap is not None and self.gap < 2 * self.bleed - 1e-6

    @property
    def column_pitch(self) -> float:
        return 1.5 * self.pitch_across / SQRT3

    @property
    def scale(self) -> float:
        """Scale of the face design relative to the default 64 mm tile."""
        return self.across / mm(DEFAULT_TILE_MM)

    @property
    def kind(self) -> str:
        return "hex"

    @property
    def cut_size(self) -> tuple[float, float]:
        """Width (point to point) and height (flat to flat) of the cut outline, upright."""
        return self.width, self.across

    def half_extents(self, rotated: bool = False) -> tuple[float, float]:
        """Half width and half height on paper of the printed area (bleed included)."""
        return _half_extents(self, rotated)

    def form_half_extents(self) -> tuple[float, float]:
        """Half extents of the box a face is drawn in (a point of slack around the bleed)."""
        return self.bleed_across / SQRT3 + 1, self.bleed_across / 2 + 1

    def contains(self, px: float, py: float, slot: Slot, grow: float = 0.0) -> bool:
        """Whether the page point lies on the face at ``slot`` (its bleed grown by ``grow``)."""
        return inside_hex(px, py, slot.x, slot.y, self.bleed_across + 2 * grow, slot.rotated)


class Slot(NamedTuple):
    """Where one tile lands on a sheet: its centre in points from the page's lower-left corner.

    ``rotated``: the tile is printed a quarter turn (counter-clockwise) so more fit on the sheet.
    """

    x: float
    y: float
    rotated: bool = False


class SheetLayout(NamedTuple):
    """Every face position on one side of a sheet, plus where the ruler goes.

    ``geometry`` is the face's shape and size: a :class:`TileGeometry` (flat-top hexagon) or a
    :class:`kcal.print.cardgrid.CardGeometry` (rectangle). ``ruler_vertical``: the ruler runs up the
    left edge (turned a quarter turn about ``ruler_origin``) instead of along the bottom.
    """

    paper: Paper
    geometry: TileGeometry
    slots: tuple[Slot, ...]
    ruler_origin: tuple[float, float]
    margin: float = mm(MARGIN_MM)
    ruler_vertical: bool = False

    @property
    def per_page(self) -> int:
        return len(self.slots)


def honeycomb(paper: Paper, geometry: TileGeometry, margin_mm: float = MARGIN_MM,
              ruler_mm: float = RULER_STRIP_MM) -> SheetLayout:
    """Pack tiles as a honeycomb inside the printable area; the most tiles wins, centred on the page.

    Tries both column parities (first column high or low) and both orientations on paper (flat
    top, or every tile a quarter turn so columns become rows), and keeps the one that holds most;
    on a tie the upright orientation wins.
    """
    margin = mm(margin_mm)
    ruler = mm(ruler_mm)
    if geometry.bleed > 0 and geometry.gap is None:
        geometry = _shared_gap(paper, geometry, margin, ruler)
    # slack for the crop ticks beyond the outermost vertices; with bleed the ticks start beyond the
    # bleed anyway and are shortened at the paper's edge (see kcal.print.marks)
    tick = mm(2.5) if geometry.bleed == 0 else 0.0
    box = (margin + tick, margin + ruler, paper.width - margin - tick, paper.height - margin)
    best, best_rot = _best_pack(geometry, box)
    if not best:
        return SheetLayout(paper, geometry, (), (margin, margin))
    half_w, half_h = _half_extents(geometry, best_rot)
    x0, y0, x1, y1 = box
    minx = min(p[0] for p in best) - half_w
    maxx = max(p[0] for p in best) + half_w
    miny = min(p[1] for p in best) - half_h
    maxy = max(p[1] for p in best) + half_h
    dx = ((x0 + x1) / 2) - (minx + maxx) / 2
    dy = ((y0 + y1) / 2) - (miny + maxy) / 2
    # order: top to bottom, left to right, like reading a page
    ordered = sorted(((x + dx, y + dy) for x, y in best), key=lambda p: (-round(p[1], 3), p[0]))
    slots = tuple(Slot(x, y, best_rot) for x, y in ordered)
    return SheetLayout(paper, geometry, slots, (margin + mm(2), margin + mm(1.5)))


MIN_SHARED_GAP_MM = 2.0  #: neighbours' cut lines are never closer than this with bleed (1 mm of bleed each)


def _best_pack(geometry: TileGeometry,
               box: tuple[float, float, float, float]) -> tuple[list[tuple[float, float]], bool]:
    best: list[tuple[float, float]] = []
    best_rot = False
    for rotated in (False, True):
        pts = _pack(geometry, box, rotated)
        if len(pts) > len(best):
            best, best_rot = pts, rotated
    return best, best_rot


def _shared_gap(paper: Paper, geometry: TileGeometry, margin: float, ruler: float) -> TileGeometry:
    """The widest gap between neighbours' cut lines (from twice the bleed down to
    :data:`MIN_SHARED_GAP_MM`, in quarter millimetres) that holds as many tiles as any gap in that
    range: with 3 mm of bleed a Letter sheet keeps 10 tiles (a full 6 mm gap leaves room for 6)."""
    box = (margin, margin + ruler, paper.width - margin, paper.height - margin)
    full = 2 * geometry.bleed
    smallest = min(full, mm(MIN_SHARED_GAP_MM))
    steps = max(0, int(round((full - smallest) / mm(0.25))))
    gaps = [full - i * mm(0.25) for i in range(steps + 1)]
    if gaps[-1] > smallest + 1e-9:
        gaps.append(smallest)
    counts = [len(_best_pack(geometry._replace(gap=g), box)[0]) for g in gaps]
    most = max(counts)
    return geometry._replace(gap=gaps[counts.index(most)])


def cell_points(slot: Slot, geometry: TileGeometry, neighbours: Sequence[Slot]) -> list[tuple[float, float]]:
    """The part of the page a face at ``slot`` may paint: its bleed hexagon, cut back to the middle
    of the gap on every side where a neighbour sits (see :attr:`TileGeometry.gap`)."""
    pitch = geometry.pitch_across
    full = geometry.bleed_across / 2
    base = 0.0 if slot.rotated else 30.0  # the flats' outward normals
    normals = [(math.cos(math.radians(base + 60 * i)), math.sin(math.radians(base + 60 * i))) for i in range(6)]
    apothems = []
    for nx, ny in normals:
        near = any(math.hypot(o.x - slot.x - pitch * nx, o.y - slot.y - pitch * ny) < 1.0 for o in neighbours)
        apothems.append(min(full, pitch / 2) if near else full)
    pts = []
    for i in range(6):  # the corner between flat i and flat i + 1
        (ax, ay), (bx, by) = normals[i], normals[(i + 1) % 6]
        a, b = apothems[i], apothems[(i + 1) % 6]
        det = ax * by - ay * bx
        pts.append((slot.x + (a * by - b * ay) / det, slot.y + (ax * b - bx * a) / det))
    return pts


def _half_extents(g: TileGeometry, rotated: bool) -> tuple[float, float]:
    half_point, half_flat = g.bleed_across / SQRT3, g.bleed_across / 2
    return (half_flat, half_point) if rotated else (half_point, half_flat)


def _pack(g: TileGeometry, box: tuple[float, float, float, float], rotated: bool) -> list[tuple[float, float]]:
    """Centres of a honeycomb in ``box``; rotated packs rows instead of columns (axes swapped)."""
    x0, y0, x1, y1 = box
    if rotated:  # solve the same problem with x and y exchanged
        return [(y, x) for x, y in _pack(g, (y0, x0, y1, x1), False)]
    half_w, half_h = g.bleed_across / SQRT3, g.bleed_across / 2
    if x1 - x0 < 2 * half_w or y1 - y0 < 2 * half_h:
        return []
    ncols = 1 + int((x1 - x0 - 2 * half_w) // g.column_pitch)
    best: list[tuple[float, float]] = []
    for parity in (0, 1):
        pts: list[tuple[float, float]] = []
        for c in range(ncols):
            cx = x0 + half_w + c * g.column_pitch
            shift = g.pitch_across / 2 if (c + parity) % 2 else 0.0
            cy = y1 - half_h - shift
            while cy - half_h >= y0 - 1e-6:
                pts.append((cx, cy))
                cy -= g.pitch_across
        if len(pts) > len(best):
            best = pts
    return best


def grid(paper: Paper, width: float, height: float, margin_mm: float = MARGIN_MM,
         ruler_mm: float = RULER_STRIP_MM, gap: float = 0.0) -> tuple[list[Slot], tuple[float, float]]:
    """A centred rectangular grid of cards (their centres) and the ruler origin."""
    margin = mm(margin_mm)
    ruler = mm(ruler_mm)
    avail_w = paper.width - 2 * margin
    avail_h = paper.height - 2 * margin - ruler
    ncols = max(0, int((avail_w + gap) // (width + gap)))
    nrows = max(0, int((avail_h + gap) // (height + gap)))
    block_w = ncols * width + (ncols - 1) * gap
    block_h = nrows * height + (nrows - 1) * gap
    left = (paper.width - block_w) / 2
    top = margin + ruler + (avail_h + block_h) / 2
    slots = [Slot(left + c * (width + gap) + width / 2, top - r * (height + gap) - height / 2)
             for r in range(nrows) for c in range(ncols)]
    return slots, (margin + mm(2), margin + mm(1.5))


def mirror_slot(slot: Slot, paper: Paper, flip: str, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where a front's tile sits on the back of the sheet so the two line up after duplex printing.

    Long-edge flip (portrait): the sheet turns about its vertical axis, so x mirrors.
    Short-edge flip: it turns about its horizontal axis, so y mirrors.
    ``offset`` (points) moves the backs *as seen from the front* (x right, y up), which is how the
    drift is read on the alignment test sheet held to a light; it is converted to the back page's
    own coordinates here.
    """
    ox, oy = offset
    if flip == "long":
        x, y = paper.width - slot.x - ox, slot.y + oy
    elif flip == "short":
        x, y = slot.x + ox, paper.height - slot.y - oy
    else:
        raise ValueError(f"flip must be 'long' or 'short', not {flip!r}")
    return Slot(x, y, slot.rotated)
