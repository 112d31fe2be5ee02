"""The printed faces of EcoLogic: Europe, drawn in the box the shared imposition gives.

A species card follows the rulebook's card description in its upper half: along the top line the seasonal
production (``3 2 2 1``, each number over its season: ``sp su au wi``) and the feeding-bonus icon for a
producer, or the consumption number and the food-type icons for a consumer, and at the right the
species-type icon in a circle; below the line the habitat icons (with the any-habitat and edge symbols) and
the victory points; then the name, the Latin name and the fact. The lower half holds the card's picture
(:func:`species_picture_box`, a named part of the layout) and the card's rules in words (:mod:`.cardwords`),
every symbol of the top named there. Icons are lettered chips; the symbol key card lists them all. The back
shows the species type, as the rulebook's backs do. Every data string passes the glyph check
(:func:`kcal.print.fonts.printable`) and is drawn with ``drawString``: nothing is read as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kcal.games.ecologic_europe.files.cardset import Species
from kcal.games.ecologic_europe.files.models import HumanCard, WeatherCard
from kcal.games.ecologic_europe.print.cardwords import (
    BONUS_LETTERS,
    EDGE_LETTERS,
    HABITAT_LETTERS,
    KEY_LINES,
    SEASON_LETTERS,
    TYPE_LETTERS,
    key_sections,
    species_rules,
)
from kcal.games.ecologic_europe.print.layout import (
    BACK,
    CHIP,
    EVENT,
    FRAME,
    KEY,
    PICTURE,
    SPECIES,
    TEXT,
)
from kcal.games.ecologic_europe.print.picture import KEY_ICON, event_icon, species_icon
from kcal.games.ecologic_europe.rules.domain import BOARD_HABITATS, FOOD_TYPES
from kcal.print import pictures
from kcal.print.cardface import card_clip as _clip
from kcal.print.cardface import fill as _fill
from kcal.print.cardface import scale
from kcal.print.colours import rgb, text_on
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import mm
from kcal.print.report import Report
from kcal.print.sheets import Box
from kcal.print.text import fit, wrap

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

INK = "#1f2a1f"
#: the chips' colours; their letters are :mod:`.cardwords`' (one spelling for the card and its key)
TYPE_COLOURS = {
    "herbaceous": "#6aa84f", "woody": "#38761d", "fungi": "#b4a17a", "insects": "#e69138",
    "invertebrates": "#a64d79", "fish": "#3d85c6", "amphibians": "#76a5af", "small-birds": "#f1c232",
    "big-birds": "#bf9000", "small-mammals": "#b45f06", "hoofed": "#783f04", "predators": "#990000",
    "plant-remains": "#999999", "animal-remains": "#666666",
}
HABITAT_COLOURS = {
    "deciduous": "#548235", "coniferous": "#274e13", "meadows": "#b6d7a8", "rivers": "#6fa8dc",
    "wetlands": "#45818e", "coastal": "#9fc5e8", "cities": "#999999", "mountains": "#7f6000", "any": "#ffffff",
}
BONUS_COLOURS = {"fruiting": "#cc0000", "seed": "#b7881f", "flowering": "#c27ba0", "grass": "#93c47d"}
EDGE_COLOUR = "#ffe599"
#: (chip letters, colour) of each species and food type, habitat and feeding bonus
TYPE_STYLE = {k: (TYPE_LETTERS[k], v) for k, v in TYPE_COLOURS.items()}
HABITAT_STYLE = {k: (HABITAT_LETTERS[k], v) for k, v in HABITAT_COLOURS.items()}
BONUS_STYLE = {k: (BONUS_LETTERS[k], v) for k, v in BONUS_COLOURS.items()}


@dataclass
class Context:
    report: Report = field(default_factory=Report)


def frame(c: Canvas, box: Box, colour: str) -> tuple[float, float, float, float]:
    """A coloured band into the bleed and a white panel; returns the panel (x0, y0, x1, y1)."""
    k = scale(box)
    band = mm(FRAME.band_mm) * k
    c.saveState()
    _clip(c, box)
    _fill(c, colour)
    c.rect(*box.outer, stroke=0, fill=1)
    _fill(c, "#ffffff")
    c.roundRect(box.x + band, box.y + band, box.width - 2 * band, box.height - 2 * band,
                max(box.radius - band, mm(FRAME.min_radius_mm) * k), stroke=0, fill=1)
    c.restoreState()
    return box.x + band, box.y + band, box.x + box.width - band, box.y + box.height - band


def chip(c: Canvas, x: float, y: float, h: float, letters: str, colour: str, round_: bool = False) -> float:
    """A lettered icon with its left edge at x, centred on y; returns its width."""
    size = h * CHIP.letters_of_h
    w = h if round_ else max(h, c.stringWidth(letters, BOLD, size) + h * CHIP.pad_of_h)
    _fill(c, colour)
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(CHIP.ring_pt)
    if round_:
        c.circle(x + w / 2, y, h / 2, stroke=1, fill=1)
    else:
        c.roundRect(x, y - h / 2, w, h, h * CHIP.corner_of_h, stroke=1, fill=1)
    _fill(c, text_on(colour))
    c.setFont(BOLD, size)
    c.drawCentredString(x + w / 2, y - size * 0.36, letters)
    return w


def _text(c: Canvas, text: str, font: str, size: float, smallest: float, x0: float, x1: float, top: float,
          lines: int, where: str, report: Report, colour: str = INK) -> float:
    safe = printable(text, where, report, font)
    f = fit(safe, font, size, smallest, x1 - x0, lines, where=where, report=report)
    _fill(c, colour)
    c.setFont(font, f.size)
    y = top
    for line in f.lines:
        y -= f.size * TEXT.leading
        c.drawCentredString((x0 + x1) / 2, y + f.size * TEXT.baseline, line)
    return y


def _top_line(c: Canvas, s: Species, x0: float, x1: float, top: float, pad: float, h: float, k: float) -> None:
    """The top line: the seasonal production and the feeding bonus (a producer) or the consumption and
    the food types (a consumer); at the right the species type in a circle."""
    x = x0 + pad
    sp = SPECIES
    if s.production is not None:
        _fill(c, INK)
        size, small = sp.production_pt * k, sp.season_pt * k
        for season, n in zip(SEASON_LETTERS, s.production, strict=True):  # each number over its season
            w = max(c.stringWidth(str(n), BOLD, size), c.stringWidth(season, REGULAR, small))
            c.setFont(BOLD, size)
            c.drawCentredString(x + w / 2, top - size * sp.number_drop, str(n))
            c.setFont(REGULAR, small)
            c.drawCentredString(x + w / 2, top - size * sp.number_drop - small * sp.season_drop, season)
            x += w + mm(sp.season_gap_mm) * k
        x += mm(sp.production_gap_mm) * k
        if s.bonus:
            x += chip(c, x, top, h * sp.bonus_of_icon, *BONUS_STYLE[s.bonus], round_=False) + mm(sp.bonus_gap_mm) * k
    else:
        _fill(c, INK)
        c.setFont(BOLD, sp.consumption_pt * k)
        c.drawString(x, top - sp.consumption_pt * k * 0.36, str(s.consumption))
        x += c.stringWidth(str(s.consumption), BOLD, sp.consumption_pt * k) + mm(sp.consumption_gap_mm) * k
        for i, t in enumerate(FOOD_TYPES):
            if s.eats >> i & 1:
                x += chip(c, x, top, h * sp.food_of_icon, *TYPE_STYLE[t.value]) + mm(sp.icon_gap_mm) * k
    letters, colour = TYPE_STYLE[FOOD_TYPES[s.type].value]
    chip(c, x1 - pad - h * sp.type_of_icon, top, h * sp.type_of_icon, letters, colour, round_=True)


def _habitat_row(c: Canvas, s: Species, x0: float, x1: float, row: float, pad: float, h: float, k: float) -> None:
    """The habitats (with the any-habitat and edge symbols), and at the right the victory points."""
    x = x0 + pad
    habitats = ["any"] if s.any_habitat else [hb.value for i, hb in enumerate(BOARD_HABITATS) if s.fits(i)]
    for hb in habitats:
        x += chip(c, x, row, h * SPECIES.habitat_of_icon, *HABITAT_STYLE[hb]) + mm(SPECIES.icon_gap_mm) * k
    if s.edge:
        x += chip(c, x, row, h * SPECIES.habitat_of_icon, EDGE_LETTERS, EDGE_COLOUR) + mm(SPECIES.icon_gap_mm) * k
    if s.points:
        chip(c, x1 - pad - h, row, h, f"{s.points:+d}", "#ffd966" if s.points > 0 else "#e06666", round_=True)


def _species_names(c: Canvas, s: Species, left: float, right: float, y: float, bottom: float, k: float,
                   report: Report) -> None:
    """From ``y`` down to ``bottom``: the name, the Latin name and the fact (as large as fits)."""
    sp = SPECIES
    where = f"card {s.id}"
    y = _text(c, s.name, BOLD, sp.name_pt * k, sp.name_smallest_pt * k, left, right, y - mm(sp.name_gap_mm) * k,
              sp.name_lines, where + " name", report)
    y = _text(c, s.latin, REGULAR, sp.latin_pt * k, sp.latin_smallest_pt * k, left, right, y, sp.latin_lines,
              where + " latin", report, "#434343")
    top = y - mm(sp.fact_gap_mm) * k
    lines = max(1, int((top - bottom) // (sp.fact_smallest_pt * k * TEXT.leading)))
    size = sp.fact_pt * k
    while size > sp.fact_smallest_pt * k and len(wrap(s.fact, REGULAR, size, right - left)) * size * TEXT.leading \
            > top - bottom:
        size -= 0.25 * k
    _text(c, s.fact, REGULAR, size, sp.fact_smallest_pt * k, left, right, top, lines, where + " fact", report,
          "#434343")


def panel_of(box: Box) -> tuple[float, float, float, float]:
    """The white panel inside a card's coloured band (x0, y0, x1, y1)."""
    band = mm(FRAME.band_mm) * scale(box)
    return box.x + band, box.y + band, box.x + box.width - band, box.y + box.height - band


