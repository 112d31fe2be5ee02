"""The printed faces of Kalua: an action card, a player help card, and the backs.

Every face is drawn in the box the shared imposition gives (:class:`kcal.print.sheets.Box`), so the
same code prints poker, bridge, tarot, mini or any custom size; sizes scale with the card (the design
is drawn for poker, 63 x 88 mm). An action card: the kind's word on its patterned band, the PP cost in
the top left corner (a global disaster shows its three payments instead), the name, a plate with one
icon per effect and its amount (the rulebook's icons: the flower for happiness, the black-and-white
circle for PP, families, cards, the leader), then every effect in words (from the data,
:mod:`kcal.games.kalua.rules.cardtext`) and the flavour text. The bonus deck and the disaster deck have
different backs (the rulebook's two draw piles); a help card's back is its god's colour.

Data strings are drawn with ``drawString`` after the glyph check (:func:`kcal.print.fonts.printable`):
nothing is read as markup, and a character the font lacks is reported with where it came from.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from kcal.games.kalua.files.models import CardEntry, Effect, HelpCard
from kcal.games.kalua.print import palette
from kcal.games.kalua.print.layout import (
    BACK,
    COST,
    EFFECTS,
    FLAVOUR,
    FRAME,
    HELP,
    KIND_WORD,
    NAME,
    PATTERNS,
    PICTURE,
    PLATE,
    VOLCANO,
)
from kcal.games.kalua.print.palette import STYLES, Style, rgb, text_on
from kcal.games.kalua.print.picture import help_icon_of, icon_of
from kcal.games.kalua.rules.cardtext import card_lines
from kcal.games.kalua.rules.domain import EffectKind, Kind, Target
from kcal.print import pictures
from kcal.print.cardface import banded_frame, dot_rows, scale, stripes
from kcal.print.cardface import card_clip as _card_clip
from kcal.print.cardface import fill as _fill
from kcal.print.cardface import stroke as _stroke
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import mm
from kcal.print.report import Report
from kcal.print.sheets import Box
from kcal.print.text import fit

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MIN_FLAVOUR_PT = 5.0  #: a card too small to print the flavour text this large leaves it out


@dataclass
class Context:
    """What drawing needs besides the card: where to report, and where each field came from."""

    report: Report = field(default_factory=Report)
    locate: Callable[[str, str], str] = lambda name, key: f"card {name} {key}"


def pattern(c: Canvas, kind: str, x: float, y: float, w: float, h: float, ink: str, k: float) -> None:
    """Fill the area with a kind's pattern (drawn over its colour)."""
    if kind == "plain":
        return
    c.saveState()
    _stroke(c, ink)
    if kind == "dots":
        dot_rows(c, x, y, w, h, mm(PATTERNS.dot_mm) * k, mm(PATTERNS.dot_step_mm) * k)
    elif kind == "stripes":
        stripes(c, x, y, w, h, mm(PATTERNS.stripe_mm) * k, mm(PATTERNS.stripe_step_mm) * k)
    elif kind == "rays":
        c.setLineWidth(mm(PATTERNS.ray_mm) * k)
        cx, cy = x + w / 2, y + h / 2
        r = math.hypot(w, h)
        c.lines([(cx, cy, cx + r * math.cos(a * math.pi / 18), cy + r * math.sin(a * math.pi / 18))
                 for a in range(0, 36, 2)])
    c.restoreState()


def frame(c: Canvas, box: Box, fill: str, kind: str, ink: str) -> tuple[float, float, float, float]:
    """The coloured, patterned border band (into the bleed) and the white panel inside it; returns
    the panel (x0, y0, x1, y1)."""
    k = scale(box)
    return banded_frame(c, box, fill, palette.WHITE, mm(FRAME.band_mm) * k, mm(FRAME.top_band_mm) * k,
                        lambda x, y, w, h: pattern(c, kind, x, y, w, h, ink, k))


# --- icons: the rulebook's effect icons, drawn as vectors ------------------------------------------


def flower(c: Canvas, cx: float, cy: float, r: float) -> None:
    """Happiness: five petals round a yellow heart."""
    _fill(c, palette.FLOWER)
    _stroke(c, palette.INK)
    c.setLineWidth(max(0.3, r * 0.06))
    for i in range(5):
        a = math.pi / 2 + i * 2 * math.pi / 5
        c.circle(cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a), r * 0.42, stroke=1, fill=1)
    _fill(c, "#ffd21f")
    c.circle(cx, cy, r * 0.33, stroke=1, fill=1)


