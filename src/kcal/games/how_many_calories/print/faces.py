"""The printed faces of How many Calories?: a food card, the +5 card, and the common back.

Every face is drawn in the box the shared imposition gives (:class:`kcal.print.sheets.Box`), so the
same code prints poker, bridge, tarot, mini or any custom size; sizes scale with the card. A food
card reads like a playing card: its number big in two opposite corners with the colour's letter
under it, the colour's word at the top, the number again on a plate in the middle, then the food, its
kcal, the serving and a fact. The border band is the colour with its pattern (see :mod:`.palette`)
and runs into the bleed. The back carries the set's composition chart (every card by colour and
number), the same on every card so no card can be told from behind.

Data strings are drawn with ``drawString`` after the glyph check (:func:`kcal.print.fonts.printable`):
nothing is read as markup, and a character the font lacks is reported with where it came from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kcal.games.how_many_calories.files.models import FoodCard
from kcal.games.how_many_calories.print import palette
from kcal.games.how_many_calories.print.layout import (
    BACK,
    BLOCK,
    CHART,
    FRAME,
    HEADING,
    INDEX,
    PATTERNS,
    PLATE,
    PLUS,
    TEXTS,
)
from kcal.games.how_many_calories.print.palette import STYLES, rgb, text_on
from kcal.games.how_many_calories.print.picture import PLUS_ICON, icon_of
from kcal.games.how_many_calories.rules.domain import LIMITS, Card, Colour, kcal_text
from kcal.print import pictures
from kcal.print.cardface import POKER_H, banded_frame, dot_rows, scale, stripes
from kcal.print.cardface import card_clip as _card_clip
from kcal.print.cardface import fill as _fill
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import mm
from kcal.print.report import Report
from kcal.print.sheets import Box
from kcal.print.text import fit, width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: the panel inside the border band: x0, y0, x1, y1
Panel = tuple[float, float, float, float]
MIN_FACT_PT = 5.0  #: a card too small to print the fact this large leaves it out


@dataclass
class Context:
    """What drawing needs besides the card: where to report, and where each field came from."""

    report: Report = field(default_factory=Report)
    locate: Callable[[Card, str], str] = lambda card, key: f"card {card} {key}"


# --- frame ----------------------------------------------------------------------------------------


def pattern(c: Canvas, kind: str, x: float, y: float, w: float, h: float, ink: str, k: float) -> None:
    """Fill the area with the colour's pattern (drawn over the colour)."""
    if kind == "plain":
        return
    c.saveState()
    if kind == "dots":
        c.setStrokeColorRGB(*rgb(ink))
        dot_rows(c, x, y, w, h, mm(PATTERNS.dot_mm) * k, mm(PATTERNS.dot_step_mm) * k)
    elif kind == "stripes":  # dark stripes: they stay visible when a light colour prints as white
        c.setStrokeColorRGB(*rgb(ink))
        stripes(c, x, y, w, h, mm(PATTERNS.stripe_mm) * k, mm(PATTERNS.stripe_step_mm) * k)
    elif kind == "grid":
        c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(mm(PATTERNS.grid_mm) * k)
        step = mm(PATTERNS.grid_step_mm) * k
        segs = []
        xx = x + step / 2
        while xx < x + w:
            segs.append((xx, y, xx, y + h))
            xx += step
        yy = y + step / 2
        while yy < y + h:
            segs.append((x, yy, x + w, yy))
            yy += step
        c.lines(segs)
    c.restoreState()


def frame(c: Canvas, box: Box, fill: str, kind: str, ink: str) -> Panel:
    """The coloured, patterned border band (into the bleed) and the white panel inside it; returns
    the panel (x0, y0, x1, y1)."""
    k = scale(box)
    band = mm(FRAME.band_mm) * k
    return banded_frame(c, box, fill, palette.WHITE, band, band,
                        lambda x, y, w, h: pattern(c, kind, x, y, w, h, ink, k))


