"""Golden pictures: a few tiles and a sheet, rasterised and compared with a tolerance.

Regenerate after an intended design change with ``KCAL_UPDATE_GOLDEN=1`` and look at the PNGs.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kcal.games.kcaloria.files.load import load_library
from kcal.games.kcaloria.print.api import render_deck_pdf
from kcal.games.kcaloria.print.preview import tile_pdf_bytes
from kcal.print.raster import rasterise
from kcal.print.report import Report
from tests.games.kcaloria.print.conftest import raster

GOLDEN = Path(__file__).with_name("golden")
UPDATE = os.environ.get("KCAL_UPDATE_GOLDEN") == "1"


def _compare(img, name: str) -> None:
    from PIL import Image, ImageChops

    path = GOLDEN / name
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"golden {name} missing; run with KCAL_UPDATE_GOLDEN=1 and look at it")
        img.save(path, optimize=True)
        return
    ref = Image.open(path).convert("RGB")
    assert ref.size == img.size, f"{name}: size {img.size} != golden {ref.size}"
    diff = ImageChops.difference(ref, img).convert("L")
    hist = diff.histogram()
    total = img.size[0] * img.size[1]
    mean = sum(i * n for i, n in enumerate(hist)) / total
    big = sum(hist[48:]) / total
    assert mean < 2.0 and big < 0.01, f"{name}: mean diff {mean:.2f}, {big:.2%} pixels differ a lot"


@pytest.mark.parametrize("tile_id", ["TST-001", "TST-002", "TST-003", "TST-004"])
def test_tile_golden(workdir, tile_id):
    lib = load_library([str(workdir / "catalog.yaml")])
    tile = next(t for t in lib.tiles if t.id == tile_id)
    img = rasterise(tile_pdf_bytes(tile, lib.catalog_dir, Report()), 100)
    _compare(img, f"tile-{tile_id}.png")


def test_sheet_golden(workdir):
    out = workdir / "deck.pdf"
    render_deck_pdf(workdir / "deck.yaml", out, paper="a4", bleed=True)
    _compare(raster(out, 0, 40), "sheet-a4-bleed.png")
