"""Fixtures for print tests: small catalogs and decks written to a temp folder, PDF helpers."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest

CATALOG = """\
set: {code: TST, name: Test Set}
tiles:
  - id: TST-001
    name: Bayou
    common_name: Slow water
    type: water
    class: water
    rarity: common
    biomes: [LE, FF]
    cost: []
    yield: {blue: 2}
    text: "Slow, swampy water."
  - id: TST-002
    name: "R&D <b>Lab</b>"
    type: event
    class: manmade
    rarity: rare
    cost: [{blue: 1, green: 1}]
    yield: {}
    modifiers: [{name: poor_water_quality, amount: 1}]
    text: "Tags <font size=200> & <img src=/etc/passwd> print literally."
  - id: TST-003
    name: Dasypus novemcinctus
    common_name: Nine-banded armadillo
    type: omnivore
    class: mammal
    rarity: uncommon
    biomes: [TD, FF]
    cost: [{green: 4}, {yellow: 2}]
    yield: {orange: 3}
    modifiers: [nocturnal, {name: biome_boost, biome: FF}]
    text: "Armadillos almost always give birth to identical quadruplets."
  - id: TST-004
    name: Phlox nivalis
    common_name: Trailing phlox (Łódź édition)
    type: plant
    class: flower
    rarity: exceptional
    biomes: [TC]
    cost: [{blue: 1}]
    yield: {green: 2}
    art: art/phlox.png
"""

DECK = """\
name: Test Deck
catalogs: [catalog.yaml]
tiles:
  Bayou: 5
  "R&D <b>Lab</b>": 2
  Dasypus novemcinctus: 3
  Phlox nivalis: 4
"""


def make_art(path: Path, size=(400, 300)) -> None:
    from PIL import Image, ImageDraw

    path.parent.mkdir(parents=True, exist_ok=True)
    im = Image.new("RGB", size, (240, 230, 250))
    d = ImageDraw.Draw(im)
    for i in range(0, size[0], 40):
        d.ellipse((i, size[1] // 3, i + 60, size[1] // 3 + 60), fill=(200, 60, 180))
    d.rectangle((0, size[1] - 60, size[0], size[1]), fill=(60, 150, 60))
    im.save(path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "catalog.yaml").write_text(CATALOG, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(DECK, encoding="utf-8")
    make_art(tmp_path / "art" / "phlox.png")
    return tmp_path


def pdf_text(path_or_bytes) -> list[str]:
    """Extracted text of every page (pdfium)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(path_or_bytes if not isinstance(path_or_bytes, Path) else str(path_or_bytes))
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(tp.get_text_range())
            tp.close()
            page.close()
        return out
    finally:
        doc.close()


def page_sizes(path: Path) -> list[tuple[float, float]]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return [tuple(round(v, 3) for v in doc[i].get_size()) for i in range(len(doc))]
    finally:
        doc.close()


def raster(path: Path, page: int, dpi: int):
    """A page as a PIL RGB image."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return doc[page].render(scale=dpi / 72.0).to_pil().convert("RGB")
    finally:
        doc.close()


def image_objects(path: Path) -> int:
    data = path.read_bytes()
    return data.count(b"/Subtype /Image")


def dedent(s: str) -> str:
    return textwrap.dedent(s)


_ = io
