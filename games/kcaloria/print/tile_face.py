"""One tile face, drawn at true size on a ReportLab canvas.

The face is laid out in millimetres of the default 64 mm tile (:data:`FACE`) and scaled for other
sizes. Top to bottom: the cost along the top flat, the name and common name, the art in a hexagonal
window flanked by the classification symbol with its biomes (left) and the modifier frames (right),
then the modifiers' short text and the fact line, and the yield along the bottom flat.

Every data string passes through :func:`kcal.print.fonts.printable` and is drawn with
``drawString`` (no markup is parsed), and is shrunk to fit its line; what still does not fit is
reported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from kcal.games.kcaloria.domain import Color
from kcal.games.kcaloria.models import Modifier, Tile
from kcal.games.kcaloria.print import icons, palette
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.images import ArtCache, ArtProblem
from kcal.print.layout import MM, SQRT3, TileGeometry, hex_half_width, hex_points
from kcal.print.report import Report
from kcal.print.text import fit, width


class FaceLayout(NamedTuple):
    """Positions on the 64 mm face, in millimetres from the centre (y up)."""

    border: float = 2.0
    cost_y: float = 26.6
    yield_y: float = -26.6
    cube: float = 6.2
    name_y: float = 17.6  # centre of the name zone
    name_max_pt: float = 9.0
    name_min_pt: float = 5.0
    common_y: float = 13.0
    common_max_pt: float = 6.0
    common_min_pt: float = 4.0
    art_cy: float = -1.0
    art_across: float = 24.0
    side_x: float = 22.5
    side_top: float = 11.5
    side_bottom: float = -13.0
    class_d: float = 7.2
    biome_w: float = 8.6
    biome_h: float = 3.5
    mod_d: float = 6.4
    text_top: float = -13.6
    text_bottom: float = -23.2
    text_max_pt: float = 5.4
    text_min_pt: float = 3.6


FACE = FaceLayout()


class RenderContext:
    """What a face needs besides its tile: where art lives, the art cache, the report.

    ``locate(tile, key)`` gives ``file:line:column`` of a tile's field in its catalog, so every
    warning points at the line to fix.
    """

    def __init__(self, report: Report | None = None, art_dir: Callable[[Tile], Path | None] = lambda tile: None,
                 art: ArtCache | None = None, locate: Callable[[Tile, str], str | None] = lambda tile, key: None
                 ) -> None:
        self.report = Report() if report is None else report
        self.art_dir = art_dir
        self.art = ArtCache() if art is None else art
        self.locate = locate

    def where(self, tile: Tile, part: str) -> str:
        key = _PART_KEYS.get(part.split(" ")[0], part)
        pos = self.locate(tile, key)
        return f"{pos + ': ' if pos else ''}tile {tile.id} ({tile.name}) {part}"


_PART_KEYS = {"art": "art", "name": "name", "common": "common_name", "text": "text", "modifier": "modifiers",
              "cost": "cost", "yield": "yield", "initials": "name"}


def where(tile: Tile, part: str) -> str:
    return f"tile {tile.id} ({tile.name}) {part}"


def draw_face(c, tile: Tile, cx: float, cy: float, geom: TileGeometry, ctx: RenderContext) -> None:
    """Draw ``tile`` centred at ``(cx, cy)`` (points), including its bleed."""
    k = geom.scale * MM  # points per face millimetre
    f = FACE

    def P(x: float, y: float) -> tuple[float, float]:
        return cx + x * k, cy + y * k

    c.saveState()
    # the bleed and the edge band share the border colour, so a cut a little off still looks right
    c.clipPath(icons.hex_path(c, cx, cy, geom.bleed_across), stroke=0, fill=0)
    c.setFillColorRGB(*palette.rgb(palette.BORDER[tile.type]))
    c.rect(cx - geom.bleed_across, cy - geom.bleed_across, 2 * geom.bleed_across, 2 * geom.bleed_across,
           stroke=0, fill=1)
    inner = geom.across - 2 * f.border * k
    c.setFillColorRGB(*palette.rgb(palette.BACKGROUND[tile.type]))
    c.drawPath(icons.hex_path(c, cx, cy, inner), stroke=0, fill=1)

    # the collector id, small, in the bottom edge band (proof sheets and sorting)
    band = palette.BORDER[tile.type]
    c.setFillColorRGB(*palette.rgb(palette.text_on(band)))
    c.setFont(BOLD, 3.6 * geom.scale)
    c.drawCentredString(cx, cy - (32.0 - f.border / 2) * k - 3.6 * geom.scale * 0.36, tile.id)
    _art(c, tile, *P(0, f.art_cy), f.art_across * k, ctx)
    _cubes_row(c, tile, tile.cost, *P(0, f.cost_y), k, top=True, ctx=ctx)
    _cubes_row(c, tile, (tile.yield_,) if tile.yield_ else (), *P(0, f.yield_y), k, top=False, ctx=ctx)
    _names(c, tile, cx, cy, k, ctx)
    _left_column(c, tile, cx, cy, k)
    _right_column(c, tile, cx, cy, k)
    _text_block(c, tile, cx, cy, k, ctx)
    c.restoreState()


# --- art ------------------------------------------------------------------------------------------


def _art(c, tile: Tile, x: float, y: float, across: float, ctx: RenderContext) -> None:
    c.saveState()
    c.clipPath(icons.hex_path(c, x, y, across), stroke=0, fill=0)
    w, h = 2 * across / SQRT3, across
    drawn = False
    folder = ctx.art_dir(tile) if tile.art else None
    if tile.art and folder is None:
        ctx.report.warn(f"{ctx.where(tile, 'art')}: no catalog folder known for {tile.art!r}; placeholder printed")
    elif tile.art and folder is not None:
        try:
            reader = ctx.art.reader(folder, tile.art, w, h, palette.BACKGROUND[tile.type])
        except ArtProblem as exc:
            ctx.report.warn(f"{ctx.where(tile, 'art')}: {exc}; placeholder printed")
        else:
            c.drawImage(reader, x - w / 2, y - h / 2, w, h)
            drawn = True
    if not drawn:
        placeholder(c, tile, x, y, across)
    c.restoreState()
    # a thin frame around the window
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(*palette.rgb(palette.BORDER[tile.type]))
    c.drawPath(icons.hex_path(c, x, y, across), stroke=1, fill=0)
    c.restoreState()


def placeholder(c, tile: Tile, x: float, y: float, across: float) -> None:
    """Generated stand-in art: rings in the type's colour and the name's initials."""
    base = palette.BORDER[tile.type]
    bg = palette.BACKGROUND[tile.type]
    c.setFillColorRGB(*palette.rgb(bg))
    c.rect(x - across, y - across, 2 * across, 2 * across, stroke=0, fill=1)
    def rings(cv, x0, y0, ref):
        cv.setStrokeColorRGB(*palette.rgb(base))
        for i in range(1, 6):
            cv.setLineWidth((0.4 + 0.25 * (i % 2)) * ref / across)
            cv.drawPath(icons.hex_path(cv, x0, y0, ref * i / 5.5), stroke=1, fill=0)

    icons.stamp(c, f"rings-{tile.type.value}", x, y, across, rings, extent=1.0)
    initials = "".join(part[0] for part in tile.name.split()[:2]).upper()
    initials = printable(initials, where(tile, "initials"), None)
    size = across * 0.42
    c.setFillColorRGB(*palette.rgb(base))
    c.setFont(BOLD, size)
    c.drawCentredString(x, y - size * 0.36, initials)


# --- cost and yield -------------------------------------------------------------------------------


def _cubes_row(c, tile: Tile, alternatives, x: float, y: float, k: float, *, top: bool,
               ctx: RenderContext) -> None:
    f = FACE
    # the row's width is bounded by the hexagon at the row's outer edge
    outer = abs(f.cost_y) + f.cube / 2
    max_w = 2 * (hex_half_width(64.0, outer) - f.border - 1.0) * k
    if not alternatives:
        label = "free" if top else "no yield"
        c.setFillColorRGB(*palette.rgb(palette.INK))
        c.setFont(REGULAR, 6)
        c.drawCentredString(x, y - 6 * 0.36, label)
        return
    s = f.cube * k
    gap = s * 0.12
    sep_font = 5.2
    sep_w = width("or", BOLD, sep_font) + 2 * s * 0.25

    def row_width(size: float, sw: float) -> float:
        n = sum(len(alt) for alt in alternatives)
        return n * size + (n - len(alternatives)) * gap * size / s + (len(alternatives) - 1) * sw

    scale = 1.0
    if row_width(s, sep_w) > max_w:
        scale = max_w / row_width(s, sep_w)
        if scale < 0.55:
            ctx.report.warn(f"{ctx.where(tile, 'cost' if top else 'yield')}: too many cubes for the edge; printed small")
    size, sw = s * scale, sep_w * scale
    px = x - row_width(size, sw) / 2
    for i, alt in enumerate(alternatives):
        if i:
            c.setFillColorRGB(*palette.rgb(palette.INK))
            c.setFont(BOLD, sep_font * scale)
            c.drawCentredString(px + sw / 2, y - sep_font * scale * 0.36, "or")
            px += sw
        for color in Color:
            if color not in alt:
                continue
            icons.cube(c, px + size / 2, y, size, color, alt[color])
            px += size + gap * scale
        px -= gap * scale


# --- names ----------------------------------------------------------------------------------------


def _line_width(y_mm: float, k: float, pad: float = 1.2, half_h: float = 0.0) -> float:
    """Usable width (points) of a text line centred at ``y_mm`` on the face."""
    f = FACE
    edge = abs(y_mm) + half_h
    return max(0.0, 2 * (hex_half_width(64.0, edge) - f.border - pad) * k)


def _names(c, tile: Tile, cx: float, cy: float, k: float, ctx: RenderContext) -> None:
    f = FACE
    name = printable(tile.name, ctx.where(tile, "name"), ctx.report, BOLD)
    w1 = _line_width(f.name_y + 1.5, k)
    fitted = fit(name, BOLD, f.name_max_pt, 6.5, w1, 1)
    c.setFillColorRGB(*palette.rgb(palette.INK))
    if fitted.complete:
        c.setFont(BOLD, fitted.size)
        c.drawCentredString(cx, cy + f.name_y * k - fitted.size * 0.36, fitted.lines[0])
    else:  # two lines, smaller
        widths = [_line_width(f.name_y + 2.2, k), _line_width(f.name_y - 1.0, k)]
        fitted = fit(name, BOLD, 7.0, f.name_min_pt, widths, 2, where=ctx.where(tile, "name"), report=ctx.report)
        lead = fitted.size * 1.08
        ys = [f.name_y * k + lead / 2, f.name_y * k - lead / 2] if len(fitted.lines) == 2 else [f.name_y * k]
        c.setFont(BOLD, fitted.size)
        for line, yy in zip(fitted.lines, ys, strict=False):
            c.drawCentredString(cx, cy + yy - fitted.size * 0.36, line)
    if tile.common_name and tile.common_name.casefold() != tile.name.casefold():
        common = printable(tile.common_name, ctx.where(tile, "common name"), ctx.report)
        fitted = fit(common, REGULAR, f.common_max_pt, f.common_min_pt, _line_width(f.common_y, k, 1.5), 1,
                     where=ctx.where(tile, "common name"), report=ctx.report)
        c.setFont(REGULAR, fitted.size)
        c.drawCentredString(cx, cy + f.common_y * k - fitted.size * 0.36, fitted.lines[0])


# --- side columns ---------------------------------------------------------------------------------


def _left_column(c, tile: Tile, cx: float, cy: float, k: float) -> None:
    f = FACE
    x = cx - f.side_x * k
    top = f.side_top
    icons.class_symbol(c, x, cy + (top - f.class_d / 2) * k, f.class_d * k, tile.klass, tile.rarity)
    n = len(tile.biomes)
    if not n:
        return
    room = (top - f.class_d - 0.8) - f.side_bottom
    h = min(f.biome_h, room / n / 1.15)
    step = h * 1.15
    y = top - f.class_d - 0.8 - h / 2
    for biome in tile.biomes:
        icons.biome_badge(c, x, cy + y * k, f.biome_w * k * (h / f.biome_h) ** 0.3, h * k, biome)
        y -= step


def modifier_param(mod: Modifier) -> tuple[str | None, Color | None]:
    """What a modifier's frame shows under its code: an amount, a biome, a duration, a colour."""
    parts = []
    if mod.amount is not None:
        parts.append(f"{'-' if mod.name in _NEGATIVE else '+'}{mod.amount}")
    if mod.biome is not None:
        parts.append(mod.biome.value)
    if mod.duration is not None:
        parts.append(f"{mod.duration}t")
    return (" ".join(parts) or None), mod.color


