"""Rectangular faces: named card sizes as data, the card's geometry, and cards packed on a sheet.

Pure arithmetic in PDF points, like :mod:`kcal.print.layout` (nothing here imports ReportLab).

A grid holds as many cards as fit inside the page's margins, centred in what the ruler leaves free.
Cards share their cut lines when there is no bleed (one cut separates two cards); with bleed each
card keeps its own, so the gap between two cut lines is twice the bleed (plus any gutter asked for).
Four arrangements are tried, and the one holding most wins (ties in this order): cards upright with
the ruler along the bottom, upright with the ruler up the left edge, then both with every card a
quarter turn. Crop marks go outside the grid; :mod:`kcal.print.marks` leaves out any mark that would
come near the ruler.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from kcal.core.errors import UsageError
from kcal.print.layout import MARGIN_MM, Paper, SheetLayout, Slot, mm

#: named card sizes, width x height in millimetres (portrait)
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
}
DEFAULT_CARD = "poker"
DEFAULT_CORNER_MM = 3.0  #: corner radius of the cut line of a card
MIN_CARD_MM, MAX_CARD_MM = 20.0, 250.0

#: where the scale ruler draws, in its own frame (mm): across the bar, and before its start
RULER_BELOW_MM, RULER_ABOVE_MM = -0.8, 7.3
RULER_BEFORE_MM = 0.8
RULER_TEXT_AT_MM = 103.0  #: the ruler's captions start here along the bar
RULER_CLEAR_MM = 1.5  #: free space kept between the ruler and the cards
HORIZONTAL_RULER = (2.0, 1.5)  #: the bar's origin from the margin corner, bottom ruler (mm)


class CardSize(NamedTuple):
    """A card size: a name from :data:`CARD_SIZES`, or ``custom`` for ``WxH``; millimetres."""

    name: str
    width_mm: float
    height_mm: float

    @property
    def label(self) -> str:
        return f"{self.name} {self.width_mm:g} x {self.height_mm:g} mm"

    def geometry(self, bleed_mm: float = 0.0, corner_mm: float = DEFAULT_CORNER_MM) -> CardGeometry:
        return CardGeometry(mm(self.width_mm), mm(self.height_mm), mm(corner_mm), mm(bleed_mm))


_CUSTOM = re.compile(r"^(?:custom\s*)?(\d+(?:\.\d+)?)\s*(?:mm)?\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?$")


def parse_card_size(text: str) -> CardSize:
    """``poker``, ``bridge``, ``tarot``, ``mini``, ``square``, or ``WxH`` / ``custom WxH`` in millimetres."""
    word = " ".join(str(text).split()).casefold()
    if word in CARD_SIZES:
        return CardSize(word, *CARD_SIZES[word])
    m = _CUSTOM.match(word)
    if m is None:
        from kcal.core.suggest import did_you_mean

        raise UsageError(f"unknown card size {text!r}{did_you_mean(word, list(CARD_SIZES))}; choose "
                         f"{', '.join(CARD_SIZES)} or WIDTHxHEIGHT in millimetres (e.g. 63x88)")
    w, h = float(m.group(1)), float(m.group(2))
    for v in (w, h):
        if not (math.isfinite(v) and MIN_CARD_MM <= v <= MAX_CARD_MM):
            raise UsageError(f"card size {text!r}: each side must be between {MIN_CARD_MM:g} and "
                             f"{MAX_CARD_MM:g} mm")
    for name, (nw, nh) in CARD_SIZES.items():  # 63x88 is poker by another name
        if (w, h) == (nw, nh):
            return CardSize(name, w, h)
    return CardSize("custom", w, h)


class CardGeometry(NamedTuple):
    """The size of one printed card: the cut rectangle (optionally with round corners) and its bleed."""

    width: float  # points, cut size, upright
    height: float
    radius: float = 0.0  # corner radius of the cut line
    bleed: float = 0.0

    @property
    def kind(self) -> str:
        return "rect"

    @property
    def cut_size(self) -> tuple[float, float]:
        return self.width, self.height

    @property
    def bleed_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def bleed_height(self) -> float:
        return self.height + 2 * self.bleed

    def half_extents(self, rotated: bool = False) -> tuple[float, float]:
        """Half width and half height on paper of the printed area (bleed included)."""
        hw, hh = self.bleed_width / 2, self.bleed_height / 2
        return (hh, hw) if rotated else (hw, hh)

    def form_half_extents(self) -> tuple[float, float]:
        """The box a face is drawn in is its bleed box exactly: nothing spills onto a neighbour."""
        return self.bleed_width / 2, self.bleed_height / 2

    def contains(self, px: float, py: float, slot: Slot, grow: float = 0.0) -> bool:
        hw, hh = self.half_extents(slot.rotated)
        return abs(px - slot.x) <= hw + grow and abs(py - slot.y) <= hh + grow


def ruler_thickness() -> float:
    return mm(RULER_ABOVE_MM - RULER_BELOW_MM)


def horizontal_ruler_origin(margin: float) -> tuple[float, float]:
    return margin + mm(HORIZONTAL_RULER[0]), margin + mm(HORIZONTAL_RULER[1])


def vertical_ruler_origin(margin: float) -> tuple[float, float]:
    """The bar's origin for a ruler turned a quarter turn (counter-clockwise) up the left edge: its
    drawing then spans x from the margin to the margin plus its thickness."""
    return margin + mm(RULER_ABOVE_MM), margin + mm(HORIZONTAL_RULER[0])


def card_grid(paper: Paper, geom: CardGeometry, gutter: float = 0.0, margin_mm: float = MARGIN_MM) -> SheetLayout:
    """The arrangement of cards on ``paper`` holding the most (see the module's docstring)."""
    margin = mm(margin_mm)
    clear = mm(RULER_CLEAR_MM)
    bottom_top = horizontal_ruler_origin(margin)[1] + mm(RULER_ABOVE_MM) + clear  # free above a bottom ruler
    left_right = margin + ruler_thickness() + clear  # free right of a left ruler
    boxes = {
        False: (margin, bottom_top, paper.width - margin, paper.height - margin),
        True: (left_right, margin, paper.width - margin, paper.height - margin),
    }
    best: tuple[int, list[tuple[float, float]], bool, bool] = (0, [], False, False)
    for rotated in (False, True):
        for vertical in (False, True):
            pts = _pack(geom, boxes[vertical], gutter, rotated)
            if len(pts) > best[0]:
                best = (len(pts), pts, rotated, vertical)
    _, pts, rotated, vertical = best
    origin = vertical_ruler_origin(margin) if vertical else horizontal_ruler_origin(margin)
    slots = tuple(Slot(x, y, rotated) for x, y in pts)
    return SheetLayout(paper, geom, slots, origin, margin, vertical)  # type: ignore[arg-type]


def _pack(geom: CardGeometry, box: tuple[float, float, float, float], gutter: float,
          rotated: bool) -> list[tuple[float, float]]:
    """Card centres of a centred grid in ``box``, top to bottom and left to right."""
    x0, y0, x1, y1 = box
    hw, hh = geom.half_extents(rotated)
    w, h = 2 * hw, 2 * hh
    eps = 1e-6
    ncols = int((x1 - x0 + gutter + eps) // (w + gutter)) if x1 - x0 + eps >= w else 0
    nrows = int((y1 - y0 + gutter + eps) // (h + gutter)) if y1 - y0 + eps >= h else 0
    if not ncols or not nrows:
        return []
    block_w = ncols * w + (ncols - 1) * gutter
    block_h = nrows * h + (nrows - 1) * gutter
    left = x0 + (x1 - x0 - block_w) / 2
    top = y1 - (y1 - y0 - block_h) / 2
    return [(left + c * (w + gutter) + hw, top - r * (h + gutter) - hh) for r in range(nrows) for c in range(ncols)]


def grid_shape(layout: SheetLayout) -> tuple[int, int]:
    """Columns and rows of a card grid."""
    cols = len({round(s.x, 3) for s in layout.slots})
    rows = len({round(s.y, 3) for s in layout.slots})
    return cols, rows

