"""Fixtures for the deck tools: a five-tile catalog and decks that name it."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def mini_library():
    from kcal.games.kcaloria.files.load import load_library

    return load_library([str(FIXTURES / "mini.yaml")])