def _index(c: Canvas, panel: Panel, number_text: str, letter: str, style_fill: str, k: float) -> None:
    """The corner index: the number, and under it the colour's letter on its badge. Drawn at the top
    left and, turned half a turn about the card's centre, at the bottom right."""
    x0, _, x1, y1 = panel
    cx, cy = (panel[0] + panel[2]) / 2, (panel[1] + panel[3]) / 2
    for turn in (0, 180):
        c.saveState()
        c.translate(cx, cy)
        c.rotate(turn)
        c.translate(-cx, -cy)
        col = x0 + mm(INDEX.column_mm) * k
        _fill(c, palette.INK)
        size = INDEX.number_pt * k
        c.setFont(BOLD, size)
        c.drawCentredString(col, y1 - mm(INDEX.number_drop_mm) * k, number_text)
        if letter:
            r = mm(INDEX.badge_radius_mm) * k
            by = y1 - mm(INDEX.badge_drop_mm) * k
            _fill(c, style_fill)
            c.setStrokeColorRGB(*rgb(palette.INK))
            c.setLineWidth(INDEX.badge_ring_pt * k)
            c.circle(col, by, r, stroke=1, fill=1)
            _fill(c, text_on(style_fill))
            c.setFont(BOLD, INDEX.letter_pt * k)
            c.drawCentredString(col, by - INDEX.letter_pt * k * 0.36, letter)
        c.restoreState()
    _ = x1


def _plate(c: Canvas, cx: float, cy: float, r: float, pale: str, ring: str, text: str, k: float,
           icon: str | None = None) -> None:
    """The plate in the middle: the card's picture (docs/art.md) in its upper part, in the colour's dark
    shade, and the number (or +5) under it; without ``icon``, the number alone and bigger."""
    _fill(c, pale)
    c.setStrokeColorRGB(*rgb(ring))
    c.setLineWidth(PLATE.ring_pt * k)
    c.circle(cx, cy, r, stroke=1, fill=1)
    if icon is not None:
        picture_box(c, icon, cx, cy, r, ring)
        size = r * PLATE.pictured_number_of_radius
        baseline = cy - r * PLATE.pictured_number_drop_of_radius
    else:
        size = min(PLATE.number_pt * k, r * PLATE.number_of_radius)
        baseline = cy - size * 0.36
    _fill(c, palette.INK)
    c.setFont(BOLD, size)
    c.drawCentredString(cx, baseline, text)


def picture_box(c: Canvas, icon: str, cx: float, cy: float, r: float, ink: str) -> tuple[float, float, float, float]:
    """The card's picture in its square on the plate of radius ``r`` centred on ``(cx, cy)``; returns
    the square (x0, y0, x1, y1)."""
    side = r * PLATE.icon_of_radius
    x0 = cx - side / 2
    y0 = cy + r * PLATE.icon_rise_of_radius - side / 2
    return pictures.draw(c, icon, x0, y0, side, rgb(ink))


def _lines(c: Canvas, lines: Sequence[str], font: str, size: float, cx: float, top: float, leading: float,
           colour: str = palette.INK) -> float:
    """Centred lines from ``top`` down; returns the y below the last line."""
    _fill(c, colour)
    c.setFont(font, size)
    y = top
    for line in lines:
        y -= leading
        c.drawCentredString(cx, y + leading * 0.24, line)
    return y


# --- faces ----------------------------------------------------------------------------------------


def _plate_place(box: Box, panel: Panel, k: float) -> tuple[float, float]:
    """The plate's radius and centre height: under the top, a little lower on a taller card."""
    x0, _, x1, y1 = panel
    r = min(mm(PLATE.radius_mm) * k, (x1 - x0) * PLATE.radius_of_panel)
    return r, y1 - mm(PLATE.drop_mm) * k - r - (box.height - POKER_H * k) * PLATE.tall_drop


def draw_food(c: Canvas, box: Box, food: FoodCard, ctx: Context) -> None:
    """A food card's front."""
    k = scale(box)
    style = STYLES[food.colour]
    card = food.card
    panel = frame(c, box, style.fill, style.pattern, style.dark)
    x0, y0, x1, y1 = panel
    cx = (x0 + x1) / 2
    number = str(food.number)
    _index(c, panel, number, style.letter, style.fill, k)
    _fill(c, style.dark)
    c.setFont(BOLD, HEADING.size_pt * k)
    c.drawCentredString(cx, y1 - mm(HEADING.baseline_drop_mm) * k, food.colour.value.upper())
    r, plate_y = _plate_place(box, panel, k)
    _plate(c, cx, plate_y, r, style.pale, style.dark, number, k, icon_of(food))
    _texts(c, panel, plate_y - r - mm(PLATE.below_mm) * k, k, food.food, kcal_text(card.kcal), food.serving, food.fact,
           ctx, card)


