"""The parse cache and the validated-catalog cache: faster, never different."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core import parsecache
from kcal.core.yamlsafe import load_yaml
from kcal.games.kcaloria.files import cardset as frozen
from kcal.games.kcaloria.files import load, models
from kcal.games.kcaloria.files.load import builtin_catalog_paths, load_catalog_file

MINI = Path(__file__).parent.parent / "games" / "kcaloria" / "fixtures" / "mini-catalog.yaml"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KCAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KCAL_NO_CACHE", raising=False)
    return tmp_path / "cache"


@pytest.mark.parametrize("path", [MINI, *builtin_catalog_paths()], ids=lambda p: p.name)
def test_trusted_rebuild_equals_validation(path: Path) -> None:
    """The frozen catalog built from the model's dump holds what the model holds, field by field."""
    model = load.validate_doc(load_yaml(path), models.Catalog)
    rebuilt = frozen.Catalog.from_json(model.model_dump(mode="json", by_alias=True))
    assert rebuilt.to_json() == model.model_dump(mode="json", by_alias=True)
    for ours, theirs in zip(rebuilt.tiles, model.tiles, strict=True):
        for name in models.Tile.model_fields:
            if name != "modifiers":
                assert getattr(ours, name) == getattr(theirs, name), name
        assert [m.to_json() for m in ours.modifiers] == [m.to_json() for m in theirs.modifiers]
        assert (ours.key, ours.yield_total) == (theirs.key, theirs.yield_total)
        assert [m.label() for m in ours.modifiers] == [m.label() for m in theirs.modifiers]
    assert load_catalog_file(path).catalog == rebuilt


def test_second_load_comes_from_the_cache_and_is_equal(cache: Path) -> None:
    first = load_catalog_file(MINI)
    names = sorted(p.name.split("-")[0] for p in cache.iterdir())
    assert names == ["catalog", "yaml"]
    second = load_catalog_file(MINI)
    assert second.catalog == first.catalog
    assert second.doc.pos(("tiles", 3, "modifiers")) == first.doc.pos(("tiles", 3, "modifiers"))


def test_a_changed_byte_is_a_new_entry(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(MINI.read_text())
    load_catalog_file(path)
    path.write_text(MINI.read_text().replace("blue: 3", "blue: 4"))
    assert load_catalog_file(path).catalog.tiles[1].yield_total == 4


def test_a_corrupt_cache_entry_is_ignored(cache: Path) -> None:
    load_catalog_file(MINI)
    for entry in cache.iterdir():
        entry.write_text("{not json")
    assert len(load_catalog_file(MINI).catalog.tiles) == 13


def test_no_cache_env_bypasses_it(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KCAL_NO_CACHE", "1")
    load_yaml(MINI)
    assert not cache.exists()


def test_no_home_folder_means_no_cache_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a container user with no HOME and no passwd entry: Path.home() raises RuntimeError
    monkeypatch.delenv("KCAL_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("KCAL_NO_CACHE", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    path = tmp_path / "c.yaml"
    path.write_text(MINI.read_text() + "# fresh bytes, not in any cache\n")
    assert len(load_catalog_file(path).catalog.tiles) == 13
    assert len(load_catalog_file(path).catalog.tiles) == 13


def test_entries_are_pruned(cache: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(parsecache, "MAX_ENTRIES", 3)
    for i in range(6):
        f = tmp_path / f"d{i}.yaml"
        f.write_text(f"name: D{i}\n")
        load_yaml(f)
    assert len(list(cache.iterdir())) == 3
