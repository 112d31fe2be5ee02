"""Icons drawn in code: kCalorie cubes, classification symbols, biome badges, modifier frames.

Nothing is downloaded and nothing is an image: every icon is a few vector paths, so it is sharp at
any size and costs a few hundred bytes. Each function draws centred on ``(x, y)`` at size ``s``
(points) and leaves the canvas state as it found it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kcal.games.kcaloria.print import palette
from kcal.games.kcaloria.rules.domain import Biome, Color, Klass, Rarity
from kcal.games.kcaloria.rules.modifiers import MODIFIERS, Shape
from kcal.print.fonts import BOLD, REGULAR

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: two-letter code printed inside each modifier's frame (and explained on the glossary cards)
MODIFIER_CODES: dict[str, str] = {
    "anchor": "An", "barricade": "Ba", "biome_boost": "BB", "camouflage": "Ca", "communal": "Co",
    "critically_endangered": "CE", "delectable": "De", "destructive": "Ds", "diurnal": "Di",
    "drought_resistant": "DR", "ectothermic": "Ec", "electrogenesis": "El", "fish_hazard": "FH",
    "inedible": "In", "insectivore": "Is", "intelligent": "IQ", "invasive_species": "Iv",
    "mycorrhizal_network": "My", "new_growth": "NG", "nocturnal": "Nc", "nocturnal_hunters": "NH",
    "pack_tactics": "PT", "pesticide": "Pe", "photosynthesis": "Ph", "poisonous_insect": "PI",
    "poor_water_quality": "PW", "prominent_canines": "PC", "rapid_growth": "RG", "remove": "Rm",
    "sanguivore": "Sa", "shade_required": "SR", "solar_strength": "SS", "symbiosis": "Sy",
    "temporary": "Te", "tidal_power": "TP", "toxin_resistance": "Tx", "transplant": "Tr",
}
assert set(MODIFIER_CODES) == set(MODIFIERS), set(MODIFIERS) ^ set(MODIFIER_CODES)
assert len(set(MODIFIER_CODES.values())) == len(MODIFIER_CODES)
# codes are read aloud and copied by hand: no two may differ only by case (``Is``/``IS`` did)
assert len({v.casefold() for v in MODIFIER_CODES.values()}) == len(MODIFIER_CODES)

#: short label inside the classification disc (the glyph is drawn where one exists)
CLASS_CODES: dict[Klass, str] = {
    Klass.WATER: "H2O", Klass.ALGAE: "ALG", Klass.FLOWER: "FLW", Klass.FUNGI: "FUN", Klass.LICHEN: "LIC",
    Klass.PLANT: "PLT", Klass.SUCCULENT: "SUC", Klass.TREE: "TRE", Klass.ACTINOPTERYGII: "ACT",
    Klass.AMPHIBIAN: "AMP", Klass.ARACHNID: "ARA", Klass.BIRD: "BRD", Klass.CEPHALOPOD: "CEP",
    Klass.CHONDRICHTHYES: "CHO", Klass.HUMAN: "HUM", Klass.INSECT: "INS", Klass.MAMMAL: "MAM",
    Klass.MYRIAPOD: "MYR", Klass.PETROMYZONTIDA: "PET", Klass.REPTILE: "REP", Klass.SARCOPTERYGII: "SAR",
    Klass.MICROBE: "MIC", Klass.VIRUS: "VIR", Klass.WEATHER: "WTH", Klass.EVENT: "EVT",
    Klass.ACTION: "ACN", Klass.MANMADE: "MAN",
}
assert set(CLASS_CODES) == set(Klass)


def _fill(c: Canvas, hexstr: str) -> None:
    c.setFillColorRGB(*palette.rgb(hexstr))


def _stroke(c: Canvas, hexstr: str) -> None:
    c.setStrokeColorRGB(*palette.rgb(hexstr))


def _shade(hexstr: str, factor: float) -> str:
    r, g, b = palette.rgb(hexstr)
    if factor >= 1:
        r, g, b = (v + (1 - v) * (factor - 1) for v in (r, g, b))
    else:
        r, g, b = (v * factor for v in (r, g, b))
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in (r, g, b))


def centred_text(c: Canvas, x: float, y: float, text: str, font: str, size: float,
                 color: str = palette.INK) -> None:
    """Draw ``text`` centred horizontally, vertically centred on ``y`` (cap-height based)."""
    _fill(c, color)
    c.setFont(font, size)
    c.drawCentredString(x, y - size * 0.36, text)


# --- stamps: every icon is drawn once per document as a form and placed, scaled, where used --------

REF = 20.0  #: the size (points) at which stamped icons are drawn into their form


def stamp(c: Canvas, key: str, x: float, y: float, s: float,
          draw: Callable[[Canvas, float, float, float], None], extent: float = 2.0) -> None:
    """Place the form ``key`` (drawn by ``draw(c, 0, 0, REF)`` on first use) at ``(x, y)``, size ``s``."""
    defined = c.__dict__.setdefault("_kcal_forms", set())
    name = "ic-" + key
    if name not in defined:
        c.beginForm(name, -REF * extent, -REF * extent, REF * extent, REF * extent)
        draw(c, 0.0, 0.0, REF)
        c.endForm()
        defined.add(name)
    c.saveState()
    c.translate(x, y)
    k = s / REF
    c.scale(k, k)
    c.doForm(name)
    c.restoreState()


def cube(c: Canvas, x: float, y: float, s: float, color: Color, amount: int | None = None) -> None:
    """An isometric kCalorie cube of height ``s`` with ``amount`` printed on it."""
    stamp(c, f"cube-{color.value}-{amount}", x, y, s, lambda cv, x0, y0, r: _cube(cv, x0, y0, r, color, amount))


def class_symbol(c: Canvas, x: float, y: float, s: float, klass: Klass, rarity: Rarity) -> None:
    """A disc in the rarity's colour (bronze, silver, gold, red) with the classification's label."""
    stamp(c, f"class-{klass.value}-{rarity.value}", x, y, s,
          lambda cv, x0, y0, r: _class_symbol(cv, x0, y0, r, klass, rarity))


BADGE_ASPECT = 8.6 / 3.5


def biome_badge(c: Canvas, x: float, y: float, w: float, h: float, biome: Biome) -> None:
    """A rounded badge in the biome group's colour with a small glyph and the biome code (w ~ 2.5 h)."""
    c.saveState()
    c.translate(x, y)
    c.scale(w / (h * BADGE_ASPECT), 1.0)
    stamp(c, f"biome-{biome.value}", 0, 0, h,
          lambda cv, x0, y0, r: _biome_badge(cv, x0, y0, r * BADGE_ASPECT, r, biome))
    c.restoreState()


