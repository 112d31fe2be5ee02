"""Printing: every species, weather and human-impact card and the token sheets; the reference sheets.
The PDFs' text is read back (pypdfium2) to check what is on the pages."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from kcal.games.ecologic_europe.files.load import builtin
from kcal.games.ecologic_europe.print.api import print_cards, print_rulebook


def _text(path: Path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))


def test_card_description_every_card_printed_with_backs(tmp_path: Path):
    out = tmp_path / "cards.pdf"
    result = print_cards(out, backs=True)
    cs = builtin()
    assert result.count == len(cs.species) + 12 + 10 + 11 and result.pages == 2 * result.extra["sheets"]
    text = _text(out)
    for s in cs.species[:40] + cs.species[-10:]:
        assert s.latin in text
    assert "3-2-2-2" in text  # the dandelion's seasonal production on its top line
    assert "Late frost" in text and "Nature reserve" in text and "biomass tokens" in text
    assert "Herbaceous plants" in text  # a back names its species type
    assert not result.warnings


def test_print_rulebook_reference_sheets(tmp_path: Path):
    out = tmp_path / "rules.pdf"
    result = print_rulebook(out)
    text = _text(out)
    assert result.pages >= 3
    for words in ("227 species cards", "End of the season", "Additional features", "may cover a plant", "three biomass tokens"):
        assert words in text, words


def test_print_board_every_side_at_full_size(tmp_path: Path):
    from kcal.games.ecologic_europe.print.api import print_board

    out = tmp_path / "boards.pdf"
    result = print_board(out, paper="a4")
    boards = builtin().components.boards
    assert result.pages == 2 * len(boards) == 56
    text = _text(out)
    assert "Deciduous forest" in text and "Mountains" in text and "field 6" in text
