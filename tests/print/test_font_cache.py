"""The shipped fonts' parsed faces kept in kcal's cache (print/fonts.py): the face read back is the face
ReportLab parses, and a PDF printed with it is the same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from kcal.print import fonts


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KCAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KCAL_NO_CACHE", raising=False)
    return tmp_path / "cache"


@pytest.mark.parametrize("filename", sorted(fonts._FILES.values()))
def test_a_cached_face_is_the_parsed_face(filename: str, cache: Path) -> None:
    path = fonts.FONT_DIR / filename
    parsed = TTFont("Parsed", str(path))
    first = fonts._shipped_font("First", path, TTFont)  # parses and stores
    assert any(p.name.startswith("ttface-") for p in cache.iterdir())
    second = fonts._shipped_font("Second", path, TTFont)  # from the cache
    skip = ("_pdfScale",)
    want = {k: v for k, v in parsed.face.__dict__.items() if k not in skip}
    for font in (first, second):
        got = {k: v for k, v in font.face.__dict__.items() if k not in skip}
        assert got == want
        assert {k: type(v) for k, v in got.items()} == {k: type(v) for k, v in want.items()}
        assert [font.face._pdfScale(x) for x in (0, 1, 7, 1000, 2048)] == [parsed.face._pdfScale(x) for x in (0, 1, 7, 1000, 2048)]
    assert second.stringWidth("Quercus alba ü 12", 9) == parsed.stringWidth("Quercus alba ü 12", 9)
    assert second.face.makeSubset(list(range(32, 127))) == parsed.face.makeSubset(list(range(32, 127)))


def test_a_damaged_entry_means_parsing_again(cache: Path) -> None:
    path = fonts.FONT_DIR / fonts._FILES[fonts.REGULAR]
    fonts._shipped_font("A", path, TTFont)
    for entry in cache.iterdir():
        entry.write_bytes(b"\x00\x00\x00\x05{not]" + b"junk")
    font = fonts._shipped_font("B", path, TTFont)
    assert font.face.charWidths == TTFont("C", str(path)).face.charWidths


def test_columns_keep_types() -> None:
    fields = {"ints": list(range(40)), "mixed": [(1.5 if i % 7 else i, i) for i in range(30)],
              "widths": {i: i / 3 for i in range(50)}, "lists": {i: [i, i + 1][: 1 + i % 2] for i in range(20)},
              "small": (1, 2.0, "x", None, b"\x01")}
    back = fonts._unpack(fonts._Packer().pack(fields))
    assert back == fields
    assert [type(a) for a, _ in back["mixed"]] == [type(a) for a, _ in fields["mixed"]]
