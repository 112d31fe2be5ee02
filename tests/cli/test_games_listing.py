"""``kcal games`` tells the truth (issue 20, item 3): EcoLogic's players read as its README says, "2-4 (+1
per expansion)", not "2-7"; a player count only a variant allows says which variant."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kcal.cli.app import app


def test_the_player_counts_read_as_the_rulebooks_say() -> None:
    text = CliRunner().invoke(app, ["games"]).stdout
    assert "EcoLogic: Europe  (players: 2-4 (+1 per expansion, up to 7))" in text
    assert "How many Calories?  (players: 3-4; 2 with --variant two-player (a house rule))" in text
    assert "Kalua  (players: 3-5)" in text
    games = {g["id"]: g for g in json.loads(CliRunner().invoke(app, ["games", "--format", "json"]).stdout)["games"]}
    assert games["ecologic-europe"]["players"] == [2, 7]
    assert games["ecologic-europe"]["players_text"] == "2-4 (+1 per expansion, up to 7)"
