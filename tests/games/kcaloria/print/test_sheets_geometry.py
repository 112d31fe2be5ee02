"""Sheets: exact paper sizes, honeycomb pitch measured on the rasterised page, mirrored backs."""

from __future__ import annotations

import math

import pytest

from kcal.games.kcaloria.print.api import render_deck_pdf
from kcal.print.layout import MM, PAPERS, SQRT3, Slot, TileGeometry, honeycomb, mirror_slot, mm
from tests.games.kcaloria.print.conftest import page_sizes, raster


class TestPaper:
    @pytest.mark.parametrize("paper,size", [("letter", (612.0, 792.0)), ("a4", (595.276, 841.89))])
    def test_page_size_exact(self, workdir, paper, size):
        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out, paper=paper, backs=True)
        sizes = page_sizes(out)
        assert sizes and all(s == size for s in sizes)

    def test_a4_in_millimetres(self):
        assert PAPERS["a4"].width / MM == pytest.approx(210) and PAPERS["a4"].height / MM == pytest.approx(297)


class TestHoneycomb:
    @pytest.mark.parametrize("paper", ["letter", "a4"])
    def test_eleven_default_tiles_per_sheet_without_bleed(self, paper):
        assert honeycomb(PAPERS[paper], TileGeometry()).per_page == 11

    @pytest.mark.parametrize("paper", ["letter", "a4"])
    @pytest.mark.parametrize("bleed", [0.0, 3.0])
    def test_tiles_stay_on_the_page_and_do_not_overlap(self, paper, bleed):
        lay = honeycomb(PAPERS[paper], TileGeometry(bleed=mm(bleed)))
        g = lay.geometry
        p = PAPERS[paper]
        for s in lay.slots:
            hw, hh = g.bleed_across / SQRT3, g.bleed_across / 2
            if s.rotated:
                hw, hh = hh, hw
            assert mm(6) - 0.01 <= s.x - hw and s.x + hw <= p.width - mm(6) + 0.01
            assert mm(6) <= s.y - hh and s.y + hh <= p.height - mm(6) + 0.01
        for a in lay.slots:
            for b in lay.slots:
                if a is not b:
                    # cut lines never meet: at least the smallest shared gap (1 mm of bleed each) between them
                    assert math.dist((a.x, a.y), (b.x, b.y)) >= g.across + mm(2) * (bleed > 0) - 0.01

    @pytest.mark.parametrize("paper,count", [("letter", 10), ("a4", 11)])
    def test_bleed_keeps_ten_tiles_per_letter_sheet(self, paper, count):
        """Issue 12.2: "--bleed should keep 10 tiles per Letter sheet; today it fits 6"."""
        lay = honeycomb(PAPERS[paper], TileGeometry(bleed=mm(3)))
        assert lay.per_page == count
        assert mm(2) - 1e-6 <= lay.geometry.gap <= mm(6) + 1e-6  # neighbours share what a 6 mm gap would hold

    def test_a_full_gap_is_kept_when_it_costs_no_tile(self):
        lay = honeycomb(PAPERS["a4"], TileGeometry(bleed=mm(1)))
        assert lay.per_page == 11 and lay.geometry.gap == pytest.approx(mm(2)) and not lay.geometry.shares_bleed

    @pytest.mark.parametrize("paper", ["letter", "a4"])
    def test_shared_bleed_cells_meet_in_the_middle_of_the_gap(self, paper):
        from kcal.print.layout import cell_points
        from kcal.print.marks import _convex_overlap

        lay = honeycomb(PAPERS[paper], TileGeometry(bleed=mm(3)))
        g = lay.geometry
        cells = {s: cell_points(s, g, [o for o in lay.slots if o is not s]) for s in lay.slots}
        shrink = lambda pts, s: [(s.x + (x - s.x) * 0.999, s.y + (y - s.y) * 0.999) for x, y in pts]  # noqa: E731
        for a in lay.slots:
            for b in lay.slots:
                if a is not b:  # no face paints on its neighbour's side of the gap
                    assert not _convex_overlap(shrink(cells[a], a), shrink(cells[b], b))
            # every cell holds its cut hexagon with half the gap around it, and stays inside its bleed
            from kcal.print.layout import hex_points, inside_hex

            grown = hex_points(a.x, a.y, g.across + g.gap - 0.02, a.rotated)
            assert all(_inside_convex(p, cells[a]) for p in grown)
            assert all(inside_hex(x, y, a.x, a.y, g.bleed_across + 0.02, a.rotated) for x, y in cells[a])
        # and the honeycomb's outer edges keep the whole bleed
        assert max(math.dist((s.x, s.y), p) for s in lay.slots for p in cells[s]) == pytest.approx(
            g.bleed_across / SQRT3, abs=0.01)

    def test_neighbours_share_an_edge_without_bleed(self):
        lay = honeycomb(PAPERS["a4"], TileGeometry())
        d = min(math.dist((a.x, a.y), (b.x, b.y)) for a in lay.slots for b in lay.slots if a is not b)
        assert d == pytest.approx(mm(64))


