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

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from kcal.games.kcaloria.files.cardset import Modifier, Tile
from kcal.games.kcaloria.print import icons, palette
from kcal.games.kcaloria.print.picture import icon_of
from kcal.games.kcaloria.rules.domain import Color
from kcal.print import pictures
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.images import ArtCache, ArtProblem
from kcal.print.layout import MM, SQRT3, TileGeometry, hex_half_width
from kcal.print.report import Report
from kcal.print.text import fit, width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


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
    common_max_pt: float = 6.8
    common_min_pt: float = 5.0
    art_top: float = 11.0  # the art window's top flat; its bottom flat is just above the text zone
    art_gap: float = 0.6  # between the art window and the text zone
    art_min: float = 13.0  # a tile's own art is never smaller than this across the flats
    placeholder_min: float = 5.0  # the picture's window is never smaller than this (docs/art.md): the text gives way
    side_x: float = 22.5
    side_top: float = 11.5
    side_bottom: float = -13.0
    side_half: float = 4.3  # half the width of the side columns' widest item (a biome badge)
    class_d: float = 7.2
    biome_w: float = 8.6
    biome_h: float = 3.5
    mod_d: float = 6.4
    text_top: float = -13.6  # the text zone's top when the art is full size (24 mm across)
    text_bottom: float = -23.2
    text_sizes: tuple[float, ...] = (7.0, 6.75, 6.5)  # rules and fact text, largest first; 6.5 pt is the floor
    leading: float = 1.17  # line pitch / font size
    text_pad: float = 1.2  # between a text line and the inner border (or a side column)
    break_lines: float = 0.6  # the break between the modifier lines and the fact line, in lines
    id_pt: float = 5.0
    label_pt: float = 7.0  # "free", "no yield"


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

    def where(self, tile: Tile, part: str, key: str | None = None) -> str:
        """Where a warning about ``part`` of ``tile`` points: worked out only when a warning is
        printed (finding the line loads the catalog's positions), so it is a lazy stand-in that
        every caller formats (f-strings) and nothing else."""
        return _LazyWhere(self, tile, part, key)  # type: ignore[return-value]

    def where_text(self, tile: Tile, part: str, key: str | None = None) -> str:
        """``key``: the field's path in the tile, dotted (``modifiers.1.target``); by default the part's."""
        pos = self.locate(tile, key if key is not None else _PART_KEYS.get(part.split(" ")[0], part))
        return f"{pos + ': ' if pos else ''}tile {tile.id} ({tile.name}) {part}"


class _LazyWhere:
    """:meth:`RenderContext.where`'s text, computed when first formatted."""

    __slots__ = ("ctx", "tile", "part", "key", "_text")

    def __init__(self, ctx: RenderContext, tile: Tile, part: str, key: str | None = None) -> None:
        self.ctx, self.tile, self.part, self.key = ctx, tile, part, key
        self._text: str | None = None

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = self.ctx.where_text(self.tile, self.part, self.key)
        return text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        return str(self) == (str(other) if isinstance(other, (str, _LazyWhere)) else other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)


_PART_KEYS = {"art": "art", "name": "name", "common": "common_name", "text": "text", "modifier": "modifiers",
              "cost": "cost", "yield": "yield", "initials": "name"}


def where(tile: Tile, part: str) -> str:
    return f"tile {tile.id} ({tile.name}) {part}"


def draw_face(c: Canvas, tile: Tile, cx: float, cy: float, geom: TileGeometry, ctx: RenderContext) -> None:
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

    # the collector id in the bottom edge band (proof sheets and sorting)
    band = palette.BORDER[tile.type]
    c.setFillColorRGB(*palette.rgb(palette.text_on(band)))
    c.setFont(BOLD, f.id_pt * geom.scale)
    c.drawCentredString(cx, cy - (32.0 - f.border / 2) * k - f.id_pt * geom.scale * 0.36, tile.id)
    plan = text_plan(tile, k, ctx)
    text_top = plan.top if plan is not None else f.text_top
    art_across = f.art_top - (text_top + f.art_gap)
    if tile.art or art_across >= f.placeholder_min - 1e-9:
        _art(c, tile, *P(0, f.art_top - art_across / 2), art_across * k, ctx)
    _cubes_row(c, tile, tile.cost, *P(0, f.cost_y), k, top=True, ctx=ctx)
    _cubes_row(c, tile, (tile.yield_,) if tile.yield_ else (), *P(0, f.yield_y), k, top=False, ctx=ctx)
    _names(c, tile, cx, cy, k, ctx)
    _left_column(c, tile, cx, cy, k)
    _right_column(c, tile, cx, cy, k)
    if plan is not None:
        _text_block(c, tile, plan, cx, cy, k)
    c.restoreState()


