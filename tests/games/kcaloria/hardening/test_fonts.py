"""Issue 14, second half: a truncated or damaged font's message names the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.print.fonts import FONT_DIR, load_user_font, table_problem

SHIPPED = FONT_DIR / "DejaVuSansCondensed.ttf"


@pytest.mark.parametrize("size", [4, 10, 100, 1_000, 200_000, -500])
def test_truncated_font_message_names_the_file(tmp_path: Path, size: int) -> None:
    data = SHIPPED.read_bytes()
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(data[:size])
    with pytest.raises(KcalError) as info:
        load_user_font(broken, "KcalTestBroken")
    assert str(info.value).startswith(f"{broken}: not a valid TrueType font (truncated: ")


def test_truncated_font_on_the_command_line(folder: Path, cli) -> None:
    (folder / "broken.ttf").write_bytes(SHIPPED.read_bytes()[:20_000])
    r = cli("print", "deck", "legal-deck.yaml", "-o", "out.pdf", "--font", "broken.ttf")
    assert r.exit_code == 2
    assert r.stderr.startswith("broken.ttf: not a valid TrueType font (truncated: table "), r.stderr
    assert not (folder / "out.pdf").exists()


def test_a_complete_font_has_no_table_problem() -> None:
    for path in FONT_DIR.glob("*.ttf"):
        assert table_problem(path.read_bytes()) is None, path


def test_a_damaged_table_directory_is_named(tmp_path: Path) -> None:
    data = bytearray(SHIPPED.read_bytes())
    data[4:6] = (30_000).to_bytes(2, "big")  # claims 30,000 tables
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(bytes(data))
    with pytest.raises(KcalError, match=r"bad\.ttf: not a valid TrueType font \(truncated: the table directory "
                                        r"needs 480,012 bytes"):
        load_user_font(bad, "KcalTestBad")
