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
from kcal.games.kalua.print.layout import (
    ASSEMBLY_GRID,
    BOARD,
    CLEARING,
    CONVERT_POOL,
    CORNER_TICKS,
    CUT_LINE,
    GLUE_LABEL,
    GLUE_STRIP,
    ISLAND,
    ISLAND_NAME,
    ISLAND_VOLCANO,
    LEGEND,
    PALMS,
    SHEET_FOOTER,
    TRACK,
    TURN,
    WAVES,
)
from kcal.games.kalua.print.palette import rgb
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import MARGIN_MM, RULER_STRIP_MM, Paper, mm
from kcal.print.marks import ruler
from kcal.print.report import Report
from kcal.print.text import fit
from kcal.print.text import width as text_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

BOARD_W_MM, BOARD_H_MM = BOARD.w_mm, BOARD.h_mm
OVERLAP_MM = BOARD.overlap_mm  #: how far neighbouring sheets overlap (the glue strip's width)
FOOTER_MM = RULER_STRIP_MM + BOARD.footer_text_mm  #: the strip under the picture: ruler and footer text
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
    c.setLineWidth(WAVES.line_pt)
    for j in range(int(H / mm(WAVES.row_step_mm)) + 1):
        y = mm(WAVES.first_row_mm + j * WAVES.row_step_mm)
        for i in range(int(W / mm(WAVES.step_mm)) + 1):
            x = mm(WAVES.first_mm + i * WAVES.step_mm + (j % 2) * WAVES.stagger_mm)
            p = c.beginPath()
            p.moveTo(x, y)
            crest = y + mm(WAVES.crest_mm)
            p.curveTo(x + mm(WAVES.control_1_mm), crest, x + mm(WAVES.control_2_mm), crest, x + mm(WAVES.length_mm), y)
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
    c.setLineWidth(ISLAND_VOLCANO.outline_pt)
    c.drawPath(p, stroke=1, fill=1)
    _fill(c, "#d9622b")
    lava = mm(ISLAND_VOLCANO.lava_mm)
    c.rect(cx - w * 0.12, base + h - lava, w * 0.24, lava, stroke=0, fill=1)


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


#: where the board's two names are written, for warnings: (the island's name, the set's name)
Wheres = tuple[str, str]
NO_WHERE: Wheres = ("board island name", "card set name")


def draw_board(c: Canvas, board: Board, title: str, report: Report, wheres: Wheres = NO_WHERE) -> None:
    """The whole board, in board points (origin bottom left, 380 x 480 mm)."""
    W, H = mm(BOARD_W_MM), mm(BOARD_H_MM)
    _fill(c, palette.SEA)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    _waves(c, W, H)
    _island(c)
    _island_name(c, board, title, report, H, wheres)
    _clearing(c, board)
    _legend(c, W, H)
    _pool(c)
    _track(c, board, W)


def _island(c: Canvas) -> None:
    """The island: sand round the land, the volcano and the palms."""
    icx, icy, rx, ry = mm(ISLAND.centre_x_mm), mm(ISLAND.centre_y_mm), mm(ISLAND.radius_x_mm), mm(ISLAND.radius_y_mm)
    _fill(c, palette.SAND)
    _stroke(c, palette.INK)
    c.setLineWidth(ISLAND.outline_pt)
    c.drawPath(_island_path(c, icx, icy, rx, ry), stroke=1, fill=1)
    _fill(c, palette.LAND)
    c.drawPath(_island_path(c, icx, icy, rx, ry, -mm(ISLAND.beach_mm)), stroke=0, fill=1)
    v = ISLAND_VOLCANO
    _volcano(c, mm(v.centre_x_mm), mm(v.base_mm), mm(v.w_mm), mm(v.h_mm))
    for x, y, h in PALMS.at_mm:
        _palm(c, mm(x), mm(y), mm(h))


