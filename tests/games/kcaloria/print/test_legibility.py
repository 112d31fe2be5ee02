"""Issue 12 item 1, legibility at true size: read back from the PDF (pdfium gives every character's
font size and box), not from the layout code's own numbers.

- every modifier line and every fact line of every built-in tile is printed whole, at 6.5 pt or more;
- there is a break between the modifier lines and the fact line;
- no character of a face (but the collector id, which sits in the edge band) crosses the inner border;
- the collector id is 5 pt, "free" and "no yield" 7 pt;
- cube amounts, one or two figures, stay inside the cube's side faces;
- modifier codes differ by more than case (``Is``/``IS`` did).
"""

from __future__ import annotations

import math

import pytest

from kcal.games.kcaloria.files.load import load_library
from kcal.games.kcaloria.files.models import Tile
from kcal.games.kcaloria.print import icons
from kcal.games.kcaloria.print.preview import tile_pdf_bytes
from kcal.games.kcaloria.print.tile_face import FACE, modifier_line
from kcal.print.layout import MM, inside_hex
from kcal.print.report import Report

RULES_MIN_PT = 6.5
MARGIN_MM = 1.0  # tile_pdf_bytes' margin around the tile


class Char:
    __slots__ = ("ch", "size", "box", "line_y")

    def __init__(self, ch: str, size: float, box: tuple[float, float, float, float], line_y: float) -> None:
        self.ch, self.size, self.box = ch, size, box  # box: the glyph's ink
        self.line_y = line_y  # bottom of the font's descent: the same for every character of a line


def _chars(pdf: bytes) -> tuple[list[Char], tuple[float, float]]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        tp = page.get_textpage()
        out = []
        for i in range(tp.count_chars()):
            ch = tp.get_text_range(i, 1)
            if ch.strip():
                out.append(Char(ch, raw.FPDFText_GetFontSize(tp.raw, i), tp.get_charbox(i),
                                round(tp.get_charbox(i, loose=True)[1], 2)))
        size = page.get_size()
        tp.close()
        page.close()
        return out, size
    finally:
        doc.close()


def _find(chars: list[Char], text: str) -> list[Char]:
    """The printed characters of ``text`` (whitespace ignored: lines wrap), or [] when not printed whole."""
    flat = "".join(c.ch for c in chars)
    want = "".join(text.split())
    at = flat.find(want)
    return chars[at:at + len(want)] if at >= 0 else []


def _render(tile: Tile, art_dir=lambda t: None) -> tuple[list[Char], tuple[float, float], Report]:
    report = Report()
    chars, size = _chars(tile_pdf_bytes(tile, art_dir, report))
    return chars, size, report


_LIB = None


def _library():
    global _LIB
    if _LIB is None:
        _LIB = load_library()
    return _LIB


def _builtin_tiles() -> list[Tile]:
    return list(_library().tiles)


@pytest.fixture(scope="module")
def rendered():
    lib = _library()
    return {t.id: (t, *_render(t, lib.catalog_dir)) for t in lib.tiles}


class TestRulesTextSize:
    """Issue 12.1: "Make rules text at least 6.5 pt, and keep it fitting"."""

    def test_every_builtin_tile_prints_its_rules_and_fact_whole_at_6_5_pt(self, rendered):
        problems = []
        for tile, chars, _size, report in rendered.values():
            assert report.warnings == [], report.warnings
            texts = [modifier_line(m) for m in tile.modifiers] + ([tile.text] if tile.text else [])
            for text in texts:
                got = _find(chars, text)
                if not got:
                    problems.append(f"{tile.id}: not printed whole: {text!r}")
                    continue
                small = sorted({round(c.size, 2) for c in got if c.size < RULES_MIN_PT - 1e-6})
                if small:
                    problems.append(f"{tile.id}: {text[:30]!r} at {small} pt")
        assert problems == []

    def test_a_tile_with_much_text_keeps_6_5_pt(self):
        tile = Tile.model_validate(dict(
            id="X-9", name="Wordy", type="event", rarity="rare", cost=[], **{"class": "manmade", "yield": {}},
            modifiers=[{"name": "barricade", "duration": 1}, {"name": "new_growth", "amount": 1}, {"name": "destructive", "amount": 2,
                                                                        "color": "green"}],
            text=("A fact line long enough to need three lines of its own, so that the art window has to "
                  "give way to it at the smallest rules size.")))
        chars, _size, report = _render(tile)
        assert report.warnings == []
        got = _find(chars, tile.text)
        assert got and min(c.size for c in got) >= RULES_MIN_PT