# --- art ------------------------------------------------------------------------------------------


def _art(c: Canvas, tile: Tile, x: float, y: float, across: float, ctx: RenderContext) -> None:
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


#: the picture's square, as a share of the art window's height: the largest square inside the hexagon
#: (flat-top: 2 / (sqrt 3 + 1) of the flats' distance) less a hair, so no corner of the icon is cut
PICTURE_OF_WINDOW = 0.72


def picture_box(x: float, y: float, across: float) -> tuple[float, float, float]:
    """The square ``(x0, y0, size)`` the tile's icon fills inside the art window centred on ``(x, y)``."""
    size = across * PICTURE_OF_WINDOW
    return x - size / 2, y - size / 2, size


def placeholder(c: Canvas, tile: Tile, x: float, y: float, across: float) -> None:
    """The tile's picture (its icon, docs/art.md) on its type's background, in a dark shade of its type's
    colour: dark on light, so it reads in greyscale too."""
    c.setFillColorRGB(*palette.rgb(palette.BACKGROUND[tile.type]))
    c.rect(x - across, y - across, 2 * across, 2 * across, stroke=0, fill=1)
    x0, y0, size = picture_box(x, y, across)
    pictures.draw(c, icon_of(tile), x0, y0, size, palette.picture_ink(tile.type))


# --- cost and yield -------------------------------------------------------------------------------


def _cubes_row(c: Canvas, tile: Tile, alternatives: Sequence[dict[Color, int]], x: float, y: float, k: float,
               *, top: bool, ctx: RenderContext) -> None:
    f = FACE
    # the row's width is bounded by the hexagon at the row's outer edge
    outer = abs(f.cost_y) + f.cube / 2
    max_w = 2 * (hex_half_width(64.0, outer) - f.border - 1.0) * k
    if not alternatives:
        label = "free" if top else "no yield"
        c.setFillColorRGB(*palette.rgb(palette.INK))
        c.setFont(REGULAR, f.label_pt * k / MM)
        c.drawCentredString(x, y - f.label_pt * k / MM * 0.36, label)
        return
    s = f.cube * k
    gap = s * 0.12
    sep_font = 6.5
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


def _names(c: Canvas, tile: Tile, cx: float, cy: float, k: float, ctx: RenderContext) -> None:
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


def _left_column(c: Canvas, tile: Tile, cx: float, cy: float, k: float) -> None:
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


def _right_column(c: Canvas, tile: Tile, cx: float, cy: float, k: float) -> None:
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


class TextPlan(NamedTuple):
    """Where the modifier lines and the fact line go: font size, each line with its kind ("mod" a
    modifier's first line, its code bold; "text" the rest) and its centre in face millimetres, the
    break between modifiers and fact (None when there is only one of them), and the zone's top (the
    art window ends above it)."""

    size: float
    lines: tuple[tuple[str, str, float], ...]
    rule_y: float | None
    top: float


def _column_bottoms(tile: Tile) -> tuple[float, float]:
    """How far down (face mm) the left column (class, biomes) and the right one (modifiers) reach."""
    f = FACE
    left = f.side_top - f.class_d
    n = len(tile.biomes)
    if n:
        room = (f.side_top - f.class_d - 0.8) - f.side_bottom
        h = min(f.biome_h, room / n / 1.15)
        left = f.side_top - f.class_d - 0.8 - (n - 1) * h * 1.15 - h
    right = f.side_top
    m = len(tile.modifiers)
    if m:
        d = min(f.mod_d, (f.side_top - f.side_bottom) / m / 1.12)
        right = f.side_top - (m - 1) * d * 1.12 - d
    return left, right


