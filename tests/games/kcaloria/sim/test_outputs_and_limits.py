"""Regressions: sim outputs never overwrite a catalog the deck loads, output problems are found before
any game is played, and absurd counts are a usage error (exit 2), not a MemoryError traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kcal.games.kcaloria.rules  # noqa: F401  (a broken engine fails here, it is never skipped)
from kcal.cli.app import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture
def deck_dir(fixtures, tmp_path: Path) -> Path:
    for name in ("piney.yaml", "sim-catalog.yaml"):
        shutil.copy(fixtures / name, tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("args", [
    ("sim", "goldfish", "{deck}", "--hands", 10**23),
    ("sim", "goldfish", "{deck}", "--games", 10**23),
    ("sim", "solo", "{deck}", "--games", 10**23),
    ("sim", "match", "{deck}", "{deck}", "--games", 10**23),
    ("deck", "report", "{deck}", "-o", "{out}", "--hands", 10**23),
    ("deck", "report", "{deck}", "-o", "{out}", "--solo-games", 10**23, "--hands", 10, "--games", 0),
])
def test_huge_counts_exit_2_without_traceback(deck_dir, args):
    deck, out = deck_dir / "piney.yaml", deck_dir / "r.pdf"
    r = run(*[str(a).format(deck=deck, out=out) for a in args], "-q")
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "out of range" in r.stderr and r.stdout == ""
    assert not out.exists()


@pytest.mark.parametrize("cmd", ["solo", "match"])
def test_record_onto_the_decks_catalog_is_refused_before_playing(deck_dir, cmd):
    catalog = deck_dir / "sim-catalog.yaml"
    before = catalog.read_bytes()
    decks = [deck_dir / "piney.yaml"] * (1 if cmd == "solo" else 2)
    r = run("sim", cmd, *decks, "-n", 2, "-b", "random", "-q", "--save-game", 0, "--output", catalog)
    assert r.exit_code == 2
    assert "refusing to overwrite an input file" in r.stderr
    assert r.stdout == ""  # refused before any game was played
    assert catalog.read_bytes() == before


def test_save_game_out_of_range_is_refused_before_playing(deck_dir):
    r = run("sim", "solo", deck_dir / "piney.yaml", "-n", 2, "-b", "random", "-q", "--save-game", 5)
    assert r.exit_code == 2 and "numbered 0 to 1" in r.stderr
    assert r.stdout == ""


def test_deck_report_onto_the_decks_catalog_is_refused(deck_dir):
    catalog = deck_dir / "sim-catalog.yaml"
    before = catalog.read_bytes()
    r = run("deck", "report", deck_dir / "piney.yaml", "-o", catalog, "--hands", 10, "--games", 0,
            "--solo-games", 0, "-q")
    assert r.exit_code == 2 and "refusing to overwrite an input file" in r.stderr
    assert catalog.read_bytes() == before


def test_deck_report_png_beside_into_a_missing_folder_is_refused_before_work(deck_dir):
    r = run("deck", "report", deck_dir / "piney.yaml", "-o", deck_dir / "nope" / "r.pdf", "--hands", 10,
            "--games", 0, "--solo-games", 0, "-q")
    assert r.exit_code == 2 and "does not exist" in r.stderr


def test_deck_report_unknown_bot_is_refused_before_the_goldfish_part(deck_dir, monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("the goldfish part ran before the bot was checked")

    monkeypatch.setattr("kcal.games.kcaloria.sim.goldfish.simulate_goldfish", no_work)
    r = run("deck", "report", deck_dir / "piney.yaml", "-o", deck_dir / "r.pdf", "--bots", "clever", "-q")
    assert r.exit_code == 2 and "unknown bot 'clever'" in r.stderr
    assert not (deck_dir / "r.pdf").exists()


def big_deck(folder: Path, tiles: int) -> Path:
    """Ten built-in tiles, ``tiles // 10`` of each (the bench's worst case: every tile can be placed)."""
    names = ["Bayou", "Caddo Lake", "Oxbow Lake", "Flowing Rivers", "Sunlight", "Eichhornia crassipes",
             "Taxodium distichum", "Salix nigra", "Tibicen tibicen", "Dorosoma cepedianum"]
    path = folder / f"big-{tiles}.yaml"
    path.write_text("name: Big\nformat: standard\ncatalogs: [builtin]\ntiles:\n"
                    + "".join(f"  {n}: {tiles // 10}\n" for n in names), encoding="utf-8")
    return path


@pytest.mark.parametrize("args", [
    ("sim", "goldfish", "{deck}", "--hands", 10, "--games", 1),
    ("sim", "solo", "{deck}", "-n", 1, "-b", "random"),
    ("sim", "match", "{deck}", "{deck}", "--games", 1, "-b", "random"),
    ("deck", "hand", "{deck}"),
    ("deck", "report", "{deck}", "-o", "{out}", "--hands", 10, "--games", 1, "--solo-games", 1),
])
def test_a_deck_past_the_played_cap_is_refused_at_its_tiles_before_any_game(tmp_path, args):
    """Issue 21, item 3: every command that plays a deck refuses more than ``MAX_PLAYED_TILES`` (twice a
    legal deck) at the deck's ``tiles:`` line, naming the cap, and writes nothing; print deck takes more."""
    from kcal.games.kcaloria.rules.domain import MAX_DECK_TILES, MAX_PLAYED_TILES

    deck, out = big_deck(tmp_path, MAX_PLAYED_TILES + 10), tmp_path / "r.pdf"
    r = run(*[str(a).format(deck=deck, out=out) for a in args])
    assert r.exit_code == 2, r.output
    assert r.stdout == "" and not out.exists()
    assert f"{deck}:4:1: deck 'Big' has 130 tiles, more than the {MAX_PLAYED_TILES} kcal plays" in r.stderr
    assert f"print deck takes up to {MAX_DECK_TILES:,}" in r.stderr


def test_a_deck_at_the_played_cap_plays_to_its_end(tmp_path):
    from kcal.games.kcaloria.rules.domain import MAX_PLAYED_TILES

    deck = big_deck(tmp_path, MAX_PLAYED_TILES)
    r = run("sim", "solo", deck, "-n", 1, "-b", "random", "-q", "--format", "json")
    assert r.exit_code == 0, r.output
    assert '"games": 1' in r.stdout
