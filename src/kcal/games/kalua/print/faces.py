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

from kcal.games.kalua.files.models import CardEntry, HelpCard
from kcal.games.kalua.print import palette
from kcal.games.kalua.print.palette import STYLES, text_on
from kcal.games.kalua.rules.cardtext import card_lines
from kcal.games.kalua.rules.domain import DOUBLE_COST, PROTECTION_COST, EffectKind, Kind, Target
from kcal.print.cardface import banded_frame, dot_rows, scale, stripes
from kcal.print.cardface import card_clip as _card_clip
from kcal.print.cardface import fill as _fill
from kcal.print.cardface import stroke as _stroke
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import mm
from kcal.print.report import Report
from kcal.print.sheets import Box
from kcal.print.text import fit

MIN_FLAVOUR_PT = 5.0  #: a card too small to print the flavour text this large leaves it out


@dataclass
class Context:
    """What drawing needs besides the card: where to report, and where each field came from."""

    report: Report = field(default_factory=Report)
    locate: Callable[[str, str], str] = lambda name, key: f"card {name} {key}"


def pattern(c, kind: str, x: float, y: float, w: float, h: float, ink: str, k: float) -> None:
    """Fill the area with a kind's pattern (drawn over its colour)."""
    if kind == "plain":
        return
    c.saveState()
    _stroke(c, ink)
    if kind == "dots":
        dot_rows(c, x, y, w, h, mm(0.8) * k, mm(2.0) * k)
    elif kind == "stripes":
        stripes(c, x, y, w, h, mm(0.55) * k, mm(2.2) * k)
    elif kind == "rays":
        c.setLineWidth(mm(0.8) * k)
        cx, cy = x + w / 2, y + h / 2
        r = math.hypot(w, h)
        c.lines([(cx, cy, cx + r * math.cos(a * math.pi / 18), cy + r * math.sin(a * math.pi / 18))
                 for a in range(0, 36, 2)])
    c.restoreState()


def frame(c, box: Box, fill: str, kind: str, ink: str) -> tuple[float, float, float, float]:
    """The coloured, patterned border band (into the bleed) and the white panel inside it; returns
    the panel (x0, y0, x1, y1)."""
    k = scale(box)
    return banded_frame(c, box, fill, palette.WHITE, mm(3.2) * k, mm(6.5) * k,
                        lambda x, y, w, h: pattern(c, kind, x, y, w, h, ink, k))


# --- icons: the rulebook's effect icons, drawn as vectors ------------------------------------------


def flower(c, cx: float, cy: float, r: float) -> None:
    """Happiness: five petals round a yellow heart."""
    _fill(c, palette.FLOWER)
    _stroke(c, palette.INK)
    c.setLineWidth(max(0.3, r * 0.06))
    for i in range(5):
        a = math.pi / 2 + i * 2 * math.pi / 5
        c.circle(cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a), r * 0.42, stroke=1, fill=1)
    _fill(c, "#ffd21f")
    c.circle(cx, cy, r * 0.33, stroke=1, fill=1)


def praying_point(c, cx: float, cy: float, r: float) -> None:
    """A praying point: the black-and-white circle."""
    _stroke(c, palette.INK)
    c.setLineWidth(max(0.3, r * 0.08))
    _fill(c, palette.WHITE)
    c.circle(cx, cy, r, stroke=1, fill=1)
    _fill(c, palette.INK)
    c.wedge(cx - r, cy - r, cx + r, cy + r, 90, 180, stroke=0, fill=1)
    c.circle(cx, cy, r, stroke=1, fill=0)


def meeple(c, cx: float, cy: float, h: float, fill: str, crown: bool = False) -> None:
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


def small_card(c, cx: float, cy: float, h: float, mark: str) -> None:
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


def arrow(c, x0: float, y0: float, x1: float, y1: float, w: float) -> None:
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


def effect_icon(c, kind: str, cx: float, cy: float, size: float) -> None:
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


def _amount(effect) -> str:
    amount = getattr(effect, "amount", None)
    if amount is None:
        return ""
    kind = EffectKind(effect.kind)
    if kind in (EffectKind.FAMILY_DEATHS, EffectKind.FAMILIES_TO_ATHEISM, EffectKind.DISCARD):
        return f"\u2212{amount}"  # a loss for the god it touches
    return f"+{amount}" if amount > 0 else f"\u2212{-amount}"


