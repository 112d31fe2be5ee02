"""Card pictures: a vendored subset of the game-icons set (CC BY 3.0), drawn as vectors.

Every card of every pack names its picture in its data (``icon: fox``); this module knows the names
(:func:`names`, :func:`check_icon` with a did-you-mean), and draws a named icon three ways from one
outline: on a ReportLab canvas as a PDF form (drawn once per document, placed by reference, so a deck
of sixty tiles embeds each picture once), as an SVG path for the viewer's pictures and pages, and as an
antialiased Pillow mask for its PNGs. The outlines come from ``iconset/game-icons.json`` (SVG path data
on a 512 x 512 grid, y downwards), which ``tools/icon_subset.py`` regenerates from the npm package.

The licence asks for a credit wherever the icons are shown: :data:`CREDIT` is printed on every sheet
that shows one, and docs/art.md gives it in full. Nothing here imports ReportLab or Pillow at import
time: a pack's models check icon names with :func:`check_icon` on the way in.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.suggest import SPREAD, close_matches, phrase

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

ICONSET = Path(__file__).with_name("iconset")
#: the credit line the licence (CC BY 3.0) asks for, printed on every sheet that shows an icon
CREDIT = "Pictures: game-icons.net (Lorc, Delapouite and contributors), CC BY 3.0"
#: the icons' own grid: every outline lies in 0..GRID on both axes, y downwards
GRID = 512.0
#: an icon name, as the set spells them (``fox``, ``pine-tree``, ``3d-glasses``)
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

Point = tuple[float, float]
#: one outline: its subpaths, each a start point and cubic segments (c1, c2, end); lines are cubics too
Outline = tuple[tuple[Point, tuple[tuple[Point, Point, Point], ...]], ...]


# --- names ------------------------------------------------------------------------------------------


@cache
def names() -> frozenset[str]:
    """Every icon name kcal ships (``iconset/names.txt``: read without the outlines)."""
    text = (ICONSET / "names.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def check_icon(name: str) -> str:
    """``name`` when kcal ships that icon; otherwise ValueError with the closest names."""
    if name not in names():
        raise ValueError(f"unknown icon {name!r}{phrase(suggestions(name))}; the icons kcal ships are listed "
                         "in docs/art.md")
    return name


def suggestions(name: str) -> list[str]:
    """Up to three icon names spelled like ``name``, the closest first, none much worse than the closest."""
    from difflib import SequenceMatcher

    found = close_matches(name, names(), n=3, cutoff=0.6)
    if not found:
        return []
    ratios = [SequenceMatcher(None, name.casefold(), f).ratio() for f in found]
    return [f for f, r in zip(found, ratios, strict=True) if r >= ratios[0] - SPREAD]


@cache
def _paths() -> dict[str, str]:
    data = json.loads((ICONSET / "game-icons.json").read_text(encoding="utf-8"))
    icons: dict[str, str] = data["icons"]
    return icons


def path_data(name: str) -> str:
    """The icon's SVG path data (``d``) on its 512 x 512 grid."""
    return _paths()[check_icon(name)]


