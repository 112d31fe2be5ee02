"""``catalog show`` in every game (issue 20, item 4): near misses suggest, a word of a card's name finds
the card, and a name of another installed game's card says which game and how to ask for it. Each pack
declares its own lookups (``Pack.samples``: ``near_miss``, ``word``, ``foreign``; tests/packs.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import DEFAULT_GAME, get, ids
from tests.packs import samples, with_sample


def show(*args: str):
    return CliRunner().invoke(app, ["catalog", "show", *args])


def _another(game: str) -> str:
    """A game to ask for ``game``'s card: the default game, or the first other one."""
    return DEFAULT_GAME if game != DEFAULT_GAME else next(g for g in ids() if g != game)


@pytest.mark.parametrize("game", with_sample("near_miss"))
def test_a_near_miss_suggests_in_every_game(game: str) -> None:
    near, meant = samples(game)["near_miss"]
    r = show("--game", game, near)
    assert r.exit_code == 2 and f"(did you mean '{meant}'" in r.stderr


@pytest.mark.parametrize("game", with_sample("word"))
def test_a_word_of_a_cards_name_finds_it_in_every_game(game: str) -> None:
    word, card = samples(game)["word"]
    r = show("--game", game, word)
    assert r.exit_code == 0 and card in r.stdout


@pytest.mark.parametrize("game", with_sample("foreign"))
def test_a_card_of_another_game_says_which_game(game: str) -> None:
    name = samples(game)["foreign"]
    r = show("--game", _another(game), name)
    assert r.exit_code == 2 and f"'{name}' is a" in r.stderr
    assert r.stderr.strip().endswith(f" {get(game).info.name} card: add --game {game}"), r.stderr


@pytest.mark.parametrize("game", [g for g in with_sample("foreign") if g != DEFAULT_GAME])
def test_json_keeps_the_hint_and_the_code(game: str) -> None:
    r = show(samples(game)["foreign"], "--format", "json")  # no --game: the default game's catalog
    assert r.exit_code == 2
    errors = json.loads(r.stdout)["errors"]
    assert errors[0]["code"] == "unknown-card" and f"add --game {game}" in errors[0]["message"]
