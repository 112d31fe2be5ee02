"""The validated-deck cache (issue 12 item 15): a deck whose exact bytes this schema validated before
is rebuilt without building the Deck model's validators, and the rebuilt deck is the validated one."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import load_yaml
from kcal.games.kcaloria.files import cardset as frozen
from kcal.games.kcaloria.files import load
from kcal.games.kcaloria.files.models import Deck

DECKS = sorted((Path(load.__file__).parent.parent / "data" / "decks").glob("*.yaml"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KCAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KCAL_NO_CACHE", raising=False)
    return tmp_path / "cache"


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_trusted_rebuild_equals_validation(path: Path) -> None:
    deck = load.validate_doc(load_yaml(path), Deck)
    rebuilt = frozen.Deck.from_json(deck.model_dump(mode="json", by_alias=True))
    assert rebuilt.to_json() == deck.model_dump(mode="json", by_alias=True) and rebuilt.size == deck.size
    assert all(getattr(rebuilt, name) == getattr(deck, name) for name in ("name", "format", "tiles", "description"))
    assert load.load_deck(path).deck == rebuilt


def test_second_load_skips_validation_and_is_equal(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load.load_deck(DECKS[0])
    assert any(p.name.startswith("deck-") for p in cache.iterdir())

    def refuse(doc, model):
        raise AssertionError(f"{model.__name__} validated again")

    monkeypatch.setattr(load, "validate_doc", refuse)
    second = load.load_deck(DECKS[0])
    assert second.deck == first.deck and second.tiles() == first.tiles()
    assert [(e.name, e.line, e.column) for e in second.entries] == [(e.name, e.line, e.column) for e in first.entries]


def test_a_bad_deck_is_never_cached_and_a_corrupt_entry_is_ignored(cache: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\ntiles: {Bayou: 0}\n")
    for _ in range(2):
        with pytest.raises(KcalError):
            load.load_deck(bad)
    assert not any(p.name.startswith("deck-") for p in cache.iterdir())
    good = tmp_path / "good.yaml"
    good.write_text(DECKS[0].read_text())
    load.load_deck(good)
    for entry in cache.glob("deck-*"):
        entry.write_text('{"tiles": "not a deck"}')
    assert load.load_deck(good).deck.size == 60