class TestNothingCrossesTheInnerBorder:
    """Issue 12.1: "Fish Hatchery's flavour line touches both inner borders"."""

    def test_every_character_is_inside_the_inner_border(self, rendered):
        problems = []
        for tile, chars, (w, h), _report in rendered.values():
            cx, cy = w / 2, h / 2
            inner = (64.0 - 2 * FACE.border) * MM
            id_chars = {id(c) for c in _find(chars, tile.id)}
            for c in chars:
                if id(c) in id_chars:  # the collector id is printed in the edge band on purpose
                    continue
                x0, y0, x1, y1 = c.box
                corners = [(x0, y0), (x0, y1), (x1, y0), (x1, y1)]
                if not all(inside_hex(px, py, cx, cy, inner) for px, py in corners):
                    problems.append(f"{tile.id}: {c.ch!r} at {[round(v, 1) for v in c.box]}")
        assert problems == []

    def test_fish_hatchery_fact_line_keeps_clear_of_the_border(self, rendered):
        tile, chars, (w, h), _ = next(v for v in rendered.values() if v[0].name == "Fish Hatchery")
        cx, cy = w / 2, h / 2
        clear = (64.0 - 2 * FACE.border - 2 * 1.0) * MM  # a millimetre of air inside the inner border
        got = _find(chars, tile.text)
        assert got
        for c in got:
            x0, y0, x1, y1 = c.box
            assert all(inside_hex(px, py, cx, cy, clear) for px, py in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))), c.ch


class TestTextKeepsClearOfTheSideColumns:
    def test_rules_and_fact_lines_never_run_under_a_column(self, rendered):
        from kcal.games.kcaloria.print.tile_face import _column_bottoms

        problems = []
        for tile, chars, (w, h), _ in rendered.values():
            cx, cy = w / 2, h / 2
            left_bottom, right_bottom = _column_bottoms(tile)
            # the columns' inner edge, from the centre: their widest item is a biome badge
            inner_x = (FACE.side_x - max(FACE.biome_w, FACE.class_d, FACE.mod_d) / 2) * MM
            texts = [modifier_line(m) for m in tile.modifiers] + ([tile.text] if tile.text else [])
            for text in texts:
                for c in _find(chars, text):
                    x0, y0, x1, y1 = c.box
                    top = (y1 - cy) / MM
                    beside = (x0 - cx < -inner_x and top > left_bottom) or (x1 - cx > inner_x and top > right_bottom)
                    if beside:
                        problems.append(f"{tile.id}: {c.ch!r} of {text[:20]!r}")
        assert problems == []


class TestSmallLabels:
    def test_id_5_pt_and_free_7_pt(self, rendered):
        for tile, chars, _size, _ in rendered.values():
            assert {round(c.size, 2) for c in _find(chars, tile.id)} == {5.0}, tile.id
            if not tile.cost:
                assert {round(c.size, 2) for c in _find(chars, "free")} >= {7.0}, tile.id


class TestBreakBetweenModifiersAndFact:
    """Issue 12.1: "Put a break between the modifier line and the flavour text"."""

    def test_gap_between_modifiers_and_fact_is_wider_than_between_lines(self, rendered):
        checked = 0
        for tile, chars, _size, _ in rendered.values():
            if not (tile.modifiers and tile.text):
                continue
            mod = _find(chars, modifier_line(tile.modifiers[-1]))
            fact = _find(chars, tile.text)
            assert mod and fact
            fact_lines = sorted({c.line_y for c in fact}, reverse=True)
            pitch = fact[0].size * FACE.leading
            gap = min(c.line_y for c in mod) - fact_lines[0]
            assert gap >= pitch * 1.5, (tile.id, gap, pitch)  # at least half a line of air more
            if len(fact_lines) > 1:  # and the fact's own lines keep the plain pitch
                assert fact_lines[0] - fact_lines[1] == pytest.approx(pitch, abs=0.2)
            checked += 1
        assert checked >= 10


class TestCubeFigures:
    """Issue 12.1: "The cube icons' edges cross the digits"; two-digit amounts are set smaller, inside."""

    @pytest.mark.parametrize("label", ["1", "5", "10", "20", "18"])
    @pytest.mark.parametrize("s_mm", [4.0, 6.2, 9.0])
    def test_figures_stay_inside_the_side_faces(self, label, s_mm):
        from kcal.print.fonts import BOLD, register_fonts
        from kcal.print.text import width

        register_fonts()
        s = s_mm * MM
        size, base_y = icons.amount_fit(label, s)
        half_w = width(label, BOLD, size) / 2 + 0.045 * size
        top_y = base_y + icons.CAP_HEIGHT * size
        assert top_y <= 0.0  # under the top face's lowest point (the cube's centre)
        # the bottom edges rise from the bottom point (-s/2) at 30 degrees
        edge_y = -s / 2 + half_w * math.tan(math.radians(30))
        assert base_y >= edge_y
        assert size >= (0.3 if len(label) == 2 else 0.4) * s  # still readable

    def test_rulebook_cubes_are_large_enough_for_two_figures(self):
        from kcal.games.kcaloria.print.rulebook import RULEBOOK_CUBE

        size, _ = icons.amount_fit("20", RULEBOOK_CUBE)
        assert size >= 7.5  # points: 20 blue cubes read on the setup sheet


class TestModifierCodes:
    """Issue 12.1: "the codes `Is` and `IS` differ only by case"."""

    def test_codes_differ_by_more_than_case(self):
        folded = [code.casefold() for code in icons.MODIFIER_CODES.values()]
        assert len(set(folded)) == len(folded)

    def test_insectivore_and_invasive_species_are_told_apart(self):
        a, b = icons.MODIFIER_CODES["insectivore"], icons.MODIFIER_CODES["invasive_species"]
        assert a.casefold() != b.casefold()
