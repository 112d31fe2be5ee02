"""Kalua's board: the happiness track (0-10) and the island, drawn at full size and tiled across
Letter or A4 sheets with overlap strips for gluing.

The board is 380 x 480 mm (2 x 2 sheets of Letter or A4). It is drawn once, in its own coordinates (points, origin at the bottom left);
each sheet shows a window onto it. Sheets are named by row letter and column number (A1 top left) and
neighbouring windows overlap by :data:`OVERLAP_MM`:

- the sheet on the left (or above) carries the overlap as a hatched **glue strip** with a solid line
  where the next sheet's edge goes (``B1 edge``);
- the sheet on the right (or below) has a dashed **cut line** along that edge of its picture: cut the
  white margin off there and lay the sheet on the glue strip with its edge on the line; the picture
  continues across the seam.

The paper is turned whichever way needs fewer sheets (portrait on a tie); every sheet carries the
100 mm ruler (print at 100 %) and, in its footer, its name, the assembly grid and what to do.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kcal.games.kalua.files.models import Board
from kcal.games.kalua.print import palette
from kcal.games.kalua.print.faces import flower, meeple, praying_point
from kcal.games.kalua.print.palette import rgb
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import MARGIN_MM, RULER_STRIP_MM, Paper, mm
from kcal.print.marks import ruler
from kcal.print.report import Report
from kcal.print.text import fit

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

BOARD_W_MM, BOARD_H_MM = 380.0, 480.0
OVERLAP_MM = 12.0  #: how far neighbouring sheets overlap (the glue strip's width)
FOOTER_MM = RULER_STRIP_MM + 9.0  #: the strip under the picture: ruler and footer text
PageFn = Callable[[Any], None]


# --- tiling -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tiling:
    """How the board falls on sheets: the paper (turned or not), the picture area, rows x columns."""

    paper: Paper  #: as printed (width and height swapped when landscape)
    landscape: bool
    area_w: float  #: the picture area on each sheet (points)
    area_h: float
    cols: int
    rows: int

    @property
    def sheets(self) -> int:
        return self.cols * self.rows

    def window(self, row: int, col: int) -> tuple[float, float, float, float]:
        """The board area sheet (row, col) shows: x0, y0, x1, y1 in board points (row 0 at the top)."""
        step_x, step_y = self.area_w - mm(OVERLAP_MM), self.area_h - mm(OVERLAP_MM)
        x0 = col * step_x
        y1 = mm(BOARD_H_MM) - row * step_y
        return x0, max(0.0, y1 - self.area_h), min(mm(BOARD_W_MM), x0 + self.area_w), y1


def sheet_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _count(length: float, area: float) -> int:
    if length <= area:
        return 1
    return math.ceil((length - mm(OVERLAP_MM)) / (area - mm(OVERLAP_MM)) - 1e-9)


def tiling(paper: Paper) -> Tiling:
    """The tiling that needs the fewest sheets (portrait on a tie)."""
    best: Tiling | None = None
    for landscape in (False, True):
        w, h = (paper.height, paper.width) if landscape else (paper.width, paper.height)
        area_w = w - 2 * mm(MARGIN_MM)
        area_h = h - 2 * mm(MARGIN_MM) - mm(FOOTER_MM)
        t = Tiling(Paper(paper.name, w, h), landscape, area_w, area_h, _count(mm(BOARD_W_MM), area_w),
                   _count(mm(BOARD_H_MM), area_h))
        if best is None or t.sheets < best.sheets:
            best = t
    assert best is not None
    return best


# --- the board ----------------------------------------------------------------------------------


def _fill(c: Canvas, colour: str) -> None:
    c.setFillColorRGB(*rgb(colour))


def _stroke(c: Canvas, colour: str) -> None:
    c.setStrokeColorRGB(*rgb(colour))


def _island_path(c: Canvas, cx: float, cy: float, rx: float, ry: float, grow: float = 0.0) -> Any:
    """A closed, irregular island outline (smooth: Catmull-Rom through 24 points)."""
    pts: list[tuple[float, float]] = []
    n = 24
    for i in range(n):
        a = 2 * math.pi * i / n
        r = 1 + 0.07 * math.sin(3 * a + 0.4) + 0.05 * math.cos(5 * a) + 0.03 * math.sin(7 * a + 1.0)
        pts.append((cx + (rx * r + grow) * math.cos(a), cy + (ry * r + grow) * math.sin(a)))
    p = c.beginPath()
    p.moveTo(*pts[0])
    for i in range(n):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        p.curveTo(c1[0], c1[1], c2[0], c2[1], p2[0], p2[1])
    p.close()
    return p


def _waves(c: Canvas, W: float, H: float) -> None:
    _stroke(c, "#8cc6de")
    c.setLineWidth(0.8)
    for j in range(int(H / mm(19)) + 1):
        y = mm(8 + j * 19)
        for i in range(int(W / mm(30)) + 1):
            x = mm(6 + i * 30 + (j % 2) * 15)
            p = c.beginPath()
            p.moveTo(x, y)
            p.curveTo(x + mm(3), y + mm(2.2), x + mm(6), y + mm(2.2), x + mm(9), y)
            c.drawPath(p, stroke=1, fill=0)


def _volcano(c: Canvas, cx: float, base: float, w: float, h: float) -> None:
    p = c.beginPath()
    p.moveTo(cx - w / 2, base)
    p.lineTo(cx - w * 0.12, base + h)
    p.lineTo(cx + w * 0.12, base + h)
    p.lineTo(cx + w / 2, base)
    p.close()
    _fill(c, "#8a6a55")
    _stroke(c, palette.INK)
    c.setLineWidth(1)
    c.drawPath(p, stroke=1, fill=1)
    _fill(c, "#d9622b")
    c.rect(cx - w * 0.12, base + h - mm(2), w * 0.24, mm(2), stroke=0, fill=1)


def _palm(c: Canvas, x: float, y: float, h: float) -> None:
    _stroke(c, "#6b4a2a")
    c.setLineWidth(h * 0.08)
    p = c.beginPath()
    p.moveTo(x, y)
    p.curveTo(x + h * 0.1, y + h * 0.4, x + h * 0.05, y + h * 0.7, x + h * 0.15, y + h)
    c.drawPath(p, stroke=1, fill=0)
    _stroke(c, palette.LAND_DARK)
    c.setLineWidth(h * 0.07)
    top = (x + h * 0.15, y + h)
    for a in (20, 70, 110, 160, 200, 340):
        r = math.radians(a)
        p = c.beginPath()
        p.moveTo(*top)
        p.curveTo(top[0] + math.cos(r) * h * 0.25, top[1] + h * 0.2, top[0] + math.cos(r) * h * 0.4,
                  top[1] + math.sin(r) * h * 0.2, top[0] + math.cos(r) * h * 0.45, top[1] + math.sin(r) * h * 0.3 - h * 0.1)
        c.drawPath(p, stroke=1, fill=0)


def _text(c: Canvas, text: str, font: str, size: float, x: float, y: float, colour: str = palette.INK,
          align: str = "left") -> None:
    _fill(c, colour)
    c.setFont(font, size)
    {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](x, y, text)


def draw_board(c: Canvas, board: Board, title: str, report: Report) -> None:
    """The whole board, in board points (origin bottom left, 380 x 480 mm)."""
    W, H = mm(BOARD_W_MM), mm(BOARD_H_MM)
    _fill(c, palette.SEA)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    _waves(c, W, H)
    # the island
    icx, icy, rx, ry = mm(192), mm(272), mm(160), mm(128)
    _fill(c, palette.SAND)
    _stroke(c, palette.INK)
    c.setLineWidth(1.2)
    c.drawPath(_island_path(c, icx, icy, rx, ry), stroke=1, fill=1)
    _fill(c, palette.LAND)
    c.drawPath(_island_path(c, icx, icy, rx, ry, -mm(9)), stroke=0, fill=1)
    _volcano(c, mm(292), mm(292), mm(72), mm(56))
    for x, y, h in ((62, 220, 26), (96, 350, 22), (238, 370, 24), (318, 200, 22), (262, 168, 20), (60, 300, 18)):
        _palm(c, mm(x), mm(y), mm(h))
    name = printable(board.island.name, "board island name", report, BOLD)
    f = fit(name, BOLD, 44, 16, mm(150), 1, where="board island name", report=report)
    _text(c, f.lines[0], BOLD, f.size, mm(16), H - mm(24), palette.INK)
    head = printable(title, "card set name", report)
    _text(c, head, REGULAR, 11, mm(16), H - mm(32), palette.INK)
    # the atheists' clearing
    acx, acy, ar = mm(172), mm(266), mm(58)
    _fill(c, "#eef3e6")
    _stroke(c, palette.INK)
    c.setLineWidth(1.2)
    c.setDash([6, 3])
    c.circle(acx, acy, ar, stroke=1, fill=1)
    c.setDash()
    _text(c, "ATHEISTS", BOLD, 24, acx, acy + mm(34), palette.INK, "centre")
    per = board.island.atheists_per_player
    _text(c, f"{per} families per god at the start", REGULAR, 11, acx, acy + mm(27), palette.INK, "centre")
    _text(c, " · ".join(f"{n} gods: {n * per}" for n in (3, 4, 5)), REGULAR, 10, acx, acy + mm(21.5),
          palette.MUTED, "centre")
    shown = min(per * 5, 15)  # the 5-god island, in rows of 5
    for i in range(shown):
        r, k = divmod(i, 5)
        in_row = min(5, shown - r * 5)
        meeple(c, acx + (k - (in_row - 1) / 2) * mm(15), acy + mm(6) - r * mm(17), mm(12), palette.ATHEIST)
    _text(c, "families turned atheist go here; converted atheists come from here", REGULAR, 9.5, acx,
          acy - ar - mm(7), palette.INK, "centre")
    # the legend of icons, on the sea at the top right
    lx, ly = W - mm(118), H - mm(14)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(0.8)
    c.roundRect(lx - mm(4), ly - mm(31), mm(114), mm(37), mm(3), stroke=1, fill=1)
    flower(c, lx + mm(3), ly - mm(2), mm(3.2))
    _text(c, "happiness (0 to 10, the track below)", REGULAR, 9.5, lx + mm(9), ly - mm(3.5))
    praying_point(c, lx + mm(3), ly - mm(11), mm(2.8))
    _text(c, "praying points (PP): pay for cards; 5 PP buy one", REGULAR, 9.5, lx + mm(9), ly - mm(12.5))
    meeple(c, lx + mm(3), ly - mm(20), mm(7), palette.WHITE)
    _text(c, "a family of believers (grey: an atheist)", REGULAR, 9.5, lx + mm(9), ly - mm(21.5))
    _text(c, "A god with no family and no leader is out.", BOLD, 9, lx, ly - mm(28.5))
    _pool(c)
    _track(c, board, W)


def _pool(c: Canvas) -> None:
    """The convert pool (phase 4) and the turn, on the sea above the track."""
    x, y, w, h = mm(16), mm(86), mm(150), mm(42)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(1)
    c.roundRect(x, y, w, h, mm(4), stroke=1, fill=1)
    c.setDash([5, 3])
    c.roundRect(x + mm(4), y + mm(4), w - mm(8), h - mm(16), mm(3), stroke=1, fill=0)
    c.setDash()
    _text(c, "CONVERT POOL", BOLD, 13, x + mm(5), y + h - mm(8))
    _text(c, "phase 4: families given by the unhappy wait here", REGULAR, 9, x + mm(50), y + h - mm(7.5))
    tx, tw = mm(196), mm(168)  # right of both seams (x 186 mm on A4, 192 on Letter)
    _fill(c, palette.WHITE)
    c.roundRect(tx, y, tw, h, mm(4), stroke=1, fill=1)
    _text(c, "A TURN", BOLD, 13, tx + mm(5), y + h - mm(8))
    steps = ("1  draw up to 5 cards (1 if you hold 5 or more)", "2  leaders, clockwise: speech, atheists, "
             "believer or sacrifice", "3  action cards; each other god may answer each one", "4  convert",
             "5  praying")
    for i, s in enumerate(steps):
        _text(c, s, REGULAR, 9.5, tx + mm(5), y + h - mm(15) - i * mm(5.2))


def _track(c: Canvas, board: Board, W: float) -> None:
    track = board.happiness
    n = track.max - track.min + 1
    left, right = mm(16), W - mm(16)
    gap = mm(2.5)
    box = min(mm(28), (right - left - (n - 1) * gap) / n)
    total = n * box + (n - 1) * gap
    x = (W - total) / 2
    y = mm(22)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(1)
    c.roundRect(x - mm(5), y - mm(10), total + mm(10), box + mm(24), mm(4), stroke=1, fill=1)
    _text(c, "HAPPINESS", BOLD, 14, x, y + box + mm(6))
    _text(c, f"every god's marker starts on {track.start}; it never goes below {track.min} or above {track.max}",
          REGULAR, 9, x + mm(36), y + box + mm(6.5))
    for i in range(n):
        value = track.min + i
        bx = x + i * (box + gap)
        start = value == track.start
        _fill(c, "#ffe3ee" if start else "#fff9e6")
        _stroke(c, palette.INK)
        c.setLineWidth(2.2 if start else 1)
        c.roundRect(bx, y, box, box, mm(2.5), stroke=1, fill=1)
        size = min(26.0, box * 0.55)
        _text(c, str(value), BOLD, size, bx + box / 2, y + box * 0.42, palette.INK, "centre")
        if (value - track.min) % track.flower_every == 0:
            flower(c, bx + box * 0.18, y + box * 0.82, box * 0.1)
        if start:
            _text(c, "START", BOLD, 7.5, bx + box / 2, y + mm(2), palette.INK, "centre")
    _text(c, "phase 4: the unhappiest give 2 families each, the middle ones 1; the happiest share them, "
          "at most 3 each; the rest turn atheist", REGULAR, 8.5, x, y - mm(4.5))
    _text(c, "phase 5: 1 PP per 5 families (rounded up); the unhappiest +4 PP, the middle ones +2 PP; "
          "all equally happy: no change", REGULAR, 8.5, x, y - mm(8.5))


# --- sheets -------------------------------------------------------------------------------------


def _hatch(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    c.saveState()
    p = c.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(p, stroke=0, fill=0)
    _fill(c, palette.WHITE)
    c.setFillAlpha(0.55)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.setFillAlpha(1)
    _stroke(c, "#707070")
    c.setLineWidth(0.6)
    step = mm(3)
    h = y1 - y0
    t = -h
    segs = []
    while t < x1 - x0:
        segs.append((x0 + t, y0, x0 + t + h, y1))
        t += step
    c.lines(segs)
    c.restoreState()


def _label_box(c: Canvas, text: str, x: float, y: float, angle: float) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    size = 8.0
    w = c.stringWidth(text, BOLD, size) + mm(3)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(0.6)
    c.rect(-w / 2, -mm(2.2), w, mm(4.4), stroke=1, fill=1)
    _fill(c, palette.INK)
    c.setFont(BOLD, size)
    c.drawCentredString(0, -size * 0.36, text)
    c.restoreState()


def board_pages(board: Board, paper: Paper, title: str, report: Report) -> tuple[Tiling, list[PageFn]]:
    """One page function per sheet, row by row."""
    t = tiling(paper)
    pages: list[PageFn] = []
    for row in range(t.rows):
        for col in range(t.cols):
            pages.append(_sheet(board, t, row, col, title, report))
    return t, pages


def _sheet(board: Board, t: Tiling, row: int, col: int, title: str, report: Report) -> PageFn:
    def draw(c: Canvas) -> None:
        x0, y0, x1, y1 = t.window(row, col)
        ax, ay = mm(MARGIN_MM), mm(MARGIN_MM) + mm(FOOTER_MM)
        top = ay + t.area_h  # the window's top edge lands here
        # page point of a board point: (ax + bx - x0, top - (y1 - by))
        ox, oy = ax - x0, top - y1
        px0, py0, px1, py1 = ax, top - (y1 - y0), ax + (x1 - x0), top
        c.saveState()
        p = c.beginPath()
        p.rect(px0, py0, px1 - px0, py1 - py0)
        c.clipPath(p, stroke=0, fill=0)
        c.translate(ox, oy)
        c.doForm(_board_form(c, board, title, report))
        c.restoreState()
        ov = mm(OVERLAP_MM)
        right = col + 1 < t.cols
        below = row + 1 < t.rows
        # glue strips: the overlap the next sheet (right, below) is laid on
        if right:
            _hatch(c, px1 - ov, py0, px1, py1)
            _stroke(c, palette.INK)
            c.setLineWidth(1.4)
            c.line(px1 - ov, py0, px1 - ov, py1)
            for y in (py0 + (py1 - py0) * f for f in (0.2, 0.5, 0.8)):
                _label_box(c, f"GLUE · {sheet_name(row, col + 1)} edge on the line", px1 - ov / 2, y, 90)
        if below:
            _hatch(c, px0, py0, px1, py0 + ov)
            _stroke(c, palette.INK)
            c.setLineWidth(1.4)
            c.line(px0, py0 + ov, px1, py0 + ov)
            for x in (px0 + (px1 - px0) * f for f in (0.2, 0.5, 0.8)):
                _label_box(c, f"GLUE · {sheet_name(row + 1, col)} edge on the line", x, py0 + ov / 2, 0)
        # cut lines: where this sheet is laid on the previous one (left, above)
        _stroke(c, palette.INK)
        c.setLineWidth(0.8)
        c.setDash([4, 3])
        if col > 0:
            c.line(px0, py0 - mm(4), px0, py1 + mm(4))
        if row > 0:
            c.line(px0 - mm(4), py1, px1 + mm(4), py1)
        c.setDash()
        # the picture's outer edges are cut too: thin solid crop ticks at the corners
        _corner_ticks(c, px0, py0, px1, py1)
        _footer(c, t, row, col, title, px0)
    return draw


def _corner_ticks(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    _stroke(c, "#000000")
    c.setLineWidth(0.5)
    g, n = mm(1), mm(4)
    for x, y, sx, sy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
        c.line(x + sx * g, y, x + sx * (g + n), y)
        c.line(x, y + sy * g, x, y + sy * (g + n))


def _footer(c: Canvas, t: Tiling, row: int, col: int, title: str, x: float) -> None:
    base = mm(MARGIN_MM)
    name = sheet_name(row, col)
    steps = []
    if col > 0 or row > 0:
        sides = " and ".join(s for s, on in (("left", col > 0), ("top", row > 0)) if on)
        steps.append(f"cut the white margin off the {sides} edge (dashed line)")
    if col + 1 < t.cols or row + 1 < t.rows:
        steps.append("glue the hatched strip under the next sheet, its edge on the solid line")
    label = (f"{title} board · sheet {name} of {t.rows} x {t.cols} ({t.paper.name}"
             f"{', landscape' if t.landscape else ''})")
    _fill(c, palette.INK)
    c.setFont(BOLD, 8)
    c.drawString(x + mm(2), base + mm(FOOTER_MM) - mm(2.4), label)
    f = fit("; ".join(steps), REGULAR, 6.5, 4.0, t.paper.width - x - mm(MARGIN_MM) - mm(2), 1)
    c.setFont(REGULAR, f.size)
    c.drawString(x + mm(2), base + mm(FOOTER_MM) - mm(5.4), f.lines[0])
    ruler(c, x + mm(2), base + mm(1.5))
    # the assembly grid: this sheet filled
    cell = mm(3.2)
    gx = t.paper.width - mm(MARGIN_MM) - t.cols * cell
    gy = base + mm(1)
    c.setLineWidth(0.5)
    _stroke(c, palette.INK)
    for r in range(t.rows):
        for k in range(t.cols):
            here = (r, k) == (row, col)
            _fill(c, palette.INK if here else palette.WHITE)
            c.rect(gx + k * cell, gy + (t.rows - 1 - r) * cell, cell, cell, stroke=1, fill=1)
    _fill(c, palette.INK)
    c.setFont(REGULAR, 6)
    c.drawRightString(gx - mm(1.5), gy + mm(0.6), f"sheet {name}")


def _board_form(c: Canvas, board: Board, title: str, report: Report) -> str:
    """The board as a PDF form, drawn once per document and placed on every sheet."""
    defined = c.__dict__.setdefault("_kcal_forms", set())
    name = "kalua-board"
    if name not in defined:
        c.beginForm(name, 0, 0, mm(BOARD_W_MM), mm(BOARD_H_MM))
        draw_board(c, board, title, report)
        c.endForm()
        defined.add(name)
    return name