def _island_name(c: Canvas, board: Board, title: str, report: Report, H: float, wheres: Wheres) -> None:
    """The island's name at the top left (as large as fits), the card set's name under it (the same
    width: shrunk, then shortened with a warning)."""
    n = ISLAND_NAME
    name = printable(board.island.name, wheres[0], report, BOLD)
    f = fit(name, BOLD, n.size_pt, n.smallest_pt, mm(n.width_mm), n.lines, where=wheres[0], report=report)
    _text(c, f.lines[0], BOLD, f.size, mm(n.x_mm), H - mm(n.drop_mm), palette.INK)
    head = printable(title, wheres[1], report)
    g = fit(head, REGULAR, n.set_pt, n.set_smallest_pt, mm(n.width_mm), 1, where=wheres[1], report=report)
    _text(c, g.lines[0], REGULAR, g.size, mm(n.x_mm), H - mm(n.set_drop_mm), palette.INK)


def _clearing(c: Canvas, board: Board) -> None:
    """The atheists' clearing: a dashed circle, the atheists per god, the 5-god island's atheists."""
    a = CLEARING
    acx, acy, ar = mm(a.centre_x_mm), mm(a.centre_y_mm), mm(a.radius_mm)
    _fill(c, "#eef3e6")
    _stroke(c, palette.INK)
    c.setLineWidth(a.outline_pt)
    c.setDash(list(a.dash_pt))
    c.circle(acx, acy, ar, stroke=1, fill=1)
    c.setDash()
    _text(c, "ATHEISTS", BOLD, a.title_pt, acx, acy + mm(a.title_rise_mm), palette.INK, "centre")
    per = board.island.atheists_per_player
    _text(c, f"{per} families per god at the start", REGULAR, a.start_pt, acx, acy + mm(a.start_rise_mm),
          palette.INK, "centre")
    _text(c, " · ".join(f"{n} gods: {n * per}" for n in (3, 4, 5)), REGULAR, a.counts_pt, acx,
          acy + mm(a.counts_rise_mm), palette.MUTED, "centre")
    shown = min(per * a.gods, a.most)  # the 5-god island, in rows of 5
    for i in range(shown):
        r, k = divmod(i, a.per_row)
        in_row = min(a.per_row, shown - r * a.per_row)
        meeple(c, acx + (k - (in_row - 1) / 2) * mm(a.meeple_step_mm),
               acy + mm(a.meeple_rise_mm) - r * mm(a.row_step_mm), mm(a.meeple_mm), palette.ATHEIST)
    _text(c, "families turned atheist go here; converted atheists come from here", REGULAR, a.note_pt, acx,
          acy - ar - mm(a.note_drop_mm), palette.INK, "centre")


def _legend(c: Canvas, W: float, H: float) -> None:
    """The legend of icons, on the sea at the top right."""
    g = LEGEND
    lx, ly = W - mm(g.x_mm), H - mm(g.top_mm)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(g.box_outline_pt)
    c.roundRect(lx - mm(g.box_left_mm), ly - mm(g.box_drop_mm), mm(g.box_w_mm), mm(g.box_h_mm), mm(g.box_radius_mm),
                stroke=1, fill=1)
    flower(c, lx + mm(g.icon_x_mm), ly - mm(g.flower_drop_mm), mm(g.flower_radius_mm))
    _text(c, "happiness (0 to 10, the track below)", REGULAR, g.text_pt, lx + mm(g.text_x_mm),
          ly - mm(g.flower_text_drop_mm))
    praying_point(c, lx + mm(g.icon_x_mm), ly - mm(g.pp_drop_mm), mm(g.pp_radius_mm))
    _text(c, "praying points (PP): pay for cards; 5 PP buy one", REGULAR, g.text_pt, lx + mm(g.text_x_mm),
          ly - mm(g.pp_text_drop_mm))
    meeple(c, lx + mm(g.icon_x_mm), ly - mm(g.family_drop_mm), mm(g.family_mm), palette.WHITE)
    _text(c, "a family of believers (grey: an atheist)", REGULAR, g.text_pt, lx + mm(g.text_x_mm),
          ly - mm(g.family_text_drop_mm))
    _text(c, "A god with no family and no leader is out.", BOLD, g.rule_pt, lx, ly - mm(g.rule_drop_mm))


