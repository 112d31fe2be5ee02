"""The printed faces of EcoLogic: Europe, drawn in the box the shared imposition gives.

A species card follows the rulebook's card description: along the top line the seasonal production
(``3-2-2-1``, spring to winter) and the feeding-bonus icon for a producer, or the consumption number and
the food-type icons for a consumer, and at the right the species-type icon in a circle; below the line
the habitat icons (with the any-habitat and edge symbols), the additional features and the victory
points; then the name, the Latin name and the fact. Icons are lettered chips (kcal prints no art). The
back shows the species type, as the rulebook's backs do. Every data string passes the glyph check
(:func:`kcal.print.fonts.printable`) and is drawn with ``drawString``: nothing is read as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kcal.games.ecologic_europe.files.cardset import Species
from kcal.games.ecologic_europe.files.models import HumanCard, WeatherCard
from kcal.games.ecologic_europe.print.layout import (
    BACK,
    BOARD_SIDE,
    CHIP,
    EVENT,
    FRAME,
    PICTURE,
    SPECIES,
    TEXT,
    TOKENS,
)
from kcal.games.ecologic_europe.print.picture import event_icon, species_icon
from kcal.games.ecologic_europe.rules.domain import BOARD_HABITATS, FOOD_TYPES, SEASONS
from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS
from kcal.print import pictures
from kcal.print.cardface import card_clip as _clip
from kcal.print.cardface import fill as _fill
from kcal.print.cardface import scale
from kcal.print.colours import rgb, text_on
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import mm
from kcal.print.report import Report
from kcal.print.sheets import Box
from kcal.print.text import fit

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

INK = "#1f2a1f"
#: species and food types: (chip letters, colour)
TYPE_STYLE = {
    "herbaceous": ("HB", "#6aa84f"), "woody": ("WD", "#38761d"), "fungi": ("FL", "#b4a17a"),
    "insects": ("IN", "#e69138"), "invertebrates": ("IV", "#a64d79"), "fish": ("FI", "#3d85c6"),
    "amphibians": ("AR", "#76a5af"), "small-birds": ("SB", "#f1c232"), "big-birds": ("BB", "#bf9000"),
    "small-mammals": ("SM", "#b45f06"), "hoofed": ("HO", "#783f04"), "predators": ("PM", "#990000"),
    "plant-remains": ("rP", "#999999"), "animal-remains": ("rA", "#666666"),
}
HABITAT_STYLE = {
    "deciduous": ("DF", "#548235"), "coniferous": ("CF", "#274e13"), "meadows": ("MF", "#b6d7a8"),
    "rivers": ("RF", "#6fa8dc"), "wetlands": ("WL", "#45818e"), "coastal": ("CO", "#9fc5e8"),
    "cities": ("CG", "#999999"), "mountains": ("MO", "#7f6000"), "any": ("ANY", "#ffffff"),
}
BONUS_STYLE = {"fruiting": ("Fr", "#cc0000"), "seed": ("Se", "#b7881f"), "flowering": ("Fl", "#c27ba0"),
               "grass": ("Gr", "#93c47d")}
FEATURE_WORDS = {"pioneer": "pioneer", "poisonous": "poisonous", "crop": "crop", "nocturnal": "nocturnal"}


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
        c.setFont(BOLD, sp.production_pt * k)
        text = "-".join(str(v) for v in s.production)
        c.drawString(x, top - sp.production_pt * k * 0.36, text)
        x += c.stringWidth(text, BOLD, sp.production_pt * k) + mm(sp.production_gap_mm) * k
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
        x += chip(c, x, row, h * SPECIES.habitat_of_icon, "EDGE", "#ffe599") + mm(SPECIES.icon_gap_mm) * k
    if s.points:
        chip(c, x1 - pad - h, row, h, f"{s.points:+d}", "#ffd966" if s.points > 0 else "#e06666", round_=True)


def _species_words(c: Canvas, s: Species, left: float, right: float, y: float, k: float, report: Report) -> float:
    """From ``y`` down: the additional features, the name, the Latin name and the fact; returns their foot."""
    sp = SPECIES
    where = f"card {s.id}"
    notes = [FEATURE_WORDS[f] for f in sorted(s.features)] + [FEATURE_SPECS[a].label for a in sorted(s.abilities)]
    if s.bonus and s.production is None:
        notes.insert(0, f"bonus: {s.bonus} plants")
    for note in notes:
        y = _text(c, note, REGULAR, sp.note_pt * k, sp.note_smallest_pt * k, left, right, y, sp.note_lines,
                  where + " feature", report)
    y = _text(c, s.name, BOLD, sp.name_pt * k, sp.name_smallest_pt * k, left, right, y - mm(sp.name_gap_mm) * k,
              sp.name_lines, where + " name", report)
    y = _text(c, s.latin, REGULAR, sp.latin_pt * k, sp.latin_smallest_pt * k, left, right, y, sp.latin_lines,
              where + " latin", report, "#434343")
    return _text(c, s.fact, REGULAR, sp.fact_pt * k, sp.fact_smallest_pt * k, left, right,
                 y - mm(sp.fact_gap_mm) * k, sp.fact_lines, where + " fact", report, "#434343")


def draw_species(c: Canvas, box: Box, s: Species, ctx: Context) -> None:
    k = scale(box)
    type_word = FOOD_TYPES[s.type].value
    x0, y0, x1, y1 = frame(c, box, TYPE_STYLE[type_word][1])
    pad = mm(SPECIES.pad_mm) * k
    h = mm(SPECIES.icon_mm) * k
    top = y1 - pad - h / 2
    _top_line(c, s, x0, x1, top, pad, h, k)
    line_y = top - h * SPECIES.rule_drop
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(SPECIES.rule_pt * k)
    c.line(x0 + pad, line_y, x1 - pad, line_y)
    row = line_y - h * SPECIES.habitat_drop
    _habitat_row(c, s, x0, x1, row, pad, h, k)
    words_foot = _species_words(c, s, x0 + pad, x1 - pad, row - h * SPECIES.notes_drop, k, ctx.report)
    picture_box(c, species_icon(s.model.icon, type_word), (x0, y0, x1, y1), k, TYPE_STYLE[type_word][1],
                words_foot)
    _fill(c, "#666666")
    c.setFont(REGULAR, SPECIES.footer_pt * k)
    c.drawString(x0 + pad, y0 + pad * SPECIES.footer_rise, f"{s.id} · {s.expansion}")


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


def draw_tokens(c: Canvas, box: Box, kind: str) -> None:
    """A card-sized sheet of tokens to cut out: biomass (green squares), remains (grey discs) or fed
    species (red apples)."""
    k = scale(box)
    colour = {"biomass": "#6aa84f", "remains": "#999999", "fed": "#cc0000"}[kind]
    x0, y0, x1, y1 = frame(c, box, "#d9ead3")
    pad = mm(TOKENS.pad_mm) * k
    _text(c, f"{kind} tokens", BOLD, TOKENS.title_pt * k, TOKENS.title_smallest_pt * k, x0, x1,
          y1 - pad * TOKENS.title_drop, 1, "tokens", Report())
    d = mm(TOKENS.token_mm) * k
    cols = int((x1 - x0 - pad) // (d + pad))
    rows = int((y1 - y0 - mm(TOKENS.header_mm) * k) // (d + pad))
    for i in range(cols):
        for j in range(rows):
            cx = x0 + pad + i * (d + pad) + d / 2 + (x1 - x0 - pad - cols * (d + pad)) / 2
            cy = y1 - mm(TOKENS.first_row_mm) * k - j * (d + pad) - d / 2
            _token(c, kind, colour, cx, cy, d)


def _token(c: Canvas, kind: str, colour: str, cx: float, cy: float, d: float) -> None:
    """One token, ``d`` across, centred on (cx, cy): a square, a disc, or a disc with a leaf."""
    _fill(c, colour)
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(TOKENS.ring_pt)
    if kind == "biomass":
        c.rect(cx - d / 2, cy - d / 2, d, d, stroke=1, fill=1)
    else:
        c.circle(cx, cy, d / 2, stroke=1, fill=1)
        if kind == "fed":
            _fill(c, "#38761d")
            c.ellipse(cx - d * 0.05, cy + d * 0.3, cx + d * 0.25, cy + d * 0.5, stroke=0, fill=1)


def seasons_line(s: Species) -> str:
    return ", ".join(f"{se.value} {v}" for se, v in zip(SEASONS, s.production or (), strict=False))


def faces_order(species: Sequence[Species]) -> list[Species]:
    return sorted(species, key=lambda s: (s.type, s.id))


def draw_board_side(c: Canvas, page_w: float, page_h: float, board_id: str, side: int, habitat: str, fields: int,
                    card_w: float, card_h: float) -> None:
    """One side of a habitat board at full size: its habitat, ``fields`` card-sized fields (numbered as
    records write them) and a strip for the edge places above and below."""
    from kcal.print.marks import ruler

    bs = BOARD_SIDE
    letters, colour = HABITAT_STYLE[habitat]
    cols = bs.columns
    rows = (fields + cols - 1) // cols
    gap = mm(bs.gap_mm)
    w = cols * card_w + (cols + 1) * gap
    h = rows * card_h + (rows + 1) * gap + mm(bs.header_mm)
    x0 = (page_w - w) / 2
    y0 = (page_h - h) / 2 + mm(bs.rise_mm)
    _fill(c, colour)
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(bs.ring_pt)
    c.roundRect(x0, y0, w, h, mm(bs.radius_mm), stroke=1, fill=1)
    _fill(c, text_on(colour))
    c.setFont(BOLD, bs.title_pt)
    title = BOARD_HABITATS[[b.value for b in BOARD_HABITATS].index(habitat)].label
    c.drawString(x0 + gap, y0 + h - mm(bs.title_drop_mm), f"{title}  ({letters})")
    c.setFont(REGULAR, bs.note_pt)
    c.drawRightString(x0 + w - gap, y0 + h - mm(bs.title_drop_mm), f"board {board_id}, side {side}")
    for i in range(fields):
        col, row = i % cols, i // cols
        fx = x0 + gap + col * (card_w + gap)
        fy = y0 + h - mm(bs.fields_drop_mm) - (row + 1) * (card_h + gap)
        _field(c, fx, fy, card_w, card_h, i + 1)
    c.setFont(REGULAR, bs.edge_pt)
    _fill(c, INK)
    c.drawCentredString(page_w / 2, y0 - mm(bs.edge_drop_mm), "edge places: two cards between this habitat and the "
                                                              "next one (e<N>.1 and e<N>.2 in records)")
    ruler(c, mm(bs.ruler_mm), mm(bs.ruler_mm), f"EcoLogic: Europe boards · {board_id} side {side}")


def _field(c: Canvas, fx: float, fy: float, card_w: float, card_h: float, number: int) -> None:
    """A card-sized field of a habitat board, dashed, with its number."""
    _fill(c, "#ffffff")
    c.setDash(*BOARD_SIDE.field_dash)
    c.roundRect(fx, fy, card_w, card_h, mm(BOARD_SIDE.field_radius_mm), stroke=1, fill=1)
    c.setDash()
    _fill(c, "#999999")
    c.setFont(BOLD, BOARD_SIDE.field_pt)
    c.drawCentredString(fx + card_w / 2, fy + card_h / 2 - BOARD_SIDE.field_label_drop_pt, f"field {number}")