def _text_width(tile_cols: tuple[float, float], y: float, half_h: float, k: float) -> float:
    """Usable width (points) of a text line centred at ``y`` (face mm) and ``2 half_h`` tall: inside
    the inner border, and between the side columns where the line reaches up beside them."""
    f = FACE
    half = hex_half_width(64.0, abs(y) + half_h) - f.border - f.text_pad
    if y + half_h > min(tile_cols) - 0.4:
        half = min(half, f.side_x - f.side_half - f.text_pad)
    return max(0.0, 2 * half * k)


def art_floor(tile: Tile) -> float:
    """How small the art window may get (face mm across): a tile's own art keeps
    :attr:`FaceLayout.art_min`, its picture (an icon) :attr:`FaceLayout.placeholder_min`."""
    return FACE.art_min if tile.art else FACE.placeholder_min


def plan_text(tile: Tile, mod_lines: list[str], fact: str, k: float) -> TextPlan | None:
    """The largest text (7 pt down to the 6.5 pt floor) that fits under a full-size art window; when
    even 6.5 pt does not fit, the zone grows upwards a millimetre at a time and the art shrinks
    (down to :func:`art_floor`). None: it does not fit at all."""
    f = FACE
    cols = _column_bottoms(tile)
    highest = f.art_top - art_floor(tile) - f.art_gap
    top = f.text_top
    while True:
        for size in (f.text_sizes if top == f.text_top else f.text_sizes[-1:]):
            plan = _try_plan(mod_lines, fact, size, top, cols, k)
            if plan is not None:
                return plan
        if top >= highest - 1e-9:
            return None
        top = min(highest, top + 1.0)


def _try_plan(mod_lines: list[str], fact: str, size: float, top: float, cols: tuple[float, float],
              k: float) -> TextPlan | None:
    from kcal.print.text import wrap_varying

    f = FACE
    lead = size * f.leading / MM  # mm
    brk = f.break_lines * lead if mod_lines and fact else 0.0

    def fits_at(shift: float, n_mod: int, n_fact: int) -> list[float] | None:
        ys = [top - shift - lead * (i + 0.5) for i in range(n_mod)]
        ys += [top - shift - n_mod * lead - brk - lead * (j + 0.5) for j in range(n_fact)]
        return ys if not ys or ys[-1] - lead / 2 >= f.text_bottom - 1e-9 else None

    def widths_from(y0: float) -> list[float]:
        out = []
        y = y0
        while y - lead / 2 >= f.text_bottom - 1e-9:
            out.append(_text_width(cols, y, lead / 2, k))
            y -= lead
        return out

    # wrap from the top of the zone
    wrapped: list[tuple[str, str]] = []
    for line in mod_lines:
        y0 = top - lead * (len(wrapped) + 0.5)
        avail = widths_from(y0)
        if not avail:
            return None
        code = line.split(" ", 1)[0] + " "
        extra = width(code, BOLD, size) - width(code, REGULAR, size)  # the code is printed bold
        got = wrap_varying(line, REGULAR, size, [avail[0] - extra, *avail[1:]])
        if got is None:
            return None
        wrapped.append((got[0], "mod"))
        wrapped.extend((ln, "text") for ln in got[1:])
    n_mod = len(wrapped)
    n_fact = 0
    if fact:
        avail = widths_from(top - n_mod * lead - brk - lead * 0.5)
        got = wrap_varying(fact, REGULAR, size, avail) if avail else None
        if got is None:
            return None
        wrapped.extend((ln, "text") for ln in got)
        n_fact = len(got)
    ys = fits_at(0.0, n_mod, n_fact)
    if ys is None:
        return None
    # centre the block in the zone when the lines still fit where that puts them
    spare = ys[-1] - lead / 2 - f.text_bottom
    for shift in (spare / 2, spare / 4, 0.0):
        moved = fits_at(shift, n_mod, n_fact)
        if moved is not None and all(_drawn_width(text, kind, size) <= _text_width(cols, y, lead / 2, k) + 1e-6
                                     for (text, kind), y in zip(wrapped, moved, strict=True)):
            ys = moved
            break
    rule_y = (ys[n_mod - 1] - lead / 2 - brk / 2) if n_mod and n_fact else None
    return TextPlan(size, tuple((t, kind, y) for (t, kind), y in zip(wrapped, ys, strict=True)), rule_y, top)


