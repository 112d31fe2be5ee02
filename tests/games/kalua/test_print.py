"""Printing Kalua (issue item 5): the 50 action cards and 5 help cards at real size with the two decks'
backs, the board tiled across sheets with glue strips, the reference sheets; data printed as text, and
every output written atomically. Checked in the PDFs themselves (pypdfium2: text, page sizes, pixels)."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.core.errors import KcalError
from kcal.games.kalua.files.load import BUILTIN_PATH, load_catalog
from kcal.games.kalua.print.api import print_board, print_cards, print_rulebook
from kcal.games.kalua.print.board import BOARD_H_MM, BOARD_W_MM, OVERLAP_MM, sheet_name, tiling
from kcal.games.kalua.print.palette import grey_levels
from kcal.games.kalua.rules.domain import COMPOSITION, DOUBLE_COST, PROTECTION_COST, START_FAMILIES, Kind
from kcal.print.layout import PAPERS, mm
from kcal.print.options import card_sheet_options
from kcal.print.sheets import sheet_layout
from tests.print.pdfprobe import page_count, pdf_text, raster

CARDS = load_catalog()


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    out = tmp_path_factory.mktemp("kalua-print") / "cards.pdf"
    result = print_cards(out, backs=True)
    return out, result, [_flat(t) for t in pdf_text(out)]


class TestCards:
    def test_50_action_cards_and_5_help_cards_in_front_back_pairs(self, deck):
        out, result, _ = deck
        data = result.as_dict()
        assert data["cards"] == 55 and data["action_cards"] == sum(COMPOSITION.values()) == 50
        assert (data["bonus_deck"], data["disaster_deck"], data["player_help_cards"]) == (21, 29, 5)
        # the decks share sheets, each card's back behind it: 55 cards -> 7 sheets, each followed by its back
        assert data["sheets"] == 7 and data["pages"] == 14 == page_count(out)
        assert result.warnings == []

    def test_every_card_is_on_a_front_as_often_as_the_set_has_it(self, deck):
        _, _, texts = deck
        fronts = " ".join(texts[0::2])
        for d in CARDS.defs:
            # "Temple" is also a word of "Temple destroyed!" and of the Temple's rule text: count the
            # names as they head the card, after the cost badge's number
            assert fronts.count(f"{d.cost} {d.name}") >= d.copies, d.name

    def test_the_cards_are_poker_size(self, deck):
        """Measured on the page: three bonus cards side by side are 3 x 63 mm wide, three rows 3 x 88 mm tall."""
        out, result, _ = deck
        assert result.as_dict()["card_size"] == "poker 63 x 88 mm"
        dpi = 150
        img = raster(out, 0, dpi)
        lay = sheet_layout(card_sheet_options())
        first = lay.slots[0]
        row = round((lay.paper.height - first.y) / 72 * dpi)
        xs = [x for x in range(img.width) if sum(img.getpixel((x, row))) < 3 * 240]
        width_mm = (max(xs) - min(xs) + 1) / dpi * 25.4
        assert abs(width_mm - 3 * 63) < 1.0, width_mm
        col = round(first.x / 72 * dpi)
        ys = [y for y in range(img.height) if sum(img.getpixel((col, y))) < 3 * 240]
        height_mm = (max(ys) - min(ys) + 1) / dpi * 25.4
        assert abs(height_mm - 3 * 88) < 1.0, height_mm

    def test_the_decks_share_sheets_in_deck_order(self, deck):
        """No paper wasted (issue 23, item 3): the bonus deck, the disaster deck and the help cards follow
        one another on full sheets: 21 bonus = 2 sheets + 3, then 29 disaster, then 5 help cards."""
        _, _, texts = deck
        fronts = texts[0::2]
        assert [f.count("BONUS") for f in fronts[:3]] == [9, 9, 3]
        assert all("DISASTER" not in t for t in fronts[:2]) and all("BONUS" not in t for t in fronts[3:])
        assert "PLAYER HELP" in fronts[5] and "PLAYER HELP" in fronts[6]

    def test_the_bonus_and_disaster_decks_have_different_backs(self, deck):
        out, _, texts = deck
        backs = texts[1::2]
        assert [b.count("BONUS") for b in backs[:3]] == [9, 9, 3]  # each card's back behind it
        assert backs[2].count("DISASTER") == 6 and all("BONUS" not in b for b in backs[3:])
        assert "back (long-edge flip)" in texts[1]
        # and they differ when printed in greyscale: the bonus back light, the disaster back dark
        light = raster(out, 1, 40).convert("L")
        dark = raster(out, 7, 40).convert("L")
        mean = [sum(i * n for i, n in enumerate(img.histogram())) / (img.width * img.height) for img in (light, dark)]
        assert mean[0] - mean[1] > 60, mean

    def test_every_help_card_shows_its_god_and_the_turn(self, deck):
        _, _, texts = deck
        helps, backs = texts[10] + " " + texts[12], texts[11] + " " + texts[13]
        for colour in ("ORANGE", "BLUE", "GREEN", "YELLOW", "PURPLE"):
            assert f"PLAYER HELP · {colour}" in helps
            assert colour in backs
        assert helps.count("Any time: buy a card for 5 PP.") == 5

    def test_a_global_disaster_shows_the_three_payments(self, deck):
        _, _, texts = deck
        disaster = " ".join(texts[4:14:2])
        assert disaster.count(f"Pay 0; or {PROTECTION_COST} PP to be protected from it; or {DOUBLE_COST} PP to "
                              "double it (no protection).") == COMPOSITION["global"]

    def test_the_kinds_are_far_apart_in_greyscale(self):
        for a, b in itertools.combinations(grey_levels().values(), 2):
            assert abs(a - b) >= 40

    @pytest.mark.parametrize("size,paper,per_sheet", [("mini", "letter", 18), ("tarot", "a4", 4)])
    def test_other_sizes_print_every_card(self, tmp_path, size, paper, per_sheet):
        out = tmp_path / "c.pdf"
        result = print_cards(out, paper=paper, size=size, help_cards=False)
        data = result.as_dict()
        assert data["per_sheet"] == per_sheet and data["cards"] == 50
        sheets = -(-50 // per_sheet)
        assert data["sheets"] == sheets == page_count(out)
        text = _flat(" ".join(pdf_text(out)))
        assert all(d.name in text for d in CARDS.defs)


def _custom_set(tmp_path: Path, text: str) -> Path:
    body = BUILTIN_PATH.read_text(encoding="utf-8")
    body = body.replace("    text: Drums on the beach until dawn.", f"    text: {json.dumps(text, ensure_ascii=False)}", 1)
    path = tmp_path / "set.yaml"
    path.write_text(body, encoding="utf-8")
    return path


class TestDataIsText:
    def test_markup_in_a_cards_text_prints_literally(self, tmp_path):
        path = _custom_set(tmp_path, "<b>&x</b> & <i>co</i>")
        out = tmp_path / "c.pdf"
        result = print_cards(out, catalog=path)
        assert "<b>&x</b> & <i>co</i>" in _flat(pdf_text(out)[0])
        assert result.warnings == []

    def test_a_character_the_font_lacks_is_reported_at_its_line(self, tmp_path):
        path = _custom_set(tmp_path, "Drums 中")
        result = print_cards(tmp_path / "c.pdf", catalog=path)
        line = next(n for n, s in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "Drums 中" in s)
        assert any(w.startswith(f"{path}:{line}:") and "U+4E2D" in w and "Festival text" in w
                   for w in result.warnings), result.warnings

    def test_the_card_set_is_never_overwritten(self, tmp_path):
        path = _custom_set(tmp_path, "Drums")
        before = path.read_bytes()
        for fn in (print_cards, print_board, print_rulebook):
            with pytest.raises(KcalError):
                fn(path, catalog=path)
            assert path.read_bytes() == before

    def test_a_failed_print_leaves_an_existing_file_as_it_was(self, tmp_path):
        out = tmp_path / "c.pdf"
        out.write_bytes(b"old")
        with pytest.raises(KcalError):
            print_cards(out, size="240x240")  # does not fit on the paper
        assert out.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["c.pdf"]


class TestBoard:
    @pytest.mark.parametrize("paper", ["letter", "a4"])
    def test_the_board_is_tiled_across_2_by_2_sheets(self, tmp_path, paper):
        out = tmp_path / "board.pdf"
        result = print_board(out, paper=paper)
        data = result.as_dict()
        assert (data["grid"], data["sheets"], data["pages"]) == ("2 x 2", 4, 4) == ("2 x 2", 4, page_count(out))
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(str(out))
        sizes = {tuple(round(v) for v in doc[i].get_size()) for i in range(len(doc))}
        doc.close()
        assert sizes == {(round(PAPERS[paper].width), round(PAPERS[paper].height))}
        assert result.warnings == []

    @pytest.mark.parametrize("paper", ["letter", "a4"])
    def test_the_sheets_cover_the_board_and_overlap_by_the_glue_strip(self, paper):
        t = tiling(PAPERS[paper])
        W, H = mm(BOARD_W_MM), mm(BOARD_H_MM)
        windows = {(r, c): t.window(r, c) for r in range(t.rows) for c in range(t.cols)}
        assert min(w[0] for w in windows.values()) == 0 and max(w[2] for w in windows.values()) == pytest.approx(W)
        assert min(w[1] for w in windows.values()) == 0 and max(w[3] for w in windows.values()) == pytest.approx(H)
        for (r, c), (x0, y0, x1, y1) in windows.items():
            assert x1 - x0 <= t.area_w + 1e-6 and y1 - y0 <= t.area_h + 1e-6
            if c + 1 < t.cols:
                assert x1 - windows[r, c + 1][0] == pytest.approx(mm(OVERLAP_MM))
            if r + 1 < t.rows:
                assert windows[r + 1, c][3] - y0 == pytest.approx(mm(OVERLAP_MM))

    def test_each_sheet_says_where_it_goes_and_what_to_cut_and_glue(self, tmp_path):
        out = tmp_path / "board.pdf"
        print_board(out)
        texts = [_flat(t) for t in pdf_text(out)]
        for i, (r, c) in enumerate(itertools.product(range(2), range(2))):
            name = sheet_name(r, c)
            assert f"sheet {name} of 2 x 2 (letter)" in texts[i]
            assert ("GLUE · " in texts[i]) == ((r, c) != (1, 1))
            assert ("cut the white margin off" in texts[i]) == ((r, c) != (0, 0))
            assert "print at 100 % (actual size): this bar is 100 mm" in texts[i]
        assert "GLUE · A2 edge on the line" in texts[0] and "GLUE · B1 edge on the line" in texts[0]
        assert "cut the white margin off the left and top edge" in texts[3]

    def test_the_board_has_the_happiness_track_and_the_island(self, tmp_path):
        out = tmp_path / "board.pdf"
        print_board(out)
        text = _flat(" ".join(pdf_text(out)))
        assert "HAPPINESS" in text and "START" in text and "ATHEISTS" in text and "CONVERT POOL" in text
        assert "3 families per god at the start" in text and "3 gods: 9 · 4 gods: 12 · 5 gods: 15" in text
        numbers = Counter(text.split())
        assert all(numbers[str(v)] >= 1 for v in range(0, 11))


class TestReferenceSheets:
    @pytest.fixture(scope="class")
    @classmethod
    def sheets(cls, tmp_path_factory):
        out = tmp_path_factory.mktemp("kalua-rules") / "rules.pdf"
        result = print_rulebook(out)
        return result, _flat(" ".join(pdf_text(out)))

    def test_every_section_and_phase(self, sheets):
        _, text = sheets
        for heading in ("Setup", "A turn", "1. Draw", "2. Leaders", "3. Action cards", "4. Convert", "5. Praying",
                        "The end", "The cards", "Bonus cards", "Local disasters", "Global disasters"):
            assert heading in text, heading

    def test_the_numbers_come_from_the_pack(self, sheets):
        _, text = sheets
        assert f"Each god takes {START_FAMILIES} families, their leader, 5 PP" in text
        assert f"or {PROTECTION_COST} PP to be protected from it; or {DOUBLE_COST} PP to double" in text
        assert "3 gods: 9, 4 gods: 12, 5 gods: 15" in text and "after 300 turns" in text

    def test_the_card_list_has_every_card(self, sheets):
        result, text = sheets
        assert all(f"{d.name} {d.cost} PP" in text for d in CARDS.defs)
        assert result.warnings == []

    def test_a_custom_set_prints_its_own_list(self, tmp_path):
        body = BUILTIN_PATH.read_text(encoding="utf-8").replace("- name: Festival", "- name: Fish & Chips", 1)
        body = body.replace("set: {code: KALUA,", "variant: test\nset: {code: KALUA,", 1)
        path = tmp_path / "set.yaml"
        path.write_text(body, encoding="utf-8")
        out = tmp_path / "rules.pdf"
        print_rulebook(out, catalog=path)
        text = _flat(" ".join(pdf_text(out)))
        assert "Fish & Chips 4 PP" in text and "Festival" not in text and "house-rule set" in text


def test_bonus_kind_words_cover_every_kind():
    from kcal.games.kalua.print.palette import STYLES

    assert set(STYLES) == set(Kind) and len({s.pattern for s in STYLES.values()}) == 3


@pytest.mark.usefixtures("registered")
class TestThroughTheCli:
    def test_print_cards_and_rulebook_with_game_kalua(self, tmp_path):
        from kcal.cli.app import app

        out = tmp_path / "cards.pdf"
        res = CliRunner().invoke(app, ["print", "cards", "--game", "kalua", "-o", str(out), "--backs",
                                       "--format", "json"])
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert data["game"] == "kalua" and data["cards"] == 55 and data["pages"] == 14 == page_count(out)
        rules = tmp_path / "rules.pdf"
        res = CliRunner().invoke(app, ["print", "rulebook", "--game", "kalua", "-o", str(rules), "--paper", "a4"])
        assert res.exit_code == 0, res.output
        assert page_count(rules) >= 2

    def test_a_bad_option_exits_2_and_writes_nothing(self, tmp_path):
        from kcal.cli.app import app

        out = tmp_path / "cards.pdf"
        res = CliRunner().invoke(app, ["print", "cards", "--game", "kalua", "-o", str(out), "--bleed", "40"])
        assert res.exit_code == 2 and "--bleed must be between 0 and 10 mm" in res.stderr
        assert "Traceback" not in res.output and not list(tmp_path.iterdir())


def test_split_and_cut_files_follow_the_sheets(tmp_path):
    out = tmp_path / "c.pdf"
    result = print_cards(out, backs=True, split=4, cut_svg=True)
    names = sorted(p.name for p in result.files)
    assert names == [f"c-{i}.pdf" for i in range(1, 5)] + sorted(f"c-cut-{i}.svg" for i in range(1, 8))
    svg = (tmp_path / "c-cut-7.svg").read_text(encoding="utf-8")  # the last sheet: 55 - 6 x 9 = 1 card
    assert svg.count("<rect ") == 1 and 'width="63.000"' in svg
    assert [page_count(tmp_path / f"c-{i}.pdf") for i in range(1, 5)] == [4, 4, 4, 2]
