"""Items to a PNG with Pillow (no browser, no SVG library): the same shapes the SVG draws, at a
scale that prints legibly (2 pixels per SVG unit by default)."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from kcal.viewer.scene import DASH, Circle, Icon, Item, Line, Poly, Rect, Text

SCALE = 2.0
#: the long side's limit: 11 inches at 300 dpi, so a big table still prints legibly on one page
MAX_SIDE = 3300


@cache
def _font(size_px: int, bold: bool) -> Any:
    from PIL import ImageFont

    from kcal.print.fonts import FONT_DIR

    name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size_px)


def render(items: list[Item], box: tuple[float, float, float, float], *, scale: float = SCALE,
           background: str = "#ffffff") -> bytes:
    """The PNG bytes of ``items`` inside ``box`` (x, y, width, height)."""
    from PIL import Image, ImageDraw

    x0, y0, w, h = box
    scale = min(scale, MAX_SIDE / max(w, h, 1.0))
    img = Image.new("RGB", (max(1, round(w * scale)), max(1, round(h * scale))), background)
    draw = ImageDraw.Draw(img)
    for it in sorted(items, key=lambda i: i.layer):
        ox, oy = (it.x - x0) * scale, (it.y - y0) * scale
        for s in it.shapes:
            if isinstance(s, Icon):
                _icon(img, s, ox, oy, scale)
            else:
                _shape(draw, s, ox, oy, scale)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)  # zlib level 1: 4x faster than the default, a little larger
    return out.getvalue()


def _icon(img: Any, s: Icon, ox: float, oy: float, k: float) -> None:
    """A card's picture: the icon's antialiased mask (one per icon and pixel size), pasted in its colour."""
    from kcal.print.pictures import mask

    px = max(1, round(s.size * k))
    img.paste(s.fill, (round(ox + s.x * k), round(oy + s.y * k)), mask(s.name, px))


def _shape(draw: Any, s: Any, ox: float, oy: float, k: float) -> None:
    def p(x: float, y: float) -> tuple[float, float]:
        return (ox + x * k, oy + y * k)

    if isinstance(s, Poly):
        pts = [p(x, y) for x, y in s.points]
        if s.fill:
            draw.polygon(pts, fill=s.fill)
        if s.stroke and s.dash:
            _dashed(draw, pts + pts[:1], s.stroke, max(1, round(s.width * k)), DASH[0] * k, DASH[1] * k)
        elif s.stroke:  # a closed line: Pillow's wide polygon outline paints a mask the size of the image
            draw.line(pts + pts[:2], fill=s.stroke, width=max(1, round(s.width * k)), joint="curve")
    elif isinstance(s, Rect):
        box = [p(s.x, s.y), p(s.x + s.w, s.y + s.h)]
        width = max(1, round(s.width * k)) if s.stroke else 0
        if s.rx:
            draw.rounded_rectangle(box, radius=s.rx * k, fill=s.fill, outline=s.stroke, width=width)
        else:
            draw.rectangle(box, fill=s.fill, outline=s.stroke, width=width)
    elif isinstance(s, Circle):
        cx, cy = p(s.cx, s.cy)
        r = s.r * k
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=s.fill, outline=s.stroke,
                     width=max(1, round(s.width * k)) if s.stroke else 0)
    elif isinstance(s, Line):
        draw.line([p(s.x1, s.y1), p(s.x2, s.y2)], fill=s.stroke, width=max(1, round(s.width * k)))
    elif isinstance(s, Text):
        anchor = {"start": "ls", "middle": "ms", "end": "rs"}[s.anchor]
        draw.text(p(s.x, s.y), s.text, fill=s.fill, font=_font(max(1, round(s.size * k)), s.bold), anchor=anchor)
    else:
        raise TypeError(f"not a shape: {s!r}")


EPS = 1e-6


def _dashed(draw: Any, pts: list[tuple[float, float]], fill: str, width: int, on: float, off: float) -> None:
    """A line through ``pts`` in dashes ``on`` long with gaps ``off``, the pattern running on round the
    corners as an SVG dash array does."""
    from math import hypot

    phase = 0.0  # how far into the current dash-and-gap period the next segment starts
    period = on + off
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length = hypot(x1 - x0, y1 - y0)
        t = 0.0
        # boundaries compared within EPS: a phase a rounding short of the dash's end once made no progress
        # (end == t) and looped for ever
        while length - t > EPS:
            if on - phase > EPS:
                end = min(length, t + on - phase)
                a, b = t / length, end / length
                draw.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                          fill=fill, width=width)
            else:
                end = min(length, t + period - phase)
            phase = (phase + end - t) % period
            if period - phase <= EPS:
                phase = 0.0
            t = end
