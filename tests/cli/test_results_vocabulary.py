"""One vocabulary for results in every game (issue 20, "One product, four games", item 2): the game-over
line, move numbers, ``catalog list``'s header and count, and player-facing text without internals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core import registry
from kcal.core.registry import get, ids
from kcal.core.results import amount, card_table, game_over_line, winners_text
from tests.packs import samples

ROOT = Path(__file__).resolve().parents[2]
GAMES = ids()
#: words of kcal's insides that player-facing text never shows
INTERNALS = re.compile(r"\btest_\w+|determiniz|legal_moves\(\)|`state\.|\.py\b")


def test_the_game_over_line_names_winner_winners_or_no_winner() -> None:
    assert game_over_line("second_human", ["C"], "A 89, C 102") == "game over (second human); scores: A 89, C 102; winner: C"
    assert game_over_line("rounds_complete", ["A", "B"]) == "game over (rounds complete); winners: A, B"
    assert game_over_line("all_eliminated", []) == "game over (all eliminated); no winner"
    assert winners_text(["A"]) == "winner: A"


def test_figures_for_people_are_rounded() -> None:
    assert amount(43.333333) == "43.3" and amount(1234.5, 0) == "1,234" and amount(None) == "n/a"


def test_a_card_table_has_a_header_and_a_count() -> None:
    assert card_table(("card", "kcal"), [("red 1", "100"), ("blue 2", "200")]).splitlines() == [
        "card    kcal", "red 1   100", "blue 2  200", "2 cards"]
    assert card_table(("card",), []) == "no cards match"


@pytest.mark.parametrize("game", GAMES)
def test_catalog_list_has_a_header_and_a_count_in_every_game(game: str) -> None:
    r = CliRunner().invoke(app, ["catalog", "list", "--game", game])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].split()[:2] in (["card", "kcal"], ["card", "copies"], ["id", "card"])
    assert re.fullmatch(r"\d[\d,]* (cards|tiles)", lines[-1]), lines[-1]
    doc = CliRunner().invoke(app, ["catalog", "list", "--game", game, "--format", "json"])
    import json

    data = json.loads(doc.stdout)
    assert set(data) == {"game", "count", "cards"} and data["game"] == game
    assert data["count"] == len(data["cards"]) == int(lines[-1].split()[0].replace(",", ""))
    assert all("card" in c and "name" not in c for c in data["cards"])


@pytest.mark.parametrize("game", [g for g in GAMES if get(g).has("explain")])
def test_rules_explain_shows_no_internals(game: str) -> None:
    """No test names, no ``determinize``, no engine calls: rules explain is for players."""
    explain = registry.get(game).hook("explain")
    for topic in explain.topics():
        text = explain.explain_text(explain.explain(topic))
        found = INTERNALS.search(text)
        assert found is None, f"{game} {topic}: {found.group(0)!r} in {text[max(0, found.start() - 80):found.end() + 40]!r}"


@pytest.mark.parametrize("game", GAMES)
def test_replays_end_with_one_game_over_line(game: str, tmp_path: Path) -> None:
    """A game ``sim match`` saves replays to one game-over line (of at least two players, so that
    there is a winner to name)."""
    players = str(max(2, get(game).info.min_players))
    record = tmp_path / f"{game}.yaml"
    m = CliRunner().invoke(app, ["sim", "match", "--game", game, "--players", players, "--games", "1", "--seed", "3",
                                 "--jobs", "1", "--quiet", "--save-game", "0", "-o", str(record)])
    assert m.exit_code == 0, m.output
    text = CliRunner().invoke(app, ["rules", "replay", str(record)]).stdout
    over = [line for line in text.splitlines() if "game over" in line.casefold()]
    assert len(over) == 1, (game, over)
    assert re.fullmatch(r"game over \([^)]+\)(; scores: .+)?; (winner: \S+|winners: .+|no winner)", over[0]), over[0]


@pytest.mark.parametrize("game", GAMES)
def test_catalog_show_and_validate_have_the_same_keys_in_every_game(game: str) -> None:
    """catalog ``name`` vs ``card``: the card's name is ``card`` in show as in list; validate names its game."""
    import json

    runner = CliRunner()
    shown = runner.invoke(app, ["catalog", "show", samples(game)["card"], "--game", game, "--format", "json"])
    assert shown.exit_code == 0, shown.output
    assert "card" in json.loads(shown.stdout) and "name" not in json.loads(shown.stdout)
    checked = runner.invoke(app, ["catalog", "validate", "--game", game, "--format", "json"])
    assert checked.exit_code == 0, checked.output
    assert list(json.loads(checked.stdout))[:2] == ["game", "valid"] and json.loads(checked.stdout)["game"] == game