def _inside_convex(p, poly) -> bool:
    sides = []
    for i in range(len(poly)):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
        sides.append((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0))
    return all(v >= -1e-6 for v in sides) or all(v <= 1e-6 for v in sides)


def _cut_rows(img, x0: int, x1: int, y_end: int | None = None) -> list[float]:
    """Centres of pixel rows where a long horizontal run of the grey cut line crosses [x0, x1]."""
    px = img.load()
    rows = []
    for y in range(y_end or img.height):
        grey = 0
        for x in range(x0, x1):
            r, g, b = px[x, y]
            if r <= 70 and g <= 70 and b <= 70:
                grey += 1
        if grey >= 0.9 * (x1 - x0):
            rows.append(y)
    groups: list[list[int]] = []
    for y in rows:
        if groups and y - groups[-1][-1] <= 1:
            groups[-1].append(y)
        else:
            groups.append([y])
    return [sum(g) / len(g) for g in groups]


class TestMeasuredGeometry:
    """Rasterise at 300 dpi and measure the hex pitch in pixels: a 64 mm tile is 755.9 px flat to flat."""

    @pytest.mark.parametrize("size_mm", [64.0, 50.0])
    def test_vertical_pitch_is_tile_size(self, workdir, size_mm):
        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out, paper="a4", tile_size=size_mm)
        dpi = 300
        img = raster(out, 0, dpi)
        lay = honeycomb(PAPERS["a4"], TileGeometry(across=mm(size_mm)))
        col_x = min(s.x for s in lay.slots)
        cx = round(col_x / 72 * dpi)
        half = round(size_mm / 25.4 * dpi * 0.2)  # well inside the flat (the flat is R wide)
        lines = _cut_rows(img, cx - half, cx + half, img.height - round((6 + 8) / 25.4 * dpi))
        assert len(lines) >= 3, lines
        pitches = [b - a for a, b in zip(lines, lines[1:], strict=False)]
        expected = size_mm / 25.4 * dpi
        for p in pitches:
            assert p == pytest.approx(expected, abs=2.0)


