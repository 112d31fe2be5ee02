"""Printing: every species, weather, human-impact and symbol key card, the token sheet, the habitat boards
and the reference sheets (issue 23, item 2: EcoLogic at the table). The PDFs' text is read back (pypdfium2)
to check what is on the pages, and where."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from kcal.games.ecologic_europe.files.load import builtin
from kcal.games.ecologic_europe.print.api import print_board, print_cards, print_rulebook
from kcal.games.ecologic_europe.print.board import board_origin, board_size
from kcal.games.ecologic_europe.print.cardwords import (
    KEY_LINES,
    SEASON_LETTERS,
    chips_of,
    key_sections,
    species_rules,
)
from kcal.games.ecologic_europe.print.faces import BONUS_STYLE, HABITAT_STYLE, TYPE_STYLE, species_picture_box
from kcal.games.ecologic_europe.print.tokens import token_grid
from kcal.print.layout import MARGIN_MM, PAPERS, mm
from kcal.print.options import card_sheet_options
from kcal.print.sheets import face_box, sheet_layout
from tests.print.pdfprobe import pdf_text

CS = builtin()


def _text(path: Path) -> str:
    return "\n".join(pdf_text(path))


def _flat(text: str) -> str:
    return " ".join(text.split())


def _species(name: str):
    return next(s for s in CS.species if s.name == name)


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    out = tmp_path_factory.mktemp("ee-print") / "cards.pdf"
    result = print_cards(out, backs=True)
    return out, result, pdf_text(out)


def test_card_description_every_card_printed_with_backs(cards):
    out, result, pages = cards
    data = result.as_dict()
    assert (data["species_cards"], data["weather_cards"], data["human_cards"]) == (len(CS.species), 12, 10)
    # the symbol key cards fill the last sheet's free places: 249 cards + 3 keys = 28 full sheets
    assert data["key_cards"] == 3 and result.count == 252 == 9 * data["sheets"]
    assert data["token_sheets"] == 1 and result.pages == 2 * data["sheets"] + 2
    text = "\n".join(pages)
    for s in CS.species[:40] + CS.species[-10:]:
        assert s.latin in text
    assert "Late frost" in text and "Nature reserve" in text
    assert "Herbaceous plants" in text  # a back names its species type
    assert not result.warnings


def test_card_description_a_plant_reads_its_production_by_season(cards):
    """The top line's "3-2-2-2" is four numbers each over its season (sp su au wi); the words say "spring 3"."""
    _, _, pages = cards
    text = _flat(" ".join(pages))
    assert "3 sp 2 su 2 au 2 wi Flo HB MF RF Dandelion" in text  # each number drawn with its season
    assert "3-2-2-2" not in text
    dandelion = _species("Dandelion")
    words = species_rules(dandelion)
    assert "Produces biomass each season: spring 3, summer 2, autumn 2, winter 2." in words
    assert "Pioneer plant: may go into any habitat that holds no plant yet." in words
    assert all(_flat(w) in text for w in words[:2])


def test_card_description_an_animal_reads_what_it_eats_and_where_it_lives():
    frog = _species("Common frog")
    words = " ".join(species_rules(frog))
    assert "Amphibians and reptiles (AR)." in words
    assert "Eats 2 biomass from: insects (IN), invertebrates (others) (IV)." in words
    assert "Lives in: meadows and fields (MF), wetlands and lakes (WL); also on the edge between two habitats " \
           "(EDGE), feeding from both." in words


@pytest.mark.parametrize("s", CS.species, ids=lambda s: s.id)
def test_list_of_symbols_every_chip_on_a_card_is_named_on_it(s):
    """Every code a species card shows (type, food, bonus, habitat and edge chips) is keyed in its words."""
    words = " ".join(species_rules(s))
    for letters in chips_of(s):
        assert f"({letters})" in words, (s.name, letters)
    if s.points:
        assert "victory point" in words


def test_list_of_symbols_the_key_card_names_every_chip_and_season(cards):
    _, _, pages = cards
    key_page = _flat(next(p for p in pages if "symbol key" in p and "Species and food types" in p))
    chips = {*[v[0] for v in TYPE_STYLE.values()], *[v[0] for v in BONUS_STYLE.values()],
             *[v[0] for v in HABITAT_STYLE.values()], "EDGE"}
    listed = {e.letters for _, entries in key_sections() for e in entries}
    assert listed == chips
    for _, entries in key_sections():
        for e in entries:
            assert f"{e.letters} {e.words}" in key_page, e
    assert all(f"({w})" in " ".join(KEY_LINES) for w in SEASON_LETTERS)


