"""How many Calories?'s cards on full sheets (issue 23, item 3), counted in the cut files as tests/print/
test_no_paper_wasted.py counts every pack's (moved here from it: it runs on every pack)."""

from __future__ import annotations

from pathlib import Path

from tests.print.test_no_paper_wasted import cards_per_sheet


def test_how_many_calories_prints_one_plus_card_per_player_on_four_full_sheets(tmp_path: Path) -> None:
    """Setup: "Distribute one +5 card to each player" (at most 4 players): 32 + 4 cards, 4 full sheets."""
    counts, data = cards_per_sheet("how-many-calories", tmp_path / "c.pdf")
    assert counts == [9, 9, 9, 9] and data["plus_cards"] == 4
