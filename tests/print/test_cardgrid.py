"""Card sizes as data, and cards packed on a sheet: counts per paper, margins, the ruler kept clear."""

from __future__ import annotations

import itertools

import pytest

from kcal.core.errors import UsageError
from kcal.print.cardgrid import (
    CARD_SIZES,
    CardGeometry,
    card_grid,
    grid_shape,
    parse_card_size,
    ruler_thickness,
)
from kcal.print.layout import MARGIN_MM, PAPERS, mm
from kcal.print.marks import ruler_boxes

ALL = [(size, paper, bleed) for size in CARD_SIZES for paper in PAPERS for bleed in (0.0, 3.0)]


class TestCardSizes:
    @pytest.mark.parametrize("name,w,h", [("poker", 63, 88), ("bridge", 57, 89), ("tarot", 70, 120),
                                          ("mini", 44, 63), ("square", 70, 70)])
    def test_named_sizes_in_millimetres(self, name, w, h):
        size = parse_card_size(name)
        assert (size.name, size.width_mm, size.height_mm) == (name, w, h)

    @pytest.mark.parametrize("text,expected", [("50x70", ("custom", 50, 70)), ("custom 50 x 70", ("custom", 50, 70)),
                                               ("60.5X90mm", ("custom", 60.5, 90)), ("63x88", ("poker", 63, 88)),
                                               (" Tarot ", ("tarot", 70, 120))])
    def test_custom_and_spelled_sizes(self, text, expected):
        size = parse_card_size(text)
        assert (size.name, size.width_mm, size.height_mm) == expected

    def test_label_names_the_size(self):
        assert parse_card_size("poker").label == "poker 63 x 88 mm"

    @pytest.mark.parametrize("text,match", [("pokr", "did you mean 'poker'"), ("5x70", "between 20 and 250"),
                                            ("60x999", "between 20 and 250"), ("big", "unknown card size")])
    def test_bad_sizes_are_usage_errors(self, text, match):
        with pytest.raises(UsageError, match=match):
            parse_card_size(text)

    def test_geometry_in_points_with_bleed(self):
        g = parse_card_size("poker").geometry(bleed_mm=3, corner_mm=3)
        assert g.width == pytest.approx(mm(63)) and g.bleed_width == pytest.approx(mm(69))
        assert g.half_extents(rotated=True) == pytest.approx((mm(47), mm(34.5)))


class TestGridCounts:
    """Hand-checked counts. Letter is 215.9 x 279.4 mm, A4 210 x 297; 6 mm margins; the ruler strip
    is about 10 mm (with its clearance) along the bottom or up the left edge."""

    @pytest.mark.parametrize("size,paper,bleed,count,shape,turned", [
        # 3 x 63 = 189 mm wide; 3 x 88 = 264 mm tall fits Letter only with the ruler up the side
        ("poker", "letter", 0, 9, (3, 3), False),
        ("poker", "a4", 0, 9, (3, 3), False),  # A4 is taller: the ruler stays at the bottom
        # with 3 mm bleed a card takes 69 x 94 mm: 2 x 2 upright, but turned 94 x 69: 2 across, 3 down
        ("poker", "letter", 3, 6, (2, 3), True),
        ("tarot", "letter", 0, 4, (2, 2), False),
        ("tarot", "a4", 0, 4, (2, 2), False),
        # bridge on A4: 3 x 3 upright, but turned (89 x 57) 2 across and 5 down = 10
        ("bridge", "a4", 0, 10, (2, 5), True),
        ("mini", "letter", 0, 18, (3, 6), True),
        ("square", "a4", 0, 8, (2, 4), False),
    ])
    def test_count(self, size, paper, bleed, count, shape, turned):
        lay = card_grid(PAPERS[paper], parse_card_size(size).geometry(bleed))
        assert lay.per_page == count
        assert grid_shape(lay) == shape
        assert all(s.rotated is turned for s in lay.slots)

    def test_too_large_a_card_fits_nowhere(self):
        lay = card_grid(PAPERS["letter"], parse_card_size("240x240").geometry())
        assert lay.per_page == 0

    def test_gutter_separates_cut_lines(self):
        g = parse_card_size("mini").geometry()
        lay = card_grid(PAPERS["letter"], g, gutter=mm(2))
        xs = sorted({round(s.x, 3) for s in lay.slots})
        step = mm(63) + mm(2) if lay.slots[0].rotated else mm(44) + mm(2)
        assert len(xs) >= 2 and all(b - a == pytest.approx(step, abs=0.01) for a, b in itertools.pairwise(xs))