_WHOM = {Target.SELF: "you", Target.CHOSEN: "one god", Target.EVERYONE: "everyone"}


# --- text ---------------------------------------------------------------------------------------


def _lines(c, lines: Sequence[str], font: str, size: float, cx: float, top: float, leading: float,
           colour: str = palette.INK) -> float:
    """Centred lines from ``top`` down; returns the y below the last line."""
    _fill(c, colour)
    c.setFont(font, size)
    y = top
    for line in lines:
        y -= leading
        c.drawCentredString(cx, y + leading * 0.24, line)
    return y


def _cost_badge(c, x: float, y: float, r: float, text: str, k: float) -> None:
    """The PP cost: a praying point with the number beside it, on a white disc."""
    _fill(c, palette.WHITE)
    _stroke(c, palette.INK)
    c.setLineWidth(0.6 * k)
    c.circle(x, y, r, stroke=1, fill=1)
    _fill(c, palette.INK)
    size = r * 1.15
    c.setFont(BOLD, size)
    c.drawCentredString(x, y - size * 0.36, text)
    praying_point(c, x + r * 0.82, y - r * 0.82, r * 0.38)


# --- faces ----------------------------------------------------------------------------------------


def draw_action(c, box: Box, card: CardEntry, ctx: Context) -> None:
    """An action card's front."""
    k = scale(box)
    style = STYLES[card.kind]
    panel = frame(c, box, style.fill, style.pattern, style.ink)
    x0, y0, x1, y1 = panel
    cx = (x0 + x1) / 2
    # the band: the kind's word, in the colour that reads on the band
    band_top = box.y + box.height
    word_size = 7.2 * k
    c.saveState()
    _fill(c, style.fill)
    wide = c.stringWidth(style.word, BOLD, word_size) + mm(3) * k
    c.roundRect(cx - wide / 2, band_top - mm(5.6) * k, wide, mm(4.4) * k, mm(1.2) * k, stroke=0, fill=1)
    _fill(c, text_on(style.fill))
    c.setFont(BOLD, word_size)
    c.drawCentredString(cx, band_top - mm(4.6) * k, style.word)
    c.restoreState()
    # the cost
    r = mm(4.2) * k
    cost_text = "0" if card.kind is Kind.GLOBAL else str(card.cost)
    _cost_badge(c, x0 + r + mm(0.8) * k, y1 - r - mm(0.8) * k, r, cost_text, k)
    # the name, clear of the badge
    where = ctx.locate(card.name, "name")
    name = printable(card.name, where, ctx.report, BOLD)
    name_w = (x1 - x0) - 2 * (2 * r + mm(1.6) * k)
    f = fit(name, BOLD, 11.5 * k, 6.5 * k, name_w, 2, where=where, report=ctx.report)
    top = y1 - mm(1.2) * k if len(f.lines) > 1 else y1 - mm(2.6) * k
    y = _lines(c, f.lines, BOLD, f.size, cx, top, f.size * 1.12)
    y = min(y, y1 - 2 * r - mm(1.6) * k)
    # the effects in words (measured first: the plate of icons takes the room that is left)
    lines = [line[0].upper() + line[1:] for line in card_lines(card)]
    text_w = (x1 - x0) - mm(3.5) * k
    bottom = y0 + mm(1.5) * k
    flavour = card.text if card.text and 6.2 * k >= MIN_FLAVOUR_PT else None
    flavour_room = 2 * 6.2 * k * 1.15 + mm(2.5) * k if flavour else 0
    plate_min, plate_max = mm(16) * k, mm(36) * k
    room = y - mm(2.2) * k - plate_min - bottom - flavour_room
    gap = mm(0.7) * k

    def text_height(size: float) -> tuple[float, bool]:
        wrapped = [fit(line, REGULAR, size, size, text_w, 5) for line in lines]
        height = sum(len(w.lines) for w in wrapped) * size * 1.16 + (len(lines) - 1) * gap
        return height, all(w.complete for w in wrapped)

    size = 8.0 * k
    while size > 5.0 * k:  # the largest size at which every effect fits in the room
        height, complete = text_height(size)
        if complete and height <= room:
            break
        size -= 0.25 * k
    height, _ = text_height(size)
    plate_h = max(plate_min, min(plate_max, y - mm(2.2) * k - bottom - flavour_room - height - mm(2) * k))
    plate_w = (x1 - x0) - mm(4) * k
    py = y - mm(1) * k - plate_h
    _fill(c, style.pale)
    _stroke(c, style.dark)
    c.setLineWidth(0.9 * k)
    c.roundRect(cx - plate_w / 2, py, plate_w, plate_h, mm(2) * k, stroke=1, fill=1)
    items = [(e, False) for e in card.effects] + [(e, True) for e in card.while_kept]
    slot = plate_w / max(1, len(items))
    icon = min(slot * 0.62, plate_h * 0.46, mm(13) * k)
    for i, (e, kept) in enumerate(items):
        sx = cx - plate_w / 2 + slot * (i + 0.5)
        amount = _amount(e)
        label_h = mm(3.2) * k
        amount_size = min(13 * k, slot * 0.3, plate_h * 0.24) if amount else 0.0
        inner = plate_h - label_h
        effect_icon(c, e.kind, sx, py + label_h + inner * (0.62 if amount else 0.5), icon)
        if amount:
            _fill(c, palette.INK)
            c.setFont(BOLD, amount_size)
            c.drawCentredString(sx, py + label_h + inner * 0.2 - amount_size * 0.36, amount)
        whom = "phase 5" if kept else _WHOM[e.target]
        _fill(c, style.dark)
        c.setFont(BOLD, 5.8 * k)
        c.drawCentredString(sx, py + mm(1.4) * k, whom)
    free = py - mm(1.2) * k - (bottom + flavour_room) - height
    y = py - mm(1.2) * k - max(0.0, free) * 0.35  # the words sit a little below the plate, not at the foot
    for line in lines:
        w = fit(line, REGULAR, size, size * 0.9, text_w, 5, where=ctx.locate(card.name, "effects"),
                report=ctx.report)
        y = _lines(c, w.lines, REGULAR, w.size, cx, y, w.size * 1.16) - gap
    if flavour:
        where = ctx.locate(card.name, "text")
        text = printable(flavour, where, ctx.report)
        f = fit(text, REGULAR, 6.2 * k, 5.0 * k, text_w, 2, where=where, report=ctx.report)
        top = bottom + len(f.lines) * f.size * 1.15
        _stroke(c, style.fill)
        c.setLineWidth(0.5 * k)
        c.line(cx - mm(8) * k, top + mm(0.9) * k, cx + mm(8) * k, top + mm(0.9) * k)
        _lines(c, f.lines, REGULAR, f.size, cx, top, f.size * 1.15, palette.MUTED)


