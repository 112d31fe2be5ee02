"""Correct text: fonts embedded, markup-looking names print literally, nothing silently disappears."""

from __future__ import annotations

import re

import pytest

from kcal.games.kcaloria.files.models import Tile
from kcal.games.kcaloria.print.api import render_deck_pdf, render_tiles_pdf, sheet_options
from kcal.print.fonts import REGULAR, printable
from kcal.print.report import Report
from kcal.print.text import escape, fit
from tests.games.kcaloria.print.conftest import pdf_text


def _tile(**kw) -> Tile:
    base = dict(id="X-1", name="Bayou", type="water", rarity="common", cost=[], **{"class": "water", "yield": {"blue": 2}})
    base.update(kw)
    return Tile.model_validate(base)


class TestEscaping:
    def test_escape_entities(self):
        assert escape("R&D <b>x</b> <img src=a>") == "R&amp;D &lt;b&gt;x&lt;/b&gt; &lt;img src=a&gt;"

    def test_markup_in_names_and_text_prints_literally(self, workdir):
        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out)
        text = "\n".join(pdf_text(out))
        assert "R&D <b>Lab</b>" in text
        assert "Tags <font size=200> & <img src=/etc/passwd> print literally." in text.replace("\r", "").replace("\n", " ")

    def test_accents_print_as_themselves(self, workdir):
        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out)
        assert "Łódź édition" in "\n".join(pdf_text(out))


class TestNamesCounted:
    def test_each_name_appears_as_often_as_the_deck_holds_it(self, workdir):
        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out, backs=True)
        text = "\n".join(pdf_text(out))
        counts = {"Bayou": 5, "R&D <b>Lab</b>": 2, "Dasypus novemcinctus": 3, "Phlox nivalis": 4}
        for name, n in counts.items():
            assert len(re.findall(re.escape(name), text)) == n, name

    def test_builtin_deck_names_counted(self, tmp_path):
        from pathlib import Path

        from kcal.games.kcaloria.files.load import load_deck

        deck = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
        assert deck.exists(), "the built-in deck ships with kcal"
        loaded = load_deck(deck)
        out = tmp_path / "deck.pdf"
        render_deck_pdf(deck, out)
        text = "\n".join(t.replace("\r\n", "\n") for t in pdf_text(out))
        lines = [ln.strip() for ln in text.split("\n")]
        for entry in loaded.entries:
            assert lines.count(entry.tile.name) == entry.count, entry.tile.name


class TestFonts:
    def test_font_is_embedded(self, workdir):
        out = workdir / "out.pdf"
        render_deck_pdf(workdir / "deck.yaml", out)
        data = out.read_bytes()
        assert b"/FontFile2" in data  # an embedded TrueType program
        assert b"/Helvetica" not in data

    def test_missing_glyphs_are_reported_with_position(self):
        rep = Report()
        got = printable("Ab中😀\ud800", "tile X name", rep)
        assert got[:2] == "Ab" and "中" not in got
        assert any("U+4E2D" in w and "position 3" in w for w in rep.warnings) and len(rep.warnings) == 1
        assert any("surrogate" in w for w in rep.warnings)

    def test_covered_accents_are_kept(self):
        rep = Report()
        assert printable("Łódź café", "x", rep) == "Łódź café" and not rep.warnings

    def test_cjk_name_warns_and_still_renders(self, tmp_path):
        res = render_tiles_pdf([_tile(name="水 Bayou 中")], tmp_path / "o.pdf", sheet_options())
        assert any("U+6C34" in w for w in res.warnings)
        assert (tmp_path / "o.pdf").stat().st_size > 0

    def test_user_font_errors_are_clear(self, tmp_path):
        from kcal.core.errors import KcalError
        from kcal.print.fonts import load_user_font

        bad = tmp_path / "x.ttf"
        bad.write_bytes(b"not a font at all")
        with pytest.raises(KcalError, match="not a TrueType font"):
            load_user_font(bad, "X")
        otf = tmp_path / "x.otf"
        otf.write_bytes(b"OTTO" + b"\0" * 100)
        with pytest.raises(KcalError, match="CFF"):
            load_user_font(otf, "Y")
        with pytest.raises(KcalError, match="not found"):
            load_user_font(tmp_path / "none.ttf", "Z")

    def test_font_whose_licence_forbids_embedding_is_refused(self, tmp_path):
        import struct

        from kcal.core.errors import KcalError
        from kcal.print.fonts import FONT_DIR, embedding_flags, load_user_font

        data = bytearray((FONT_DIR / "DejaVuSansCondensed.ttf").read_bytes())
        assert embedding_flags(bytes(data)) == 0  # installable: the shipped font may be embedded
        (n,) = struct.unpack(">H", data[4:6])
        for i in range(n):
            tag, _, off, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
            if tag == b"OS/2":
                data[off + 8: off + 10] = struct.pack(">H", 0x0002)  # restricted licence embedding
        p = tmp_path / "restricted.ttf"
        p.write_bytes(bytes(data))
        with pytest.raises(KcalError, match="licence does not allow embedding"):
            load_user_font(p, "Restricted")


