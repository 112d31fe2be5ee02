"""Bad input (BAD-INPUT.md rows 15-20): contained art paths, careful images, sandboxed templates, atomic output."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.games.kcaloria.print.api import render_deck_pdf, render_rulebook_pdf
from kcal.print.images import ArtProblem, open_image, resolve_art
from tests.games.kcaloria.print.conftest import CATALOG, image_objects, make_art


class TestArtPaths:
    @pytest.mark.parametrize("art", ["../../etc/passwd", "/etc/passwd", "C:\\x.png", "a\x00b.png", "..\\x.png"])
    def test_paths_leaving_the_folder_are_refused(self, tmp_path, art):
        with pytest.raises(ArtProblem):
            resolve_art(tmp_path, art)

    def test_symlink_out_is_refused(self, tmp_path):
        outside = tmp_path / "outside.png"
        make_art(outside)
        cat = tmp_path / "cat"
        cat.mkdir()
        (cat / "link.png").symlink_to(outside)
        with pytest.raises(ArtProblem, match="outside"):
            resolve_art(cat, "link.png")

    def test_device_and_directory_are_refused(self, tmp_path):
        (tmp_path / "dir.png").mkdir()
        with pytest.raises(ArtProblem, match="regular file"):
            resolve_art(tmp_path, "dir.png")
        (tmp_path / "zero.png").symlink_to("/dev/zero")
        with pytest.raises(ArtProblem):
            resolve_art(tmp_path, "zero.png")

    def test_missing_and_empty(self, tmp_path):
        with pytest.raises(ArtProblem, match="not found"):
            resolve_art(tmp_path, "none.png")
        (tmp_path / "empty.png").write_bytes(b"")
        with pytest.raises(ArtProblem, match="empty"):
            resolve_art(tmp_path, "empty.png")


class TestImages:
    def test_text_named_png(self, tmp_path):
        p = tmp_path / "x.png"
        p.write_text("hello, I am not an image")
        with pytest.raises(ArtProblem, match="not an image"):
            open_image(p)

    @pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
    def test_truncated(self, tmp_path, fmt):
        p = tmp_path / f"x.{fmt.lower()}"
        from PIL import Image

        Image.effect_noise((300, 300), 60).convert("RGB").save(p, format=fmt)
        data = p.read_bytes()
        p.write_bytes(data[: len(data) // 2])
        with pytest.raises(ArtProblem, match="decoded|truncated"):
            open_image(p)

    def test_decompression_bomb_rejected_before_decoding(self, tmp_path):
        from PIL import Image

        p = tmp_path / "bomb.png"
        Image.new("1", (12_000, 12_000)).save(p)  # 144 Mpx, a few kB on disk
        assert p.stat().st_size < 1_000_000
        with pytest.raises(ArtProblem, match="Mpx|decompression bomb"):
            open_image(p)

    def test_own_pixel_cap_applies_below_pillows(self, tmp_path):
        from PIL import Image

        p = tmp_path / "big.png"
        Image.new("1", (5000, 5000)).save(p)
        with pytest.raises(ArtProblem, match="25 Mpx"):
            open_image(p, max_pixels=10_000_000)

    def test_odd_format_refused(self, tmp_path):
        from PIL import Image

        p = tmp_path / "x.png"
        Image.new("RGB", (10, 10)).save(p, format="BMP")
        with pytest.raises(ArtProblem, match="allowed format"):
            open_image(p)

    def test_bad_art_gives_placeholder_and_warning(self, workdir):
        (workdir / "art" / "phlox.png").write_text("not an image")
        res = render_deck_pdf(workdir / "deck.yaml", workdir / "out.pdf")
        assert (workdir / "out.pdf").exists()
        assert any("Phlox nivalis" in w and "placeholder" in w for w in res.warnings)
        assert image_objects(workdir / "out.pdf") == 0

    def test_art_embedded_once_however_often_used(self, workdir):
        res = render_deck_pdf(workdir / "deck.yaml", workdir / "out.pdf")  # Phlox x4, one image
        assert [w for w in res.warnings if "illegal deck" not in w] == []  # the 14-tile test deck is not legal
        assert image_objects(workdir / "out.pdf") == 1


class TestOutput:
    def test_refuses_to_overwrite_an_input(self, workdir):
        before = (workdir / "deck.yaml").read_bytes()
        with pytest.raises(KcalError, match="input"):
            render_deck_pdf(workdir / "deck.yaml", workdir / "deck.yaml")
        assert (workdir / "deck.yaml").read_bytes() == before
        with pytest.raises(KcalError, match="input"):
            render_deck_pdf(workdir / "deck.yaml", workdir / "catalog.yaml")

    def test_refuses_an_input_through_a_link(self, workdir):
        (workdir / "link.pdf").symlink_to(workdir / "catalog.yaml")
        with pytest.raises(KcalError, match="input"):
            render_deck_pdf(workdir / "deck.yaml", workdir / "link.pdf")

    def test_missing_output_folder(self, workdir):
        with pytest.raises(KcalError, match="does not exist"):
            render_deck_pdf(workdir / "deck.yaml", workdir / "nope" / "out.pdf")

    def test_failure_leaves_old_file_and_no_temp(self, workdir, monkeypatch):
        out = workdir / "out.pdf"
        old = b"%PDF-1.4 old /Creator (kcal 0.1.0) /Producer (ReportLab PDF Library)"  # kcal's earlier print
        out.write_bytes(old)
        import kcal.print.sheets as sheets

        def boom(*a, **k):
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(sheets, "draw_face", boom)
        with pytest.raises(RuntimeError):
            render_deck_pdf(workdir / "deck.yaml", out)
        assert out.read_bytes() == old
        assert not [p for p in os.listdir(workdir) if p.endswith(".tmp")]

    def test_split_writes_parts_with_whole_duplex_pairs(self, workdir):
        from tests.games.kcaloria.print.conftest import page_sizes

        res = render_deck_pdf(workdir / "deck.yaml", workdir / "out.pdf", backs=True, split_every=1, bleed=True)
        names = [p.name for p in res.files]
        assert names == [f"out-{i}.pdf" for i in range(1, len(names) + 1)] and len(names) >= 2
        assert all(len(page_sizes(p)) % 2 == 0 for p in res.files)
        assert sum(len(page_sizes(p)) for p in res.files) == res.pages

    def test_output_file_mode_is_normal(self, workdir):
        render_deck_pdf(workdir / "deck.yaml", workdir / "out.pdf")
        mode = (workdir / "out.pdf").stat().st_mode & 0o777
        umask = os.umask(0)
        os.umask(umask)
        assert mode == 0o666 & ~umask


class TestTemplates:
    def _user(self, tmp_path: Path, body: str) -> Path:
        d = tmp_path / "tpl"
        d.mkdir(exist_ok=True)
        (d / "setup.j2").write_text(body, encoding="utf-8")
        return d

    @pytest.mark.parametrize("body,match", [
        ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "unsafe|undefined|template"),
        ("{% for x in %}", "syntax"),
        ("# Hi\n{{ nothing_here }}", "undefined"),
        ("{% for i in range(100000) %}{% for j in range(100000) %}xxxxxxxxxx{% endfor %}{% endfor %}", "exceeds"),
        ("# Hi\n<img src=\"/etc/passwd\"/> text", "not allowed"),
        ("# Hi\n<b>unclosed", "unclosed"),
        ("# Hi\nfungi & plants", "bare '&'"),
        ("@spaceship 3", "unknown directive"),
    ])
    def test_bad_templates_fail_cleanly(self, tmp_path, body, match):
        d = self._user(tmp_path, body)
        out = tmp_path / "rules.pdf"
        with pytest.raises(KcalError, match=match):
            render_rulebook_pdf(out, templates=d)
        assert not out.exists()
        assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]

    def test_syntax_error_names_line(self, tmp_path):
        d = self._user(tmp_path, "# ok\n\n{% if %}\n")
        with pytest.raises(KcalError) as info:
            render_rulebook_pdf(tmp_path / "r.pdf", templates=d)
        assert info.value.where.line == 3 and info.value.where.file.endswith("setup.j2")

    def test_data_is_autoescaped(self):
        from kcal.games.kcaloria.print.rulebook import render_template

        _, text = render_template("biomes")
        assert "hot &amp; dry desert" in text

    def test_user_template_overrides_builtin(self, tmp_path):
        from tests.games.kcaloria.print.conftest import pdf_text

        d = self._user(tmp_path, "# House rules\nPlay nice &amp; have fun: {{ components.deck_size }} tiles.\n")
        render_rulebook_pdf(tmp_path / "r.pdf", templates=d)
        text = " ".join(pdf_text(tmp_path / "r.pdf")[0].split())
        assert "Play nice & have fun: 60 tiles." in text

    _ = CATALOG


class TestLimits:
    def test_huge_counts_are_refused_before_drawing(self, workdir):
        (workdir / "big.yaml").write_text("name: Big\ncatalogs: [catalog.yaml]\ntiles:\n  Bayou: 9999\n")
        with pytest.raises(KcalError, match="more than"):
            render_deck_pdf(workdir / "big.yaml", workdir / "big.pdf")
        assert not (workdir / "big.pdf").exists()

    def test_template_that_loops_without_output_is_stopped(self, tmp_path, monkeypatch):
        import kcal.games.kcaloria.print.rulebook as rb

        monkeypatch.setattr(rb, "MAX_SECONDS", 0.5)
        d = tmp_path / "tpl"
        d.mkdir()
        (d / "setup.j2").write_text("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
        with pytest.raises(KcalError, match="longer than"):
            render_rulebook_pdf(tmp_path / "r.pdf", templates=d)
        assert not (tmp_path / "r.pdf").exists()


class TestTemplateContainment:
    def test_template_linking_out_of_its_folder_is_refused(self, tmp_path):
        secret = tmp_path / "secret.txt"
        secret.write_text("# Secret\ntop secret\n")
        d = tmp_path / "tpl"
        d.mkdir()
        (d / "setup.j2").symlink_to(secret)
        with pytest.raises(KcalError, match="outside the templates folder"):
            render_rulebook_pdf(tmp_path / "r.pdf", templates=d)

    def test_include_of_a_link_out_is_refused(self, tmp_path):
        secret = tmp_path / "secret.txt"
        secret.write_text("top secret")
        d = tmp_path / "tpl"
        d.mkdir()
        (d / "leak.j2").symlink_to(secret)
        (d / "setup.j2").write_text("# Setup\n{% include 'leak.j2' %}\n{% include '../secret.txt' %}\n")
        with pytest.raises(KcalError):
            render_rulebook_pdf(tmp_path / "r.pdf", templates=d)
        assert not (tmp_path / "r.pdf").exists()