def _texts(c: Canvas, panel: Panel, top: float, k: float, title: str, kcal: str, serving: str, fact: str | None,
           ctx: Context, card: Card | None) -> None:
    x0, y0, x1, _ = panel
    cx = (x0 + x1) / 2

    def where(key: str) -> str:
        return ctx.locate(card, key) if card is not None else f"+5 card {key}"

    name = printable(title, where("food"), ctx.report)
    f = fit(name, BOLD, TEXTS.food_pt * k, TEXTS.food_smallest_pt * k, (x1 - x0) - mm(TEXTS.margin_mm) * k,
            TEXTS.food_lines, where=where("food"), report=ctx.report)
    y = _lines(c, f.lines, BOLD, f.size, cx, top, f.size * TEXTS.food_leading)
    y = _lines(c, [kcal], BOLD, TEXTS.kcal_pt * k, cx, y - mm(TEXTS.kcal_gap_mm) * k,
               TEXTS.kcal_pt * k * TEXTS.kcal_leading)
    if serving:
        y = _block(c, panel, printable(serving, where("serving"), ctx.report), TEXTS.serving_pt * k,
                   TEXTS.serving_smallest_pt * k, TEXTS.serving_lines, y - mm(TEXTS.serving_gap_mm) * k, k,
                   where("serving"), ctx.report)
    if fact and TEXTS.fact_pt * k >= MIN_FACT_PT:  # on small cards the fact gives way; the rest stays legible
        _block(c, panel, printable(fact, where("fact"), ctx.report), TEXTS.fact_pt * k, TEXTS.fact_smallest_pt * k,
               TEXTS.fact_lines, y - mm(TEXTS.fact_gap_mm) * k, k, where("fact"), ctx.report, "#4a4a4a")


