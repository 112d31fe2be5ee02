"""``catalog show`` in every game (issue 20, item 4): near misses suggest, a word of a card's name finds
the card, and a name of another installed game's card says which game and how to ask for it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app


def show(*args: str):
    return CliRunner().invoke(app, ["catalog", "show", *args])


@pytest.mark.parametrize("game,near,meant", [
    ("kcaloria", "great blu heron", "'Great blue heron'"),
    ("ecologic-europe", "roe der", "'European roe deer'"),
    ("how-many-calories", "yelow 14", "'yellow 14'"),
    ("kalua", "temple destroyd", "'Temple destroyed!'"),
])
def test_a_near_miss_suggests_in_every_game(game: str, near: str, meant: str) -> None:
    r = show("--game", game, near)
    assert r.exit_code == 2 and f"(did you mean {meant}" in r.stderr


@pytest.mark.parametrize("game,word,card", [
    ("kcaloria", "heron", "Ardea herodias"),
    ("ecologic-europe", "roe deer", "European roe deer"),
    ("how-many-calories", "pizza", "yellow 14: Cheese pizza"),
    ("kalua", "harvest", "Good Harvest"),
])
def test_a_word_of_a_cards_name_finds_it_in_every_game(game: str, word: str, card: str) -> None:
    r = show("--game", game, word)
    assert r.exit_code == 0 and card in r.stdout


def test_a_word_several_cards_share_asks_which() -> None:
    r = show("--game", "ecologic-europe", "deer")
    assert r.exit_code == 2
    assert "'deer' names several species cards: 'European roe deer', 'Red deer'" in r.stderr
    assert "add --game" not in r.stderr  # it is this game's word, whatever other games have


@pytest.mark.parametrize("game,name,hint", [
    ("kcaloria", "roe deer", "'roe deer' is an EcoLogic: Europe card: add --game ecologic-europe"),
    ("kcaloria", "pizza", "'pizza' is a How many Calories? card: add --game how-many-calories"),
    ("kalua", "Bayou", "'Bayou' is a kCaloria: East Texas Piney Woods card: add --game kcaloria"),
    ("how-many-calories", "Temple destroyed!", "'Temple destroyed!' is a Kalua card: add --game kalua"),
])
def test_a_card_of_another_game_says_which_game(game: str, name: str, hint: str) -> None:
    r = show("--game", game, name)
    assert r.exit_code == 2 and r.stderr.strip().endswith(hint)


def test_json_keeps_the_hint_and_the_code() -> None:
    import json

    r = show("roe deer", "--format", "json")
    assert r.exit_code == 2
    errors = json.loads(r.stdout)["errors"]
    assert errors[0]["code"] == "unknown-card" and "add --game ecologic-europe" in errors[0]["message"]