@pytest.mark.parametrize("size,paper,bleed", ALL)
class TestEveryGrid:
    def test_cards_stay_inside_the_margins(self, size, paper, bleed):
        p = PAPERS[paper]
        g = parse_card_size(size).geometry(bleed)
        lay = card_grid(p, g)
        m = mm(MARGIN_MM)
        for s in lay.slots:
            hw, hh = g.half_extents(s.rotated)
            assert m - 1e-6 <= s.x - hw and s.x + hw <= p.width - m + 1e-6
            assert m - 1e-6 <= s.y - hh and s.y + hh <= p.height - m + 1e-6

    def test_cards_do_not_overlap(self, size, paper, bleed):
        g = parse_card_size(size).geometry(bleed)
        lay = card_grid(PAPERS[paper], g)
        for a, b in itertools.combinations(lay.slots, 2):
            hw, hh = g.half_extents(a.rotated)
            assert abs(a.x - b.x) >= 2 * hw - 1e-6 or abs(a.y - b.y) >= 2 * hh - 1e-6

    def test_the_grid_is_centred_in_what_the_ruler_leaves(self, size, paper, bleed):
        p = PAPERS[paper]
        g = parse_card_size(size).geometry(bleed)
        lay = card_grid(p, g)
        hw, hh = g.half_extents(lay.slots[0].rotated)
        left = min(s.x for s in lay.slots) - hw
        right = max(s.x for s in lay.slots) + hw
        bottom = min(s.y for s in lay.slots) - hh
        top = max(s.y for s in lay.slots) + hh
        m = mm(MARGIN_MM)
        if lay.ruler_vertical:
            assert (p.height - m) - top == pytest.approx(bottom - m)
        else:
            assert (p.width - m) - right == pytest.approx(left - m)

    def test_the_ruler_touches_no_card(self, size, paper, bleed):
        g = parse_card_size(size).geometry(bleed)
        lay = card_grid(PAPERS[paper], g)
        for box in ruler_boxes(lay, "a long footer label · sheet 10/10 · letter, cards poker 63 x 88 mm · front"):
            for s in lay.slots:
                hw, hh = g.half_extents(s.rotated)
                clear = (s.x + hw <= box[0] or s.x - hw >= box[2] or s.y + hh <= box[1] or s.y - hh >= box[3])
                assert clear, (box, s)

    def test_no_arrangement_holds_one_more(self, size, paper, bleed):
        """The chosen grid is the best: one more column or row does not fit in any arrangement."""
        p = PAPERS[paper]
        g = parse_card_size(size).geometry(bleed)
        lay = card_grid(p, g)
        usable = [p.width - 2 * mm(MARGIN_MM), p.height - 2 * mm(MARGIN_MM)]
        best = 0
        for rotated in (False, True):
            w, h = (g.bleed_height, g.bleed_width) if rotated else (g.bleed_width, g.bleed_height)
            # an upper bound: the whole area inside the margins, ruler ignored
            best = max(best, int(usable[0] // w) * int(usable[1] // h))
        assert lay.per_page <= best
        assert lay.per_page >= 1


def test_ruler_thickness_is_a_strip_of_about_8_mm():
    assert mm(7) < ruler_thickness() < mm(9)


def test_card_geometry_contains_its_bleed_box():
    from kcal.print.layout import Slot

    g = CardGeometry(mm(63), mm(88), mm(3), mm(3))
    s = Slot(100, 200)
    assert g.contains(100 + mm(34.4), 200, s) and not g.contains(100 + mm(34.6), 200, s)