_NEGATIVE = frozenset({"critically_endangered", "destructive", "inedible", "poisonous_insect",
                       "poor_water_quality", "shade_required"})


def _right_column(c, tile: Tile, cx: float, cy: float, k: float) -> None:
    f = FACE
    n = len(tile.modifiers)
    if not n:
        return
    room = f.side_top - f.side_bottom
    d = min(f.mod_d, room / n / 1.12)
    step = d * 1.12
    y = f.side_top - d / 2
    x = cx + f.side_x * k
    for mod in tile.modifiers:
        param, color = modifier_param(mod)
        icons.modifier_icon(c, x, cy + y * k, d * k, mod.name, param, color)
        y -= step


# --- modifier text and fact line -----------------------------------------------------------------


def modifier_line(mod: Modifier) -> str:
    """``Nc Nocturnal +1: +1 next to Moonlight`` — code, title, parameters, summary."""
    spec = mod.spec
    params = []
    for p in spec.params:
        v = getattr(mod, p)
        if v is None:
            continue
        if p == "amount":
            params.append(f"{'-' if mod.name in _NEGATIVE else '+'}{v}")
        elif p == "duration":
            params.append(f"{v} turn{'s' if v != 1 else ''}")
        else:
            params.append(str(v.value if hasattr(v, "value") else v))
    head = spec.title + (f" ({', '.join(params)})" if params else "")
    return f"{icons.MODIFIER_CODES[mod.name]} {head}: {spec.summary}"


