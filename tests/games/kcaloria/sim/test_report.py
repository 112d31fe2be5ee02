"""``kcal deck report``: a one-page PDF (and PNG) of charts; same deck and seed, same PDF bytes."""

from __future__ import annotations

import pytest

from kcal.games.kcaloria.sim.report import cost_yield_by_colour, render_deck_report

SMALL = {"hands": 20_000, "games": 300, "solo_games": 3, "bot": "random", "seed": 1}


@pytest.fixture(scope="module")
def loaded():
    from pathlib import Path

    from kcal.games.kcaloria.files.load import load_deck

    return load_deck(Path(__file__).parent / "fixtures" / "piney.yaml")


def test_pdf_has_every_chart_title(loaded, tmp_path):
    import pypdfium2 as pdfium
    out = tmp_path / "r.pdf"
    render_deck_report(loaded, out, **SMALL)
    doc = pdfium.PdfDocument(str(out))
    assert len(doc) == 1
    text = doc[0].get_textpage().get_text_range()
    for title in ("Deck report: Piney Test", "Opening hand", "Chance to place a tile", "Colour curve",
                  "Solo score histogram", "Cost and yield by colour", "First herbivore"):
        assert title in text


def test_png_beside_the_pdf(loaded, tmp_path):
    from PIL import Image

    r = render_deck_report(loaded, tmp_path / "r.pdf", png=True, **SMALL)
    assert [p.rsplit("/", 1)[-1] for p in r["written"]] == ["r.pdf", "r.png"]
    with Image.open(tmp_path / "r.png") as im:
        assert im.size[0] > 1000 and im.size[1] > im.size[0]


def test_png_only_when_the_output_is_png(loaded, tmp_path):
    r = render_deck_report(loaded, tmp_path / "only.png", **SMALL)
    assert len(r["written"]) == 1 and (tmp_path / "only.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_same_seed_same_pdf_bytes(loaded, tmp_path):
    render_deck_report(loaded, tmp_path / "a.pdf", **SMALL)
    render_deck_report(loaded, tmp_path / "b.pdf", **SMALL)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_cost_counts_the_cheapest_alternative(loaded):
    col = cost_yield_by_colour(loaded.tiles())
    # Dasypus costs 4 green | 2 yellow (4 points each way; fewer cubes wins): 5 copies x 2 yellow
    assert col["yield"]["blue"] == 5 * 2 + 5 * 3
    assert col["cost"]["yellow"] >= 10


def test_cli_report_command(loaded, tmp_path, fixtures):
    import json

    import typer
    from typer.testing import CliRunner

    from kcal.games.kcaloria.deck.commands import report

    app = typer.Typer()
    app.command()(report)
    out = tmp_path / "cli.pdf"
    r = CliRunner().invoke(app, [str(fixtures / "piney.yaml"), "-o", str(out), "--hands", "5000", "--games", "100",
                                 "--solo-games", "2", "--bots", "random", "-f", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["files"] == [str(out)]
    assert out.read_bytes()[:5] == b"%PDF-"


def test_cli_report_refuses_to_overwrite_the_deck(tmp_path, fixtures):
    import shutil

    import typer
    from typer.testing import CliRunner

    from kcal.games.kcaloria.deck.commands import report

    deck = tmp_path / "d.yaml"
    shutil.copy(fixtures / "piney.yaml", deck)
    shutil.copy(fixtures / "sim-catalog.yaml", tmp_path / "sim-catalog.yaml")
    app = typer.Typer()
    app.command()(report)
    r = CliRunner().invoke(app, [str(deck), "-o", str(deck), "--hands", "100", "--games", "0", "--solo-games", "0"])
    assert r.exit_code == 2
    assert deck.read_text().startswith("name: Piney Test")
