"""Checking a card print run's options, once, for every pack: paper, card size, bleed, flip, offset.

Each check names the option as the command line spells it, so a pack's ``print cards`` reports a bad
value the same way (a usage error, exit 2) before any work is done.
"""

from __future__ import annotations

import math

from kcal.core.errors import UsageError
from kcal.print.cardgrid import DEFAULT_CARD, DEFAULT_CORNER_MM, CardSize, parse_card_size
from kcal.print.layout import PAPERS
from kcal.print.sheets import SheetOptions

MAX_BLEED_MM = 10.0
MAX_GUTTER_MM = 20.0
MAX_OFFSET_MM = 20.0


def check_paper(paper: str) -> str:
    name = str(paper).lower()
    if name not in PAPERS:
        raise UsageError(f"unknown paper {paper!r} (choose {' or '.join(PAPERS)})")
    return name


def check_flip(flip: str) -> str:
    if flip not in ("long", "short"):
        raise UsageError(f"--flip must be long or short, not {flip!r}")
    return flip


def check_length(value: float, option: str, high: float) -> float:
    v = float(value)
    if not (math.isfinite(v) and 0 <= v <= high):
        raise UsageError(f"{option} must be between 0 and {high:g} mm, not {v:g}")
    return v


def check_offset(offset: tuple[float, float]) -> tuple[float, float]:
    if len(offset) != 2 or not all(math.isfinite(v) and abs(v) <= MAX_OFFSET_MM for v in offset):
        raise UsageError(f"--back-offset must stay within {MAX_OFFSET_MM:g} mm in each direction")
    return (float(offset[0]), float(offset[1]))


def card_sheet_options(*, paper: str = "letter", size: str | CardSize = DEFAULT_CARD, bleed: float = 0.0,
                       backs: bool = False, flip: str = "long", back_offset: tuple[float, float] = (0.0, 0.0),
                       gutter: float = 0.0, corner: float = DEFAULT_CORNER_MM, cut_lines: bool = True,
                       crop_marks: bool = True, alignment_page: bool = False, title: str = "") -> SheetOptions:
    """Checked options for printing cards (lengths in millimetres)."""
    card = size if isinstance(size, CardSize) else parse_card_size(size)
    corner = check_length(corner, "the corner radius (a layout value)", min(card.width_mm, card.height_mm) / 2)
    return SheetOptions(paper=check_paper(paper), bleed_mm=check_length(bleed, "--bleed", MAX_BLEED_MM),
                        backs=backs, flip=check_flip(flip), back_offset_mm=check_offset((back_offset[0], back_offset[1])),
                        cut_lines=cut_lines, crop_marks=crop_marks, alignment_page=alignment_page, title=title,
                        card=card, corner_mm=corner, gutter_mm=check_length(gutter, "--gutter", MAX_GUTTER_MM))