def _drawn_width(text: str, kind: str, size: float) -> float:
    if kind == "mod":
        code, _, rest = text.partition(" ")
        return width(code + " ", BOLD, size) + width(rest, REGULAR, size)
    return width(text, REGULAR, size)


def _modifier_key(tile: Tile, j: int) -> str:
    """The field a modifier's line is longest for: its tile name (``target``, ``partner``), else the
    modifier itself (``modifiers.J``)."""
    mod = tile.modifiers[j] if j < len(tile.modifiers) else None
    for param in ("target", "partner"):
        if mod is not None and isinstance(getattr(mod, param, None), str):
            return f"modifiers.{j}.{param}"
    return f"modifiers.{j}"


def _fallback_plan(tile: Tile, mod_lines: list[str], fact: str, k: float, ctx: RenderContext) -> TextPlan:
    """Even the smallest art and 6.5 pt overflow: keep the modifiers, shorten the fact line (reported)."""
    f = FACE
    size = f.text_sizes[-1]
    lead = size * f.leading / MM
    top = f.art_top - art_floor(tile) - f.art_gap
    cols = _column_bottoms(tile)
    ys = []
    y = top - lead / 2
    while y - lead / 2 >= f.text_bottom - 1e-9:
        ys.append(y)
        y -= lead
    widths = [_text_width(cols, yy, lead / 2, k) for yy in ys]
    lines: list[tuple[str, str, float]] = []
    for j, line in enumerate(mod_lines):
        idx = len(lines)
        where = ctx.where(tile, "modifier text", _modifier_key(tile, j))
        if idx >= len(ys):
            ctx.report.warn(f"{where}: no room for {line!r}; it was not printed")
            continue
        got = fit(line, REGULAR, size, size, widths[idx:], len(widths) - idx, where=where, report=ctx.report)
        lines.extend((ln, "mod" if i == 0 else "text", ys[idx + i]) for i, ln in enumerate(got.lines))
    rule_y = None
    if fact and len(lines) < len(ys):
        idx = len(lines)
        got = fit(fact, REGULAR, size, size, widths[idx:], len(widths) - idx,
                  where=ctx.where(tile, "text"), report=ctx.report)
        lines.extend((ln, "text", ys[idx + i]) for i, ln in enumerate(got.lines))
    elif fact:
        ctx.report.warn(f"{ctx.where(tile, 'text')}: no room left for the fact line; it was not printed: "
                        f"{fact[:59] + '…' if len(fact) > 60 else fact!r}")
    return TextPlan(size, tuple(lines), rule_y, top)


def text_plan(tile: Tile, k: float, ctx: RenderContext) -> TextPlan | None:
    """The tile's modifier lines and fact line, laid out; None when it has neither."""
    mod_lines = [printable(modifier_line(m), ctx.where(tile, f"modifier {m.name}"), ctx.report)
                 for m in tile.modifiers]
    fact = " ".join((printable(tile.text, ctx.where(tile, "text"), ctx.report) if tile.text else "").split())
    if not mod_lines and not fact:
        return None
    plan = plan_text(tile, mod_lines, fact, k)
    return plan if plan is not None else _fallback_plan(tile, mod_lines, fact, k, ctx)


def _text_block(c: Canvas, tile: Tile, plan: TextPlan, cx: float, cy: float, k: float) -> None:
    size = plan.size
    c.setFillColorRGB(*palette.rgb(palette.INK))
    for line, kind, y in plan.lines:
        yy = cy + y * k - size * 0.36
        if kind == "mod":
            code, _, rest = line.partition(" ")
            w_code = width(code + " ", BOLD, size)
            x0 = cx - (w_code + width(rest, REGULAR, size)) / 2
            c.setFont(BOLD, size)
            c.drawString(x0, yy, code + " ")
            c.setFont(REGULAR, size)
            c.drawString(x0 + w_code, yy, rest)
        else:
            c.setFont(REGULAR, size)
            c.drawCentredString(cx, yy, line)
    if plan.rule_y is not None:  # the break between the modifiers and the fact line: a short rule
        c.saveState()
        c.setStrokeColorRGB(*palette.rgb(palette.BORDER[tile.type]))
        c.setLineWidth(0.5)
        c.line(cx - 7.0 * k, cy + plan.rule_y * k, cx + 7.0 * k, cy + plan.rule_y * k)
        c.restoreState()