def modifier_icon(c: Canvas, x: float, y: float, s: float, name: str, param: str | None = None,
                  color: Color | None = None) -> None:
    """A modifier's frame (circle: own tile; square: other tiles) with its code and parameter."""
    key = f"mod-{name}-{param or ''}-{color.value if color else ''}".replace(" ", "_")
    stamp(c, key, x, y, s, lambda cv, x0, y0, r: _modifier_icon(cv, x0, y0, r, name, param, color))


# --- cubes -----------------------------------------------------------------------------------------


#: the letter on each cube's top face: the colour survives greyscale printing and colour blindness
CUBE_LETTERS: dict[Color, str] = {
    Color.BLUE: "B", Color.GREEN: "G", Color.YELLOW: "Y", Color.ORANGE: "O", Color.RED: "R",
    Color.PURPLE: "P",
}
assert set(CUBE_LETTERS) == set(Color) and len(set(CUBE_LETTERS.values())) == len(Color)


def _cube(c: Canvas, x: float, y: float, s: float, color: Color, amount: int | None = None,
          letter: bool = True) -> None:
    """An isometric kCalorie cube of height ``s``: its colour's letter on the (pale) top face, and
    ``amount`` in white on the two side faces. ``letter=False`` for cubes too small to hold it.
    """
    from kcal.print.text import width

    base = palette.CUBE[color]
    r = s / 2
    pts = [(x + r * math.cos(math.radians(90 + 60 * i)), y + r * math.sin(math.radians(90 + 60 * i)))
           for i in range(6)]  # pointy-top hexagon outline: top, upper-left, lower-left, bottom, ...
    top, ul, ll, bot, lr, ur = pts
    c.saveState()
    c.setLineWidth(max(0.25, s * 0.04))
    c.setLineJoin(1)
    _stroke(c, _shade(base, 0.45))
    faces = [
        ([top, ul, (x, y), ur], _shade(base, 1.72)),  # top face: a pale tint, where the letter sits
        ([ul, ll, bot, (x, y)], base),  # left face
        ([(x, y), bot, lr, ur], _shade(base, 0.78)),  # right face
    ]
    for poly, col in faces:
        p = c.beginPath()
        p.moveTo(*poly[0])
        for pt in poly[1:]:
            p.lineTo(*pt)
        p.close()
        _fill(c, col)
        c.drawPath(p, stroke=0, fill=1)
    # the outline and the top face's edges; no edge between the side faces, where the amount sits
    p = c.beginPath()
    p.moveTo(*top)
    for pt in (ul, ll, bot, lr, ur):
        p.lineTo(*pt)
    p.close()
    p.moveTo(*ul)
    p.lineTo(x, y)
    p.lineTo(*ur)
    c.drawPath(p, stroke=1, fill=0)
    # the letter (B G Y O R P), dark on the pale top face: names the colour without colour
    if letter:
        mark = CUBE_LETTERS[color]
        lsize = letter_fit(mark, s)
        _fill(c, palette.INK)
        c.setFont(BOLD, lsize)
        c.drawString(x - width(mark, BOLD, lsize) / 2, y + s * 0.25 - CAP_HEIGHT * lsize / 2, mark)
    if amount is not None:
        label = str(amount)
        size, base_y = amount_fit(label, s)
        # white figures with a dark outline read on every cube colour, for colour-blind players too
        t = c.beginText()
        t.setTextRenderMode(2)
        t.setFont(BOLD, size)
        c.setLineWidth(max(0.3, size * 0.09))
        _stroke(c, _shade(base, 0.3))
        _fill(c, "#ffffff")
        t.setTextOrigin(x - width(label, BOLD, size) / 2, y + base_y)
        t.textOut(label)
        c.drawText(t)
    c.restoreState()


