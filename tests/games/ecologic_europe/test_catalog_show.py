"""``catalog show`` of EcoLogic: Europe (issue 20, item 4; moved from tests/cli/test_catalog_show_lookups.py):
a word several species cards share asks which, and never sends the user to another game."""

from __future__ import annotations

from typer.testing import CliRunner

from kcal.cli.app import app


def test_a_word_several_cards_share_asks_which() -> None:
    r = CliRunner().invoke(app, ["catalog", "show", "--game", "ecologic-europe", "deer"])
    assert r.exit_code == 2
    assert "'deer' names several species cards: 'European roe deer', 'Red deer'" in r.stderr
    assert "add --game" not in r.stderr  # it is this game's word, whatever other games have
