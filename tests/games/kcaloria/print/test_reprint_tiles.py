"""Reprinting tiles (issue 23, "Cards people want to print"): ``kcal print deck`` and ``kcal print catalog``
take ``--only NAME|KIND`` and ``--copies N`` with the meaning, checks and messages of ``print cards``
(kcal.print.selection): a tile by any of its names prints one of it, a tile type prints every tile of that
type as the deck (or the catalog) has it, all ``--copies`` times; an unknown name is a usage error (exit 2)
with the close spellings. Counted in the PDF: every printed tile carries its id in its bottom band."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.files.load import load_deck, load_library
from tests.print.pdfprobe import pdf_text

DECK = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / \
    "bayou-ambush.yaml"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def printed_ids(out: Path, ids: set[str]) -> Counter[str]:
    """How often each of ``ids`` is printed in the PDF (fronts only: no --backs here)."""
    text = "\n".join(pdf_text(out))
    return Counter({i: text.count(i) for i in ids if i in text})


def test_print_deck_only_a_tile_by_its_common_name_prints_one_of_it(tmp_path):
    tiles = load_deck(DECK).tiles()
    tile = next(t for t in tiles if t.common_name and t.common_name != t.name and tiles.count(t) > 1)
    out = tmp_path / "one.pdf"
    res = run("print", "deck", str(DECK), "-o", str(out), "--only", tile.common_name.upper(), "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["tiles"] == 1
    assert printed_ids(out, {t.id for t in tiles}) == Counter({tile.id: 1})


def test_print_deck_only_a_tile_type_prints_it_as_the_deck_has_it_copies_times(tmp_path):
    water = Counter(t.id for t in load_deck(DECK).tiles() if t.type.value == "water")
    assert len(water) > 1 and max(water.values()) > 1  # the test means something: several tiles, repeated
    out = tmp_path / "water.pdf"
    res = run("print", "deck", str(DECK), "-o", str(out), "--only", "water", "--copies", "2", "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["tiles"] == 2 * sum(water.values())
    assert printed_ids(out, set(water)) == Counter({i: 2 * n for i, n in water.items()})


def test_print_deck_copies_without_only_prints_the_whole_deck_copies_times(tmp_path):
    res = run("print", "deck", str(DECK), "-o", str(tmp_path / "two.pdf"), "--copies", "2", "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["tiles"] == 2 * len(load_deck(DECK).tiles())


def test_print_deck_only_an_unknown_tile_is_a_usage_error_with_the_close_spelling(tmp_path):
    out = tmp_path / "x.pdf"
    res = run("print", "deck", str(DECK), "-o", str(out), "--only", "Bayouu")
    assert res.exit_code == 2
    assert "--only 'Bayouu': the deck 'Bayou Ambush' has no tile or kind of that name (did you mean 'Bayou'?)" \
        in res.stderr
    assert "the kinds are 'carnivore', 'event'" in res.stderr and "Traceback" not in res.output
    assert not out.exists()


def test_print_deck_only_an_unknown_tile_is_a_json_error_with_format_json(tmp_path):
    res = run("print", "deck", str(DECK), "-o", str(tmp_path / "x.pdf"), "--only", "Bayouu", "--format", "json")
    assert res.exit_code == 2
    assert "did you mean 'Bayou'?" in json.dumps(json.loads(res.stdout))


def test_print_deck_copies_out_of_range_is_refused_as_print_cards_refuses_it(tmp_path):
    res = run("print", "deck", str(DECK), "-o", str(tmp_path / "x.pdf"), "--copies", "21")
    assert res.exit_code == 2
    assert "--copies must be a whole number from 1 to 20, not 21" in res.stderr


def test_print_catalog_only_a_type_and_a_tile_prints_them_a_sheet_per_type(tmp_path):
    library = load_library(None, base=tmp_path)
    events = {t.id for t in library.tiles if t.type.value == "event"}
    bayou = next(t for t in library.tiles if t.name == "Bayou")
    out = tmp_path / "proof.pdf"
    res = run("print", "catalog", "-o", str(out), "--only", "events", "--only", "Bayou", "--format", "json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["tiles"] == len(events) + 1
    pages = pdf_text(out)
    assert Counter(i for i in {*events, bayou.id} for page in pages if i in page) == \
        Counter({i: 1 for i in {*events, bayou.id}})
    assert not any(bayou.id in page and any(e in page for e in events) for page in pages)  # a sheet per type