def praying_point(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A praying point: the black-and-white circle."""
    _stroke(c, palette.INK)
    c.setLineWidth(max(0.3, r * 0.08))
    _fill(c, palette.WHITE)
    c.circle(cx, cy, r, stroke=1, fill=1)
    _fill(c, palette.INK)
    c.wedge(cx - r, cy - r, cx + r, cy + r, 90, 180, stroke=0, fill=1)
    c.circle(cx, cy, r, stroke=1, fill=0)


def meeple(c: Canvas, cx: float, cy: float, h: float, fill: str, crown: bool = False) -> None:
    """A family (or, with ``crown``, a leader): a head and a body, ``h`` tall, centred on (cx, cy)."""
    _fill(c, fill)
    _stroke(c, palette.INK)
    c.setLineWidth(max(0.3, h * 0.04))
    base = cy - h / 2
    head_r = h * 0.17
    c.circle(cx, base + h - head_r, head_r, stroke=1, fill=1)
    body_top = base + h - 2 * head_r - h * 0.04
    p = c.beginPath()
    p.moveTo(cx - h * 0.34, base)
    p.lineTo(cx + h * 0.34, base)
    p.curveTo(cx + h * 0.34, base + h * 0.3, cx + h * 0.22, body_top, cx, body_top)
    p.curveTo(cx - h * 0.22, body_top, cx - h * 0.34, base + h * 0.3, cx - h * 0.34, base)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    if crown:
        top = base + h + h * 0.02
        w = head_r * 1.3
        p = c.beginPath()
        p.moveTo(cx - w, top)
        p.lineTo(cx + w, top)
        p.lineTo(cx + w, top + h * 0.2)
        p.lineTo(cx + w / 2, top + h * 0.08)
        p.lineTo(cx, top + h * 0.22)
        p.lineTo(cx - w / 2, top + h * 0.08)
        p.lineTo(cx - w, top + h * 0.2)
        p.close()
        _fill(c, "#ffd21f")
        c.drawPath(p, stroke=1, fill=1)


def small_card(c: Canvas, cx: float, cy: float, h: float, mark: str) -> None:
    """A card (discard: crossed out; keep: with a pin)."""
    w = h * 0.7
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(max(0.3, h * 0.05))
    c.roundRect(cx - w / 2, cy - h / 2, w, h, h * 0.1, stroke=1, fill=1)
    if mark == "discard":
        c.line(cx - w / 2 + h * 0.12, cy - h / 2 + h * 0.12, cx + w / 2 - h * 0.12, cy + h / 2 - h * 0.12)
        c.line(cx - w / 2 + h * 0.12, cy + h / 2 - h * 0.12, cx + w / 2 - h * 0.12, cy - h / 2 + h * 0.12)
    else:  # keep: a pin through the top
        _fill(c, "#c0392b")
        c.circle(cx, cy + h * 0.28, h * 0.13, stroke=1, fill=1)
        c.line(cx, cy + h * 0.15, cx, cy - h * 0.15)


def arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float, w: float) -> None:
    _stroke(c, palette.INK)
    _fill(c, palette.INK)
    c.setLineWidth(w)
    c.line(x0, y0, x1, y1)
    a = math.atan2(y1 - y0, x1 - x0)
    s = w * 3.2
    p = c.beginPath()
    p.moveTo(x1 + math.cos(a) * s * 0.4, y1 + math.sin(a) * s * 0.4)
    p.lineTo(x1 + math.cos(a + 2.5) * s, y1 + math.sin(a + 2.5) * s)
    p.lineTo(x1 + math.cos(a - 2.5) * s, y1 + math.sin(a - 2.5) * s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def effect_icon(c: Canvas, kind: str, cx: float, cy: float, size: float) -> None:
    """The icon of an effect kind, ``size`` tall, centred on (cx, cy)."""
    k = EffectKind(kind)
    if k is EffectKind.HAPPINESS:
        flower(c, cx, cy, size * 0.48)
    elif k is EffectKind.PRAYING_POINTS:
        praying_point(c, cx, cy, size * 0.42)
    elif k is EffectKind.FAMILY_DEATHS:
        meeple(c, cx, cy, size * 0.9, palette.INK)
        _stroke(c, "#c0392b")
        c.setLineWidth(size * 0.1)
        d = size * 0.36
        c.line(cx - d, cy - d, cx + d, cy + d)
        c.line(cx - d, cy + d, cx + d, cy - d)
    elif k is EffectKind.FAMILIES_TO_ATHEISM:
        meeple(c, cx - size * 0.12, cy, size * 0.85, palette.WHITE)
        arrow(c, cx + size * 0.12, cy - size * 0.05, cx + size * 0.48, cy - size * 0.05, size * 0.06)
    elif k is EffectKind.ATHEISTS_CONVERT:
        meeple(c, cx + size * 0.12, cy, size * 0.85, palette.ATHEIST)
        arrow(c, cx - size * 0.5, cy - size * 0.05, cx - size * 0.16, cy - size * 0.05, size * 0.06)
    elif k is EffectKind.DISCARD:
        small_card(c, cx, cy, size * 0.85, "discard")
    elif k is EffectKind.KEEP:
        small_card(c, cx, cy, size * 0.85, "keep")
    else:
        meeple(c, cx, cy - size * 0.08, size * 0.75, palette.WHITE, crown=True)


def _amount(effect: Effect) -> str:
    amount = getattr(effect, "amount", None)
    if amount is None:
        return ""
    kind = EffectKind(effect.kind)
    if kind in (EffectKind.FAMILY_DEATHS, EffectKind.FAMILIES_TO_ATHEISM, EffectKind.DISCARD):
        return f"\u2212{amount}"  # a loss for the god it touches
    return f"+{amount}" if amount > 0 else f"\u2212{-amount}"


_WHOM = {Target.SELF: "you", Target.CHOSEN: "one god", Target.EVERYONE: "everyone"}


# --- text ---------------------------------------------------------------------------------------


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


def _cost_badge(c: Canvas, x: float, y: float, r: float, text: str, k: float) -> None:
    """The PP cost: a praying point with the number beside it, on a white disc."""
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(COST.ring_pt * k)
    c.circle(x, y, r, stroke=1, fill=1)
    _fill(c, palette.INK)
    size = r * 1.15
    c.setFont(BOLD, size)
    c.drawCentredString(x, y - size * 0.36, text)
    praying_point(c, x + r * 0.82, y - r * 0.82, r * 0.38)


# --- faces ----------------------------------------------------------------------------------------


class _Words(NamedTuple):
    """An action card's effects in words, measured before drawing: the plate takes the room left."""

    lines: list[str]
    width: float  #: the column
    size: float  #: the largest size at which every effect fits
    height: float
    gap: float  #: between two effects


def _kind_word(c: Canvas, band_top: float, cx: float, style: Style, k: float) -> None:
    """The band: the kind's word on its tab, in the colour that reads on the band."""
    word_size = KIND_WORD.size_pt * k
    c.saveState()
    _fill(c, style.fill)
    wide = c.stringWidth(style.word, BOLD, word_size) + mm(KIND_WORD.tab_pad_mm) * k
    c.roundRect(cx - wide / 2, band_top - mm(KIND_WORD.tab_drop_mm) * k, wide, mm(KIND_WORD.tab_h_mm) * k,
                mm(KIND_WORD.tab_radius_mm) * k, stroke=0, fill=1)
    _fill(c, text_on(style.fill))
    c.setFont(BOLD, word_size)
    c.drawCentredString(cx, band_top - mm(KIND_WORD.baseline_drop_mm) * k, style.word)
    c.restoreState()


def _cost(c: Canvas, card: CardEntry, x0: float, y1: float, k: float) -> float:
    """The cost badge in the panel's top left corner; returns its radius."""
    r = mm(COST.radius_mm) * k
    cost_text = "0" if card.kind is Kind.GLOBAL else str(card.cost)
    _cost_badge(c, x0 + r + mm(COST.inset_mm) * k, y1 - r - mm(COST.inset_mm) * k, r, cost_text, k)
    return r


def _name(c: Canvas, card: CardEntry, ctx: Context, x0: float, x1: float, y1: float, r: float, k: float) -> float:
    """The name, clear of the badge of radius ``r``; returns the y below it (and below the badge)."""
    cx = (x0 + x1) / 2
    where = ctx.locate(card.name, "name")
    name = printable(card.name, where, ctx.report, BOLD)
    gap = mm(NAME.badge_gap_mm) * k
    name_w = (x1 - x0) - 2 * (2 * r + gap)
    # a second line is as low as the praying point on the badge's lower right (it reaches 1.2 r past the
    # badge's centre): that line keeps clear of it
    below = (x1 - x0) - 2 * (mm(COST.inset_mm) * k + 2.2 * r + gap)
    widths = [name_w] + [min(name_w, below)] * (NAME.max_lines - 1)
    f = fit(name, BOLD, NAME.size_pt * k, NAME.smallest_pt * k, widths, NAME.max_lines, where=where,
            report=ctx.report)
    top = y1 - mm(NAME.top_two_lines_mm) * k if len(f.lines) > 1 else y1 - mm(NAME.top_one_line_mm) * k
    y = _lines(c, f.lines, BOLD, f.size, cx, top, f.size * NAME.leading)
    return min(y, y1 - 2 * r - mm(NAME.badge_gap_mm) * k)


def _flavour_room(flavour: str | None, k: float) -> float:
    """The height the flavour text (two lines and its rule) keeps at the foot."""
    return 2 * FLAVOUR.size_pt * k * FLAVOUR.leading + mm(FLAVOUR.room_gap_mm) * k if flavour else 0


def _measure_words(card: CardEntry, panel_w: float, y: float, bottom: float, flavour_room: float,
                   k: float) -> _Words:
    """The effects in words at the largest size that fits the room under the smallest plate."""
    lines = [line[0].upper() + line[1:] for line in card_lines(card)]
    text_w = panel_w - mm(EFFECTS.margin_mm) * k
    plate_min = mm(PLATE.min_mm) * k
    room = y - mm(PLATE.above_mm) * k - plate_min - bottom - flavour_room
    gap = mm(EFFECTS.gap_mm) * k

    def text_height(size: float) -> tuple[float, bool]:
        wrapped = [fit(line, REGULAR, size, size, text_w, EFFECTS.max_lines) for line in lines]
        height = sum(len(w.lines) for w in wrapped) * size * EFFECTS.leading + (len(lines) - 1) * gap
        return height, all(w.complete for w in wrapped)

    size = EFFECTS.size_pt * k
    while size > EFFECTS.smallest_pt * k:  # the largest size at which every effect fits in the room
        height, complete = text_height(size)
        if complete and height <= room:
            break
        size -= EFFECTS.step_pt * k
    height, _ = text_height(size)
    return _Words(lines, text_w, size, height, gap)


def _plate(c: Canvas, card: CardEntry, style: Style, cx: float, panel_w: float, y: float, bottom: float,
           flavour_room: float, height: float, k: float) -> float:
    """The plate of icons under the name (at ``y``), as tall as the words leave room for; returns its
    foot."""
    plate_min, plate_max = mm(PLATE.min_mm) * k, mm(PLATE.max_mm) * k
    plate_h = max(plate_min, min(plate_max, y - mm(PLATE.above_mm) * k - bottom - flavour_room - height
                                 - mm(PLATE.below_mm) * k))
    plate_w = panel_w - mm(PLATE.margin_mm) * k
    py = y - mm(PLATE.drop_mm) * k - plate_h
    _fill(c, style.pale)
    _stroke(c, style.dark)
    c.setLineWidth(PLATE.outline_pt * k)
    c.roundRect(cx - plate_w / 2, py, plate_w, plate_h, mm(PLATE.radius_mm) * k, stroke=1, fill=1)
    _plate_slots(c, card, style, cx - plate_w / 2, py, plate_w, plate_h, k)
    return py


def _plate_slots(c: Canvas, card: CardEntry, style: Style, left: float, py: float, plate_w: float,
                 plate_h: float, k: float) -> None:
    """One slot per effect (then per effect while kept): its icon, its amount and whom it touches."""
    items = [(e, False) for e in card.effects] + [(e, True) for e in card.while_kept]
    slot = plate_w / max(1, len(items))
    icon = min(slot * PLATE.icon_of_slot, plate_h * PLATE.icon_of_plate, mm(PLATE.icon_max_mm) * k)
    for i, (e, kept) in enumerate(items):
        sx = left + slot * (i + 0.5)
        amount = _amount(e)
        label_h = mm(PLATE.label_h_mm) * k
        amount_size = (min(PLATE.amount_pt * k, slot * PLATE.amount_of_slot, plate_h * PLATE.amount_of_plate)
                       if amount else 0.0)
        inner = plate_h - label_h
        effect_icon(c, e.kind, sx, py + label_h + inner * (PLATE.icon_rise if amount else PLATE.icon_rise_alone),
                    icon)
        if amount:
            _fill(c, palette.INK)
            c.setFont(BOLD, amount_size)
            c.drawCentredString(sx, py + label_h + inner * PLATE.amount_rise - amount_size * 0.36, amount)
        whom = "phase 5" if kept else _WHOM[e.target]
        _fill(c, style.dark)
        c.setFont(BOLD, PLATE.whom_pt * k)
        c.drawCentredString(sx, py + mm(PLATE.whom_baseline_mm) * k, whom)


def _effect_words(c: Canvas, card: CardEntry, ctx: Context, words: _Words, cx: float, py: float, bottom: float,
                  flavour_room: float, k: float) -> None:
    """The effects in words, a little below the plate (whose foot is ``py``), not at the card's foot."""
    free = py - mm(EFFECTS.below_plate_mm) * k - (bottom + flavour_room) - words.height
    y = py - mm(EFFECTS.below_plate_mm) * k - max(0.0, free) * EFFECTS.sink
    for line in words.lines:
        w = fit(line, REGULAR, words.size, words.size * EFFECTS.shrink, words.width, EFFECTS.max_lines,
                where=ctx.locate(card.name, "effects"), report=ctx.report)
        y = _lines(c, w.lines, REGULAR, w.size, cx, y, w.size * EFFECTS.leading) - words.gap


def _flavour(c: Canvas, card: CardEntry, flavour: str, ctx: Context, style: Style, cx: float, bottom: float,
             width: float, k: float) -> None:
    """The flavour text at the foot, under a short rule in the band's colour."""
    where = ctx.locate(card.name, "text")
    text = printable(flavour, where, ctx.report)
    f = fit(text, REGULAR, FLAVOUR.size_pt * k, FLAVOUR.smallest_pt * k, width, FLAVOUR.max_lines, where=where,
            report=ctx.report)
    top = bottom + len(f.lines) * f.size * FLAVOUR.leading
    _stroke(c, style.fill)
    c.setLineWidth(FLAVOUR.rule_pt * k)
    c.line(cx - mm(FLAVOUR.rule_half_mm) * k, top + mm(FLAVOUR.rule_gap_mm) * k,
           cx + mm(FLAVOUR.rule_half_mm) * k, top + mm(FLAVOUR.rule_gap_mm) * k)
    _lines(c, f.lines, REGULAR, f.size, cx, top, f.size * FLAVOUR.leading, palette.MUTED)


def draw_action(c: Canvas, box: Box, card: CardEntry, ctx: Context) -> None:
    """An action card's front."""
    k = scale(box)
    style = STYLES[card.kind]
    x0, y0, x1, y1 = frame(c, box, style.fill, style.pattern, style.ink)
    cx = (x0 + x1) / 2
    _kind_word(c, box.y + box.height, cx, style, k)
    r = _cost(c, card, x0, y1, k)
    y = picture_box(c, card, style, cx, _name(c, card, ctx, x0, x1, y1, r, k), k)
    bottom = y0 + mm(EFFECTS.foot_mm) * k
    flavour = card.text if card.text and FLAVOUR.size_pt * k >= MIN_FLAVOUR_PT else None
    flavour_room = _flavour_room(flavour, k)
    words = _measure_words(card, x1 - x0, y, bottom, flavour_room, k)
    py = _plate(c, card, style, cx, x1 - x0, y, bottom, flavour_room, words.height, k)
    _effect_words(c, card, ctx, words, cx, py, bottom, flavour_room, k)
    if flavour:
        _flavour(c, card, flavour, ctx, style, cx, bottom, words.width, k)


def picture_box(c: Canvas, card: CardEntry, style: Style, cx: float, y: float, k: float) -> float:
    """The card's picture (its event, docs/art.md) under the name (whose foot is ``y``), in the kind's
    dark colour; returns the picture's foot, where the plate of effects begins."""
    side = mm(PICTURE.size_mm) * k
    top = y - mm(PICTURE.gap_mm) * k
    pictures.draw(c, icon_of(card), cx - side / 2, top - side, side, rgb(style.dark))
    return top - side


def draw_help(c: Canvas, box: Box, help_card: HelpCard, index: int, ctx: Context) -> None:
    """A player help card: the god's colour on the band, the turn in short lines."""
    k = scale(box)
    fill = palette.GODS[help_card.colour]
    panel = frame(c, box, fill, "plain", palette.INK)
    x0, y0, x1, y1 = panel
    cx = (x0 + x1) / 2
    _fill(c, text_on(fill))
    c.setFont(BOLD, KIND_WORD.size_pt * k)
    c.drawCentredString(cx, box.y + box.height - mm(KIND_WORD.baseline_drop_mm) * k,
                        f"PLAYER HELP · {help_card.colour.upper()}")
    where = ctx.locate(f"help card {index + 1}", "title")
    title = printable(help_card.title, where, ctx.report, BOLD)
    icon, inset = mm(HELP.icon_mm) * k, mm(HELP.icon_inset_mm) * k
    title_w = (x1 - x0) - mm(HELP.margin_mm) * k - 2 * (icon + inset)  # centred, clear of the picture
    f = fit(title, BOLD, HELP.title_pt * k, HELP.title_smallest_pt * k, title_w, 1, where=where, report=ctx.report)
    top = y1 - mm(HELP.title_drop_mm) * k
    y = _lines(c, f.lines, BOLD, f.size, cx, top, f.size * HELP.title_leading)
    # centred on the title's line, so the turn below starts where it did without a picture
    pictures.draw(c, help_icon_of(help_card), x0 + inset, (top + y - icon) / 2, icon, rgb(palette.INK))
    texts = [printable(t, ctx.locate(f"help card {index + 1}", f"lines[{i}]"), ctx.report)
             for i, t in enumerate(help_card.lines)]
    text_w = (x1 - x0) - mm(HELP.margin_mm) * k
    size = _help_size(texts, text_w, y - (y0 + mm(HELP.foot_mm) * k), k)
    left = x0 + mm(HELP.indent_mm) * k
    for i, t in enumerate(texts):
        w = fit(t, BOLD, size, size * HELP.shrink, text_w, HELP.max_lines,
                where=ctx.locate(f"help card {index + 1}", f"lines[{i}]"), report=ctx.report)
        y -= mm(HELP.gap_mm) * k
        for j, line in enumerate(w.lines):
            y -= w.size * HELP.leading
            _help_line(c, line, j == 0, left, y + w.size * HELP.baseline, w.size)


def _help_size(texts: Sequence[str], text_w: float, room: float, k: float) -> float:
    """The largest size at which the turn's lines fit the room (measured in bold: the heads are bold,
    the rest fits the same lines)."""
    size = HELP.size_pt * k
    while size > HELP.smallest_pt * k:
        wrapped = [fit(t, BOLD, size, size, text_w, HELP.max_lines) for t in texts]
        if all(w.complete for w in wrapped) and sum(len(w.lines) for w in wrapped) * size * HELP.leading \
                + len(texts) * mm(HELP.gap_mm) * k <= room:
            break
        size -= HELP.step_pt * k
    return size


def _help_line(c: Canvas, line: str, first: bool, left: float, baseline: float, size: float) -> None:
    """One line of the turn; on a step's first line its head ("1 Draw:", "Any time:") is bold."""
    _fill(c, palette.INK)
    head, colon, rest = line.partition(":")
    if not colon and line[:1].isdigit():  # "2 Leaders, from ...": the phase in bold
        head, colon, rest = line.partition(",")
    if first and colon and len(head) <= HELP.head_chars:
        c.setFont(BOLD, size)
        c.drawString(left, baseline, head + colon)
        c.setFont(REGULAR, size)
        c.drawString(left + c.stringWidth(head + colon, BOLD, size), baseline, rest)
    else:
        c.setFont(REGULAR, size)
        c.drawString(left, baseline, line)


def _back_title(c: Canvas, box: Box, title: str, word: str, ink: str, k: float, report: Report) -> None:
    cx, cy = box.cx, box.cy
    _fill(c, palette.WHITE)
    _stroke(c, ink)
    c.setLineWidth(BACK.ring_pt * k)
    r = mm(BACK.disc_radius_mm) * k
    c.circle(cx, cy, r, stroke=1, fill=1)
    head = printable(title, "card set name", report, BOLD)
    f = fit(head, BOLD, BACK.title_pt * k, BACK.title_smallest_pt * k, 2 * r - mm(BACK.title_margin_mm) * k, 1,
            where="card set name", report=report)
    _fill(c, palette.INK)
    c.setFont(BOLD, f.size)
    c.drawCentredString(cx, cy + mm(BACK.title_rise_mm) * k, f.lines[0])
    c.setFont(BOLD, BACK.word_pt * k)
    _fill(c, ink)
    c.drawCentredString(cx, cy - mm(BACK.word_drop_mm) * k, word)


def draw_bonus_back(c: Canvas, box: Box, title: str, report: Report) -> None:
    """The bonus deck's back: light, with rays and a flower."""
    k = scale(box)
    c.saveState()
    _card_clip(c, box)
    ox, oy, ow, oh = box.outer
    _fill(c, palette.BONUS_BACK)
    c.rect(ox, oy, ow, oh, stroke=0, fill=1)
    pattern(c, "rays", ox, oy, ow, oh, palette.BONUS_BACK_INK, k)
    c.restoreState()
    _back_title(c, box, title, "BONUS", palette.BONUS_BACK_INK, k, report)
    flower(c, box.cx, box.cy + mm(BACK.flower_rise_mm) * k, mm(BACK.flower_radius_mm) * k)


def draw_disaster_back(c: Canvas, box: Box, title: str, report: Report) -> None:
    """The disaster deck's back (local and global disasters): dark, with stripes and a volcano."""
    k = scale(box)
    c.saveState()
    _card_clip(c, box)
    ox, oy, ow, oh = box.outer
    _fill(c, palette.DISASTER_BACK)
    c.rect(ox, oy, ow, oh, stroke=0, fill=1)
    pattern(c, "stripes", ox, oy, ow, oh, palette.DISASTER_BACK_INK, k * BACK.disaster_stripes)
    c.restoreState()
    _back_title(c, box, title, "DISASTER", palette.DISASTER_BACK_INK, k, report)
    _volcano(c, box.cx, box.cy + mm(VOLCANO.base_rise_mm) * k, k)


def _volcano(c: Canvas, cx: float, base: float, k: float) -> None:
    """A small volcano with its foot at ``base``, above the back's word."""
    p = c.beginPath()
    p.moveTo(cx - mm(VOLCANO.foot_half_mm) * k, base)
    p.lineTo(cx - mm(VOLCANO.crater_half_mm) * k, base + mm(VOLCANO.height_mm) * k)
    p.lineTo(cx + mm(VOLCANO.crater_half_mm) * k, base + mm(VOLCANO.height_mm) * k)
    p.lineTo(cx + mm(VOLCANO.foot_half_mm) * k, base)
    p.close()
    _fill(c, "#6b4a3a")
    _stroke(c, palette.INK)
    c.setLineWidth(VOLCANO.outline_pt * k)
    c.drawPath(p, stroke=1, fill=1)
    _fill(c, "#e2572b")
    for dx, rise, radius in VOLCANO.embers_mm:
        c.circle(cx + mm(dx) * k, base + mm(rise) * k, mm(radius) * k, stroke=0, fill=1)


def draw_help_back(c: Canvas, box: Box, help_card: HelpCard, title: str, report: Report) -> None:
    """A help card's back: its god's colour, a leader, the word."""
    k = scale(box)
    fill = palette.GODS[help_card.colour]
    c.saveState()
    _card_clip(c, box)
    _fill(c, fill)
    c.rect(*box.outer, stroke=0, fill=1)
    c.restoreState()
    _back_title(c, box, title, help_card.colour.upper(), palette.INK, k, report)
    meeple(c, box.cx, box.cy + mm(BACK.leader_rise_mm) * k, mm(BACK.leader_h_mm) * k, fill, crown=True)
