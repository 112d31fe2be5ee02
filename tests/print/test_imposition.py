"""The shared imposition, measured on the printed page at 300 dpi: cut lines where the layout says,
crop marks outside the cards and clear of the ruler, bleed, mirrored duplex backs, split files."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PIL import ImageOps

from kcal.print.layout import PAPERS, mm
from kcal.print.marks import grid_mark_segments, ruler_boxes
from kcal.print.options import card_sheet_options
from kcal.print.output import PdfMeta, write_pdf
from kcal.print.sheets import Box, Face, face_pages, footer, sheet_layout
from tests.print.pdfprobe import DPI, PX_PER_MM, dark, page_count, pdf_text, raster, to_px

FACE = (0.80, 0.88, 1.0)  # light blue: cut lines and marks stay the darkest thing on a front
BACK = (0.20, 0.20, 0.20)


def _front(c, box: Box) -> None:
    c.setFillColorRGB(*FACE)
    c.rect(*box.outer, stroke=0, fill=1)


def _back(c, box: Box) -> None:
    c.setFillColorRGB(*BACK)
    c.rect(*box.outer, stroke=0, fill=1)


def faces(n: int) -> list[Face]:
    return [Face(key="test-face", draw=_front, back=_back, back_key="test-back", label=f"card {i}") for i in range(n)]


def render(tmp_path: Path, n: int = 9, name: str = "out.pdf", split: int | None = None, **options):
    opts = card_sheet_options(title="Test cards", **options)
    pages = face_pages(faces(n), opts)
    paper = opts.paper_size
    written = write_pdf(pages, tmp_path / name, PdfMeta(title="test", pagesize=(paper.width, paper.height)),
                        split_every=split, pair=opts.backs or opts.alignment_page)
    return opts, sheet_layout(opts), written


def runs(values: list[bool]) -> list[float]:
    """Centres of the runs of True in a row or column of pixels."""
    out, start = [], None
    for i, v in enumerate([*values, False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            out.append((start + i - 1) / 2)
            start = None
    return out


class TestMeasuredCutLines:
    @pytest.mark.parametrize("size,paper", [("poker", "letter"), ("poker", "a4"), ("tarot", "letter"),
                                            ("mini", "a4")])
    def test_vertical_cut_lines_where_the_layout_says(self, tmp_path, size, paper):
        opts, lay, _ = render(tmp_path, size=size, paper=paper)
        img = raster(tmp_path / "out.pdf", 0)
        s = lay.slots[0]
        g = lay.geometry
        row = round(to_px(PAPERS[paper].height - s.y))
        found = runs([dark(img.getpixel((x, row))) for x in range(img.width)])
        w = g.height if s.rotated else g.width
        xs = sorted({round(t.x, 3) for t in lay.slots if abs(t.y - s.y) < 1})
        edges = sorted([to_px(x - w / 2) for x in xs] + [to_px(x + w / 2) for x in xs])
        expected = [e for i, e in enumerate(edges) if i == 0 or e - edges[i - 1] > 1]  # neighbours share a line
        assert len(found) == len(expected), (found, expected)
        for f, e in zip(found, expected, strict=True):
            assert f == pytest.approx(e, abs=2.0)

    def test_a_poker_card_measures_63_by_88_mm(self, tmp_path):
        _, lay, _ = render(tmp_path, size="poker", paper="a4")
        img = raster(tmp_path / "out.pdf", 0)
        s = lay.slots[4]  # the middle card: its four sides are cut lines shared with neighbours
        col, row = round(to_px(s.x)), round(to_px(PAPERS["a4"].height - s.y))
        across = runs([dark(img.getpixel((x, row))) for x in range(img.width)])
        down = runs([dark(img.getpixel((col, y))) for y in range(img.height)])
        left = max(v for v in across if v < col)
        right = min(v for v in across if v > col)
        top = max(v for v in down if v < row)
        bottom = min(v for v in down if v > row)
        assert (right - left) / PX_PER_MM == pytest.approx(63, abs=0.2)
        assert (bottom - top) / PX_PER_MM == pytest.approx(88, abs=0.2)


class TestCropMarks:
    @pytest.mark.parametrize("size,paper,bleed", [("poker", "letter", 0), ("poker", "a4", 0), ("poker", "letter", 3),
                                                  ("mini", "letter", 0), ("bridge", "a4", 2), ("tarot", "a4", 3)])
    def test_marks_lie_outside_the_cards_and_away_from_the_ruler(self, tmp_path, size, paper, bleed):
        opts, lay, _ = render(tmp_path, size=size, paper=paper, bleed=bleed)
        g = lay.geometry
        label = footer(opts, 1, 1, "") + " · front"
        rulers = ruler_boxes(lay, label)
        segs = grid_mark_segments(lay.slots, g.width, g.height, bleed=g.bleed, paper=lay.paper, avoid=rulers)
        assert segs
        for x0, y0, x1, y1 in segs:
            for s in lay.slots:  # outside every card's printed area
                hw, hh = g.half_extents(s.rotated)
                assert (max(x0, x1) < s.x - hw or min(x0, x1) > s.x + hw
                        or max(y0, y1) < s.y - hh or min(y0, y1) > s.y + hh)
            for b in rulers:  # at least 1 mm from the ruler
                assert (max(x0, x1) < b[0] - mm(1) + 1e-6 or min(x0, x1) > b[2] + mm(1) - 1e-6
                        or max(y0, y1) < b[1] - mm(1) + 1e-6 or min(y0, y1) > b[3] + mm(1) - 1e-6)
            for v in (x0, x1):  # and on the paper, 3 mm from its edge
                assert mm(3) - 1e-6 <= v <= lay.paper.width - mm(3) + 1e-6

    def test_every_cut_line_keeps_a_mark_and_the_marks_print(self, tmp_path):
        opts, lay, _ = render(tmp_path, size="poker", paper="letter")
        g = lay.geometry
        label = footer(opts, 1, 1, "") + " · front"
        segs = grid_mark_segments(lay.slots, g.width, g.height, paper=lay.paper, avoid=ruler_boxes(lay, label))
        xs = {round(s.x + d * g.width / 2, 2) for s in lay.slots for d in (-1, 1)}
        ys = {round(s.y + d * g.height / 2, 2) for s in lay.slots for d in (-1, 1)}
        assert xs <= {round(x0, 2) for x0, _, x1, _ in segs if x0 == x1}
        assert ys <= {round(y0, 2) for _, y0, _, y1 in segs if y0 == y1}
        img = raster(tmp_path / "out.pdf", 0)
        h = lay.paper.height
        for x0, y0, x1, y1 in segs:
            mx, my = to_px((x0 + x1) / 2), to_px(h - (y0 + y1) / 2)
            near = [img.getpixel((round(mx) + dx, round(my) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            assert any(dark(p, 120) for p in near), (x0, y0, x1, y1)

    def test_with_the_ruler_up_the_side_the_left_marks_give_way(self, tmp_path):
        opts, lay, _ = render(tmp_path, size="poker", paper="letter")
        assert lay.ruler_vertical
        g = lay.geometry
        label = footer(opts, 1, 1, "") + " · front"
        all_marks = grid_mark_segments(lay.slots, g.width, g.height, paper=lay.paper)
        kept = grid_mark_segments(lay.slots, g.width, g.height, paper=lay.paper, avoid=ruler_boxes(lay, label))
        left = min(s.x for s in lay.slots) - g.width / 2
        dropped = set(all_marks) - set(kept)
        assert dropped and all(max(x0, x1) < left for x0, _, x1, _ in dropped)


class TestBleed:
    def test_background_runs_3_mm_past_the_cut_line(self, tmp_path):
        _, lay, _ = render(tmp_path, size="poker", paper="a4", bleed=3)
        img = raster(tmp_path / "out.pdf", 0)
        g = lay.geometry
        top = max(lay.slots, key=lambda s: s.y)
        hw, hh = g.half_extents(top.rotated)
        cut_top = top.y + (g.width if top.rotated else g.height) / 2
        col = round(to_px(top.x + hw / 3))
        h = lay.paper.height

        def at(y_points):
            return img.getpixel((col, round(to_px(h - y_points))))

        blue = tuple(round(v * 255) for v in FACE)
        assert all(abs(a - b) < 8 for a, b in zip(at(cut_top + mm(2)), blue, strict=True))  # inside the bleed
        assert at(cut_top + mm(2)) != (255, 255, 255)
        assert at(cut_top + mm(3.6)) == (255, 255, 255)  # past it: paper

    def test_bleed_doubles_the_gap_between_cut_lines(self, tmp_path):
        _, lay, _ = render(tmp_path, size="mini", paper="a4", bleed=2)
        xs = sorted({round(s.x, 3) for s in lay.slots})
        w = lay.geometry.height if lay.slots[0].rotated else lay.geometry.width
        assert xs[1] - xs[0] - w == pytest.approx(mm(4), abs=0.01)


class TestBacks:
    @pytest.mark.parametrize("flip", ["long", "short"])
    def test_each_back_is_behind_its_front(self, tmp_path, flip):
        _, lay, _ = render(tmp_path, n=7, size="poker", paper="letter", backs=True, flip=flip)
        img = raster(tmp_path / "out.pdf", 1, 100)
        seen = ImageOps.mirror(img) if flip == "long" else ImageOps.flip(img)  # held to the light
        g = lay.geometry
        h = lay.paper.height
        for i, s in enumerate(lay.slots):
            inside = [(s.x + dx * (g.width / 2 - mm(2)), s.y + dy * (g.height / 2 - mm(2)))
                      for dx, dy in itertools.product((-1, 0, 1), repeat=2)]
            for x, y in inside:
                px = seen.getpixel((round(to_px(x, 100)), round(to_px(h - y, 100))))
                assert dark(px, 90) is (i < 7), (i, x, y, px)

    @pytest.mark.parametrize("flip,offset", [("long", (2.0, 0.0)), ("long", (0.0, -1.5)), ("short", (1.5, 1.0))])
    def test_back_offset_moves_the_backs_as_seen_from_the_front(self, tmp_path, flip, offset):
        def edges(name, off):
            _, lay, _ = render(tmp_path, n=1, name=name, size="poker", paper="a4", backs=True, flip=flip,
                               back_offset=off)
            img = raster(tmp_path / name, 1, DPI)
            seen = ImageOps.mirror(img) if flip == "long" else ImageOps.flip(img)
            s = lay.slots[0]
            row, col = round(to_px(lay.paper.height - s.y)), round(to_px(s.x))
            xs = [x for x in range(seen.width) if dark(seen.getpixel((x, row)), 90)]
            ys = [y for y in range(seen.height) if dark(seen.getpixel((col, y)), 90)]
            return min(xs), min(ys)

        x0, y0 = edges("a.pdf", (0.0, 0.0))
        x1, y1 = edges("b.pdf", offset)
        assert (x1 - x0) / PX_PER_MM == pytest.approx(offset[0], abs=0.15)
        assert -(y1 - y0) / PX_PER_MM == pytest.approx(offset[1], abs=0.15)  # image rows grow downwards

    def test_a_back_page_follows_each_front_and_says_so(self, tmp_path):
        render(tmp_path, n=20, size="poker", paper="letter", backs=True)
        texts = pdf_text(tmp_path / "out.pdf")
        assert len(texts) == 6
        for i, t in enumerate(texts):
            assert ("· back (long-edge flip)" in " ".join(t.split())) is bool(i % 2)
            assert f"sheet {i // 2 + 1}/3" in t

    def test_the_ruler_moves_behind_the_front_ruler_when_backs_would_cover_it(self, tmp_path):
        from kcal.print.marks import back_ruler, ruler_box
        from kcal.print.sheets import mirror_slot

        opts, lay, _ = render(tmp_path, size="poker", paper="letter", backs=True)
        backs = [mirror_slot(s, lay.paper, "long") for s in lay.slots]
        moved = back_ruler(lay, backs, "long", "label")
        front_box, back_box = ruler_box(lay, "label"), ruler_box(moved, "label")
        assert back_box[0] == pytest.approx(lay.paper.width - front_box[2])
        assert back_box[1] == pytest.approx(front_box[1])
        g = lay.geometry
        for s in backs:
            assert s.x - g.width / 2 >= back_box[2] or s.x + g.width / 2 <= back_box[0]


class TestSplitAndAlignment:
    def test_split_keeps_fronts_and_backs_together(self, tmp_path):
        _, _, written = render(tmp_path, n=30, size="poker", paper="letter", backs=True, split=3)
        names = [p.name for p in written.files]
        assert names == ["out-1.pdf", "out-2.pdf"]
        counts = [page_count(p) for p in written.files]
        assert counts == [4, 4] and all(c % 2 == 0 for c in counts)
        assert sum(counts) == written.pages == 8

    def test_alignment_page_comes_first(self, tmp_path):
        render(tmp_path, n=3, size="tarot", paper="a4", backs=True, alignment_page=True)
        texts = pdf_text(tmp_path / "out.pdf")
        assert "Duplex alignment test: front" in texts[0] and "Duplex alignment test: back" in texts[1]
        assert len(texts) == 4


def test_a_card_too_large_for_the_paper_is_a_clear_error(tmp_path):
    from kcal.core.errors import KcalError

    with pytest.raises(KcalError, match="does not fit on letter paper"):
        render(tmp_path, size="240x240", paper="letter")
    assert not (tmp_path / "out.pdf").exists()
