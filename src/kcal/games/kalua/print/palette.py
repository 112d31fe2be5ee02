"""Kalua's printed colours, as data, chosen to survive any printer.

Each card kind carries three cues besides its hue, so a greyscale print or a colour-blind player loses
nothing: its **word** on the band (BONUS, LOCAL DISASTER, GLOBAL DISASTER), a **grey level** far from
the others' (bonus light, local disaster middle, global disaster dark) and a **pattern** on the border
(bonus plain, local disaster diagonal stripes, global disaster dots). The two backs differ the same
way: the bonus back is light with rays, the disaster back dark with stripes. The gods' colours (the
help cards) carry their name in words.
"""

from __future__ import annotations

from typing import NamedTuple

from kcal.games.kalua.rules.domain import Kind
from kcal.print.colours import INK, grey_level, rgb, text_on


class Style(NamedTuple):
    """How one card kind prints."""

    fill: str  # the border band
    pale: str  # the plate behind the icons
    dark: str  # text in the kind's colour on white
    pattern: str  # plain | stripes | dots
    word: str  # the band's word
    ink: str  # the pattern's colour on the band


STYLES: dict[Kind, Style] = {
    Kind.BONUS: Style("#f2c14e", "#fff4d6", "#7a5a00", "plain", "BONUS", "#7a5a00"),
    Kind.LOCAL: Style("#d9622b", "#fbe3d6", "#9c3a10", "stripes", "LOCAL DISASTER", "#9c3a10"),
    Kind.GLOBAL: Style("#4b2470", "#e8def2", "#4b2470", "dots", "GLOBAL DISASTER", "#a585cc"),
}

#: the gods' colours, as the help cards and the board print them
GODS: dict[str, str] = {"orange": "#f08a24", "blue": "#2e6fd1", "green": "#3a9a4a", "yellow": "#f2d02b",
                        "purple": "#8a4fc0"}

BONUS_BACK = "#f6d77a"  #: the bonus deck's back: light, with rays
BONUS_BACK_INK = "#a8780a"
DISASTER_BACK = "#3a1a1a"  #: the disaster deck's back: dark, with stripes
DISASTER_BACK_INK = "#8c2b12"
WHITE = "#ffffff"
SEA = "#bfe3f2"
SAND = "#f3e2b3"
LAND = "#9fcf7f"
LAND_DARK = "#4f8a3a"
FLOWER = "#e8508a"
ATHEIST = "#9a9a9a"
MUTED = "#4a4a4a"

__all__ = ["STYLES", "Style", "GODS", "BONUS_BACK", "BONUS_BACK_INK", "DISASTER_BACK", "DISASTER_BACK_INK",
           "WHITE", "SEA", "SAND", "LAND", "LAND_DARK", "FLOWER", "ATHEIST", "MUTED", "INK", "rgb", "text_on",
           "grey_levels"]


def grey_levels() -> dict[Kind, float]:
    """Each kind's border as a greyscale printer prints it (0 black, 255 white)."""
    return {k: grey_level(s.fill) for k, s in STYLES.items()}