def _text_block(c, tile: Tile, cx: float, cy: float, k: float, ctx: RenderContext) -> None:
    f = FACE
    mod_lines = [printable(modifier_line(m), ctx.where(tile, f"modifier {m.name}"), ctx.report) for m in tile.modifiers]
    fact = printable(tile.text, ctx.where(tile, "text"), ctx.report) if tile.text else ""
    if not mod_lines and not fact:
        return
    zone = f.text_top - f.text_bottom
    size = f.text_max_pt
    while True:
        lead_mm = size * 1.16 / MM
        nlines = max(1, int(zone // lead_mm))
        ys = [f.text_top - lead_mm * (i + 0.5) for i in range(nlines)]
        widths = [_line_width(y, k, 1.0, lead_mm / 2) for y in ys]
        layout = _layout_text(mod_lines, fact, size, widths)
        if layout is not None or size <= f.text_min_pt:
            break
        size = max(f.text_min_pt, size - 0.2)
    if layout is None:  # even the smallest size overflows: keep modifiers whole, shorten the fact line
        idx = 0
        layout = []
        for line in mod_lines:
            got = fit(line, REGULAR, size, size, widths[idx:] or [widths[-1]], max(1, len(widths) - idx),
                      where=ctx.where(tile, "modifier text"), report=ctx.report)
            layout.extend((ln, REGULAR) for ln in got.lines)
            idx += len(got.lines)
        if fact and idx < len(widths):
            got = fit(fact, REGULAR, size, size, widths[idx:], len(widths) - idx,
                      where=ctx.where(tile, "text"), report=ctx.report)
            layout.extend((ln, REGULAR) for ln in got.lines)
        elif fact:
            ctx.report.warn(f"{ctx.where(tile, 'text')}: no room left for the fact line; it was not printed: "
                            f"{fact[:59] + '…' if len(fact) > 60 else fact!r}")
        layout = layout[: len(widths)]
    used = len(layout)
    lead = size * 1.16
    # centre the block vertically in the zone
    top = cy + f.text_top * k - (len(ys) - used) * lead / 2
    c.setFillColorRGB(*palette.rgb(palette.INK))
    for i, (line, font) in enumerate(layout):
        yy = top - lead * (i + 0.5) - size * 0.36
        if font == "mod":
            code, rest = line.split(" ", 1)
            w_code = width(code + " ", BOLD, size)
            total = w_code + width(rest, REGULAR, size)
            x0 = cx - total / 2
            c.setFont(BOLD, size)
            c.drawString(x0, yy, code + " ")
            c.setFont(REGULAR, size)
            c.drawString(x0 + w_code, yy, rest)
        else:
            c.setFont(font, size)
            c.drawCentredString(cx, yy, line)


def _layout_text(mod_lines: list[str], fact: str, size: float, widths: list[float]):
    from kcal.print.text import _wrap_varying

    out: list[tuple[str, str]] = []
    idx = 0
    for line in mod_lines:
        if idx >= len(widths):
            return None
        code = line.split(" ", 1)[0] + " "
        extra = width(code, BOLD, size) - width(code, REGULAR, size)  # the code is printed bold
        avail = [widths[idx] - extra, *widths[idx + 1:]]
        wrapped = _wrap_varying(line, REGULAR, size, avail)
        if wrapped is None:
            return None
        out.append((wrapped[0], "mod"))
        out.extend((ln, REGULAR) for ln in wrapped[1:])
        idx += len(wrapped)
    if fact:
        if idx >= len(widths):
            return None
        wrapped = _wrap_varying(fact, REGULAR, size, widths[idx:])
        if wrapped is None:
            return None
        out.extend((ln, REGULAR) for ln in wrapped)
    return out


def corner_points(cx: float, cy: float, geom: TileGeometry) -> list[tuple[float, float]]:
    return hex_points(cx, cy, geom.across)
