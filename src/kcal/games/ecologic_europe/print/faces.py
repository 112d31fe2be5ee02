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

from kcal.games.ecologic_europe.files.cardset import Species
from kcal.games.ecologic_europe.files.models import HumanCard, WeatherCard
from kcal.games.ecologic_europe.rules.domain import BOARD_HABITATS, FOOD_TYPES, SEASONS
from kcal.games.ecologic_europe.rules.features import FEATURE_SPECS
from kcal.print.cardface import card_clip as _clip
from kcal.print.cardface import fill as _fill
from kcal.print.cardface import scale
from kcal.print.colours import rgb, text_on
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import mm
from kcal.print.report import Report
from kcal.print.sheets import Box
from kcal.print.text import fit

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


def frame(c, box: Box, colour: str) -> tuple[float, float, float, float]:
    """A coloured band into the bleed and a white panel; returns the panel (x0, y0, x1, y1)."""
    k = scale(box)
    band = mm(2.8) * k
    c.saveState()
    _clip(c, box)
    _fill(c, colour)
    c.rect(*box.outer, stroke=0, fill=1)
    _fill(c, "#ffffff")
    c.roundRect(box.x + band, box.y + band, box.width - 2 * band, box.height - 2 * band,
                max(box.radius - band, mm(1.2) * k), stroke=0, fill=1)
    c.restoreState()
    return box.x + band, box.y + band, box.x + box.width - band, box.y + box.height - band


def chip(c, x: float, y: float, h: float, letters: str, colour: str, round_: bool = False) -> float:
    """A lettered icon with its left edge at x, centred on y; returns its width."""
    size = h * 0.55
    w = h if round_ else max(h, c.stringWidth(letters, BOLD, size) + h * 0.4)
    _fill(c, colour)
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(0.4)
    if round_:
        c.circle(x + w / 2, y, h / 2, stroke=1, fill=1)
    else:
        c.roundRect(x, y - h / 2, w, h, h * 0.25, stroke=1, fill=1)
    _fill(c, text_on(colour))
    c.setFont(BOLD, size)
    c.drawCentredString(x + w / 2, y - size * 0.36, letters)
    return w


def _text(c, text: str, font: str, size: float, smallest: float, x0: float, x1: float, top: float, lines: int,
          where: str, report: Report, colour: str = INK) -> float:
    safe = printable(text, where, report, font)
    f = fit(safe, font, size, smallest, x1 - x0, lines, where=where, report=report)
    _fill(c, colour)
    c.setFont(font, f.size)
    y = top
    for line in f.lines:
        y -= f.size * 1.18
        c.drawCentredString((x0 + x1) / 2, y + f.size * 0.25, line)
    return y


def draw_species(c, box: Box, s: Species, ctx: Context) -> None:
    k = scale(box)
    type_word = FOOD_TYPES[s.type].value
    x0, y0, x1, y1 = frame(c, box, TYPE_STYLE[type_word][1])
    pad = mm(2) * k
    h = mm(6.2) * k
    top = y1 - pad - h / 2
    x = x0 + pad
    where = f"card {s.id}"
    if s.production is not None:
        _fill(c, INK)
        c.setFont(BOLD, 11 * k)
        text = "-".join(str(v) for v in s.production)
        c.drawString(x, top - 11 * k * 0.36, text)
        x += c.stringWidth(text, BOLD, 11 * k) + mm(1.5) * k
        if s.bonus:
            x += chip(c, x, top, h * 0.85, *BONUS_STYLE[s.bonus], round_=False) + mm(1) * k
    else:
        _fill(c, INK)
        c.setFont(BOLD, 13 * k)
        c.drawString(x, top - 13 * k * 0.36, str(s.consumption))
        x += c.stringWidth(str(s.consumption), BOLD, 13 * k) + mm(1.2) * k
        for i, t in enumerate(FOOD_TYPES):
            if s.eats >> i & 1:
                x += chip(c, x, top, h * 0.78, *TYPE_STYLE[t.value]) + mm(0.6) * k
    letters, colour = TYPE_STYLE[type_word]
    chip(c, x1 - pad - h * 1.1, top, h * 1.1, letters, colour, round_=True)
    line_y = top - h * 0.75
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(0.6 * k)
    c.line(x0 + pad, line_y, x1 - pad, line_y)
    row = line_y - h * 0.7
    x = x0 + pad
    habitats = ["any"] if s.any_habitat else [hb.value for i, hb in enumerate(BOARD_HABITATS) if s.fits(i)]
    for hb in habitats:
        x += chip(c, x, row, h * 0.8, *HABITAT_STYLE[hb]) + mm(0.6) * k
    if s.edge:
        x += chip(c, x, row, h * 0.8, "EDGE", "#ffe599") + mm(0.6) * k
    if s.points:
        chip(c, x1 - pad - h, row, h, f"{s.points:+d}", "#ffd966" if s.points > 0 else "#e06666", round_=True)
    y = row - h * 0.55
    notes = [FEATURE_WORDS[f] for f in sorted(s.features)] + [FEATURE_SPECS[a].label for a in sorted(s.abilities)]
    if s.bonus and s.production is None:
        notes.insert(0, f"bonus: {s.bonus} plants")
    for note in notes:
        y = _text(c, note, REGULAR, 6.4 * k, 4.6 * k, x0 + pad, x1 - pad, y, 2, where + " feature", ctx.report)
    y = _text(c, s.name, BOLD, 12 * k, 7 * k, x0 + pad, x1 - pad, y - mm(1.5) * k, 2, where + " name", ctx.report)
    y = _text(c, s.latin, REGULAR, 8.5 * k, 6 * k, x0 + pad, x1 - pad, y, 1, where + " latin", ctx.report,
              "#434343")
    _text(c, s.fact, REGULAR, 7 * k, 5 * k, x0 + pad, x1 - pad, y - mm(2) * k, 5, where + " fact", ctx.report,
          "#434343")
    _fill(c, "#666666")
    c.setFont(REGULAR, 5.5 * k)
    c.drawString(x0 + pad, y0 + pad * 0.6, f"{s.id} · {s.expansion}")


