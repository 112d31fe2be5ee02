"""How many Calories?'s printed colours, as data, chosen to survive any printer.

Each of the four food colours carries three cues besides its hue, so a greyscale or black-and-white
print, or a colour-blind player, loses nothing: its **letter** (R Y G B) in every index, a **grey
level** far from the others' (the fills sit about 45 grey levels apart once printed in greyscale:
blue darkest, then red, green, yellow), and a **pattern** on the card's border (red plain, yellow
dots, green diagonal stripes, blue a white grid; the dots and stripes are dark, so they survive a
printer that turns a light colour to white). :func:`grey_levels` and a test keep them apart.
"""

from __future__ import annotations

from typing import NamedTuple

from kcal.games.how_many_calories.rules.domain import Colour
from kcal.print.colours import INK, grey_level, rgb, text_on


class Style(NamedTuple):
    """How one colour prints."""

    fill: str  # the border band, the index badge, the chart chips
    pale: str  # the plate behind the big number
    dark: str  # text in the colour on white
    letter: str
    pattern: str  # plain | dots | stripes | grid
    group: str  # what foods the colour holds (kcal's grouping)


STYLES: dict[Colour, Style] = {
    Colour.RED: Style("#e04436", "#fbe0dc", "#a3241a", "R", "plain", "meat, fish and eggs"),
    Colour.YELLOW: Style("#ffd21f", "#fff5c9", "#8a6a00", "Y", "dots", "grains, starches and sweets"),
    Colour.GREEN: Style("#66c266", "#e2f4e2", "#2c7a2c", "G", "stripes", "vegetables, fruit and nuts"),
    Colour.BLUE: Style("#173a80", "#dde4f2", "#173a80", "B", "grid", "dairy and drinks"),
}

PLUS_FILL = "#5b5b66"  #: the +5 card's border: a neutral grey, no food colour
PLUS_PALE = "#ececf0"
BACK_FILL = "#2f2a3a"  #: the common back
BACK_PANEL = "#fbf8f1"
BACK_ACCENT = "#f4c542"
WHITE = "#ffffff"

__all__ = ["STYLES", "Style", "PLUS_FILL", "PLUS_PALE", "BACK_FILL", "BACK_PANEL", "BACK_ACCENT", "WHITE", "INK",
           "rgb", "text_on", "grey_levels"]


def grey_levels() -> dict[Colour, float]:
    """Each colour's fill as a greyscale printer prints it (0 black, 255 white)."""
    return {c: grey_level(s.fill) for c, s in STYLES.items()}