def species_picture_box(box: Box) -> tuple[float, float, float, float]:
    """The species card's picture (x0, y0, x1, y1): a square at the foot of the lower half, centred, above
    the card's id. The rules in words stop above it; a picture drawn into it covers no text."""
    k = scale(box)
    x0, y0, x1, _ = panel_of(box)
    side = mm(SPECIES.picture_mm) * k
    foot = y0 + mm(SPECIES.picture_rise_mm) * k
    cx = (x0 + x1) / 2
    return cx - side / 2, foot, cx + side / 2, foot + side


def _paragraphs(c: Canvas, paras: Sequence[str], left: float, right: float, top: float, bottom: float,
                size: float, smallest: float, where: str, report: Report, step: float) -> None:
    """Left-aligned paragraphs from ``top`` down, at the largest size (down to ``smallest``) at which all
    fit above ``bottom``; cut with an ellipsis (and a warning) when they do not fit even then."""
    safe = [printable(p, where, report, REGULAR) for p in paras]

    def lay(sz: float) -> list[str]:
        return [line for p in safe for line in wrap(p, REGULAR, sz, right - left)]

    lines = lay(size)
    while size - step >= smallest - 1e-9 and len(lines) * size * TEXT.leading > top - bottom:
        size -= step
        lines = lay(size)
    room = int((top - bottom) // (size * TEXT.leading))
    if len(lines) > room:
        report.warn(f"{where}: the rules in words do not fit even at {smallest:g} pt and were shortened")
        lines = lines[:room]
        if lines:
            lines[-1] = lines[-1].rstrip(".") + "…"
    _fill(c, INK)
    c.setFont(REGULAR, size)
    y = top
    for line in lines:
        y -= size * TEXT.leading
        c.drawString(left, y + size * TEXT.baseline, line)


def draw_species(c: Canvas, box: Box, s: Species, ctx: Context) -> None:
    k = scale(box)
    type_word = FOOD_TYPES[s.type].value
    x0, y0, x1, y1 = frame(c, box, TYPE_STYLE[type_word][1])
    sp = SPECIES
    pad = mm(sp.pad_mm) * k
    h = mm(sp.icon_mm) * k
    top = y1 - pad - h / 2
    _top_line(c, s, x0, x1, top, pad, h, k)
    line_y = top - h * sp.rule_drop
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(sp.rule_pt * k)
    c.line(x0 + pad, line_y, x1 - pad, line_y)
    row = line_y - h * sp.habitat_drop
    _habitat_row(c, s, x0, x1, row, pad, h, k)
    middle = (y0 + y1) / 2
    _species_names(c, s, x0 + pad, x1 - pad, row - h * sp.habitat_of_icon / 2, middle + mm(sp.half_gap_mm) * k,
                   k, ctx.report)
    # the lower half: a thin rule, the card's rules in words, the picture
    c.setStrokeColorRGB(*rgb("#b7b7b7"))
    c.setLineWidth(sp.rule_pt * k / 2)
    c.line(x0 + pad, middle, x1 - pad, middle)
    picture = species_picture_box(box)
    _paragraphs(c, species_rules(s), x0 + pad, x1 - pad, middle - mm(sp.half_gap_mm) * k,
                picture[3] + mm(sp.picture_gap_mm) * k, sp.rules_pt * k, sp.rules_smallest_pt * k,
                f"card {s.id} rules", ctx.report, 0.2 * k)
    px0, py0, px1, _ = picture
    r, g, b = rgb(TYPE_STYLE[type_word][1])
    pictures.draw(c, species_icon(s.model.icon, type_word), px0, py0, px1 - px0, (r * 0.6, g * 0.6, b * 0.6))
    _fill(c, "#666666")
    c.setFont(REGULAR, sp.footer_pt * k)
    c.drawString(x0 + pad, y0 + pad * sp.footer_rise, f"{s.id} · {s.expansion}")


def draw_key(c: Canvas, box: Box, ctx: Context, icon: str = KEY_ICON) -> None:
    """The symbol key card: its picture left of the title, every chip a card shows, with its name, and how a
    card's top line reads."""
    k = scale(box)
    x0, y0, x1, y1 = frame(c, box, "#cccccc")
    kk = KEY
    pad = mm(kk.pad_mm) * k
    chip_h = mm(kk.chip_mm) * k
    side = chip_h + mm(kk.icon_gap_mm) * k  # the picture, a chip tall, and its gap; the title keeps clear of it
    top = y1 - pad * 0.6
    y = _text(c, "EcoLogic: Europe · symbol key", BOLD, kk.title_pt * k, kk.title_pt * k * 0.7, x0 + pad + side,
              x1 - pad - side, top, 1, "symbol key", ctx.report)
    pictures.draw(c, icon, x0 + pad, (top + y - chip_h) / 2, chip_h, rgb(INK))
    row_h = mm(kk.row_mm) * k
    col_w = (x1 - x0 - 2 * pad) / 2
    styles = {"type": lambda e: TYPE_COLOURS[_by_letters(TYPE_LETTERS, e.letters)],
              "bonus": lambda e: BONUS_COLOURS[_by_letters(BONUS_LETTERS, e.letters)],
              "habitat": lambda e: HABITAT_COLOURS[_by_letters(HABITAT_LETTERS, e.letters)],
              "edge": lambda e: EDGE_COLOUR}
    for title, entries in key_sections():
        _fill(c, INK)
        c.setFont(BOLD, kk.section_pt * k)
        y -= kk.section_pt * k * TEXT.leading
        c.drawString(x0 + pad, y + kk.section_pt * k * TEXT.baseline, title)
        rows = (len(entries) + 1) // 2
        for i, e in enumerate(entries):
            col, r = divmod(i, rows)
            cx = x0 + pad + col * col_w
            cy = y - r * row_h - row_h / 2
            w = chip(c, cx, cy, chip_h, e.letters, styles[e.kind](e))
            _fill(c, INK)
            size = kk.word_pt * k
            words = printable(e.words, "symbol key", ctx.report, REGULAR)
            while size > kk.word_pt * k * 0.7 and c.stringWidth(words, REGULAR, size) > col_w - w - mm(1.5) * k:
                size -= 0.2 * k
            c.setFont(REGULAR, size)
            c.drawString(cx + w + mm(0.8) * k, cy - size * 0.36, words)
        y -= rows * row_h
    _paragraphs(c, KEY_LINES, x0 + pad, x1 - pad, y - mm(0.8) * k, y0 + pad * 0.5, kk.note_pt * k,
                kk.note_pt * k * 0.7, "symbol key", ctx.report, 0.2 * k)


def _by_letters(table: dict[str, str], letters: str) -> str:
    return next(k for k, v in table.items() if v == letters)


def picture_box(c: Canvas, icon: str, panel: tuple[float, float, float, float], k: float, colour: str,
                words_foot: float) -> tuple[float, float, float, float]:
    """The card's picture (docs/art.md) in its square of the lower half of the panel, below the words
    (whose foot is ``words_foot``) and above the footer, in a dark shade of the card's colour; returns the
    square (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = panel
    top = min((y0 + y1) / 2, words_foot) - mm(PICTURE.top_below_middle_mm) * k
    side = min(mm(PICTURE.size_mm) * k, top - y0 - mm(PICTURE.above_foot_mm) * k)
    r, g, b = rgb(colour)
    return pictures.draw(c, icon, (x0 + x1 - side) / 2, top - side, side, (r * 0.6, g * 0.6, b * 0.6))


def draw_back(c: Canvas, box: Box, back: str) -> None:
    """A card's back: its species type (or weather / human impact)."""
    k = scale(box)
    letters, colour = TYPE_STYLE.get(back, ("", "#444444"))
    c.saveState()
    _clip(c, box)
    _fill(c, colour)
    c.rect(*box.outer, stroke=0, fill=1)
    c.restoreState()
    _fill(c, text_on(colour))
    c.setFont(BOLD, BACK.title_pt * k)
    c.drawCentredString(box.cx, box.cy + mm(BACK.title_rise_mm) * k, "EcoLogic: Europe")
    title = FOOD_TYPES[[t.value for t in FOOD_TYPES].index(back)].label if back in TYPE_STYLE else back
    c.setFont(REGULAR, BACK.word_pt * k)
    c.drawCentredString(box.cx, box.cy - mm(BACK.word_drop_mm) * k, title)
    if letters:
        chip(c, box.cx - mm(BACK.chip_left_mm) * k, box.cy - mm(BACK.chip_drop_mm) * k, mm(BACK.chip_mm) * k,
             letters, "#ffffff", round_=True)


def draw_event(c: Canvas, box: Box, card: WeatherCard | HumanCard, kind: str, ctx: Context) -> None:
    k = scale(box)
    colour = "#6fa8dc" if kind == "weather" else "#999999"
    x0, y0, x1, y1 = frame(c, box, colour)
    ev = EVENT
    pad = mm(ev.pad_mm) * k
    y = _text(c, "weather card" if kind == "weather" else "human impact", REGULAR, ev.kind_pt * k,
              ev.kind_smallest_pt * k, x0 + pad, x1 - pad, y1 - pad, ev.kind_lines, f"{card.id}", ctx.report,
              "#434343")
    y = _text(c, str(card.name), BOLD, ev.name_pt * k, ev.name_smallest_pt * k, x0 + pad, x1 - pad,
              y - mm(ev.name_gap_mm) * k, ev.name_lines, f"{card.id} name", ctx.report)
    y = _text(c, str(card.text), REGULAR, ev.text_pt * k, ev.text_smallest_pt * k, x0 + pad, x1 - pad,
              y - mm(ev.text_gap_mm) * k, ev.text_lines, f"{card.id} text", ctx.report)
    picture_box(c, event_icon(card.icon, kind), (x0, y0, x1, y1), k, colour, y)
    _fill(c, "#666666")
    c.setFont(REGULAR, ev.footer_pt * k)
    c.drawString(x0 + pad, y0 + pad * ev.footer_rise, card.id)


def faces_order(species: Sequence[Species]) -> list[Species]:
    return sorted(species, key=lambda s: (s.type, s.id))
