"""How many Calories? cards on paper: every card and the +5 cards printed, the chart on every back,
the four colours apart in greyscale and in black and white, data printed literally."""

from __future__ import annotations

import itertools
import statistics
from pathlib import Path

import pytest

from kcal.games.how_many_calories.files.load import BUILTIN_PATH, load_catalog
from kcal.games.how_many_calories.print.api import PLUS_COPIES, print_cards
from kcal.games.how_many_calories.print.palette import STYLES, grey_levels
from kcal.games.how_many_calories.rules.domain import COLOUR_INDEX, Colour, kcal_text
from kcal.print.layout import mm
from kcal.print.options import card_sheet_options
from kcal.print.sheets import sheet_layout
from tests.print.pdfprobe import page_count, pdf_text, raster

FOODS = sorted(load_catalog().foods, key=lambda f: (COLOUR_INDEX[f.colour], f.number))


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> tuple[Path, object, list[str]]:
    out = tmp_path_factory.mktemp("hmc") / "cards.pdf"
    result = print_cards(out, backs=True)
    return out, result, pdf_text(out)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _chart(back: str) -> dict[str, list[int]]:
    """The first chart on a back page, column by column (its letter, then its numbers)."""
    words = _flat(back).split("the 32 food cards", 1)[1].split("number x 100 = kcal", 1)[0].split()
    columns: dict[str, list[int]] = {}
    for w in words:
        if w.isdigit():
            columns[list(columns)[-1]].append(int(w))
        else:
            columns[w] = []
    return columns


class TestWhatIsPrinted:
    def test_thirty_two_food_cards_and_four_plus_cards(self, deck):
        """Setup: "Distribute one +5 card to each player"; at most 4 players (ruling print-plus-cards)."""
        _, result, texts = deck
        data = result.as_dict()
        assert data["cards"] == len(FOODS) + PLUS_COPIES == 36
        assert (data["food_cards"], data["plus_cards"]) == (32, 4)
        fronts = _flat(" ".join(texts[0::2]))
        assert fronts.count("the +5 card") == 4

    def test_every_card_shows_its_food_number_and_kcal_on_one_front(self, deck):
        _, _, texts = deck
        fronts = texts[0::2]
        for food in FOODS:
            pages = [_flat(t) for t in fronts if f"{food.food} {kcal_text(food.card.kcal)}" in _flat(t)]
            assert len(pages) == 1, food.food
            page = pages[0]
            # the number in both corner indices with the colour's letter, the colour's word, the number
            # on the plate, then the food
            n, letter = food.number, STYLES[food.colour].letter
            assert f"{n} {letter} {n} {letter} {food.colour.value.upper()} {n} {food.food}" in page, food.food

    def test_pages_come_in_front_back_pairs_on_four_full_sheets(self, deck):
        path, result, texts = deck
        assert page_count(path) == result.pages == 8
        assert all("· front" in _flat(t) for t in texts[0::2])
        assert all("· back (long-edge flip)" in _flat(t) for t in texts[1::2])

    def test_every_back_carries_the_whole_chart(self, deck):
        _, _, texts = deck
        per_sheet = [9, 9, 9, 9]
        for back, n in zip(texts[1::2], per_sheet, strict=True):
            assert _flat(back).count("How many Calories? the 32 food cards") == n  # one chart per card
            chart = _chart(back)
            assert sorted(v for column in chart.values() for v in column) == list(range(1, 33))

    def test_the_chart_lists_each_colour_in_its_column(self, deck):
        _, _, texts = deck
        chart = _chart(texts[1])
        assert list(chart) == ["R", "Y", "G", "B"]
        for colour, letter in zip(Colour, chart, strict=True):
            assert chart[letter] == sorted(f.number for f in FOODS if f.colour is colour)


def _band(img, slot, geom, paper, dpi: int) -> list[int]:
    """Grey pixels of the left border band of the card at ``slot``."""
    k = dpi / 72
    x0 = slot.x - geom.width / 2 + mm(0.5)
    box = (round(x0 * k), round((paper.height - slot.y - mm(20)) * k), round((x0 + mm(2.5)) * k),
           round((paper.height - slot.y + mm(20)) * k))
    region = img.convert("L").crop(box)
    return [region.getpixel((x, y)) for x in range(region.width) for y in range(region.height)]


