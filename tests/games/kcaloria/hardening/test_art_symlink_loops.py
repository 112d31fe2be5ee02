"""Issue 4 (art symlink loops crash): a loop is a positioned error when the catalog loads, and an
ArtProblem (placeholder and warning) if print-time art loading meets one."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.print.images import ArtCache, ArtProblem, resolve_art


def _loop(folder: Path) -> None:
    (folder / "art").mkdir()
    (folder / "art" / "a.png").symlink_to("b.png")
    (folder / "art" / "b.png").symlink_to("a.png")


def _catalog_with_art(folder: Path, art: str) -> None:
    text = (folder / "mini-catalog.yaml").read_text()
    first = next(line for line in text.splitlines() if "id: M-01" in line)
    (folder / "mini-catalog.yaml").write_text(text.replace(first, first[:-1] + f", art: {art}}}"))


@pytest.mark.parametrize("art", ["art/a.png", "art/a.png/inner.png"])
def test_art_symlink_loop_is_a_positioned_error_at_load(folder: Path, cli, art: str) -> None:
    _loop(folder)
    _catalog_with_art(folder, art)
    line = 4  # the first tile's line in the mini catalog
    column = next(t for t in (folder / "mini-catalog.yaml").read_text().splitlines() if "M-01" in t).index(art) + 1
    for args in (("catalog", "validate", "mini-catalog.yaml"), ("deck", "validate", "legal-deck.yaml"),
                 ("print", "deck", "legal-deck.yaml", "-o", "out.pdf")):
        r = cli(*args)
        assert r.exit_code == 2, (args, r.output)
        assert f"mini-catalog.yaml:{line}:{column}: tiles[0](M-01).art: art path '{art}' is a loop of symbolic " \
               "links" in r.stderr, r.stderr
        assert "Traceback" not in r.stderr
    assert not (folder / "out.pdf").exists()


def test_art_symlink_loop_at_print_time_is_an_art_problem(tmp_path: Path) -> None:
    _loop(tmp_path)
    with pytest.raises(ArtProblem, match="^art path 'art/a.png' is a loop of symbolic links$"):
        resolve_art(tmp_path, "art/a.png")
    cache = ArtCache()
    for _ in range(2):  # and remembered as a failure, not retried
        with pytest.raises(ArtProblem, match="loop of symbolic links"):
            cache.reader(tmp_path, "art/a.png", 50, 30, "water")


def test_art_symlink_chain_that_ends_in_a_file_still_works(folder: Path, cli) -> None:
    from PIL import Image

    (folder / "art").mkdir()
    Image.new("RGB", (40, 30), (10, 90, 200)).save(folder / "art" / "real.png")
    (folder / "art" / "one.png").symlink_to("real.png")
    (folder / "art" / "two.png").symlink_to("one.png")
    _catalog_with_art(folder, "art/two.png")
    r = cli("catalog", "validate", "mini-catalog.yaml")
    assert r.exit_code == 0, r.output
    assert resolve_art(folder, "art/two.png") == (folder / "art" / "real.png").resolve()
