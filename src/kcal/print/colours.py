"""Colours every printed product shares, as ``#rrggbb`` data: ink, cut lines, and the conversions.

A pack keeps its own palette and builds on these. Nothing here imports ReportLab.
"""

from __future__ import annotations

INK = "#1a1a1a"  #: body text: near-black reads as black and prints the same on every printer
CUT_LINE = "#000000"  #: cut lines and crop marks: pure black, so a scanner or a cutter finds them


def rgb(hexstr: str) -> tuple[float, float, float]:
    """``#rrggbb`` as ReportLab's 0-1 floats."""
    h = hexstr.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def luminance(hexstr: str) -> float:
    """Relative brightness (Rec. 709 weights on the stored values), 0 black to 1 white."""
    r, g, b = rgb(hexstr)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def grey_level(hexstr: str) -> float:
    """The grey a colour becomes on a greyscale printer or photocopier (Rec. 601 luma, as Pillow's
    ``convert("L")``), 0 black to 255 white."""
    r, g, b = rgb(hexstr)
    return 255 * (0.299 * r + 0.587 * g + 0.114 * b)


def text_on(hexstr: str) -> str:
    """Black or white, whichever reads better on ``hexstr``."""
    return INK if luminance(hexstr) > 0.55 else "#ffffff"