class TestBacks:
    def test_mirror_long_edge(self):
        p = PAPERS["letter"]
        assert mirror_slot(Slot(100, 200), p, "long") == Slot(p.width - 100, 200)
        assert mirror_slot(Slot(100, 200), p, "short") == Slot(100, p.height - 200)
        # the offset is read from the front: +1 mm right there is 1 mm left on the back page itself
        assert mirror_slot(Slot(100, 200), p, "long", (mm(1), mm(-2))) == Slot(p.width - 100 - mm(1), 200 - mm(2))
        assert mirror_slot(Slot(100, 200), p, "short", (mm(1), mm(-2))) == Slot(100 + mm(1), p.height - 200 + mm(2))

    @pytest.mark.parametrize("flip", ["long", "short"])
    def test_backs_mirror_fronts_on_the_page(self, workdir, flip):
        """The printed area of a back page, flipped as the printer flips the sheet, covers the front's."""
        from PIL import ImageOps

        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out, paper="letter", backs=True, flip=flip, bleed=True)
        dpi = 40
        front = raster(out, 0, dpi).convert("L")
        back = raster(out, 1, dpi).convert("L")
        back = ImageOps.mirror(back) if flip == "long" else ImageOps.flip(back)
        strip = round((6 + 8) / 25.4 * dpi) + 1  # the ruler strip is not mirrored: leave it out
        top, bottom = (0, front.height - strip) if flip == "long" else (strip, front.height - strip)
        inter = union = 0
        for y in range(top, bottom):
            for x in range(front.width):
                a, b = front.getpixel((x, y)) < 235, back.getpixel((x, y)) < 235
                inter += a and b
                union += a or b
        assert union and inter / union > 0.95

    def test_back_follows_each_front(self, workdir):
        from tests.games.kcaloria.print.conftest import pdf_text

        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out, backs=True)
        texts = pdf_text(out)
        assert len(texts) % 2 == 0
        for i, t in enumerate(texts):
            assert ("· back" in t) == bool(i % 2)
            assert ("· front" in t) == (not i % 2)


class TestMeasuredRotated:
    def test_turned_tile_is_64_mm_between_its_flats(self, workdir):
        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out, paper="letter", bleed=True)
        dpi = 300
        img = raster(out, 0, dpi).transpose(method=0 + 5)  # TRANSPOSE: columns become rows
        lay = honeycomb(PAPERS["letter"], TileGeometry(bleed=mm(3)))
        s = lay.slots[0]
        assert s.rotated
        cy_px = round((PAPERS["letter"].height - s.y) / 72 * dpi)  # row in the page image = column after transpose
        half = round(64 / 25.4 * dpi * 0.2)
        lines = _cut_rows(img, cy_px - half, cy_px + half)
        x_px = s.x / 72 * dpi
        flats = [v for v in lines if abs(v - x_px) < 64 / 25.4 * dpi * 0.52]  # the neighbour is 2.75 mm further
        assert len(flats) == 2, (lines, x_px)
        assert flats[1] - flats[0] == pytest.approx(64 / 25.4 * dpi, abs=2.0)


class TestBackOffset:
    @pytest.mark.parametrize("flip,offset", [("long", (3.0, 0.0)), ("long", (0.0, 2.0)), ("short", (3.0, -2.0))])
    def test_alignment_crosses_move_by_the_offset_seen_from_the_front(self, tmp_path, flip, offset):
        from kcal.games.kcaloria.print.api import render_alignment_pdf

        dpi = 100

        def red_centroid(off):
            out = tmp_path / f"a{off}.pdf"
            render_alignment_pdf(out, paper="a4", flip=flip, back_offset=off)
            img = raster(out, 1, dpi)
            # mirror the back into the front's view, as the sheet held to a light shows it
            from PIL import ImageOps

            img = ImageOps.mirror(img) if flip == "long" else ImageOps.flip(img)
            px_ = img.load()
            red = [[1 if (lambda p: p[0] > 120 and p[0] - p[1] > 60)(px_[x, y]) else 0 for x in range(img.width)]
                   for y in range(img.height)]
            cols = [sum(red[y][x] for y in range(img.height)) for x in range(img.width)]
            rows = [sum(r) for r in red]
            # the crosses' vertical strokes make red columns, the horizontal ones red rows
            xs = [x for x, n in enumerate(cols) if n >= 10]
            ys = [y for y, n in enumerate(rows) if n >= 10]
            return min(xs) + (cols[min(xs) + 1] >= 10) * 0.5, min(ys) + (rows[min(ys) + 1] >= 10) * 0.5

        x0, y0 = red_centroid((0.0, 0.0))
        x1, y1 = red_centroid(offset)
        px = dpi / 25.4
        assert (x1 - x0) / px == pytest.approx(offset[0], abs=0.3)
        assert -(y1 - y0) / px == pytest.approx(offset[1], abs=0.3)  # image rows grow downwards
