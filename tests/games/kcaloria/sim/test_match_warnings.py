"""``sim match`` warns about a deck built for solo play (it still plays it, by the standard rules)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import UsageError
from kcal.games.kcaloria.sim.deckmatch import deck_match

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"


@pytest.fixture(scope="module")
def loaded():
    from kcal.games.kcaloria.files.load import load_deck

    return [load_deck(DECKS / n) for n in ("bayou-ambush.yaml", "solo-piney-trail.yaml")]


def test_a_solo_format_deck_in_a_match_is_a_warning(loaded):
    """Issue 21: the library says so in ``warnings``; the match is still played."""
    assert [ld.deck.format for ld in loaded] == ["standard", "solo"]
    result = deck_match([ld.tiles() for ld in loaded], names=[ld.deck.name for ld in loaded], games=2,
                        seed=1, bots=["random"], formats=[ld.deck.format for ld in loaded]).data
    assert result["games"] == 2
    (w,) = result["warnings"]
    assert w["code"] == "solo-deck-in-match" and w["label"] == "B" and w["deck"] == loaded[1].deck.name
    assert "solo-format deck" in w["message"]


def test_standard_decks_or_unknown_formats_give_no_warning(loaded):
    tiles = [loaded[0].tiles()] * 2
    assert deck_match(tiles, games=1, seed=1, bots=["random"], formats=["standard"] * 2).data["warnings"] == []
    assert deck_match(tiles, games=1, seed=1, bots=["random"]).data["warnings"] == []


def test_one_format_per_deck(loaded):
    with pytest.raises(UsageError, match="one format per deck"):
        deck_match([loaded[0].tiles()] * 2, games=1, formats=["solo"])
