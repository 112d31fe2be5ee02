"""Issue 11, items 5 and 9, for every print command of every pack:

- 5: ``print rulebook`` on a full disk said nothing useful (an OSError traceback, exit 1); every print
  command now says "No space left on device", exits 2, leaves no file behind and no traceback;
- 9: ``--font F -o F`` overwrote the font: a font is an input, and an input is never overwritten.
"""

from __future__ import annotations

import errno
import hashlib
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

runner = CliRunner()
DECK = Path(__file__).resolve().parents[2] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
FONT = Path(__file__).resolve().parents[2] / "src" / "kcal" / "print" / "fonts" / "DejaVuSansCondensed.ttf"


@pytest.fixture
def full_disk(monkeypatch):
    """Every PDF ReportLab saves fails as on a full disk (ENOSPC), wherever it writes."""
    import reportlab.pdfbase.pdfdoc as pdfdoc

    def no_space(self, filename, canvas):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pdfdoc.PDFDocument, "SaveToFile", no_space)


PDF_COMMANDS = {
    "rulebook": ["print", "rulebook"],
    "rulebook-hmc": ["print", "rulebook", "--game", "how-many-calories"],
    "cards": ["print", "cards"],
    "cards-hmc": ["print", "cards", "--game", "how-many-calories"],
    "deck": ["print", "deck", str(DECK)],
}


@pytest.mark.parametrize("name", sorted(PDF_COMMANDS))
def test_full_disk_says_no_space_exit_2(name, tmp_path, monkeypatch, full_disk):
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, [*PDF_COMMANDS[name], "-o", "out.pdf"])
    assert res.exit_code == 2, (res.exit_code, res.output, res.exception)
    assert "cannot write out.pdf: No space left on device" in res.stderr
    assert "Traceback" not in res.output and not isinstance(res.exception, OSError)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no partial file, no temp file


def test_full_disk_json_error(tmp_path, monkeypatch, full_disk):
    import json

    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, ["print", "rulebook", "-o", "out.pdf", "-f", "json"])
    assert res.exit_code == 2
    err = json.loads(res.stdout)["errors"][0]
    assert "No space left on device" in err["message"]


def _md5(p: Path) -> str:
    return hashlib.md5(p.read_bytes()).hexdigest()


FONT_COMMANDS = {
    "deck": (["print", "deck", str(DECK)], ".pdf"),
    "catalog": (["print", "catalog"], ".pdf"),
    "tile": (["print", "tile", "Bayou"], ".png"),
    "cards-hmc": (["print", "cards", "--game", "how-many-calories"], ".pdf"),
}


@pytest.mark.parametrize("option", ["--font", "--bold-font"])
@pytest.mark.parametrize("name", sorted(FONT_COMMANDS))
def test_font_is_an_input_never_overwritten(name, option, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args, suffix = FONT_COMMANDS[name]
    font = tmp_path / f"font{suffix}"  # a font named like the output, as the audit did
    shutil.copyfile(FONT, font)
    before = _md5(font)
    res = runner.invoke(app, [*args, option, str(font), "-o", str(font)])
    assert res.exit_code == 2, res.output
    assert "refusing to overwrite an input file" in res.stderr
    assert _md5(font) == before


def test_font_through_a_link_is_refused_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    font = tmp_path / "f.pdf"
    shutil.copyfile(FONT, font)
    (tmp_path / "link.pdf").symlink_to(font)
    before = _md5(font)
    res = runner.invoke(app, ["print", "deck", str(DECK), "--font", str(font), "-o", "link.pdf"])
    assert res.exit_code == 2 and "refusing to overwrite an input file" in res.stderr
    assert _md5(font) == before