class TestFitting:
    def test_shrinks_before_cutting(self):
        f = fit("Dasypus novemcinctus", REGULAR, 9, 5, 60)
        assert f.complete and f.size < 9

    def test_reports_what_does_not_fit(self):
        rep = Report()
        f = fit("word " * 80, REGULAR, 9, 5, 60, 2, where="tile X text", report=rep)
        assert not f.complete and f.lines[-1].endswith("…")
        assert rep.warnings and "tile X text" in rep.warnings[0]

    def test_long_fact_line_is_shrunk_or_reported(self, tmp_path):
        long_text = ("A very long fact line that keeps going. " * 10)[:400].strip()
        out = tmp_path / "o.pdf"
        res = render_tiles_pdf([_tile(text=long_text)], out, sheet_options())
        printed = " ".join(pdf_text(out)[0].replace("-\r\n", "").split())
        assert long_text in printed or any("text" in w for w in res.warnings)
        mods = [{"name": n, "amount": 2} for n in ("tidal_power", "new_growth", "rapid_growth", "delectable")]
        res = render_tiles_pdf([_tile(text=long_text, modifiers=mods)], tmp_path / "m.pdf", sheet_options())
        assert any("does not fit" in w or "no room" in w for w in res.warnings)
        short = render_tiles_pdf([_tile(text="Short fact.")], tmp_path / "p.pdf", sheet_options())
        assert short.warnings == []

    def test_long_name_is_shrunk_not_lost(self, tmp_path):
        name = "Pseudacris crucifer crucifer var. longissima"
        out = tmp_path / "o.pdf"
        res = render_tiles_pdf([_tile(name=name)], out, sheet_options())
        assert res.warnings == []
        words = " ".join(pdf_text(out)[0].split())
        assert name in words


class TestUserFont:
    FULL = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    def test_font_option_covers_what_the_shipped_subset_lacks(self, tmp_path):
        from pathlib import Path

        from typer.testing import CliRunner

        from kcal.cli.app import app

        if not Path(self.FULL).exists():
            pytest.skip("full DejaVu Sans not installed")
        (tmp_path / "catalog.yaml").write_text(
            "set: {code: GE, name: Georgia}\ntiles:\n  - id: GE-1\n    name: ქართული წყალი\n    type: water\n"
            "    class: water\n    rarity: common\n    cost: []\n    yield: {blue: 2}\n", encoding="utf-8")
        (tmp_path / "deck.yaml").write_text("name: G\ncatalogs: [catalog.yaml]\ntiles:\n  ქართული წყალი: 1\n",
                                            encoding="utf-8")
        runner = CliRunner()
        res = runner.invoke(app, ["print", "deck", str(tmp_path / "deck.yaml"), "-o", str(tmp_path / "a.pdf")])
        assert res.exit_code == 0 and "not in the font" in res.stderr
        res = runner.invoke(app, ["print", "deck", str(tmp_path / "deck.yaml"), "-o", str(tmp_path / "b.pdf"),
                                  "--font", self.FULL])
        assert res.exit_code == 0 and "not in the font" not in res.stderr, res.stderr
        assert "ქართული წყალი" in pdf_text(tmp_path / "b.pdf")[0]
        # the shipped fonts are back for the next render
        res = runner.invoke(app, ["print", "deck", str(tmp_path / "deck.yaml"), "-o", str(tmp_path / "c.pdf")])
        assert "not in the font" in res.stderr

    def test_bad_font_option_exit_2(self, workdir):
        from typer.testing import CliRunner

        from kcal.cli.app import app

        (workdir / "x.otf").write_bytes(b"OTTO" + b"\0" * 64)
        res = CliRunner().invoke(app, ["print", "deck", str(workdir / "deck.yaml"), "-o", str(workdir / "o.pdf"),
                                       "--font", str(workdir / "x.otf")])
        assert res.exit_code == 2 and "CFF" in res.stderr and not (workdir / "o.pdf").exists()