def _block(c: Canvas, panel: Panel, text: str, size: float, smallest: float, max_lines: int, top: float, k: float, where: str,
           report: Report, colour: str = palette.INK) -> float:
    """Centred text from ``top`` down: across the panel when it ends above the corner index at the
    bottom right, else in the narrower column clear of it. Returns the y below it."""
    x0, y0, x1, _ = panel
    index_top = y0 + mm(BLOCK.index_top_mm) * k
    room = max(1, min(max_lines, int((top - (y0 + mm(BLOCK.foot_mm) * k)) // (size * BLOCK.leading))))
    wide = fit(text, REGULAR, size, smallest, (x1 - x0) - mm(BLOCK.margin_mm) * k, room)
    if len(wide.lines) == 2 and " (" in text:  # a serving breaks before its "(~N kcal)", never inside it
        head, _, tail = text.rpartition(" (")
        parts = (head, "(" + tail)
        if all(width(p, REGULAR, wide.size) <= (x1 - x0) - mm(BLOCK.margin_mm) * k for p in parts):
            wide = wide._replace(lines=parts)
    if wide.complete and top - len(wide.lines) * wide.size * BLOCK.leading >= index_top:
        f = wide
    else:
        f = fit(text, REGULAR, size, smallest, (x1 - x0) - 2 * mm(BLOCK.index_column_mm) * k, room, where=where,
                report=report)
    return _lines(c, f.lines, REGULAR, f.size, (x0 + x1) / 2, top, f.size * BLOCK.leading, colour)


def draw_plus(c: Canvas, box: Box, plus: int, ctx: Context, icon: str = PLUS_ICON) -> None:
    """The +5 card's front: what it does, in a few words."""
    k = scale(box)
    panel = frame(c, box, palette.PLUS_FILL, "plain", palette.WHITE)
    x0, y0, x1, y1 = panel
    cx = (x0 + x1) / 2
    label = f"+{plus}"
    _index(c, panel, label, "", palette.PLUS_FILL, k)
    r, plate_y = _plate_place(box, panel, k)
    _plate(c, cx, plate_y, r, palette.PLUS_PALE, palette.PLUS_FILL, label, k, icon)
    rules = [f"Play it on a card whose colour differs from the start player's card: that card counts {plus} more.",
             "It is never eaten: take it back after the trick.", "One for each player; use it as often as you like."]
    top = plate_y - r - mm(PLATE.below_mm) * k
    y = _lines(c, [f"the {label} card"], BOLD, PLUS.title_pt * k, cx, top, PLUS.title_pt * k * PLUS.title_leading)
    for rule in rules:
        y = _block(c, panel, rule, PLUS.rule_pt * k, PLUS.rule_smallest_pt * k, PLUS.rule_lines,
                    y - mm(PLUS.rule_gap_mm) * k, k, "+5 card text", ctx.report)
    _ = y0


def draw_back(c: Canvas, box: Box, foods: Sequence[FoodCard], plus: int, ctx: Context, title: str = "How many Calories?") -> None:
    """The common back: the set's composition chart, every card by colour and number."""
    k = scale(box)
    c.saveState()
    _card_clip(c, box)
    ox, oy, ow, oh = box.outer
    _fill(c, palette.BACK_FILL)
    c.rect(ox, oy, ow, oh, stroke=0, fill=1)
    c.restoreState()
    inset = mm(BACK.inset_mm) * k
    px0, py0, px1, py1 = box.x + inset, box.y + inset, box.x + box.width - inset, box.y + box.height - inset
    _fill(c, palette.BACK_PANEL)
    c.roundRect(px0, py0, px1 - px0, py1 - py0, max(box.radius - inset, mm(BACK.min_radius_mm) * k), stroke=0, fill=1)
    cx = (px0 + px1) / 2
    head = printable(title, "card set name", ctx.report)
    f = fit(head, BOLD, BACK.title_pt * k, BACK.title_smallest_pt * k, (px1 - px0) - mm(BACK.title_margin_mm) * k, 1,
            where="card set name", report=ctx.report)
    y = _lines(c, f.lines, BOLD, f.size, cx, py1 - mm(BACK.title_drop_mm) * k, f.size * BACK.leading, palette.BACK_FILL)
    y = _lines(c, [f"the {len(foods)} food cards"], REGULAR, BACK.subtitle_pt * k, cx, y,
               BACK.subtitle_pt * k * BACK.leading, palette.BACK_FILL)
    foot = [f"number x 100 = kcal · one +{plus} card per player",
            f"limit: {kcal_text(LIMITS[4])} (4 players), {kcal_text(LIMITS[3])} (3)"]
    foot_h = BACK.foot_lines * BACK.foot_pt * k * BACK.leading
    _chart(c, foods, px0 + mm(BACK.chart_margin_mm) * k, py0 + mm(BACK.foot_rise_mm) * k + foot_h
           + mm(BACK.chart_gap_mm) * k, px1 - mm(BACK.chart_margin_mm) * k, y - mm(BACK.chart_top_gap_mm) * k, k)
    _lines(c, foot, REGULAR, BACK.foot_pt * k, cx, py0 + mm(BACK.foot_rise_mm) * k + foot_h,
           BACK.foot_pt * k * BACK.leading, palette.BACK_FILL)


def _chart(c: Canvas, foods: Sequence[FoodCard], x0: float, y0: float, x1: float, y1: float, k: float) -> None:
    """Four columns (one per colour, headed by its letter on its pattern), the numbers in order."""
    columns = {colour: sorted(f.number for f in foods if f.colour is colour) for colour in Colour}
    ncols = len(columns)
    nrows = max((len(v) for v in columns.values()), default=0) + 1
    col_w = (x1 - x0) / ncols
    row_h = (y1 - y0) / max(nrows, 1)
    chip_w, chip_h = col_w * CHART.chip_of_column, row_h * CHART.chip_of_row
    for i, (colour, numbers) in enumerate(columns.items()):
        style = STYLES[colour]
        ccx = x0 + col_w * (i + 0.5)
        top = y1 - row_h / 2
        # header: the colour's pattern chip with its letter
        c.saveState()
        p = c.beginPath()
        p.roundRect(ccx - chip_w / 2, top - chip_h / 2, chip_w, chip_h, chip_h * CHART.corner)
        c.clipPath(p, stroke=0, fill=0)
        _fill(c, style.fill)
        c.rect(ccx - chip_w / 2, top - chip_h / 2, chip_w, chip_h, stroke=0, fill=1)
        pattern(c, style.pattern, ccx - chip_w / 2, top - chip_h / 2, chip_w, chip_h, style.dark, k * CHART.pattern_scale)
        c.restoreState()
        size = min(chip_h * CHART.letter_of_chip, CHART.letter_pt * k)
        badge = size * CHART.badge_of_letter
        _fill(c, palette.WHITE)
        c.circle(ccx, top, badge, stroke=0, fill=1)
        _fill(c, palette.INK)
        c.setFont(BOLD, size)
        c.drawCentredString(ccx, top - size * 0.36, style.letter)
        for j, n in enumerate(numbers, 1):
            yy = y1 - row_h * (j + 0.5)
            _fill(c, style.fill)
            c.roundRect(ccx - chip_w / 2, yy - chip_h / 2, chip_w, chip_h, chip_h * CHART.corner, stroke=0, fill=1)
            _fill(c, text_on(style.fill))
            c.setFont(BOLD, size)
            c.drawCentredString(ccx, yy - size * 0.36, str(n))
