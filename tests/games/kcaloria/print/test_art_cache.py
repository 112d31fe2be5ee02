"""Processed art kept between runs: the same PDF bytes from the cache, a damaged entry ignored."""

from __future__ import annotations

from kcal.games.kcaloria.print.api import render_deck_pdf


def _render(workdir, name: str) -> bytes:
    out = workdir / name
    render_deck_pdf(workdir / "deck.yaml", out)
    return out.read_bytes()


def test_cached_art_prints_the_same_bytes(workdir, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("KCAL_CACHE_DIR", str(cache))
    monkeypatch.setenv("KCAL_NO_CACHE", "1")
    uncached = _render(workdir, "a.pdf")
    monkeypatch.delenv("KCAL_NO_CACHE")
    cold = _render(workdir, "b.pdf")
    entries = list(cache.glob("art-*.bin"))
    assert len(entries) == 1  # one image (Phlox), one window size
    warm = _render(workdir, "c.pdf")
    assert uncached == cold == warm


def test_damaged_entry_is_ignored(workdir, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("KCAL_CACHE_DIR", str(cache))
    monkeypatch.delenv("KCAL_NO_CACHE", raising=False)
    good = _render(workdir, "a.pdf")
    for entry in cache.glob("art-*.bin"):
        entry.write_bytes(b"kcal-art-rgb\nnot zlib at all")
    assert _render(workdir, "b.pdf") == good
    for entry in cache.glob("art-*.bin"):
        entry.write_bytes(b"garbage")
    assert _render(workdir, "c.pdf") == good


def test_changed_art_is_a_new_entry(workdir, tmp_path, monkeypatch):
    from tests.games.kcaloria.print.conftest import make_art

    cache = tmp_path / "cache"
    monkeypatch.setenv("KCAL_CACHE_DIR", str(cache))
    monkeypatch.delenv("KCAL_NO_CACHE", raising=False)
    first = _render(workdir, "a.pdf")
    make_art(workdir / "art" / "phlox.png", size=(300, 400))
    second = _render(workdir, "b.pdf")
    assert first != second
    assert len(list(cache.glob("art-*.bin"))) == 2


def test_unusable_cache_folder_only_costs_time(workdir, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("KCAL_NO_CACHE", "1")
    expected = _render(workdir, "a.pdf")
    monkeypatch.delenv("KCAL_NO_CACHE")
    monkeypatch.setenv("KCAL_CACHE_DIR", str(blocker))
    assert _render(workdir, "b.pdf") == expected
