"""Fixtures for the deck tools: a five-tile catalog and decks that name it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the fixtures in a temporary folder that is also the working folder."""
    for f in FIXTURES.iterdir():
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def mini_library():
    from kcal.schema.load import load_library

    return load_library([str(FIXTURES / "mini.yaml")])