def draw_help(c, box: Box, help_card: HelpCard, index: int, ctx: Context) -> None:
    """A player help card: the god's colour on the band, the turn in short lines."""
    k = scale(box)
    fill = palette.GODS[help_card.colour]
    panel = frame(c, box, fill, "plain", palette.INK)
    x0, y0, x1, y1 = panel
    cx = (x0 + x1) / 2
    _fill(c, text_on(fill))
    c.setFont(BOLD, 7.2 * k)
    c.drawCentredString(cx, box.y + box.height - mm(4.6) * k, f"PLAYER HELP · {help_card.colour.upper()}")
    where = ctx.locate(f"help card {index + 1}", "title")
    title = printable(help_card.title, where, ctx.report, BOLD)
    f = fit(title, BOLD, 10.5 * k, 6.5 * k, (x1 - x0) - mm(3) * k, 1, where=where, report=ctx.report)
    y = _lines(c, f.lines, BOLD, f.size, cx, y1 - mm(1) * k, f.size * 1.2)
    texts = [printable(t, ctx.locate(f"help card {index + 1}", f"lines[{i}]"), ctx.report)
             for i, t in enumerate(help_card.lines)]
    text_w = (x1 - x0) - mm(3) * k
    room = y - (y0 + mm(1.5) * k)
    size = 7.8 * k
    while size > 4.6 * k:  # measured in bold: the heads are bold, the rest fits the same lines
        wrapped = [fit(t, BOLD, size, size, text_w, 6) for t in texts]
        if all(w.complete for w in wrapped) and sum(len(w.lines) for w in wrapped) * size * 1.14 \
                + len(texts) * mm(1.0) * k <= room:
            break
        size -= 0.25 * k
    left = x0 + mm(1.5) * k
    for i, t in enumerate(texts):
        w = fit(t, BOLD, size, size * 0.9, text_w, 6, where=ctx.locate(f"help card {index + 1}", f"lines[{i}]"),
                report=ctx.report)
        y -= mm(1.0) * k
        for j, line in enumerate(w.lines):
            y -= w.size * 1.14
            _fill(c, palette.INK)
            head, colon, rest = line.partition(":")
            if not colon and line[:1].isdigit():  # "2 Leaders, from ...": the phase in bold
                head, colon, rest = line.partition(",")
            if j == 0 and colon and len(head) <= 24:  # "1 Draw:", "Any time:" in bold, the rest plain
                c.setFont(BOLD, w.size)
                c.drawString(left, y + w.size * 0.26, head + colon)
                c.setFont(REGULAR, w.size)
                c.drawString(left + c.stringWidth(head + colon, BOLD, w.size), y + w.size * 0.26, rest)
            else:
                c.setFont(REGULAR, w.size)
                c.drawString(left, y + w.size * 0.26, line)


