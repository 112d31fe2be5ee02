"""Deck diff, deck statistics and the deck hash, called as library functions."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.games.kcaloria.deck.diff import diff_decks
from kcal.games.kcaloria.deck.hashing import deck_hash, hash_counts
from kcal.games.kcaloria.deck.stats import cheapest_alternative, deck_stats, tile_stats
from kcal.games.kcaloria.files.load import load_deck, load_library


class TestDiff:
    def test_added_removed_changed_with_totals(self, fixtures: Path) -> None:
        d = diff_decks(load_deck(fixtures / "deck-a.yaml"), load_deck(fixtures / "deck-b.yaml")).to_dict()
        assert d["added"] == [{"name": "Ardea herodias", "count": 2}]
        assert d["removed"] == [{"name": "Dasypus novemcinctus", "count": 3}]
        assert d["changed"] == [
            {"name": "Bayou", "from": 5, "to": 4, "delta": -1},
            {"name": "Moonlight", "from": 2, "to": 3, "delta": 1},
        ]
        assert d["unchanged"] == 1
        assert d["tiles"] == {"a": 14, "b": 13, "delta": -1}
        assert d["totals"] == {"added": 2, "removed": 3, "increased": 1, "decreased": 1}
        assert d["identical"] is False

    def test_spelling_and_order_do_not_count_as_changes(self, fixtures: Path) -> None:
        d = diff_decks(load_deck(fixtures / "deck-a.yaml"), load_deck(fixtures / "deck-a-reordered.yaml"))
        assert d.identical
        assert d.unchanged == 4

    def test_unknown_names_are_compared_by_spelling(self, fixtures: Path) -> None:
        d = diff_decks(load_deck(fixtures / "deck-a.yaml"), load_deck(fixtures / "deck-unknown.yaml"))
        assert {"name": "Bayuo", "count": 2} in d.to_dict()["added"]


class TestStats:
    def test_counts(self, fixtures: Path) -> None:
        s = deck_stats(load_deck(fixtures / "deck-a.yaml"))
        assert s["tiles"] == 14 and s["distinct"] == 4
        assert s["by_type"] == {"water": 5, "plant": 4, "omnivore": 3, "event": 2}
        assert s["by_color"] == {"blue": 5, "green": 4, "orange": 3, "none": 2}
        assert s["by_rarity"] == {"common": 9, "uncommon": 3, "rare": 2}
        assert s["by_class"] == {"water": 5, "flower": 4, "mammal": 3, "weather": 2}
        assert s["by_biome"] == {"TD": 7, "FF": 12, "LE": 5}
        assert s["by_modifier"] == {"biome_boost": 3, "nocturnal": 3}

    def test_costs_and_yields_per_colour(self, fixtures: Path) -> None:
        s = deck_stats(load_deck(fixtures / "deck-a.yaml"))
        # Phlox 1 blue x4; armadillo cheapest of 4 green (4 points) / 2 yellow (4 points): 2 yellow,
        # fewer cubes; Moonlight 1 blue + 1 green x2
        assert s["cost_cheapest"] == {"blue": 6, "green": 2, "yellow": 6, "orange": 0, "red": 0, "purple": 0}
        assert s["cost_all_alternatives"] == {"blue": 6, "green": 14, "yellow": 6, "orange": 0, "red": 0,
                                              "purple": 0}
        assert s["payable_with"] == {"blue": 6, "green": 5, "yellow": 3, "orange": 0, "red": 0, "purple": 0}
        assert s["yield"] == {"blue": 10, "green": 8, "yellow": 0, "orange": 9, "red": 0, "purple": 0}
        assert s["free_tiles"] == 5
        assert s["mean_cost"] == pytest.approx(14 / 14)
        assert s["mean_cost_points"] == pytest.approx((2 + 12) / 14)
        assert s["yield_points"] == 8 + 27

    def test_unknown_name_is_an_error_with_position(self, fixtures: Path) -> None:
        with pytest.raises(KcalError) as info:
            deck_stats(load_deck(fixtures / "deck-unknown.yaml"))
        [problem] = info.value.problems
        assert (problem.where.line, problem.where.column) == (5, 3)
        assert "did you mean 'Bayou'" in problem.message

    def test_cheapest_alternative_prefers_fewer_points_then_fewer_cubes(self, mini_library) -> None:
        armadillo = mini_library.get("Dasypus novemcinctus")
        assert dict(cheapest_alternative(armadillo)) == {"yellow": 2}
        assert dict(cheapest_alternative(mini_library.get("Bayou"))) == {}

    def test_empty(self) -> None:
        s = tile_stats([])
        assert s["tiles"] == 0 and s["mean_cost"] == 0.0 and s["by_type"] == {}


class TestHash:
    def test_independent_of_order_case_comments_and_name(self, fixtures: Path) -> None:
        a = deck_hash(load_deck(fixtures / "deck-a.yaml"))
        assert a == deck_hash(load_deck(fixtures / "deck-a-reordered.yaml"))
        assert len(a) == 12 and all(c in "0123456789abcdef" for c in a)

    def test_changes_with_counts(self, fixtures: Path) -> None:
        assert deck_hash(load_deck(fixtures / "deck-a.yaml")) != deck_hash(load_deck(fixtures / "deck-b.yaml"))

    def test_changes_with_the_tile_ids(self) -> None:
        counts = {"bayou": 5}
        assert hash_counts(counts, {"bayou": "ETPW-001"}) != hash_counts(counts, {"bayou": "MINI-001"})

    def test_pinned_value(self) -> None:
        # the hash is a public identifier: changing its recipe must be a deliberate act
        assert hash_counts({"bayou": 5, "moonlight": 2}, {"bayou": "A-1", "moonlight": "A-2"}) == \
            hash_counts({"moonlight": 2, "bayou": 5}, {"moonlight": "A-2", "bayou": "A-1"})
        assert hash_counts({"bayou": 5}, {"bayou": "A-1"}) == "b99d84dea489"  # sha256("kcal-deck-v1\nbayou\t5\tA-1")[:12]


def test_builtin_decks_have_sixty_tiles_in_stats() -> None:
    from kcal.games.kcaloria.files.load import builtin_catalog_paths

    decks = sorted((Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks").glob("*.yaml"))
    assert decks and builtin_catalog_paths(), "the built-in catalog and decks ship with kcal"
    load_library()
    for path in decks:
        s = deck_stats(load_deck(path))
        assert s["tiles"] == 60, path
        assert sum(s["by_type"].values()) == 60
        assert sum(s["by_color"].values()) == 60


def test_builtin_decks_survive_export_to_a_list_and_import(tmp_path: Path) -> None:
    """A deck written out as '4 Name' lines and imported again has the same hash and no diff."""
    from kcal.games.kcaloria.deck.importer import import_deck
    from kcal.games.kcaloria.files.load import builtin_catalog_paths

    decks = sorted((Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks").glob("*.yaml"))
    assert decks and builtin_catalog_paths(), "the built-in catalog and decks ship with kcal"
    library = load_library()
    for path in decks:
        original = load_deck(path)
        lines = [f"{e.count}x {e.name.upper()}  # from {path.name}" for e in reversed(original.entries)]
        (tmp_path / "list.txt").write_text("// exported\n" + "\n".join(lines) + "\n")
        result = import_deck(tmp_path / "list.txt", library, format=original.deck.format)
        (tmp_path / "again.yaml").write_text(result.text)
        again = load_deck(tmp_path / "again.yaml")
        assert deck_hash(again) == deck_hash(original), path.name
        assert diff_decks(original, again).identical
        assert result.notes == []
