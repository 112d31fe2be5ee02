"""Kalua's decks on full sheets (issue 23, item 3), counted in the cut files as tests/print/
test_no_paper_wasted.py counts every pack's (moved here from it: it runs on every pack)."""

from __future__ import annotations

from pathlib import Path

from tests.print.pdfprobe import page_count
from tests.print.test_no_paper_wasted import cards_per_sheet


def test_a_kind_by_its_plural_prints_that_deck(tmp_path: Path) -> None:
    counts, data = cards_per_sheet("kalua", tmp_path / "d.pdf", "--only", "disaster decks")
    assert sum(counts) == data["disaster_deck"] == 29 and data["bonus_deck"] == 0


def test_kalua_decks_share_sheets(tmp_path: Path) -> None:
    counts, _ = cards_per_sheet("kalua", tmp_path / "c.pdf")
    assert counts == [9] * 6 + [1]
    assert page_count(tmp_path / "c.pdf") == 7
