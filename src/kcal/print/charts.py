"""Tiny charts drawn on one surface of three: ReportLab's PDF canvas, a Pillow image or an SVG document.

A chart is a function of a :class:`Surface`, a box and plain data; it knows nothing of PDF, PNG or SVG.
Coordinates are points with the origin at the bottom left (PDF's convention); the Pillow and SVG
surfaces flip them. :func:`save_chart` writes one chart to a ``.png`` or ``.svg`` file (the ``--chart``
option of the balance commands and ``deck report``). Text from data is escaped before SVG sees it.
No matplotlib.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: Cube colours as printed (food-chain order), plus neutral inks.
INK = {
    "blue": (0.18, 0.45, 0.80), "green": (0.22, 0.62, 0.25), "yellow": (0.92, 0.75, 0.10),
    "orange": (0.93, 0.50, 0.12), "red": (0.80, 0.16, 0.16), "purple": (0.50, 0.25, 0.65),
    "black": (0.1, 0.1, 0.1), "grey": (0.55, 0.55, 0.55), "light": (0.88, 0.88, 0.88),
    "exact": (0.15, 0.15, 0.15), "sim": (0.35, 0.60, 0.85), "white": (1.0, 1.0, 1.0),
    # cost and yield: neutral inks, so they never read as a cube colour (the bars stand over the colours' names)
    "yield": (0.20, 0.20, 0.20), "cost": (0.68, 0.68, 0.68),
}


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


class Surface:
    """What a chart may draw. Colours are RGB triples in 0..1."""

    def rect(self, x: float, y: float, w: float, h: float, fill: tuple[float, ...] | None = None,
             stroke: tuple[float, ...] | None = None, width: float = 0.5) -> None: ...
    def line(self, x1: float, y1: float, x2: float, y2: float, color: tuple[float, ...], width: float = 0.5,
             dash: bool = False) -> None: ...
    def polyline(self, points: Sequence[tuple[float, float]], color: tuple[float, ...],
                 width: float = 1.0) -> None: ...
    def text(self, x: float, y: float, s: str, size: float = 7, anchor: str = "start",
             color: tuple[float, ...] = INK["black"], bold: bool = False) -> None: ...


class PdfSurface(Surface):
    """ReportLab's canvas, writing with kcal's embedded fonts (never the unembedded Helvetica)."""

    def __init__(self, canvas: Canvas) -> None:
        from kcal.print.fonts import BOLD, REGULAR, register_fonts

        register_fonts()
        self.c = canvas
        self.fonts = (REGULAR, BOLD)

    def rect(self, x: float, y: float, w: float, h: float, fill: tuple[float, ...] | None = None,
             stroke: tuple[float, ...] | None = None, width: float = 0.5) -> None:
        c = self.c
        if fill:
            c.setFillColorRGB(*fill)
        if stroke:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(width)
        c.rect(x, y, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)

    def line(self, x1: float, y1: float, x2: float, y2: float, color: tuple[float, ...], width: float = 0.5,
             dash: bool = False) -> None:
        c = self.c
        c.setStrokeColorRGB(*color)
        c.setLineWidth(width)
        c.setDash(2, 2) if dash else c.setDash()
        c.line(x1, y1, x2, y2)
        c.setDash()

    def polyline(self, points: Sequence[tuple[float, float]], color: tuple[float, ...],
                 width: float = 1.0) -> None:
        if len(points) < 2:
            return
        c = self.c
        c.setStrokeColorRGB(*color)
        c.setLineWidth(width)
        p = c.beginPath()
        p.moveTo(*points[0])
        for pt in points[1:]:
            p.lineTo(*pt)
        c.drawPath(p, stroke=1, fill=0)

    def text(self, x: float, y: float, s: str, size: float = 7, anchor: str = "start",
             color: tuple[float, ...] = INK["black"], bold: bool = False) -> None:
        c = self.c
        c.setFillColorRGB(*color)
        c.setFont(self.fonts[1] if bold else self.fonts[0], size)
        if anchor == "middle":
            c.drawCentredString(x, y, s)
        elif anchor == "end":
            c.drawRightString(x, y, s)
        else:
            c.drawString(x, y, s)


class PngSurface(Surface):
    """A Pillow image of ``width x height`` points at ``scale`` pixels per point."""

    def __init__(self, width: float, height: float, scale: float = 2.0) -> None:
        from PIL import Image, ImageDraw

        self.scale = scale
        self.h = height
        self.image = Image.new("RGB", (round(width * scale), round(height * scale)), "white")
        self.draw = ImageDraw.Draw(self.image)
        self._fonts: dict[tuple[float, bool], object] = {}

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.scale, (self.h - y) * self.scale)

    @staticmethod
    def _c(rgb: Sequence[float]) -> tuple[int, ...]:
        return tuple(round(v * 255) for v in rgb)

    def _font(self, size: float, bold: bool) -> Any:
        from PIL import ImageFont

        key = (size, bold)
        if key not in self._fonts:
            try:
                self._fonts[key] = ImageFont.load_default(size=size * self.scale)
            except TypeError:  # pragma: no cover - Pillow without FreeType sizes
                self._fonts[key] = ImageFont.load_default()
        return self._fonts[key]

    def rect(self, x: float, y: float, w: float, h: float, fill: tuple[float, ...] | None = None,
             stroke: tuple[float, ...] | None = None, width: float = 0.5) -> None:
        x0, y0 = self._p(x, y + h)
        x1, y1 = self._p(x + w, y)
        self.draw.rectangle([x0, y0, max(x0, x1), max(y0, y1)], fill=self._c(fill) if fill else None,
                            outline=self._c(stroke) if stroke else None,
                            width=max(1, round(width * self.scale)) if stroke else 0)

    def line(self, x1: float, y1: float, x2: float, y2: float, color: tuple[float, ...], width: float = 0.5,
             dash: bool = False) -> None:
        self.draw.line([self._p(x1, y1), self._p(x2, y2)], fill=self._c(color), width=max(1, round(width * self.scale)))

    def polyline(self, points: Sequence[tuple[float, float]], color: tuple[float, ...],
                 width: float = 1.0) -> None:
        if len(points) >= 2:
            self.draw.line([self._p(*pt) for pt in points], fill=self._c(color),
                           width=max(1, round(width * self.scale)), joint="curve")

    def text(self, x: float, y: float, s: str, size: float = 7, anchor: str = "start",
             color: tuple[float, ...] = INK["black"], bold: bool = False) -> None:
        font = self._font(size, bold)
        px, py = self._p(x, y)
        a = {"start": "ls", "middle": "ms", "end": "rs"}[anchor]
        self.draw.text((px, py), s, fill=self._c(color), font=font, anchor=a)
        if bold:
            self.draw.text((px + 0.6, py), s, fill=self._c(color), font=font, anchor=a)

    def png_bytes(self) -> bytes:
        import io

        buf = io.BytesIO()
        self.image.save(buf, format="PNG", optimize=True)
        return buf.getvalue()


class SvgSurface(Surface):
    """An SVG document of ``width x height`` points; every text is XML-escaped."""

    def __init__(self, width: float, height: float) -> None:
        self.w = width
        self.h = height
        self.parts: list[str] = []

    def _y(self, y: float) -> float:
        return round(self.h - y, 2)

    @staticmethod
    def _c(rgb: Sequence[float]) -> str:
        return "#" + "".join(f"{round(v * 255):02x}" for v in rgb[:3])

    def rect(self, x: float, y: float, w: float, h: float, fill: tuple[float, ...] | None = None,
             stroke: tuple[float, ...] | None = None, width: float = 0.5) -> None:
        paint = f'fill="{self._c(fill)}"' if fill else 'fill="none"'
        if stroke:
            paint += f' stroke="{self._c(stroke)}" stroke-width="{width:g}"'
        self.parts.append(f'<rect x="{round(x, 2)}" y="{self._y(y + h)}" width="{round(max(w, 0), 2)}" '
                          f'height="{round(max(h, 0), 2)}" {paint}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, color: tuple[float, ...], width: float = 0.5,
             dash: bool = False) -> None:
        extra = ' stroke-dasharray="2 2"' if dash else ""
        self.parts.append(f'<line x1="{round(x1, 2)}" y1="{self._y(y1)}" x2="{round(x2, 2)}" y2="{self._y(y2)}" '
                          f'stroke="{self._c(color)}" stroke-width="{width:g}"{extra}/>')

    def polyline(self, points: Sequence[tuple[float, float]], color: tuple[float, ...],
                 width: float = 1.0) -> None:
        if len(points) >= 2:
            pts = " ".join(f"{round(x, 2)},{self._y(y)}" for x, y in points)
            self.parts.append(f'<polyline points="{pts}" fill="none" stroke="{self._c(color)}" '
                              f'stroke-width="{width:g}"/>')

    def text(self, x: float, y: float, s: str, size: float = 7, anchor: str = "start",
             color: tuple[float, ...] = INK["black"], bold: bool = False) -> None:
        from xml.sax.saxutils import escape

        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(f'<text x="{round(x, 2)}" y="{self._y(y)}" font-size="{size:g}" text-anchor="{anchor}" '
                          f'fill="{self._c(color)}"{weight}>{escape(s)}</text>')

    def svg_bytes(self) -> bytes:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w:g}pt" height="{self.h:g}pt" '
                f'viewBox="0 0 {self.w:g} {self.h:g}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
                f'<rect width="100%" height="100%" fill="white"/>')
        return (head + "".join(self.parts) + "</svg>\n").encode()


CHART_SUFFIXES = (".png", ".svg")


def chart_suffix_problem(path: Any) -> str | None:
    """Why ``path`` cannot take a chart (None when it can): ``--chart`` writes .png or .svg."""
    from pathlib import Path

    suffix = Path(path).suffix.lower()
    if suffix in CHART_SUFFIXES:
        return None
    return f"--chart {path}: a chart is written as .png or .svg (got {suffix or 'no suffix'!r})"


def chart_bytes(suffix: str, width: float, height: float, draw: Callable[[Surface, Box], None]) -> bytes:
    """One chart of ``width x height`` points drawn by ``draw(surface, box)``, as PNG or SVG bytes."""
    box = Box(8, 8, width - 16, height - 16)
    if suffix.lower() == ".svg":
        svg = SvgSurface(width, height)
        draw(svg, box)
        return svg.svg_bytes()
    png = PngSurface(width, height, scale=2.5)
    draw(png, box)
    return png.png_bytes()


def save_chart(path: Any, width: float, height: float, draw: Callable[[Surface, Box], None], *,
               inputs: Sequence[Any] = (), force: bool | None = None) -> Any:
    """Write one chart to ``path`` (.png or .svg), atomically and under the overwrite policy
    (:func:`kcal.core.atomic.check_output_path`; ``force=None``: the running command's ``--force``);
    returns the path written."""
    from pathlib import Path

    from kcal.core.atomic import atomic_write_bytes, check_output_path
    from kcal.core.errors import UsageError

    problem = chart_suffix_problem(path)
    if problem is not None:
        raise UsageError(problem)
    target = check_output_path(Path(path), inputs=inputs, force=force)
    return atomic_write_bytes(target, chart_bytes(Path(path).suffix, width, height, draw), inputs=inputs,
                              force=force)


# --- charts ---------------------------------------------------------------------------------------


def _nice_max(v: float) -> float:
    if v <= 0:
        return 1.0
    for step in (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if v <= step * 5:
            return step * 5 if v > step * 4 else step * (int(v / step) + 1)
    return v * 1.1


def nice_ticks(lo: float, hi: float, most: int = 7) -> list[float]:
    """Round values to mark an axis from ``lo`` to ``hi``: multiples of 1, 2, 2.5 or 5 times a power of
    ten, at most ``most`` of them, all inside the range (an axis reads -40, -20, 0, +20, not -55.9)."""
    span = hi - lo
    if not span > 0:
        return [lo]
    power = 10.0 ** math.floor(math.log10(span / most))
    for m in (1, 2, 2.5, 5, 10, 20, 25, 50):
        step = m * power
        first = math.ceil(lo / step)
        last = math.floor(hi / step)
        if last - first + 1 <= most:
            return [round(k * step, 12) + 0.0 for k in range(first, last + 1)]
    return [lo, hi]  # pragma: no cover - the multiples above always reach a step of span / most


def _frame(s: Surface, box: Box, title: str, y_max: float, y_fmt: Callable[[float], str],
           ticks: int = 5) -> Box:
    """Title, axes and horizontal grid; returns the plotting area."""
    s.text(box.x, box.y + box.h - 9, title, size=8.5, bold=True)
    plot = Box(box.x + 30, box.y + 24, box.w - 36, box.h - 52)
    for i in range(ticks + 1):
        yy = plot.y + plot.h * i / ticks
        s.line(plot.x, yy, plot.x + plot.w, yy, INK["light"], 0.4)
        s.text(plot.x - 3, yy - 2.5, y_fmt(y_max * i / ticks), size=6, anchor="end", color=INK["grey"])
    s.line(plot.x, plot.y, plot.x + plot.w, plot.y, INK["black"], 0.6)
    s.line(plot.x, plot.y, plot.x, plot.y + plot.h, INK["black"], 0.6)
    return plot


def _legend(s: Surface, box: Box, items: list[tuple[str, tuple]]) -> None:
    x = box.x + box.w
    for label, color in reversed(items):
        w = 6 + 3.3 * len(label) + 8
        x -= w
        s.rect(x, box.y + box.h - 21, 5, 5, fill=color)
        s.text(x + 7, box.y + box.h - 21, label, size=6)


def bar_chart(s: Surface, box: Box, title: str, categories: list[str], series: list[tuple[str, list[float], tuple]],
              *, errors: list[list[float] | None] | None = None, y_max: float | None = None,
              y_fmt: Callable[[float], str] | None = None,
              x_label: str = "", counts: bool = False) -> None:
    """Grouped bars: one group per category, one bar per series (optional ± error whiskers).

    ``counts``: whole numbers on the axis (a histogram)."""
    y_fmt = y_fmt or ((lambda v: f"{v:.0f}") if counts else (lambda v: f"{v:g}"))
    top = max((v for _, vals, _ in series for v in vals), default=0.0)
    if counts and not y_max:
        y_max = max(5, -(-int(top) // 5) * 5)
    y_max = y_max or _nice_max(top)
    plot = _frame(s, box, title, y_max, y_fmt)
    if len(series) > 1:
        _legend(s, box, [(name, color) for name, _, color in series])
    n = max(1, len(categories))
    gw = plot.w / n
    bw = gw * 0.8 / max(1, len(series))
    for i, cat in enumerate(categories):
        for k, (_, vals, color) in enumerate(series):
            v = vals[i] if i < len(vals) else 0.0
            h = plot.h * min(v, y_max) / y_max
            x = plot.x + i * gw + gw * 0.1 + k * bw
            if h > 0:
                s.rect(x, plot.y, bw * 0.92, h, fill=color)
            err = errors[k] if errors else None
            if err and err[i]:
                e = plot.h * err[i] / y_max
                cx = x + bw * 0.46
                s.line(cx, plot.y + h - 2 * e, cx, plot.y + h + 2 * e, INK["black"], 0.6)
        if n <= 12 or i % -(-n // 12) == 0:
            s.text(plot.x + (i + 0.5) * gw, plot.y - 9, cat, size=6, anchor="middle")
    if x_label:
        s.text(plot.x + plot.w / 2, box.y + 2, x_label, size=6.5, anchor="middle", color=INK["grey"])


def line_chart(s: Surface, box: Box, title: str, xs: list[float], series: list[tuple[str, list[float], tuple]],
               *, y_max: float | None = None, y_fmt: Callable[[float], str] | None = None,
               x_label: str = "") -> None:
    """One polyline per series over shared x values, with dots."""
    y_fmt = y_fmt or (lambda v: f"{v:g}")
    top = max((v for _, vals, _ in series for v in vals), default=0.0)
    y_max = y_max or _nice_max(top)
    plot = _frame(s, box, title, y_max, y_fmt)
    _legend(s, box, [(name, color) for name, _, color in series])
    lo, hi = (min(xs), max(xs)) if xs else (0, 1)
    span = (hi - lo) or 1

    def px(x: float) -> float:
        return plot.x + plot.w * (x - lo) / span

    for x in xs:
        s.text(px(x), plot.y - 9, f"{x:g}", size=6, anchor="middle")
    for _, vals, color in series:
        pts = [(px(x), plot.y + plot.h * min(v, y_max) / y_max) for x, v in zip(xs, vals, strict=False)]
        s.polyline(pts, color, 1.2)
        for x, y in pts:
            s.rect(x - 1.2, y - 1.2, 2.4, 2.4, fill=color)
    if x_label:
        s.text(plot.x + plot.w / 2, box.y + 2, x_label, size=6.5, anchor="middle", color=INK["grey"])


def note(s: Surface, box: Box, title: str, lines: list[str]) -> None:
    s.text(box.x, box.y + box.h - 9, title, size=8.5, bold=True)
    for i, line in enumerate(lines):
        s.text(box.x, box.y + box.h - 24 - 10 * i, line, size=7, color=INK["grey"])


def interval_chart(s: Surface, box: Box, title: str, rows: Sequence[tuple[str, float, float, float]], *,
                   reference: float | None = None, x_fmt: Callable[[float], str] | None = None,
                   x_label: str = "", marks: Sequence[str] | None = None) -> None:
    """One row per item: a dot at its value and a bar over its interval ``(label, value, low, high)``, on
    a shared horizontal axis; ``reference`` draws a dashed line (zero impact, an even seat); ``marks``
    colours a row: "above" (its interval lies above the reference), "below", or "" (neither)."""
    x_fmt = x_fmt or (lambda v: f"{v:g}")
    s.text(box.x, box.y + box.h - 9, title, size=8.5, bold=True)
    n = max(1, len(rows))
    size = max(4.0, min(7.0, (box.h - 40) / n * 0.7))
    # a label's width at its size (about 0.58 em a character in the sans faces the surfaces use), capped
    # at 45 % of the chart; a longer label is cut to fit, with an ellipsis
    room = int((box.w * 0.45 - 10) / (0.58 * size))
    labels = [r[0] if len(r[0]) <= room else r[0][: max(1, room - 1)] + "\u2026" for r in rows]
    label_w = 10 + 0.58 * size * max((len(t) for t in labels), default=4)
    plot = Box(box.x + label_w, box.y + 22, box.w - label_w - 14, box.h - 40)
    values = [v for r in rows for v in r[1:4]] + ([reference] if reference is not None else [])
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    pad = (hi - lo) * 0.05 or 0.5
    lo, hi = lo - pad, hi + pad

    def px(v: float) -> float:
        return plot.x + plot.w * (v - lo) / (hi - lo)

    for v in nice_ticks(lo, hi):
        s.line(px(v), plot.y, px(v), plot.y + plot.h, INK["light"], 0.4)
        s.text(px(v), plot.y - 9, x_fmt(v), size=6, anchor="middle", color=INK["grey"])
    if reference is not None:
        s.line(px(reference), plot.y, px(reference), plot.y + plot.h, INK["black"], 0.6, dash=True)
    step = plot.h / n
    for i, ((_, value, low, high), label) in enumerate(zip(rows, labels, strict=True)):
        y = plot.y + plot.h - (i + 0.5) * step
        mark = marks[i] if marks else ""
        color = INK["green"] if mark == "above" else INK["red"] if mark == "below" else INK["sim"]
        s.text(plot.x - 4, y - size / 3, label, size=size, anchor="end")
        s.line(px(low), y, px(high), y, color, max(0.8, min(2.0, step * 0.25)))
        s.rect(px(value) - 1.6, y - 1.6, 3.2, 3.2, fill=INK["black"])
    if x_label:
        s.text(plot.x + plot.w / 2, box.y + 2, x_label, size=6.5, anchor="middle", color=INK["grey"])


def grid_chart(s: Surface, box: Box, title: str, x_edges: Sequence[float], y_edges: Sequence[float],
               cells: dict[tuple[int, int], float], *, x_label: str = "", y_label: str = "",
               v_fmt: Callable[[float], str] | None = None) -> None:
    """A map of cells (a MAP-Elites archive): column ``i`` spans ``x_edges[i]..x_edges[i+1]``, row ``j``
    likewise; a filled cell is shaded by its value between the smallest and largest (darker is higher)
    and shows the value; an empty cell stays white."""
    v_fmt = v_fmt or (lambda v: f"{v:.0%}")
    s.text(box.x, box.y + box.h - 9, title, size=8.5, bold=True)
    plot = Box(box.x + 34, box.y + 26, box.w - 40, box.h - 58)
    nx, ny = max(1, len(x_edges) - 1), max(1, len(y_edges) - 1)
    cw, ch = plot.w / nx, plot.h / ny
    vals = list(cells.values())
    lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
    span = (hi - lo) or 1.0
    for (i, j), v in cells.items():
        t = (v - lo) / span
        shade = (0.92 - 0.62 * t, 0.95 - 0.45 * t, 0.98 - 0.25 * t)
        s.rect(plot.x + i * cw, plot.y + j * ch, cw, ch, fill=shade)
        if cw > 18 and ch > 8:
            s.text(plot.x + (i + 0.5) * cw, plot.y + (j + 0.5) * ch - 2, v_fmt(v), size=min(6.0, ch * 0.5),
                   anchor="middle", color=INK["white"] if t > 0.6 else INK["black"])
    for i in range(nx + 1):
        s.line(plot.x + i * cw, plot.y, plot.x + i * cw, plot.y + plot.h, INK["light"], 0.4)
    for j in range(ny + 1):
        s.line(plot.x, plot.y + j * ch, plot.x + plot.w, plot.y + j * ch, INK["light"], 0.4)
    every_x = -(-len(x_edges) // 12)
    for i, e in enumerate(x_edges):
        if i % every_x == 0:
            s.text(plot.x + i * cw, plot.y - 9, f"{e:g}", size=6, anchor="middle", color=INK["grey"])
    every_y = -(-len(y_edges) // 10)
    for j, e in enumerate(y_edges):
        if j % every_y == 0:
            s.text(plot.x - 3, plot.y + j * ch - 2, f"{e:g}", size=6, anchor="end", color=INK["grey"])
    s.rect(plot.x, plot.y, plot.w, plot.h, stroke=INK["black"], width=0.6)
    if x_label:
        s.text(plot.x + plot.w / 2, box.y + 2, x_label, size=6.5, anchor="middle", color=INK["grey"])
    if y_label:
        s.text(box.x, plot.y + plot.h + 4, y_label, size=6.5, color=INK["grey"])