class TestColoursApart:
    def test_fills_are_far_apart_in_greyscale(self):
        levels = grey_levels()
        for a, b in itertools.combinations(levels.values(), 2):
            assert abs(a - b) >= 40

    def test_each_colour_has_its_own_letter_and_pattern(self):
        assert sorted(s.letter for s in STYLES.values()) == ["B", "G", "R", "Y"]
        assert len({s.pattern for s in STYLES.values()}) == 4

    @pytest.fixture(scope="class")
    @classmethod
    def bands(cls, deck):
        path, _, _ = deck
        lay = sheet_layout(card_sheet_options())
        out = {}
        for i, food in enumerate(FOODS):
            if food.colour not in out:
                img = raster(path, 2 * (i // lay.per_page), 150)
                out[food.colour] = _band(img, lay.slots[i % lay.per_page], lay.geometry, lay.paper, 150)
        return out

    def test_printed_in_greyscale_the_borders_differ(self, bands):
        medians = {c: statistics.median(px) for c, px in bands.items()}
        for a, b in itertools.combinations(medians.values(), 2):
            assert abs(a - b) >= 30, medians

    def test_printed_in_black_and_white_the_borders_differ(self, bands):
        """Thresholded to pure black and white, each border keeps its own share of black."""
        black = {c: sum(p < 128 for p in px) / len(px) for c, px in bands.items()}
        for a, b in itertools.combinations(black.values(), 2):
            assert abs(a - b) >= 0.1, black


def _custom_set(tmp_path: Path, food: str) -> Path:
    text = BUILTIN_PATH.read_text(encoding="utf-8")
    text = text.replace("food: Shrimp, boiled", f"food: {food!r}".replace("'", '"') if "'" not in food else food, 1)
    text = text.replace("set: {code: HMC,", "variant: test set\nset: {code: HMC,", 1)
    path = tmp_path / "set.yaml"
    path.write_text(text, encoding="utf-8")
    return path


class TestDataIsText:
    def test_markup_in_a_food_name_prints_literally(self, tmp_path):
        path = _custom_set(tmp_path, "<b>&x</b>")
        out = tmp_path / "c.pdf"
        result = print_cards(out, catalog=path)
        text = _flat(pdf_text(out)[0])
        assert "<b>&x</b>" in text and "100 kcal" in text
        assert result.warnings == []

    def test_a_character_the_font_lacks_is_reported_at_its_line(self, tmp_path):
        path = _custom_set(tmp_path, "Shrimp 中")
        result = print_cards(tmp_path / "c.pdf", catalog=path)
        line = next(n for n, s in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "Shrimp 中" in s)
        assert any(w.startswith(f"{path}:{line}:") and "U+4E2D" in w and "red 1 food" in w for w in result.warnings)

    def test_a_house_rule_set_names_itself_on_the_back(self, tmp_path):
        path = _custom_set(tmp_path, "Shrimp")
        out = tmp_path / "c.pdf"
        print_cards(out, catalog=path, backs=True)
        assert "How many Calories? (kcal reconstruction)" in _flat(pdf_text(out)[1])


class TestSizes:
    @pytest.mark.parametrize("size,paper,bleed,per_sheet", [("tarot", "a4", 3, 4), ("mini", "letter", 0, 18),
                                                            ("bridge", "letter", 0, 9), ("50x70", "a4", 0, 12)])
    def test_other_sizes_print_every_card(self, tmp_path, size, paper, bleed, per_sheet):
        out = tmp_path / "c.pdf"
        result = print_cards(out, paper=paper, size=size, bleed=bleed)
        data = result.as_dict()
        assert data["per_sheet"] == per_sheet and data["cards"] == 36
        assert data["sheets"] == -(-36 // per_sheet) == page_count(out)
        text = _flat(" ".join(pdf_text(out)))
        assert all(f.food in text for f in FOODS)
        assert result.warnings == []

    def test_split_and_cut_files(self, tmp_path):
        out = tmp_path / "c.pdf"
        result = print_cards(out, backs=True, split=4, cut_svg=True)
        names = sorted(p.name for p in result.files)
        assert names == ["c-1.pdf", "c-2.pdf", "c-cut-1.svg", "c-cut-2.svg", "c-cut-3.svg", "c-cut-4.svg"]
        svg = (tmp_path / "c-cut-1.svg").read_text(encoding="utf-8")
        assert svg.count("<rect ") == 9 and 'id="cut-1-red-1"' in svg and 'width="63.000"' in svg
