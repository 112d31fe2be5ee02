"""Reprinting a board (issue 23, "Cards people want to print"; docs/printing.md, "Reprinting a board"):
``kcal print board --only NAME --copies N`` chooses boards as ``print cards`` chooses cards where a game's
boards are separate sheets (EcoLogic's habitat boards: one double-sided sheet each), and is refused in words
where the board is one board tiled across sheets glued together (Kalua)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kcal.cli.app import app
from tests.print.pdfprobe import pdf_text


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_print_board_only_a_board_by_its_id_prints_its_sheet_copies_times(tmp_path):
    out = tmp_path / "b07.pdf"
    res = run("print", "board", "--game", "ecologic-europe", "-o", str(out), "--only", "b07", "--copies", "2",
              "--format", "json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert (data["boards"], data["sheets"], data["board_sides"], data["pages"]) == (2, 2, 4, 4)
    pages = pdf_text(out)
    assert ["side 1 of board B07" in p for p in pages] == [True, False, True, False]
    assert ["Side 2 of board B07" in p for p in pages] == [False, True, False, True]


def test_print_board_only_a_board_by_its_two_habitats_prints_that_board(tmp_path):
    out = tmp_path / "one.pdf"
    res = run("print", "board", "--game", "ecologic-europe", "-o", str(out), "--only", "coniferous wetlands")
    assert res.exit_code == 0, res.output
    assert "board B07" in pdf_text(out)[0] and len(pdf_text(out)) == 2


def test_print_board_only_an_unknown_board_is_a_usage_error_with_the_close_spelling(tmp_path):
    out = tmp_path / "x.pdf"
    res = run("print", "board", "--game", "ecologic-europe", "-o", str(out), "--only", "B99")
    assert res.exit_code == 2 and not out.exists()
    assert "--only 'B99': EcoLogic: Europe has no board or kind of that name (did you mean 'B09'?)" in res.stderr


def test_print_board_only_one_habitat_of_several_boards_asks_which(tmp_path):
    res = run("print", "board", "--game", "ecologic-europe", "-o", str(tmp_path / "x.pdf"), "--only", "deciduous")
    assert res.exit_code == 2
    assert "'deciduous' names several boards" in res.stderr and "'B01: deciduous forest / coniferous forest'" \
        in res.stderr


def test_print_board_copies_out_of_range_is_refused_as_print_cards_refuses_it(tmp_path):
    res = run("print", "board", "--game", "ecologic-europe", "-o", str(tmp_path / "x.pdf"), "--copies", "0")
    assert res.exit_code == 2 and "--copies must be a whole number from 1 to 20, not 0" in res.stderr


def test_print_board_of_a_board_tiled_across_sheets_refuses_only_and_copies_in_words(tmp_path):
    out = tmp_path / "k.pdf"
    res = run("print", "board", "--game", "kalua", "-o", str(out), "--only", "A1", "--copies", "2")
    assert res.exit_code == 2 and not out.exists()
    assert "--only, --copies: Kalua has one board, tiled across sheets you glue together" in res.stderr
    assert "Traceback" not in res.output
