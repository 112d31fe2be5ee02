"""Issue 12 item 2, print-ready PDFs, checked with pdfium's own API (tests/print/pdfprobe.py) on every
PDF kcal writes: each pack's sheets, cards and rule sheets, the alignment test and the deck report.

- every page has a TrimBox and a BleedBox (MediaBox ⊇ BleedBox ⊇ TrimBox); sheets of cut faces trim
  at their cut lines, and with bleed the BleedBox is the TrimBox grown by the bleed;
- every font of every text object (inside forms too) is embedded: no Helvetica anywhere;
- the Creator is ``kcal <version>``;
- ``--bleed`` keeps 10 tiles per Letter sheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal import __version__
from kcal.cli.app import app
from kcal.print.layout import MM
from tests.print.pdfprobe import fonts_used, metadata, page_boxes, pdf_text

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "longleaf-canopy.yaml"

PRODUCTS = {
    "deck": ["print", "deck", str(DECK)],
    "deck-bleed-backs": ["print", "deck", str(DECK), "--bleed", "--backs"],
    "catalog-a4-bleed": ["print", "catalog", "--paper", "a4", "--bleed"],
    "alignment": ["print", "alignment"],
    "aids": ["print", "cards", "--backs"],
    "rulebook": ["print", "rulebook"],
    "hmc-cards-bleed": ["print", "cards", "--game", "how-many-calories", "--bleed", "3", "--backs"],
    "hmc-rulebook": ["print", "rulebook", "--game", "how-many-calories", "--paper", "a4"],
    "deck-report": ["deck", "report", str(DECK), "--hands", "2000", "--games", "20", "--solo-games", "2",
                    "--bots", "random", "-q"],
}


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("ready")
    out = {}
    for name, args in PRODUCTS.items():
        path = folder / f"{name}.pdf"
        res = runner.invoke(app, [*args, "-o", str(path)])
        assert res.exit_code == 0, (name, res.output)
        out[name] = path
    return out


def _inside(inner, outer, slack: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


@pytest.mark.parametrize("name", sorted(PRODUCTS))
def test_every_page_has_a_trim_box_and_a_bleed_box(printed, name):
    pages = page_boxes(printed[name])
    assert pages
    for i, boxes in enumerate(pages):
        assert boxes["trim"] is not None and boxes["bleed"] is not None, (name, i)
        assert _inside(boxes["trim"], boxes["bleed"]) and _inside(boxes["bleed"], boxes["media"]), (name, i, boxes)


@pytest.mark.parametrize("name", sorted(PRODUCTS))
def test_every_font_is_embedded(printed, name):
    fonts = fonts_used(printed[name])
    assert fonts, name
    assert {f: e for f, e in fonts.items() if not e} == {}, name
    assert not any("Helvetica" in f for f in fonts), fonts


@pytest.mark.parametrize("name", sorted(PRODUCTS))
def test_creator_names_kcal_and_its_version(printed, name):
    assert metadata(printed[name])["Creator"] == f"kcal {__version__}"


def test_the_pdf_is_free_of_the_base14_fonts_altogether(printed):
    """Not even an unused Helvetica resource: ReportLab's initial font is kcal's."""
    for name, path in printed.items():
        assert b"/Helvetica" not in path.read_bytes(), name


def test_sheets_trim_at_the_cut_lines_and_bleed_by_the_bleed(printed):
    plain = page_boxes(printed["deck"])[0]
    assert plain["trim"] == plain["bleed"] and plain["trim"] != plain["media"]
    for boxes in page_boxes(printed["deck-bleed-backs"]):
        grow = [boxes["trim"][0] - boxes["bleed"][0], boxes["trim"][1] - boxes["bleed"][1],
                boxes["bleed"][2] - boxes["trim"][2], boxes["bleed"][3] - boxes["trim"][3]]
        assert grow == pytest.approx([3 * MM] * 4, abs=0.02)
    for boxes in page_boxes(printed["hmc-cards-bleed"]):
        assert boxes["bleed"][0] == pytest.approx(boxes["trim"][0] - 3 * MM, abs=0.02)


def test_pages_not_cut_trim_at_the_page(printed):
    for name in ("rulebook", "hmc-rulebook", "deck-report", "alignment"):
        for boxes in page_boxes(printed[name]):
            assert boxes["trim"] == boxes["bleed"] == boxes["media"], name


def test_bleed_keeps_ten_tiles_per_letter_sheet(printed):
    """60 tiles with --bleed on Letter: 6 fronts of 10 (it was 10 sheets of 6), each with its back."""
    texts = pdf_text(printed["deck-bleed-backs"])
    assert len(texts) == 12
    assert all(t.count("ETPW-") == 10 for t in texts[::2])


def test_rulebook_bullets_are_in_the_embedded_font(printed):
    assert "•" in "".join(pdf_text(printed["rulebook"]))
    assert all(fonts_used(printed["rulebook"]).values())
