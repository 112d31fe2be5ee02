"""``kcal deck hand``: a sample opening hand dealt as Setup says, and what the first turns can play
(issue 12, item 8). The engine deals and judges every placement."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.deck.hand import sample_hand
from kcal.games.kcaloria.files.load import load_deck
from kcal.games.kcaloria.rules.domain import TileType

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
DECK = DECKS / "bayou-ambush.yaml"
runner = CliRunner()


@pytest.fixture(scope="module")
def tiles() -> list:
    return load_deck(DECK).tiles()


def by_name(tiles: list) -> dict:
    return {t.name: t for t in tiles}


class TestSetup:
    """Setup: draw 7; if they hold no water tile, reshuffle, redraw and try again."""

    @pytest.mark.parametrize("seed", range(8))
    def test_the_opening_seven_always_holds_water(self, tiles: list, seed: int) -> None:
        d = sample_hand(tiles, seed=seed)
        assert len(d["opening"]) == 7
        water = [n for n in d["opening"] if by_name(tiles)[n].type is TileType.WATER]
        assert water and d["water_in_opening"] == len(water)

    def test_reshuffles_are_counted(self) -> None:
        lib_tiles = load_deck(DECK).tiles()
        water = [t for t in lib_tiles if t.type is TileType.WATER][:1]
        dry = [t for t in lib_tiles if t.type is not TileType.WATER][:59]
        counts = [sample_hand(water + dry, seed=s, turns=1)["reshuffles"] for s in range(5)]
        assert all(c >= 1 for c in counts)  # 1 water in 60: 7 in 60 hold it only 11.7% of the time
        assert len(set(counts)) > 1

    def test_the_same_seed_deals_the_same_hand(self, tiles: list) -> None:
        assert sample_hand(tiles, seed=5) == sample_hand(tiles, seed=5)
        assert sample_hand(tiles, seed=5)["opening"] != sample_hand(tiles, seed=6)["opening"]


class TestTurns:
    @pytest.mark.parametrize("seed", range(4))
    def test_turn_one_plays_only_free_tiles(self, tiles: list, seed: int) -> None:
        """Placement: a first tile's cost would be paid from adjacent cubes, and there are none."""
        first = sample_hand(tiles, seed=seed)["turns"][0]
        assert first["playable"]
        assert all(not by_name(tiles)[p["tile"]].cost for p in first["playable"])
        assert all(p["cells"] == 1 for p in first["playable"])  # the very first tile goes at [0, 0]

    @pytest.mark.parametrize("seed", range(4))
    def test_each_turn_plays_a_playable_tile_and_draws_back_to_seven(self, tiles: list, seed: int) -> None:
        d = sample_hand(tiles, seed=seed, turns=3)
        assert [t["turn"] for t in d["turns"]] == [1, 2, 3]
        assert d["turns"][0]["hand"] == d["opening"]
        for before, after in zip(d["turns"], d["turns"][1:], strict=False):
            move = before["move"]
            assert move["kind"] == "place" and move["tile"] in {p["tile"] for p in before["playable"]}
            hand = Counter(before["hand"])
            hand[move["tile"]] -= 1
            assert Counter(after["hand"]) == hand + Counter(before["drew"])
            assert len(after["hand"]) == 7

    def test_drawn_tiles_come_from_the_deck(self, tiles: list) -> None:
        d = sample_hand(tiles, seed=2, turns=10)
        seen = Counter(d["opening"]) + sum((Counter(t["drew"]) for t in d["turns"]), Counter())
        deck = Counter(t.name for t in tiles)
        assert not seen - deck

    def test_turns_out_of_range_are_refused(self, tiles: list) -> None:
        from kcal.core.errors import KcalError

        with pytest.raises(KcalError, match="--turns must be between 1 and 10"):
            sample_hand(tiles, turns=11)


class TestCommand:
    def test_text(self) -> None:
        r = runner.invoke(app, ["deck", "hand", str(DECK), "--seed", "1"])
        assert r.exit_code == 0, r.output
        assert r.stdout.startswith("Bayou Ambush: opening 7 (seed 1, after ")
        assert "turn 3:" in r.stdout and "turn 4:" not in r.stdout and "playable:" in r.stdout

    def test_json(self) -> None:
        r = runner.invoke(app, ["deck", "hand", str(DECK), "-s", "1", "--turns", "2", "-f", "json"])
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)
        shown = load_deck(DECK).display  # as the user would type it
        assert d["seed"] == 1 and d["file"] == shown and len(d["turns"]) == 2
        assert d == {**sample_hand(load_deck(DECK).tiles(), seed=1, turns=2, deck_name="Bayou Ambush"),
                     "file": shown}

    def test_a_deck_without_water_names_the_file(self, tmp_path: Path) -> None:
        deck = tmp_path / "dry.yaml"
        deck.write_text("name: Dry\ntiles:\n  Phlox nivalis: 5\n  Campsis radicans: 5\n")
        r = runner.invoke(app, ["deck", "hand", str(deck)])
        assert r.exit_code == 2
        assert f"{deck}:2:1: deck 'Dry' has no water tile" in r.stderr
