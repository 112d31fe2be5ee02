"""Shapes to SVG text. Every piece of text and every attribute value is escaped here, so data text
(``<script>alert(1)</script>`` as a tile name) is shown as text, never read as markup."""

from __future__ import annotations

import re
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from kcal.viewer.scene import DASH, Circle, Icon, Item, Line, Poly, Rect, Shape, Text

FONT = "'DejaVu Sans Condensed', 'DejaVu Sans', 'Arial Narrow', Arial, sans-serif"

#: characters XML 1.0 does not allow (the loaders refuse them in data; dropped here all the same)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}|none|[a-z]{3,20}")


def text(s: str) -> str:
    """``s`` as XML character data."""
    return escape(_NOT_XML.sub("", s))


def attr(s: str) -> str:
    """``s`` as a quoted XML attribute value."""
    return quoteattr(_NOT_XML.sub("", s))


def _num(v: float) -> str:
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    out = f' fill="{_colour(fill)}"'
    if stroke:
        out += f' stroke="{_colour(stroke)}" stroke-width="{_num(width)}"'
    return out


def _colour(c: str | None) -> str:
    if c is None:
        return "none"
    if not _COLOUR.fullmatch(c):
        raise ValueError(f"not a colour: {c!r}")
    return c


def shape(s: Shape, icons: dict[str, str] | None = None) -> str:
    """One shape as an SVG element. With ``icons`` (icon name -> element id, filled in here), an
    :class:`Icon` is a ``<use>`` of the icon's path written once in the page's ``<defs>`` (:func:`defs`),
    not the path itself: a page repeats a picture in many groups (issue 36: a How many Calories? page of
    1,700 moves was 60 MB of the same paths)."""
    if isinstance(s, Text):
        anchor = "" if s.anchor == "start" else f' text-anchor="{s.anchor}"'
        weight = ' font-weight="bold"' if s.bold else ""
        return (f'<text x="{_num(s.x)}" y="{_num(s.y)}" font-size="{_num(s.size)}"{anchor}{weight} '
                f'fill="{_colour(s.fill)}">{text(s.text)}</text>')
    if isinstance(s, Rect):
        rx = f' rx="{_num(s.rx)}"' if s.rx else ""
        return (f'<rect x="{_num(s.x)}" y="{_num(s.y)}" width="{_num(s.w)}" height="{_num(s.h)}"{rx}'
                f'{_paint(s.fill, s.stroke, s.width)}/>')
    if isinstance(s, Poly):
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in s.points)
        dash = f' stroke-dasharray="{_num(DASH[0])} {_num(DASH[1])}"' if s.dash else ""
        return f'<polygon points="{pts}"{_paint(s.fill, s.stroke, s.width)}{dash}/>'
    if isinstance(s, Circle):
        return f'<circle cx="{_num(s.cx)}" cy="{_num(s.cy)}" r="{_num(s.r)}"{_paint(s.fill, s.stroke, s.width)}/>'
    if isinstance(s, Icon):
        from kcal.print.pictures import svg as icon_svg

        if icons is not None:
            from kcal.print.pictures import GRID

            ref = icons.setdefault(s.name, f"icon{len(icons)}")
            return (f'<use href="#{ref}" transform="translate({_num(s.x)},{_num(s.y)}) scale({s.size / GRID:.5g})" '
                    f'fill="{_colour(s.fill)}"/>')

        return icon_svg(s.name, s.x, s.y, s.size, _colour(s.fill))
    if isinstance(s, Line):
        return (f'<line x1="{_num(s.x1)}" y1="{_num(s.y1)}" x2="{_num(s.x2)}" y2="{_num(s.y2)}" '
                f'stroke="{_colour(s.stroke)}" stroke-width="{_num(s.width)}"/>')
    raise TypeError(f"not a shape: {s!r}")


def shapes(items: tuple[Shape, ...], icons: dict[str, str] | None = None) -> str:
    return "".join(shape(s, icons) for s in items)


def defs(icons: dict[str, str]) -> str:
    """The paths of the icons that :func:`shape` referred to (``icons``: name -> id), for a ``<defs>``."""
    from kcal.print.pictures import path_data

    return "".join(f'<path id="{ref}" d="{path_data(name)}"/>' for name, ref in icons.items())


def item(it: Item) -> str:
    return f'<g transform="translate({_num(it.x)},{_num(it.y)})">{shapes(it.shapes)}</g>'


def document(items: Iterable[Item], box: tuple[float, float, float, float], *, title: str = "",
             background: str = "#ffffff") -> str:
    """A standalone SVG file of ``items`` in the box ``(x, y, width, height)``."""
    x, y, w, h = box
    body = "".join(item(i) for i in sorted(items, key=lambda i: i.layer))
    head = f"<title>{text(title)}</title>" if title else ""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_num(w)}" height="{_num(h)}" '
            f'viewBox="{_num(x)} {_num(y)} {_num(w)} {_num(h)}" font-family={attr(FONT)}>{head}'
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" fill="{_colour(background)}"/>'
            f'{body}</svg>\n')
