"""The fake dice-race packs, registered for one test by patching the registry's lookup (workers load
their hooks by module name, so they need no registration)."""

from __future__ import annotations

import pytest

from tests.sim import fakepack


@pytest.fixture
def packs(monkeypatch: pytest.MonkeyPatch):
    from kcal.core import registry

    real = registry.get

    def get(game_id: str):
        return fakepack.PACKS.get(game_id) or real(game_id)

    monkeypatch.setattr(registry, "get", get)
    return fakepack