CAP_HEIGHT = 0.73  #: DejaVu Sans' figures, as a fraction of the font size
TAN30 = math.tan(math.radians(30))


def letter_fit(mark: str, s: float) -> float:
    """Font size of the colour's letter on a cube ``s`` tall: the letter's box stays inside the top
    face (a rhombus 0.866 s wide and 0.5 s tall), clear of its edges."""
    from kcal.print.text import width

    half_w, half_h = width(mark, BOLD, 1.0) / 2, CAP_HEIGHT / 2
    return (1 - 0.16) / (half_w / (0.433 * s) + half_h / (0.25 * s))


def amount_fit(label: str, s: float) -> tuple[float, float]:
    """Font size and baseline (from the cube's centre) of an amount on a cube ``s`` tall, so that the
    figures and their outline stay inside the two side faces: under the top face's V (its lowest
    point is the cube's centre) and above the bottom edges, which rise from the bottom point at
    30 degrees. Wider labels (``10``) are set smaller rather than crossing an edge."""
    from kcal.print.text import width

    clear = s * 0.05  # the cube's outline, the figures' outline and a hair of air
    half_w = width(label, BOLD, 1.0) / 2 + 0.045  # per point of size, the figures' outline included
    size = min(0.5 * s, (0.5 * s - 2 * clear) / (CAP_HEIGHT + half_w * TAN30))
    return size, -clear - CAP_HEIGHT * size


# --- classification ---------------------------------------------------------------------------------


def _class_symbol(c: Canvas, x: float, y: float, s: float, klass: Klass, rarity: Rarity) -> None:
    """A disc in the rarity's colour (bronze, silver, gold, red) with the classification's label."""
    col = palette.RARITY[rarity]
    c.saveState()
    _fill(c, col)
    _stroke(c, _shade(col, 0.55))
    c.setLineWidth(max(0.3, s * 0.06))
    c.circle(x, y, s / 2, stroke=1, fill=1)
    # an inner ring gives the metallic rarities a coin look
    _stroke(c, _shade(col, 1.4))
    c.setLineWidth(max(0.2, s * 0.03))
    c.circle(x, y, s * 0.40, stroke=1, fill=0)
    centred_text(c, x, y, CLASS_CODES[klass], BOLD, s * 0.30, palette.text_on(col))
    c.restoreState()


# --- biomes ---------------------------------------------------------------------------------------


def _biome_badge(c: Canvas, x: float, y: float, w: float, h: float, biome: Biome) -> None:
    """A rounded badge in the biome group's colour with a small glyph and the biome code."""
    col = palette.BIOME_COLOR[biome]
    c.saveState()
    _fill(c, col)
    _stroke(c, _shade(col, 0.6))
    c.setLineWidth(max(0.2, h * 0.05))
    c.roundRect(x - w / 2, y - h / 2, w, h, h * 0.3, stroke=1, fill=1)
    gx = x - w / 2 + h * 0.5
    _glyph(c, palette.BIOME_GROUP[biome], gx, y, h * 0.62, palette.text_on(col))
    centred_text(c, x + h * 0.28, y, biome.value, BOLD, h * 0.58, palette.text_on(col))
    c.restoreState()


