"""The cube colours carry a non-colour cue (a letter), so they survive greyscale printing."""

from __future__ import annotations

import io
import itertools

import pytest

from kcal.games.kcaloria.print import icons
from kcal.games.kcaloria.rules.domain import Color
from kcal.print.layout import mm
from kcal.print.raster import rasterise

TILE_CUBE_MM = 6.2  # the cube's height on a 64 mm tile


def _cube_grey(color: Color, amount: int | None, dpi: int = 300):
    """One cube, at its printed size on a tile, rasterised at ``dpi`` and converted to greyscale."""
    from reportlab.pdfgen.canvas import Canvas

    from kcal.print.fonts import register_fonts

    register_fonts()
    side = mm(TILE_CUBE_MM + 1)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(side, side), invariant=1)
    icons.cube(c, side / 2, side / 2, mm(TILE_CUBE_MM), color, amount)
    c.showPage()
    c.save()
    return rasterise(buf.getvalue(), dpi).convert("L")


def _differs(a, b, *, level: int = 48) -> tuple[float, float]:
    """Mean difference and share of pixels differing by ``level`` or more (as the golden tests)."""
    from PIL import ImageChops

    hist = ImageChops.difference(a, b).histogram()
    total = a.size[0] * a.size[1]
    return sum(i * n for i, n in enumerate(hist)) / total, sum(hist[level:]) / total


def test_letters_are_distinct_and_named():
    assert [icons.CUBE_LETTERS[c] for c in Color] == ["B", "G", "Y", "O", "R", "P"]


@pytest.mark.parametrize("amount", [1, None])
def test_six_cubes_pairwise_distinguishable_in_greyscale(amount):
    # the same amount on every cube: the digit cannot be what tells them apart
    grey = {c: _cube_grey(c, amount) for c in Color}
    for a, b in itertools.combinations(Color, 2):
        mean, big = _differs(grey[a], grey[b])
        # beyond the golden tests' tolerance (mean < 2.0 and < 1 % of pixels differing a lot)
        assert mean > 2.0 and big > 0.01, f"{a.value}/{b.value} in grey: mean {mean:.2f}, {big:.2%}"


def test_cue_does_not_rest_on_grey_level():
    """Thresholded to black and white, the six cubes still differ, by the letter alone (B/R: ~1 %)."""
    bw = {c: _cube_grey(c, 1).point(lambda v: 255 if v >= 128 else 0) for c in Color}
    for a, b in itertools.combinations(Color, 2):
        _, big = _differs(bw[a], bw[b], level=128)
        assert big > 0.005, f"{a.value}/{b.value} thresholded differ in {big:.2%} of pixels"