def test_card_description_the_picture_box_is_in_the_lower_half_and_no_text_is_in_it(tmp_path):
    """The picture's box (a named part of the layout) is free of text on a card with long rules."""
    opts = card_sheet_options()
    layout = sheet_layout(opts)
    box = face_box(layout.geometry)
    x0, y0, x1, y1 = species_picture_box(box)
    assert y1 < box.cy and x1 - x0 > 0 and y0 > box.y  # in the lower half, inside the card
    longest = max(CS.species, key=lambda s: len(" ".join(species_rules(s))))
    out = tmp_path / "one.pdf"
    result = print_cards(out, only=[longest.latin])
    assert result.count == 1 and not result.warnings
    slot = layout.slots[0]
    doc = pdfium.PdfDocument(str(out))
    tp = doc[0].get_textpage()
    inside = []
    for i in range(tp.count_chars()):
        left, bottom, right, top = tp.get_charbox(i)
        cx, cy = (left + right) / 2 - slot.x, (bottom + top) / 2 - slot.y
        if x0 < cx < x1 and y0 < cy < y1:
            inside.append(tp.get_text_range(i, 1))
    doc.close()
    assert inside == []


def test_game_elements_tokens_on_one_token_sheet_not_in_card_frames(cards):
    _, result, pages = cards
    token_page = pages[-2]  # the token sheet and its back are the last two pages
    assert "tokens" in token_page and "Cut along the grid's lines" in token_page
    assert "symbol key" not in token_page and "cards · sheet" not in token_page
    grid = token_grid(PAPERS["letter"])
    counts = result.as_dict()["tokens"]
    assert counts == grid.counts() and sum(counts.values()) == grid.cols * len(grid.rows) >= 330
    assert counts["biomass"] > counts["remains"] > counts["fed"] > 0


def test_only_tokens_prints_the_token_sheet_alone(tmp_path):
    result = print_cards(tmp_path / "t.pdf", only=["token sheet"])
    assert result.pages == 1 and result.count == 0 and result.as_dict()["token_sheets"] == 1


def test_print_rulebook_reference_sheets(tmp_path: Path):
    out = tmp_path / "rules.pdf"
    result = print_rulebook(out)
    text = _text(out)
    assert result.pages >= 3
    for words in ("227 species cards", "End of the season", "Additional features", "may cover a plant", "three biomass tokens"):
        assert words in text, words


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_game_elements_boards_one_sheet_each_printed_double_sided(tmp_path: Path, paper):
    out = tmp_path / "boards.pdf"
    result = print_board(out, paper=paper)
    boards = CS.components.boards
    data = result.as_dict()
    assert (data["boards"], data["sheets"], data["board_sides"]) == (len(boards), 28, 56) and result.pages == 56
    pages = [_flat(p) for p in pdf_text(out)]
    for board, (front, back) in zip(boards, zip(pages[0::2], pages[1::2], strict=True), strict=True):
        a, b = (side.habitat.label for side in board.sides)
        assert f"this is side 1 of board {board.id}" in front and front.startswith("Print double-sided")
        assert f"Side 2 of board {board.id}" in back and "Print double-sided" in back
        assert a in front and b in back
        assert "side 1 of 2" in front and "side 2 of 2" in back
    text = " ".join(pages)
    assert "Deciduous forest (DF)" in text and "Mountains (MO)" in text and "field 6" in text
    assert "EDGE symbol" in text
    assert not re.search(r"\be<?N?>?\d*\.\d\b|e<N>|h\d\.\d|records", text)  # no record syntax


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_board_sides_line_up_for_either_flip(paper):
    """A side is centred on its page: mirrored about either axis it falls on itself."""
    p = PAPERS[paper]
    w, h = board_size(6)
    x, y = board_origin(p, 6)
    assert abs((p.width - (x + w)) - x) < 1e-6 and abs((p.height - (y + h)) - y) < 1e-6
    assert x >= mm(MARGIN_MM) and y >= mm(MARGIN_MM)  # inside what a home printer prints