# --- SVG path data to cubic outlines -----------------------------------------------------------------

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def _tokens(d: str) -> Iterator[tuple[str, list[float]]]:
    """(command, arguments) for every command of ``d``, implicit repeats split out."""
    toks = _TOKEN.findall(d)
    i = 0
    cmd = ""
    while i < len(toks):
        t = toks[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "zZ":
                yield cmd, []
                continue
        n = _ARGS[cmd.lower()]
        if cmd.lower() == "a":  # flags may be written without separators: "a1 1 0 011 1" reads 0, 1, 1
            args, i = _arc_args(toks, i)
        else:
            args = [float(x) for x in toks[i:i + n]]
            i += n
        yield cmd, args
        if cmd == "m":
            cmd = "l"
        elif cmd == "M":
            cmd = "L"


def _arc_args(toks: list[str], i: int) -> tuple[list[float], int]:
    out: list[float] = []
    while len(out) < 7:
        t = toks[i]
        i += 1
        if len(out) in (3, 4) and len(t) > 1 and t[0] in "01":  # a flag glued to what follows
            out.append(float(t[0]))
            toks.insert(i, t[1:])
            continue
        out.append(float(t))
    return out, i


def _arc(p0: Point, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool, p1: Point
         ) -> list[tuple[Point, Point, Point]]:
    """An SVG elliptical arc as cubic segments (the SVG spec's endpoint-to-centre conversion)."""
    x1, y1 = p0
    x2, y2 = p1
    if rx == 0 or ry == 0 or p0 == p1:
        return [(p0, p1, p1)]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(phi_deg)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = (xp / rx) ** 2 + (yp / ry) ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    parts = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / parts
    k = 4 / 3 * math.tan(step / 4)
    out = []

    def at(t: float) -> tuple[Point, Point]:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        px, py = cos * ex - sin * ey + cx, sin * ex + cos * ey + cy
        tx, ty = -rx * math.sin(t), ry * math.cos(t)
        return (px, py), (cos * tx - sin * ty, sin * tx + cos * ty)

    t = t1
    start, d0 = at(t)
    for _ in range(parts):
        end, d1 = at(t + step)
        out.append(((start[0] + k * d0[0], start[1] + k * d0[1]), (end[0] - k * d1[0], end[1] - k * d1[1]), end))
        t += step
        start, d0 = end, d1
    last = out[-1]
    out[-1] = (last[0], last[1], p1)  # land exactly on the given end point
    return out


# kept whole: one branch per SVG path command, as the SVG spec lists them; splitting would scatter the
# current point and the reflected control point across helpers
def parse(d: str) -> Outline:
    """SVG path data as subpaths of cubic segments, in absolute coordinates."""
    subpaths: list[tuple[Point, tuple[tuple[Point, Point, Point], ...]]] = []
    segs: list[tuple[Point, Point, Point]] = []
    cur: Point = (0.0, 0.0)
    start: Point = (0.0, 0.0)
    last_c: Point | None = None  # the last cubic's second control point (for S)
    last_q: Point | None = None  # the last quadratic's control point (for T)

    def close_sub() -> None:
        if segs:
            subpaths.append((start, tuple(segs)))
            segs.clear()

    def line(p: Point) -> None:
        segs.append((cur, p, p))

    def quad(q: Point, p: Point) -> None:
        c1 = (cur[0] + 2 / 3 * (q[0] - cur[0]), cur[1] + 2 / 3 * (q[1] - cur[1]))
        c2 = (p[0] + 2 / 3 * (q[0] - p[0]), p[1] + 2 / 3 * (q[1] - p[1]))
        segs.append((c1, c2, p))

    for cmd, a in _tokens(d):
        rel = cmd.islower()
        ox, oy = cur if rel else (0.0, 0.0)
        c = cmd.lower()
        nc: Point | None = None
        nq: Point | None = None
        if c == "m":
            close_sub()
            cur = start = (ox + a[0], oy + a[1])
        elif c == "l":
            p = (ox + a[0], oy + a[1])
            line(p)
            cur = p
        elif c == "h":
            p = ((ox if rel else 0.0) + a[0], cur[1])
            line(p)
            cur = p
        elif c == "v":
            p = (cur[0], (oy if rel else 0.0) + a[0])
            line(p)
            cur = p
        elif c in "cs":
            if c == "c":
                c1 = (ox + a[0], oy + a[1])
                a = a[2:]
            else:
                c1 = (2 * cur[0] - last_c[0], 2 * cur[1] - last_c[1]) if last_c else cur
            c2 = (ox + a[0], oy + a[1])
            p = (ox + a[2], oy + a[3])
            segs.append((c1, c2, p))
            cur, nc = p, c2
        elif c in "qt":
            if c == "q":
                q = (ox + a[0], oy + a[1])
                a = a[2:]
            else:
                q = (2 * cur[0] - last_q[0], 2 * cur[1] - last_q[1]) if last_q else cur
            p = (ox + a[0], oy + a[1])
            quad(q, p)
            cur, nq = p, q
        elif c == "a":
            p = (ox + a[5], oy + a[6])
            segs.extend(_arc(cur, a[0], a[1], a[2], bool(a[3]), bool(a[4]), p))
            cur = p
        elif c == "z":
            if cur != start:
                line(start)
            close_sub()
            cur = start
        last_c, last_q = nc, nq
    close_sub()
    return tuple(subpaths)


@cache
def outline(name: str) -> Outline:
    """The named icon's outline (parsed once per run)."""
    return parse(path_data(name))


# --- ReportLab --------------------------------------------------------------------------------------


def draw(c: Any, name: str, x: float, y: float, size: float, colour: tuple[float, float, float] | None = None
         ) -> tuple[float, float, float, float]:
    """Draw icon ``name`` filling the square at ``(x, y)`` (its lower left corner), ``size`` points
    across, in ``colour`` (RGB 0..1; absent: the current fill colour). Returns the square
    ``(x0, y0, x1, y1)`` drawn in. The icon is a PDF form, defined on its first use on this canvas."""
    form = "kcal-icon-" + name
    defined = c.__dict__.setdefault("_kcal_icon_forms", set())
    if form not in defined:
        c.beginForm(form, 0, 0, GRID, GRID)
        c.addLiteral(pdf_operators(name))
        c.endForm()
        defined.add(form)
    c.saveState()
    if colour is not None:
        c.setFillColorRGB(*colour)
    c.translate(x, y)
    k = size / GRID
    c.scale(k, k)
    c.doForm(form)
    c.restoreState()
    return (x, y, x + size, y + size)


#: what a cached form may hold: numbers and the path operators, nothing else reaches a PDF from the cache
_OPERATORS = re.compile(r"[0-9.\- mlchf\n]*")


@cache
def _cached_operators() -> dict[str, str]:
    """Every shipped icon's PDF operators, from kcal's cache (:mod:`kcal.core.parsecache`, keyed by the
    icon data and this module's source), or computed for every icon and stored there: parsing the outlines
    of a whole card set costs a fifth of a second, reading them back a few milliseconds."""
    from kcal.core import parsecache

    raw = (ICONSET / "game-icons.json").read_bytes()
    salt = Path(__file__).read_bytes()
    got = parsecache.get_json("icon-pdf", raw, salt)
    if (isinstance(got, dict) and set(got) == names()
            and all(isinstance(v, str) and _OPERATORS.fullmatch(v) for v in got.values())):
        return got
    ops = {n: _operators(n) for n in sorted(names())}
    parsecache.put_json("icon-pdf", raw, ops, salt)
    return ops


def pdf_operators(name: str) -> str:
    """The icon's outline as PDF path operators on the 512 grid, y upwards, filled by the non-zero
    winding rule (as SVG fills), at a tenth of a grid unit (a 20 mm picture: 4 um), written without
    ReportLab's number formatting per point."""
    return _cached_operators()[check_icon(name)]


def _operators(name: str) -> str:
    out: list[str] = []
    for start, segs in outline(name):
        out.append(f"{start[0]:.1f} {GRID - start[1]:.1f} m")
        prev = start
        for c1, c2, (x3, y3) in segs:
            if c1 == prev and c2 == (x3, y3):  # a line (parse writes lines as cubics so)
                out.append(f"{x3:.1f} {GRID - y3:.1f} l")
            else:
                out.append(f"{c1[0]:.1f} {GRID - c1[1]:.1f} {c2[0]:.1f} {GRID - c2[1]:.1f} {x3:.1f} {GRID - y3:.1f} c")
            prev = (x3, y3)
        out.append("h")
    out.append("f")
    return "\n".join(out)


def credit(c: Any, x: float, y: float, size: float = 5.5, *, centred: bool = False) -> None:
    """The licence's credit line, at ``(x, y)`` (its start, or its centre with ``centred``)."""
    from kcal.print.fonts import REGULAR

    c.saveState()
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(REGULAR, size)
    (c.drawCentredString if centred else c.drawString)(x, y, CREDIT)
    c.restoreState()


# --- SVG and PNG ------------------------------------------------------------------------------------


def svg(name: str, x: float, y: float, size: float, fill: str) -> str:
    """The icon as an SVG ``<path>`` in the square at ``(x, y)`` (top left, y downwards). ``fill``
    must already be a checked colour (the viewer's SVG writer checks it)."""
    k = size / GRID
    return (f'<path transform="translate({_num(x)},{_num(y)}) scale({k:.5g})" fill="{fill}" '
            f'd="{path_data(name)}"/>')


def _num(v: float) -> str:
    r = round(v, 2)
    return str(int(r)) if r == int(r) else str(r)


def _flatten(name: str, scale: float) -> list[list[Point]]:
    """The outline as closed polygons, ``scale`` pixels per grid unit; curves cut finer when bigger."""
    polys = []
    for start, segs in outline(name):
        pts = [(start[0] * scale, start[1] * scale)]
        p0 = start
        for c1, c2, p3 in segs:
            if c1 == p0 and c2 == p3:
                pts.append((p3[0] * scale, p3[1] * scale))
            else:
                span = (abs(c1[0] - p0[0]) + abs(c1[1] - p0[1]) + abs(c2[0] - c1[0]) + abs(c2[1] - c1[1])
                        + abs(p3[0] - c2[0]) + abs(p3[1] - c2[1])) * scale
                n = max(2, min(24, int(span / 3)))
                for i in range(1, n + 1):
                    t = i / n
                    u = 1 - t
                    a, b, cc, dd = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
                    pts.append(((a * p0[0] + b * c1[0] + cc * c2[0] + dd * p3[0]) * scale,
                                (a * p0[1] + b * c1[1] + cc * c2[1] + dd * p3[1]) * scale))
            p0 = p3
        polys.append(pts)
    return polys


#: PNG masks are drawn this many times larger, then reduced: antialiased edges
_SUPERSAMPLE = 4


@cache
def mask(name: str, px: int) -> PILImage:
    """The icon as an antialiased Pillow ``L`` mask ``px`` pixels square (non-zero winding fill)."""
    from PIL import Image

    big = max(1, px) * _SUPERSAMPLE
    rows: list[list[tuple[float, int]]] = [[] for _ in range(big)]
    for poly in _flatten(name, big / GRID):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
            if y0 == y1:
                continue
            wind = 1 if y1 > y0 else -1
            lo, hi = (y0, y1) if y0 < y1 else (y1, y0)
            first = max(0, math.ceil(lo - 0.5))
            last = min(big - 1, math.ceil(hi - 0.5) - 1)
            slope = (x1 - x0) / (y1 - y0)
            for row in range(first, last + 1):
                yc = row + 0.5
                rows[row].append((x0 + (yc - y0) * slope, wind))
    buf = bytearray(big * big)
    for row, crossings in enumerate(rows):
        if not crossings:
            continue
        crossings.sort()
        total = 0
        base = row * big
        for (xa, w), (xb, _) in zip(crossings, crossings[1:] + [(0.0, 0)], strict=True):
            total += w
            if total:
                a = max(0, min(big, math.ceil(xa - 0.5)))
                b = max(0, min(big, math.ceil(xb - 0.5)))
                if b > a:
                    buf[base + a:base + b] = b"\xff" * (b - a)
    img = Image.frombytes("L", (big, big), bytes(buf))
    return img.resize((max(1, px), max(1, px)), Image.Resampling.BOX)


__all__ = ["CREDIT", "GRID", "check_icon", "credit", "draw", "mask", "names", "outline", "parse", "path_data",
           "svg"]
