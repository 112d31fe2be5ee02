"""The kcal print commands end to end, reproducibility, and the meta-checks over the schema."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.print.api import (
    render_cards_pdf,
    render_catalog_pdf,
    render_deck_pdf,
    render_rulebook_pdf,
)
from kcal.games.kcaloria.print.icons import CLASS_CODES, MODIFIER_CODES
from kcal.games.kcaloria.rules.modifiers import MODIFIERS
from tests.games.kcaloria.print.conftest import page_sizes, pdf_text

runner = CliRunner()


class TestInvariant:
    def test_same_input_same_bytes(self, workdir):
        a, b = workdir / "a.pdf", workdir / "b.pdf"
        render_deck_pdf(workdir / "deck.yaml", a, backs=True, bleed=True)
        render_deck_pdf(workdir / "deck.yaml", b, backs=True, bleed=True)
        assert a.read_bytes() == b.read_bytes()

    def test_rulebook_and_cards_reproducible(self, tmp_path):
        for fn in (render_cards_pdf, render_rulebook_pdf):
            fn(tmp_path / "a.pdf")
            fn(tmp_path / "b.pdf")
            assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


class TestCli:
    def test_print_deck_json(self, workdir):
        out = workdir / "out.pdf"
        res = runner.invoke(app, ["print", "deck", str(workdir / "deck.yaml"), "-o", str(out), "--paper", "a4",
                                  "--backs", "--format", "json"])
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert data["tiles"] == 14 and data["pages"] == len(page_sizes(out)) == 4

    def test_output_is_input_exit_2(self, workdir):
        deck = workdir / "deck.yaml"
        before = deck.read_bytes()
        res = runner.invoke(app, ["print", "deck", str(deck), "-o", str(deck)])
        assert res.exit_code == 2 and "input" in res.stderr and "Traceback" not in res.output
        assert deck.read_bytes() == before

    def test_missing_folder_exit_2(self, workdir):
        res = runner.invoke(app, ["print", "deck", str(workdir / "deck.yaml"), "-o", str(workdir / "no" / "x.pdf")])
        assert res.exit_code == 2 and "does not exist" in res.stderr

    def test_unknown_tile_in_deck_exit_2(self, workdir):
        (workdir / "bad.yaml").write_text("name: X\ncatalogs: [catalog.yaml]\ntiles:\n  Bayu: 3\n")
        res = runner.invoke(app, ["print", "deck", str(workdir / "bad.yaml"), "-o", str(workdir / "x.pdf")])
        assert res.exit_code == 2 and "bad.yaml:4:3" in res.stderr and "Bayou" in res.stderr
        assert not (workdir / "x.pdf").exists()

    def test_bad_back_offset_exit_2(self, workdir):
        res = runner.invoke(app, ["print", "deck", str(workdir / "deck.yaml"), "-o", str(workdir / "x.pdf"),
                                  "--back-offset", "a,b"])
        assert res.exit_code == 2 and "--back-offset" in res.stderr

    def test_bleed_flag_and_tile_size(self, workdir):
        out = workdir / "x.pdf"
        res = runner.invoke(app, ["print", "deck", str(workdir / "deck.yaml"), "-o", str(out), "--bleed",
                                  "--size", "50", "--alignment-page"])
        assert res.exit_code == 0, res.output
        first = pdf_text(out)[0]
        assert "alignment test" in first.lower()

    def test_warnings_go_to_stderr(self, workdir):
        (workdir / "art" / "phlox.png").write_text("nope")
        res = runner.invoke(app, ["print", "deck", str(workdir / "deck.yaml"), "-o", str(workdir / "x.pdf")])
        assert res.exit_code == 0 and "warning:" in res.stderr and "placeholder" in res.stderr

    def test_tile_png(self, workdir):
        out = workdir / "t.png"
        res = runner.invoke(app, ["print", "tile", "dasypus  NOVEMCINCTUS", "-o", str(out), "--catalog",
                                  str(workdir / "catalog.yaml"), "--dpi", "100"])
        assert res.exit_code == 0, res.output
        from PIL import Image

        im = Image.open(out)
        assert im.format == "PNG" and abs(im.width - round(2 * 64 / 3 ** 0.5 / 25.4 * 100 + 2 / 25.4 * 100)) <= 2

    def test_unknown_tile_png(self, workdir):
        res = runner.invoke(app, ["print", "tile", "Dasypus novemcinctu", "-o", str(workdir / "t.png"), "--catalog",
                                  str(workdir / "catalog.yaml")])
        assert res.exit_code == 2

    @pytest.mark.parametrize("cmd", [["cards"], ["rulebook"], ["alignment"]])
    def test_other_products(self, tmp_path, cmd):
        out = tmp_path / "o.pdf"
        res = runner.invoke(app, ["print", *cmd, "-o", str(out), "--paper", "a4"])
        assert res.exit_code == 0, res.output
        assert all(s == (595.276, 841.89) for s in page_sizes(out))

    def test_command_module_stays_light(self):
        code = ("import sys, kcal.cli.print_cmd; bad = [m for m in ('reportlab', 'PIL', 'jinja2') if m in sys.modules];"
                "print(bad); sys.exit(1 if bad else 0)")
        assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


class TestCatalogProof:
    def test_one_of_each_grouped_by_type(self, workdir):
        out = workdir / "proof.pdf"
        res = render_catalog_pdf([workdir / "catalog.yaml"], out)
        assert res.tiles == 4
        texts = pdf_text(out)
        assert len(texts) == 4  # four types, a sheet each
        assert "water (1)" in texts[0] and "Bayou" in texts[0]

    def test_builtin_catalog(self, tmp_path):
        from kcal.games.kcaloria.files.load import load_library

        out = tmp_path / "proof.pdf"
        res = render_catalog_pdf(None, out)
        assert res.tiles == len(load_library().tiles)
        assert res.warnings == [], res.warnings[:5]


class TestEveryModifierIsPrinted:
    """A new modifier must get an icon code, a glossary card entry and a rulebook entry."""

    def test_icon_codes_cover_schema(self):
        assert set(MODIFIER_CODES) == set(MODIFIERS)
        assert len(set(MODIFIER_CODES.values())) == len(MODIFIERS)

    def test_class_codes_cover_schema(self):
        from kcal.games.kcaloria.rules.domain import Klass

        assert set(CLASS_CODES) == set(Klass)

    def test_glossary_cards_and_rulebook_list_every_modifier(self, tmp_path):
        render_cards_pdf(tmp_path / "cards.pdf")
        render_rulebook_pdf(tmp_path / "rules.pdf")
        cards = " ".join(" ".join(pdf_text(tmp_path / "cards.pdf")).split())
        rules = " ".join(" ".join(pdf_text(tmp_path / "rules.pdf")).split())
        for spec in MODIFIERS.values():
            assert spec.title + ":" in cards, spec.name
            assert spec.title in rules, spec.name
        for code in ("GL", "AO", "TN"):
            assert code in rules
        from kcal.games.kcaloria.rules.domain import Klass

        for k in Klass:  # the classification legend card explains every symbol
            assert f"{CLASS_CODES[k]} {k.value}" in cards, k


class TestCutFile:
    def test_svg_per_front_sheet_at_true_size(self, workdir):
        import math
        import xml.etree.ElementTree as ET

        res = runner.invoke(app, ["print", "deck", str(workdir / "deck.yaml"), "-o", str(workdir / "d.pdf"),
                                  "--paper", "a4", "--backs", "--cut-svg", "--format", "json"])
        assert res.exit_code == 0, res.output
        files = json.loads(res.stdout)["files"]
        svgs = [f for f in files if f.endswith(".svg")]
        assert len(svgs) == 2  # 14 tiles, 11 a sheet
        ns = {"s": "http://www.w3.org/2000/svg"}
        total = 0
        for f in svgs:
            root = ET.parse(f).getroot()
            assert root.get("width") == "210.000mm" and root.get("height") == "297.000mm"
            for poly in root.iterfind(".//s:polygon", ns):
                pts = [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
                sides = [math.dist(pts[i], pts[(i + 1) % 6]) for i in range(6)]
                assert all(abs(s - 64 / math.sqrt(3)) < 0.01 for s in sides)
                total += 1
        assert total == 14
