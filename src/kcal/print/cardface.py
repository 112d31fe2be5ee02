"""What every rectangular card face starts from: the design size, the clip to what will be printed,
and the fill and stroke colours. A pack draws its faces for poker size (63 x 88 mm) and the shared
imposition hands it a :class:`~kcal.print.sheets.Box` of any size; :func:`scale` says by how much."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kcal.print.colours import rgb
from kcal.print.layout import mm
from kcal.print.sheets import Box

POKER_W, POKER_H = mm(63), mm(88)


def scale(box: Box) -> float:
    """The design is drawn for poker size; other sizes scale it by their narrower proportion."""
    return min(box.width / POKER_W, box.height / POKER_H)


def fill(c: Any, colour: str) -> None:
    c.setFillColorRGB(*rgb(colour))


def stroke(c: Any, colour: str) -> None:
    c.setStrokeColorRGB(*rgb(colour))


def card_clip(c: Any, box: Box) -> None:
    """Clip to what will be printed: the bleed box, or the rounded cut shape without bleed."""
    p = c.beginPath()
    if box.bleed > 0:
        p.rect(*box.outer)
    else:
        p.roundRect(box.x, box.y, box.width, box.height, box.radius)
    c.clipPath(p, stroke=0, fill=0)


def dot_rows(c: Any, x: float, y: float, w: float, h: float, width: float, step: float) -> None:
    """Rows of dots over an area, every other row offset by half a step (each row one dashed line of
    zero-length dashes with round caps: dots, cheaply). In the current stroke colour."""
    c.setLineWidth(width)
    c.setLineCap(1)
    row = 0
    yy = y + step / 2
    while yy < y + h:
        c.setDash([0, step], step / 2 if row % 2 else 0)
        c.line(x + step / 2, yy, x + w, yy)
        yy += step
        row += 1


def stripes(c: Any, x: float, y: float, w: float, h: float, width: float, step: float) -> None:
    """Diagonal stripes over an area, in the current stroke colour."""
    c.setLineWidth(width)
    t = -h
    segs = []
    while t < w:
        segs.append((x + t, y, x + t + h, y + h))
        t += step
    c.lines(segs)


def banded_frame(c: Any, box: Box, colour: str, panel_colour: str, band: float, top: float,
                 pattern: Callable[[float, float, float, float], None]) -> tuple[float, float, float, float]:
    """A card's coloured border band (into the bleed, ``pattern`` drawn over it: ``pattern(x, y, w, h)``)
    and the panel inside it, ``band`` wide and ``top`` at the top; returns the panel (x0, y0, x1, y1)."""
    c.saveState()
    card_clip(c, box)
    ox, oy, ow, oh = box.outer
    fill(c, colour)
    c.rect(ox, oy, ow, oh, stroke=0, fill=1)
    pattern(ox, oy, ow, oh)
    fill(c, panel_colour)
    inner_r = max(box.radius - band, mm(1.5) * scale(box))
    c.roundRect(box.x + band, box.y + band, box.width - 2 * band, box.height - band - top, inner_r, stroke=0, fill=1)
    c.restoreState()
    return box.x + band, box.y + band, box.x + box.width - band, box.y + box.height - top