def _glyph(c: Canvas, group: str, x: float, y: float, s: float, ink: str) -> None:
    _fill(c, ink)
    _stroke(c, ink)
    c.setLineWidth(max(0.2, s * 0.12))
    p = c.beginPath()
    if group == "forest":  # a fir tree
        p.moveTo(x, y + s / 2)
        p.lineTo(x - s * 0.4, y - s * 0.25)
        p.lineTo(x + s * 0.4, y - s * 0.25)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.rect(x - s * 0.07, y - s / 2, s * 0.14, s * 0.3, stroke=0, fill=1)
    elif group == "water":  # two waves
        for dy in (s * 0.18, -s * 0.18):
            p = c.beginPath()
            p.moveTo(x - s / 2, y + dy)
            p.curveTo(x - s / 4, y + dy + s * 0.2, x, y + dy - s * 0.2, x + s / 4, y + dy)
            p.curveTo(x + s * 0.35, y + dy + s * 0.1, x + s * 0.45, y + dy + s * 0.1, x + s / 2, y + dy)
            c.drawPath(p, stroke=1, fill=0)
    elif group == "desert":  # a sun over a dune
        c.circle(x + s * 0.15, y + s * 0.15, s * 0.18, stroke=0, fill=1)
        p.moveTo(x - s / 2, y - s * 0.35)
        p.curveTo(x - s * 0.2, y, x + s * 0.2, y, x + s / 2, y - s * 0.35)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif group == "cold":  # a mountain with a snow cap
        p.moveTo(x - s / 2, y - s * 0.4)
        p.lineTo(x, y + s * 0.45)
        p.lineTo(x + s / 2, y - s * 0.4)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    else:  # grass: three blades
        for dx in (-s * 0.3, 0, s * 0.3):
            p = c.beginPath()
            p.moveTo(x + dx, y - s * 0.45)
            p.lineTo(x + dx + s * 0.08, y + s * 0.4)
            c.drawPath(p, stroke=1, fill=0)


# --- modifiers ------------------------------------------------------------------------------------


def _modifier_icon(c: Canvas, x: float, y: float, s: float, name: str, param: str | None = None,
                  color: Color | None = None) -> None:
    """A modifier's frame: a circle when it affects its own tile, a square when it affects others.

    The two-letter code sits in the frame; a parameter (``+2``, a biome code, ``2T``) in a tab under
    it; a colour parameter as a small cube in the tab.
    """
    spec = MODIFIERS[name]
    c.saveState()
    _fill(c, "#ffffff")
    _stroke(c, palette.INK)
    c.setLineWidth(max(0.35, s * 0.07))
    if spec.shape is Shape.CIRCLE:
        c.circle(x, y, s / 2, stroke=1, fill=1)
    else:
        c.roundRect(x - s / 2, y - s / 2, s, s, s * 0.1, stroke=1, fill=1)
    has_tab = bool(param) or color is not None
    cy = y + (s * 0.14 if has_tab else 0)
    centred_text(c, x, cy, MODIFIER_CODES[name], BOLD, s * (0.42 if has_tab else 0.5))
    if has_tab:
        from kcal.print.text import width

        ty = y - s * 0.25
        psize = s * 0.30
        # a colour parameter: a small cube followed by its letter (the cube is too small to hold it)
        text = " ".join(p for p in ((CUBE_LETTERS[color] if color is not None else None), param) if p)
        cube_w = s * 0.36 if color is not None else 0.0
        room = s * 0.84 - cube_w  # inside the frame
        if width(text, BOLD, psize) > room:
            psize *= room / width(text, BOLD, psize)
        parts_w = width(text, BOLD, psize) + cube_w
        px = x - parts_w / 2
        if color is not None:
            _cube(c, px + s * 0.16, ty, s * 0.32, color, letter=False)
            px += cube_w
        _fill(c, palette.INK)
        c.setFont(BOLD, psize)
        c.drawString(px, ty - psize * 0.36, text)
    c.restoreState()


def hex_path(c: Canvas, cx: float, cy: float, across: float, rotated: bool = False) -> Any:
    from kcal.print.layout import hex_points

    p = c.beginPath()
    pts = hex_points(cx, cy, across, rotated)
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    return p


__all__ = ["MODIFIER_CODES", "CLASS_CODES", "CUBE_LETTERS", "cube", "class_symbol", "biome_badge", "modifier_icon",
           "centred_text", "hex_path", "REGULAR", "BOLD"]