def _pool(c: Canvas) -> None:
    """The convert pool (phase 4) and the turn, on the sea above the track."""
    p = CONVERT_POOL
    x, y, w, h = mm(p.x_mm), mm(p.y_mm), mm(p.w_mm), mm(p.h_mm)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(p.outline_pt)
    c.roundRect(x, y, w, h, mm(p.radius_mm), stroke=1, fill=1)
    c.setDash(list(p.dash_pt))
    c.roundRect(x + mm(p.inset_mm), y + mm(p.inset_mm), w - mm(p.place_narrower_mm), h - mm(p.place_shorter_mm),
                mm(p.place_radius_mm), stroke=1, fill=0)
    c.setDash()
    _text(c, "CONVERT POOL", BOLD, p.title_pt, x + mm(p.title_x_mm), y + h - mm(p.title_drop_mm))
    _text(c, "phase 4: families given by the unhappy wait here", REGULAR, p.note_pt, x + mm(p.note_x_mm),
          y + h - mm(p.note_drop_mm))
    tx, tw = mm(TURN.x_mm), mm(TURN.w_mm)  # right of both seams (x 186 mm on A4, 192 on Letter)
    _fill(c, palette.WHITE)
    c.roundRect(tx, y, tw, h, mm(TURN.radius_mm), stroke=1, fill=1)
    _text(c, "A TURN", BOLD, TURN.title_pt, tx + mm(TURN.title_x_mm), y + h - mm(TURN.title_drop_mm))
    steps = ("1  draw up to 5 cards (1 if you hold 5 or more)", "2  leaders, clockwise: speech, atheists, "
             "believer or sacrifice", "3  action cards; each other god may answer each one", "4  convert",
             "5  praying")
    for i, s in enumerate(steps):
        _text(c, s, REGULAR, TURN.step_pt, tx + mm(TURN.step_x_mm), y + h - mm(TURN.step_drop_mm) - i * mm(TURN.step_gap_mm))


def _track(c: Canvas, board: Board, W: float) -> None:
    track = board.happiness
    n = track.max - track.min + 1
    t = TRACK
    left, right = mm(t.margin_mm), W - mm(t.margin_mm)
    gap = mm(t.gap_mm)
    box = min(mm(t.box_max_mm), (right - left - (n - 1) * gap) / n)
    total = n * box + (n - 1) * gap
    x = (W - total) / 2
    y = mm(t.y_mm)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(t.frame_outline_pt)
    c.roundRect(x - mm(t.frame_left_mm), y - mm(t.frame_below_mm), total + mm(t.frame_wider_mm),
                box + mm(t.frame_taller_mm), mm(t.frame_radius_mm), stroke=1, fill=1)
    _text(c, "HAPPINESS", BOLD, t.title_pt, x, y + box + mm(t.title_rise_mm))
    _text(c, f"every god's marker starts on {track.start}; it never goes below {track.min} or above {track.max}",
          REGULAR, t.note_pt, x + mm(t.note_x_mm), y + box + mm(t.note_rise_mm))
    for i in range(n):
        value = track.min + i
        bx = x + i * (box + gap)
        start = value == track.start
        _fill(c, "#ffe3ee" if start else "#fff9e6")
        _stroke(c, palette.INK)
        c.setLineWidth(t.start_outline_pt if start else t.box_outline_pt)
        c.roundRect(bx, y, box, box, mm(t.box_radius_mm), stroke=1, fill=1)
        size = min(t.number_pt, box * t.number_of_box)
        _text(c, str(value), BOLD, size, bx + box / 2, y + box * t.number_rise, palette.INK, "centre")
        if (value - track.min) % track.flower_every == 0:
            flower(c, bx + box * t.flower_x, y + box * t.flower_y, box * t.flower_radius)
        if start:
            _text(c, "START", BOLD, t.start_pt, bx + box / 2, y + mm(t.start_rise_mm), palette.INK, "centre")
    _text(c, "phase 4: the unhappiest give 2 families each, the middle ones 1; the happiest share them, "
          "at most 3 each; the rest turn atheist", REGULAR, t.rules_pt, x, y - mm(t.phase_4_drop_mm))
    _text(c, "phase 5: 1 PP per 5 families (rounded up); the unhappiest +4 PP, the middle ones +2 PP; "
          "all equally happy: no change", REGULAR, t.rules_pt, x, y - mm(t.phase_5_drop_mm))


