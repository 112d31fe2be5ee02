"""Imposition: tiles on sheets, cut lines, crop ticks, the scale ruler, duplex backs, the alignment test.

A sheet is produced as a *page function* (canvas -> None); :mod:`kcal.print.output` turns a list of
them into one or more PDF files. Fronts are packed as a honeycomb (:func:`kcal.print.layout.honeycomb`);
with ``backs`` each front page is followed by its back page, every tile mirrored for the flip the
printer does (long or short edge) and moved by the user's ``back_offset`` to cancel a printer's drift.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from kcal.games.kcaloria.models import Tile
from kcal.games.kcaloria.print import icons, palette
from kcal.games.kcaloria.print.tile_face import RenderContext, draw_face
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.layout import (
    INCH,
    MM,
    PAPERS,
    SQRT3,
    Paper,
    SheetLayout,
    Slot,
    TileGeometry,
    hex_points,
    honeycomb,
    inside_hex,
    mirror_slot,
    mm,
)

PageFn = Callable[[object], None]


class SheetOptions(NamedTuple):
    """Everything about the sheets, as data (all lengths in millimetres)."""

    paper: str = "letter"
    tile_mm: float = 64.0
    bleed_mm: float = 0.0
    backs: bool = False
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = True
    crop_marks: bool = True
    alignment_page: bool = False
    title: str = ""

    @property
    def paper_size(self) -> Paper:
        return PAPERS[self.paper]

    @property
    def geometry(self) -> TileGeometry:
        return TileGeometry(across=mm(self.tile_mm), bleed=mm(self.bleed_mm))

    @property
    def back_offset(self) -> tuple[float, float]:
        return (mm(self.back_offset_mm[0]), mm(self.back_offset_mm[1]))


def sheet_layout(opts: SheetOptions) -> SheetLayout:
    return honeycomb(opts.paper_size, opts.geometry)


# --- marks ----------------------------------------------------------------------------------------


def cut_line(c, slot: Slot, geom: TileGeometry) -> None:
    c.saveState()
    c.setStrokeColorRGB(*palette.rgb(palette.CUT_LINE))
    c.setLineWidth(0.5)
    c.setLineJoin(0)
    c.drawPath(icons.hex_path(c, slot.x, slot.y, geom.across, slot.rotated), stroke=1, fill=0)
    c.restoreState()


def crop_ticks(c, slots: Sequence[Slot], geom: TileGeometry) -> int:
    """Ticks continuing each hex edge beyond its vertex, only where they land on no tile.

    With tiles sharing edges the ticks appear around the honeycomb's outline; with bleed they sit in
    the gaps too where there is room, so a straight-edge cutter has a guide at the ends of the cuts.
    The ticks of a sheet are a form, drawn once for every sheet with the same slots. Returns how many.
    """
    segs = tick_segments(tuple(slots), geom.across, geom.bleed)
    name = f"ticks-{len(slots)}"
    defined = c.__dict__.setdefault("_kcal_forms", set())
    if name not in defined:
        c.beginForm(name)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.4)
        c.lines(segs)
        c.endForm()
        defined.add(name)
    c.doForm(name)
    return len(segs)


@lru_cache(maxsize=64)
def tick_segments(slots: tuple[Slot, ...], across: float, bleed: float) -> tuple[tuple[float, float, float, float], ...]:
    geom = TileGeometry(across=across, bleed=bleed)
    gap = geom.bleed * 1.2 + mm(0.6)
    length = mm(2.6)
    reach = 2 * geom.bleed_across + gap + length
    probe_size = geom.bleed_across + mm(0.4)
    out = []
    for s in slots:
        near = [o for o in slots if abs(o.x - s.x) < reach and abs(o.y - s.y) < reach]
        pts = hex_points(s.x, s.y, geom.across, s.rotated)
        for i in range(6):
            v = pts[i]
            for nb in (pts[(i - 1) % 6], pts[(i + 1) % 6]):
                dx, dy = v[0] - nb[0], v[1] - nb[1]
                n = math.hypot(dx, dy)
                ux, uy = dx / n, dy / n
                a = (v[0] + ux * gap, v[1] + uy * gap)
                b = (v[0] + ux * (gap + length), v[1] + uy * (gap + length))
                probes = (a, b, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
                if any(inside_hex(px, py, o.x, o.y, probe_size, o.rotated) for o in near for px, py in probes):
                    continue
                out.append((a[0], a[1], b[0], b[1]))
    return tuple(out)


def ruler(c, x: float, y: float, label: str = "") -> None:
    """A 100 mm scale (and 4 inches under it): measure it to check the print was not scaled.

    The scale is a form drawn once per document; only the label differs from page to page.
    """
    defined = c.__dict__.setdefault("_kcal_forms", set())
    if "ruler" not in defined:
        c.beginForm("ruler", -mm(2), -mm(2), mm(200), mm(8))
        _ruler_scale(c, 0, 0)
        c.endForm()
        defined.add("ruler")
    c.saveState()
    c.translate(x, y)
    c.doForm("ruler")
    c.restoreState()
    if label:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(REGULAR, 5.5)
        c.drawString(x + mm(103), y + mm(3.2) - mm(2.4), label)
        c.restoreState()


def _ruler_scale(c, x: float, y: float) -> None:
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    length = mm(100)
    base = y + mm(3.2)
    c.setLineWidth(0.5)
    c.line(x, base, x + length, base)
    for i in range(101):
        h = mm(2.4) if i % 10 == 0 else mm(1.5) if i % 5 == 0 else mm(0.9)
        c.setLineWidth(0.35 if i % 10 else 0.5)
        c.line(x + mm(i), base, x + mm(i), base + h)
        if i % 10 == 0:
            c.setFont(REGULAR, 4.5)
            c.drawCentredString(x + mm(i), base + mm(2.7), str(i // 10) if i < 100 else "10 cm")
    # inch scale below the line
    c.setLineWidth(0.35)
    for j in range(4 * 8 + 1):
        h = mm(2.0) if j % 8 == 0 else mm(1.3) if j % 4 == 0 else mm(0.8)
        c.line(x + j * INCH / 8, base, x + j * INCH / 8, base - h)
        if j % 8 == 0 and j:
            c.setFont(REGULAR, 4.5)
            c.drawCentredString(x + j * INCH / 8, base - mm(3.7), f"{j // 8} in")
    c.setFont(BOLD, 5.5)
    c.drawString(x + length + mm(3), base + mm(0.8), "print at 100 % (actual size): this bar is 100 mm")
    c.restoreState()


# --- backs ----------------------------------------------------------------------------------------


def draw_back(c, slot: Slot, geom: TileGeometry) -> None:
    """The common back of every tile: it must not tell one tile from another."""
    k = geom.scale * MM
    c.saveState()
    c.clipPath(icons.hex_path(c, slot.x, slot.y, geom.bleed_across), stroke=0, fill=0)
    c.setFillColorRGB(*palette.rgb(palette.BACK))
    c.rect(slot.x - geom.bleed_across, slot.y - geom.bleed_across, 2 * geom.bleed_across,
           2 * geom.bleed_across, stroke=0, fill=1)
    c.setStrokeColorRGB(*palette.rgb(palette.BACK_ACCENT))
    c.setLineWidth(0.8)
    c.drawPath(icons.hex_path(c, slot.x, slot.y, geom.across - 5 * k), stroke=1, fill=0)
    c.setLineWidth(0.4)
    for i in range(1, 4):
        c.drawPath(icons.hex_path(c, slot.x, slot.y, geom.across * i / 6), stroke=1, fill=0)
    c.setFillColorRGB(*palette.rgb(palette.BACK_ACCENT))
    c.setFont(BOLD, 13 * geom.scale)
    c.drawCentredString(slot.x, slot.y - 13 * geom.scale * 0.36, "kCaloria")
    c.restoreState()


# --- placing faces ------------------------------------------------------------------------------


def face_key(tile: Tile) -> str:
    """A form name per distinct tile content (two tiles sharing an id in a test still differ)."""
    import hashlib

    digest = hashlib.sha1(tile.model_dump_json(by_alias=True).encode("utf-8")).hexdigest()[:10]
    return f"face-{digest}"


def place_form(c, name: str, slot: Slot, geom: TileGeometry, draw) -> None:
    """Draw a face once per document as a form XObject, then place it wherever it is used.

    A tile printed five times is described (and its art referenced) once; the PDF is smaller and
    faster to write, and every placement is still real text for search and extraction.
    """
    defined = c.__dict__.setdefault("_kcal_forms", set())
    if name not in defined:
        half_w, half_h = geom.bleed_across / SQRT3 + 1, geom.bleed_across / 2 + 1
        c.beginForm(name, -half_w, -half_h, half_w, half_h)
        draw(c)
        c.endForm()
        defined.add(name)
    c.saveState()
    c.translate(slot.x, slot.y)
    if slot.rotated:
        c.rotate(90)
    c.doForm(name)
    c.restoreState()


# --- pages ----------------------------------------------------------------------------------------


def sheet_chunks(tiles: Sequence[Tile], opts: SheetOptions,
                 groups: Sequence[tuple[str, Sequence[Tile]]] | None = None) -> tuple[SheetLayout, list[tuple[str, list[Tile]]]]:
    """The layout and the tiles of each front sheet (label, tiles); a group always starts a sheet."""
    layout = sheet_layout(opts)
    if not layout.slots:
        from kcal.core.errors import KcalError

        raise KcalError(f"a {opts.tile_mm:g} mm tile with {opts.bleed_mm:g} mm bleed does not fit on "
                        f"{opts.paper} paper")
    per = layout.per_page
    chunks: list[tuple[str, list[Tile]]] = []
    for label, group in (groups if groups is not None else [("", tiles)]):
        group = list(group)
        for i in range(0, len(group), per):
            chunks.append((label, group[i:i + per]))
    return layout, chunks


def tile_pages(tiles: Sequence[Tile], opts: SheetOptions, ctx: RenderContext,
               groups: Sequence[tuple[str, Sequence[Tile]]] | None = None) -> list[PageFn]:
    """Page functions for the tiles: fronts, each followed by its back when ``opts.backs``.

    ``groups`` (label, tiles) starts a new sheet for each group (the catalog's proof sheets).
    """
    layout, chunks = sheet_chunks(tiles, opts, groups)
    sheets = len(chunks)
    pages: list[PageFn] = []
    if opts.alignment_page:
        pages.extend(alignment_pages(opts))
    for n, (label, chunk) in enumerate(chunks, 1):
        foot = _footer(opts, n, sheets, label)
        pages.append(_front(chunk, layout, opts, ctx, foot))
        if opts.backs:
            pages.append(_back(len(chunk), layout, opts, foot))
    return pages


def _footer(opts: SheetOptions, n: int, total: int, label: str) -> str:
    parts = [opts.title] if opts.title else []
    if label:
        parts.append(label)
    parts.append(f"sheet {n}/{total}")
    parts.append(f"{opts.paper}, tiles {opts.tile_mm:g} mm" + (f", bleed {opts.bleed_mm:g} mm" if opts.bleed_mm else ""))
    return " · ".join(parts)


def _front(chunk: list[Tile], layout: SheetLayout, opts: SheetOptions, ctx: RenderContext, foot: str) -> PageFn:
    def draw(c) -> None:
        geom = layout.geometry
        slots = layout.slots[: len(chunk)]
        for tile, slot in zip(chunk, slots, strict=True):
            place_form(c, face_key(tile), slot, geom, lambda cv, t=tile: draw_face(cv, t, 0, 0, geom, ctx))
        if opts.cut_lines:
            for slot in slots:
                cut_line(c, slot, geom)
        if opts.crop_marks:
            crop_ticks(c, slots, geom)
        ruler(c, *layout.ruler_origin, foot + " · front")
    return draw


def _back(count: int, layout: SheetLayout, opts: SheetOptions, foot: str) -> PageFn:
    def draw(c) -> None:
        geom = layout.geometry
        for slot in layout.slots[:count]:
            place_form(c, "back", mirror_slot(slot, layout.paper, opts.flip, opts.back_offset), geom,
                       lambda cv: draw_back(cv, Slot(0, 0), geom))
        ruler(c, *layout.ruler_origin, foot + f" · back ({opts.flip}-edge flip)")
    return draw


def alignment_pages(opts: SheetOptions) -> list[PageFn]:
    """A front with ringed targets and a back with crosses at the mirrored places.

    Print both sides, hold the sheet to a light: where each cross falls among the rings (1 mm apart),
    seen from the front, is the printer's drift. Pass the opposite as ``--back-offset X,Y``
    (millimetres as seen from the front, x right, y up).
    """
    paper = opts.paper_size
    layout = sheet_layout(opts)
    spots = [Slot(x, y) for x, y in ((paper.width * fx, paper.height * fy)
                                     for fx, fy in ((0.2, 0.8), (0.8, 0.8), (0.5, 0.5), (0.2, 0.2), (0.8, 0.2)))]

    def front(c) -> None:
        c.setFont(BOLD, 12)
        c.drawCentredString(paper.width / 2, paper.height - mm(20), "Duplex alignment test: front")
        c.setFont(REGULAR, 8)
        lines = [
            f"Print this sheet double-sided on {opts.paper} at 100 % with the same printer settings you will use, "
            f"flipping on the {opts.flip} edge.",
            "Hold it to a light. Each cross printed on the back should sit at the centre of its rings (rings are 1 mm apart).",
            "Looking at this side: if a cross sits 2 rings to the right and 1 ring up, print with --back-offset -2,-1",
            "(millimetres, as seen from this side; x right, y up). Print this test again with the offset to check.",
        ]
        for i, line in enumerate(lines):
            c.drawCentredString(paper.width / 2, paper.height - mm(27) - i * 11, line)
        for s in spots:
            c.setLineWidth(0.3)
            for r in range(1, 6):
                c.setStrokeColorRGB(0, 0, 0) if r % 5 == 0 else c.setStrokeColorRGB(0.45, 0.45, 0.45)
                c.circle(s.x, s.y, mm(r), stroke=1, fill=0)
            c.setStrokeColorRGB(0, 0, 0)
            c.line(s.x - mm(7), s.y, s.x + mm(7), s.y)
            c.line(s.x, s.y - mm(7), s.x, s.y + mm(7))
        ruler(c, *layout.ruler_origin, "alignment test · front")

    def back(c) -> None:
        c.setFont(BOLD, 12)
        c.drawCentredString(paper.width / 2, mm(40), f"Duplex alignment test: back ({opts.flip}-edge flip)")
        if any(opts.back_offset_mm):
            c.setFont(REGULAR, 8)
            c.drawCentredString(paper.width / 2, mm(35), f"back offset {opts.back_offset_mm[0]:g},{opts.back_offset_mm[1]:g} mm applied")
        c.setStrokeColorRGB(0.8, 0, 0)
        c.setLineWidth(0.6)
        for s in spots:
            m = mirror_slot(s, paper, opts.flip, opts.back_offset)
            c.line(m.x - mm(4), m.y, m.x + mm(4), m.y)
            c.line(m.x, m.y - mm(4), m.x, m.y + mm(4))
        ruler(c, *layout.ruler_origin, "alignment test · back")

    return [front, back]