def draw_back(c, box: Box, back: str) -> None:
    """A card's back: its species type (or weather / human impact)."""
    k = scale(box)
    letters, colour = TYPE_STYLE.get(back, ("", "#444444"))
    c.saveState()
    _clip(c, box)
    _fill(c, colour)
    c.rect(*box.outer, stroke=0, fill=1)
    c.restoreState()
    _fill(c, text_on(colour))
    c.setFont(BOLD, 14 * k)
    c.drawCentredString(box.cx, box.cy + mm(4) * k, "EcoLogic: Europe")
    title = FOOD_TYPES[[t.value for t in FOOD_TYPES].index(back)].label if back in TYPE_STYLE else back
    c.setFont(REGULAR, 10 * k)
    c.drawCentredString(box.cx, box.cy - mm(4) * k, title)
    if letters:
        chip(c, box.cx - mm(6) * k, box.cy - mm(18) * k, mm(12) * k, letters, "#ffffff", round_=True)


def draw_event(c, box: Box, card: WeatherCard | HumanCard, kind: str, ctx: Context) -> None:
    k = scale(box)
    colour = "#6fa8dc" if kind == "weather" else "#999999"
    x0, y0, x1, y1 = frame(c, box, colour)
    pad = mm(2.5) * k
    y = _text(c, "weather card" if kind == "weather" else "human impact", REGULAR, 8 * k, 6 * k, x0 + pad,
              x1 - pad, y1 - pad, 1, f"{card.id}", ctx.report, "#434343")
    y = _text(c, str(card.name), BOLD, 14 * k, 8 * k, x0 + pad, x1 - pad, y - mm(2) * k, 2, f"{card.id} name",
              ctx.report)
    _text(c, str(card.text), REGULAR, 9 * k, 5.5 * k, x0 + pad, x1 - pad, y - mm(4) * k, 8, f"{card.id} text",
          ctx.report)
    _fill(c, "#666666")
    c.setFont(REGULAR, 6 * k)
    c.drawString(x0 + pad, y0 + pad * 0.6, card.id)


def draw_tokens(c, box: Box, kind: str) -> None:
    """A card-sized sheet of tokens to cut out: biomass (green squares), remains (grey discs) or fed
    species (red apples)."""
    k = scale(box)
    colour = {"biomass": "#6aa84f", "remains": "#999999", "fed": "#cc0000"}[kind]
    x0, y0, x1, y1 = frame(c, box, "#d9ead3")
    pad = mm(2) * k
    _text(c, f"{kind} tokens", BOLD, 8 * k, 6 * k, x0, x1, y1 - pad * 0.3, 1, "tokens", Report())
    d = mm(9) * k
    cols = int((x1 - x0 - pad) // (d + pad))
    rows = int((y1 - y0 - mm(8) * k) // (d + pad))
    for i in range(cols):
        for j in range(rows):
            cx = x0 + pad + i * (d + pad) + d / 2 + (x1 - x0 - pad - cols * (d + pad)) / 2
            cy = y1 - mm(7) * k - j * (d + pad) - d / 2
            _fill(c, colour)
            c.setStrokeColorRGB(*rgb(INK))
            c.setLineWidth(0.4)
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


def draw_board_side(c, page_w: float, page_h: float, board_id: str, side: int, habitat: str, fields: int,
                    card_w: float, card_h: float) -> None:
    """One side of a habitat board at full size: its habitat, ``fields`` card-sized fields (numbered as
    records write them) and a strip for the edge places above and below."""
    from kcal.print.marks import ruler

    letters, colour = HABITAT_STYLE[habitat]
    cols = 3
    rows = (fields + cols - 1) // cols
    gap = mm(3)
    w = cols * card_w + (cols + 1) * gap
    h = rows * card_h + (rows + 1) * gap + mm(16)
    x0 = (page_w - w) / 2
    y0 = (page_h - h) / 2 + mm(6)
    _fill(c, colour)
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(1)
    c.roundRect(x0, y0, w, h, mm(4), stroke=1, fill=1)
    _fill(c, text_on(colour))
    c.setFont(BOLD, 16)
    title = BOARD_HABITATS[[b.value for b in BOARD_HABITATS].index(habitat)].label
    c.drawString(x0 + gap, y0 + h - mm(10), f"{title}  ({letters})")
    c.setFont(REGULAR, 9)
    c.drawRightString(x0 + w - gap, y0 + h - mm(10), f"board {board_id}, side {side}")
    for i in range(fields):
        col, row = i % cols, i // cols
        fx = x0 + gap + col * (card_w + gap)
        fy = y0 + h - mm(14) - (row + 1) * (card_h + gap)
        _fill(c, "#ffffff")
        c.setDash(3, 2)
        c.roundRect(fx, fy, card_w, card_h, mm(3), stroke=1, fill=1)
        c.setDash()
        _fill(c, "#999999")
        c.setFont(BOLD, 20)
        c.drawCentredString(fx + card_w / 2, fy + card_h / 2 - 7, f"field {i + 1}")
    c.setFont(REGULAR, 8)
    _fill(c, INK)
    c.drawCentredString(page_w / 2, y0 - mm(6), "edge places: two cards between this habitat and the next one "
                                                "(e<N>.1 and e<N>.2 in records)")
    ruler(c, mm(8), mm(8), f"EcoLogic: Europe boards · {board_id} side {side}")