# --- sheets -------------------------------------------------------------------------------------


def _hatch(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    c.saveState()
    p = c.beginPath()
    p.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(p, stroke=0, fill=0)
    _fill(c, palette.WHITE)
    c.setFillAlpha(GLUE_STRIP.veil)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.setFillAlpha(1)
    _stroke(c, "#707070")
    c.setLineWidth(GLUE_STRIP.hatch_pt)
    step = mm(GLUE_STRIP.hatch_step_mm)
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
    size = GLUE_LABEL.size_pt
    w = c.stringWidth(text, BOLD, size) + mm(GLUE_LABEL.pad_mm)
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(GLUE_LABEL.outline_pt)
    c.rect(-w / 2, -mm(GLUE_LABEL.half_h_mm), w, mm(GLUE_LABEL.h_mm), stroke=1, fill=1)
    _fill(c, palette.INK)
    c.setFont(BOLD, size)
    c.drawCentredString(0, -size * GLUE_LABEL.baseline, text)
    c.restoreState()


def board_pages(board: Board, paper: Paper, title: str, report: Report, wheres: Wheres = NO_WHERE
                ) -> tuple[Tiling, list[PageFn]]:
    """One page function per sheet, row by row; ``wheres``: where the island's and the set's names are
    written (``file:line:column: what``), named when one is shortened."""
    t = tiling(paper)
    pages: list[PageFn] = []
    for row in range(t.rows):
        for col in range(t.cols):
            pages.append(_sheet(board, t, row, col, title, report, wheres))
    return t, pages


def _sheet(board: Board, t: Tiling, row: int, col: int, title: str, report: Report, wheres: Wheres) -> PageFn:
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
        c.doForm(_board_form(c, board, title, report, wheres))
        c.restoreState()
        ov = mm(OVERLAP_MM)
        right = col + 1 < t.cols
        below = row + 1 < t.rows
        # glue strips: the overlap the next sheet (right, below) is laid on
        if right:
            _hatch(c, px1 - ov, py0, px1, py1)
            _stroke(c, palette.INK)
            c.setLineWidth(GLUE_STRIP.edge_pt)
            c.line(px1 - ov, py0, px1 - ov, py1)
            for y in (py0 + (py1 - py0) * f for f in GLUE_STRIP.labels_at):
                _label_box(c, f"GLUE · {sheet_name(row, col + 1)} edge on the line", px1 - ov / 2, y, 90)
        if below:
            _hatch(c, px0, py0, px1, py0 + ov)
            _stroke(c, palette.INK)
            c.setLineWidth(GLUE_STRIP.edge_pt)
            c.line(px0, py0 + ov, px1, py0 + ov)
            for x in (px0 + (px1 - px0) * f for f in GLUE_STRIP.labels_at):
                _label_box(c, f"GLUE · {sheet_name(row + 1, col)} edge on the line", x, py0 + ov / 2, 0)
        # cut lines: where this sheet is laid on the previous one (left, above)
        _stroke(c, palette.INK)
        c.setLineWidth(CUT_LINE.line_pt)
        c.setDash(list(CUT_LINE.dash_pt))
        beyond = mm(CUT_LINE.beyond_mm)
        if col > 0:
            c.line(px0, py0 - beyond, px0, py1 + beyond)
        if row > 0:
            c.line(px0 - beyond, py1, px1 + beyond, py1)
        c.setDash()
        # the picture's outer edges are cut too: thin solid crop ticks at the corners
        _corner_ticks(c, px0, py0, px1, py1)
        _footer(c, t, row, col, title, px0, report, wheres[1])
    return draw


def _corner_ticks(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    _stroke(c, "#000000")
    c.setLineWidth(CORNER_TICKS.line_pt)
    g, n = mm(CORNER_TICKS.gap_mm), mm(CORNER_TICKS.length_mm)
    for x, y, sx, sy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
        c.line(x + sx * g, y, x + sx * (g + n), y)
        c.line(x, y + sy * g, x, y + sy * (g + n))


def _footer(c: Canvas, t: Tiling, row: int, col: int, title: str, x: float, report: Report, where: str) -> None:
    base = mm(MARGIN_MM)
    name = sheet_name(row, col)
    steps = []
    if col > 0 or row > 0:
        sides = " and ".join(s for s, on in (("left", col > 0), ("top", row > 0)) if on)
        steps.append(f"cut the white margin off the {sides} edge (dashed line)")
    if col + 1 < t.cols or row + 1 < t.rows:
        steps.append("glue the hatched strip under the next sheet, its edge on the solid line")
    s = SHEET_FOOTER
    rest = (f" board · sheet {name} of {t.rows} x {t.cols} ({t.paper.name}"
            f"{', landscape' if t.landscape else ''})")
    room = t.paper.width - x - mm(s.x_mm) - mm(MARGIN_MM) - text_width(rest, BOLD, s.label_pt)
    if text_width(title, BOLD, s.label_pt) > room:  # the set's name, shortened to end inside the margin
        title = fit(title, BOLD, s.label_pt, s.label_pt, max(room, 0.0), 1, where=f"{where} (the sheets' footer)",
                    report=report).lines[0]
    label = title + rest
    _fill(c, palette.INK)
    c.setFont(BOLD, s.label_pt)
    c.drawString(x + mm(s.x_mm), base + mm(FOOTER_MM) - mm(s.label_drop_mm), label)
    f = fit("; ".join(steps), REGULAR, s.steps_pt, s.steps_smallest_pt,
            t.paper.width - x - mm(MARGIN_MM) - mm(s.steps_margin_mm), s.steps_lines)
    c.setFont(REGULAR, f.size)
    c.drawString(x + mm(s.x_mm), base + mm(FOOTER_MM) - mm(s.steps_drop_mm), f.lines[0])
    ruler(c, x + mm(s.x_mm), base + mm(s.ruler_rise_mm))
    # the assembly grid: this sheet filled
    g = ASSEMBLY_GRID
    cell = mm(g.cell_mm)
    gx = t.paper.width - mm(MARGIN_MM) - t.cols * cell
    gy = base + mm(g.rise_mm)
    c.setLineWidth(g.line_pt)
    _stroke(c, palette.INK)
    for r in range(t.rows):
        for k in range(t.cols):
            here = (r, k) == (row, col)
            _fill(c, palette.INK if here else palette.WHITE)
            c.rect(gx + k * cell, gy + (t.rows - 1 - r) * cell, cell, cell, stroke=1, fill=1)
    _fill(c, palette.INK)
    c.setFont(REGULAR, g.label_pt)
    c.drawRightString(gx - mm(g.label_gap_mm), gy + mm(g.label_rise_mm), f"sheet {name}")


def _board_form(c: Canvas, board: Board, title: str, report: Report, wheres: Wheres = NO_WHERE) -> str:
    """The board as a PDF form, drawn once per document and placed on every sheet."""
    defined = c.__dict__.setdefault("_kcal_forms", set())
    name = "kalua-board"
    if name not in defined:
        c.beginForm(name, 0, 0, mm(BOARD_W_MM), mm(BOARD_H_MM))
        draw_board(c, board, title, report, wheres)
        c.endForm()
        defined.add(name)
    return name
