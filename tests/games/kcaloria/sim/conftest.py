from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


def make_tile(i: int, name: str, type_: str, klass: str, cost=(), yield_=None):
    from kcal.games.kcaloria.files.models import Tile

    return Tile.model_validate(
        {"id": f"T-{i:03d}", "name": name, "type": type_, "class": klass, "rarity": "common",
         "cost": list(cost), "yield": yield_ or {}}
    )


def make_deck(water: int = 10, plants: int = 20, herbivores: int = 15, others: int | None = None):
    """A 60-tile list of Tile objects with the given counts (the rest carnivores)."""
    rest = 60 - water - plants - herbivores if others is None else others
    tiles = (
        [make_tile(1, "Bayou", "water", "water", (), {"blue": 2})] * water
        + [make_tile(2, "Phlox", "plant", "flower", [{"blue": 1}], {"green": 2})] * plants
        + [make_tile(3, "Squirrel", "herbivore", "mammal", [{"blue": 1, "green": 1}], {"yellow": 2})] * herbivores
        + [make_tile(4, "Heron", "carnivore", "bird", [{"blue": 2, "yellow": 2}], {"red": 2})] * rest
    )
    return tiles


class _Tools:
    make_tile = staticmethod(make_tile)
    make_deck = staticmethod(make_deck)


@pytest.fixture(scope="session")
def tools() -> type[_Tools]:
    """Tile and deck builders (conftest is not importable under --import-mode=importlib)."""
    return _Tools
