"""Issue 23, item 1: a picture on every card and tile of every pack, from the vendored icon set.

- the vendored subset holds every icon the data names (``tools/icon_subset.py --check``), and the docs
  credit it and list every icon;
- the check that a picture covers no text can fail (:mod:`tests.picturecheck`: each face is drawn on a
  canvas that records the page box of every string drawn, forms included, and of every picture).

Each game's cards, their pictures and their faces are checked in tests/games/*/test_card_pictures.py
(every shipped card names a shipped icon, every fallback picture is shipped, no picture covers text).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from kcal.print import pictures
from kcal.print.fonts import register_fonts
from tests.picturecheck import Recorder, drawn_boxes, overlap

ROOT = Path(__file__).resolve().parents[2]


def test_the_docs_give_the_credit_and_list_every_shipped_icon() -> None:
    text = (ROOT / "docs" / "art.md").read_text(encoding="utf-8")
    assert pictures.CREDIT in text
    assert pictures.CREDIT.split(" (")[0] in (ROOT / "src" / "kcal" / "print" / "iconset" / "LICENSE.md").read_text()
    listed = set(re.findall(r"`([a-z0-9-]+)`", text.split("## The icons kcal ships", 1)[1]))
    assert listed == pictures.names()
    assert f"{len(pictures.names())} icons:" in text


def test_the_vendored_subset_holds_every_icon_the_data_names() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "icon_subset.py"), "--check"], capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_recorder_sees_a_picture_over_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a picture drawn over a string is found, inside a form too."""
    register_fonts()

    def draw(c: Recorder) -> None:
        c.beginForm("f")
        c.setFont("Helvetica", 10)
        c.drawString(0, 0, "covered")
        c.endForm()
        c.saveState()
        c.translate(50, 50)
        c.doForm("f")
        c.restoreState()
        pictures.draw(c, "fox", 40, 40, 20)

    c = drawn_boxes(draw, monkeypatch)
    assert c.texts and c.pictures and overlap(c.pictures[0], c.texts[0][0])


def test_cached_icon_forms_are_used_only_when_they_hold_path_operators(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The forms come from kcal's cache when it has them, and a cache entry holding anything but numbers
    and path operators (a PDF of its own, say) is set aside and recomputed."""
    from kcal.core import parsecache

    monkeypatch.setenv("KCAL_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("KCAL_NO_CACHE", raising=False)
    pictures._cached_operators.cache_clear()
    fresh = pictures.pdf_operators("fox")
    assert fresh == pictures._operators("fox") and fresh.endswith("f")
    raw = (pictures.ICONSET / "game-icons.json").read_bytes()
    salt = Path(pictures.__file__).read_bytes()
    bad = {n: "0 0 m h f" for n in pictures.names()} | {"fox": "BT /F1 99 Tf (owned) Tj ET"}
    parsecache.put_json("icon-pdf", raw, bad, salt)
    pictures._cached_operators.cache_clear()
    assert pictures.pdf_operators("fox") == fresh
    pictures._cached_operators.cache_clear()