def _back_title(c, box: Box, title: str, word: str, ink: str, k: float, report: Report) -> None:
    cx, cy = box.cx, box.cy
    _fill(c, palette.WHITE)
    _stroke(c, ink)
    c.setLineWidth(1.4 * k)
    r = mm(20) * k
    c.circle(cx, cy, r, stroke=1, fill=1)
    head = printable(title, "card set name", report, BOLD)
    f = fit(head, BOLD, 15 * k, 7 * k, 2 * r - mm(4) * k, 1, where="card set name", report=report)
    _fill(c, palette.INK)
    c.setFont(BOLD, f.size)
    c.drawCentredString(cx, cy + mm(1) * k, f.lines[0])
    c.setFont(BOLD, 8.5 * k)
    _fill(c, ink)
    c.drawCentredString(cx, cy - mm(6) * k, word)


def draw_bonus_back(c, box: Box, title: str, report: Report) -> None:
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
    flower(c, box.cx, box.cy + mm(10) * k, mm(4.5) * k)


def draw_disaster_back(c, box: Box, title: str, report: Report) -> None:
    """The disaster deck's back (local and global disasters): dark, with stripes and a volcano."""
    k = scale(box)
    c.saveState()
    _card_clip(c, box)
    ox, oy, ow, oh = box.outer
    _fill(c, palette.DISASTER_BACK)
    c.rect(ox, oy, ow, oh, stroke=0, fill=1)
    pattern(c, "stripes", ox, oy, ow, oh, palette.DISASTER_BACK_INK, k * 1.6)
    c.restoreState()
    _back_title(c, box, title, "DISASTER", palette.DISASTER_BACK_INK, k, report)
    # a small volcano above the word
    cx, base = box.cx, box.cy + mm(6) * k
    p = c.beginPath()
    p.moveTo(cx - mm(7) * k, base)
    p.lineTo(cx - mm(2) * k, base + mm(8) * k)
    p.lineTo(cx + mm(2) * k, base + mm(8) * k)
    p.lineTo(cx + mm(7) * k, base)
    p.close()
    _fill(c, "#6b4a3a")
    _stroke(c, palette.INK)
    c.setLineWidth(0.6 * k)
    c.drawPath(p, stroke=1, fill=1)
    _fill(c, "#e2572b")
    c.circle(cx, base + mm(10) * k, mm(1.8) * k, stroke=0, fill=1)
    c.circle(cx - mm(2.2) * k, base + mm(11.5) * k, mm(1.2) * k, stroke=0, fill=1)
    c.circle(cx + mm(2.2) * k, base + mm(11.8) * k, mm(1.0) * k, stroke=0, fill=1)


def draw_help_back(c, box: Box, help_card: HelpCard, title: str, report: Report) -> None:
    """A help card's back: its god's colour, a leader, the word."""
    k = scale(box)
    fill = palette.GODS[help_card.colour]
    c.saveState()
    _card_clip(c, box)
    _fill(c, fill)
    c.rect(*box.outer, stroke=0, fill=1)
    c.restoreState()
    _back_title(c, box, title, help_card.colour.upper(), palette.INK, k, report)
    meeple(c, box.cx, box.cy + mm(11) * k, mm(9) * k, fill, crown=True)


def payments_text() -> str:
    return f"pay 0 · {PROTECTION_COST} PP: protected · {DOUBLE_COST} PP: double"
