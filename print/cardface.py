"""What every rectangular card face starts from: the design size, the clip to what will be printed,
and the fill and stroke colours. A pack draws its faces for poker size (63 x 88 mm) and the shared
imposition hands it a :class:`~kcal.print.sheets.Box` of any size; :func:`scale` says by how much."""

from __future__ import annotations

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
