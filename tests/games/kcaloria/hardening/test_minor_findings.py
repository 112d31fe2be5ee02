"""Issue 21, item 6: the minor findings of the audit, each in kcal's words."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"


def run(*args: str):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_the_bleed_error_names_bleed(tmp_path: Path) -> None:
    r = run("print", "deck", DECKS / "bayou-ambush.yaml", "--bleed", "99", "-o", tmp_path / "x.pdf")
    assert r.exit_code == 2 and "--bleed must be between 0 and 10 mm, not 99" in r.stderr


def test_goldfish_on_a_deck_without_water_names_the_line(tmp_path: Path) -> None:
    deck = tmp_path / "dry.yaml"
    deck.write_text("name: dry\ntiles: {Phlox nivalis: 5, Sciurus niger: 5}\n", encoding="utf-8")
    r = run("sim", "goldfish", deck, "--hands", "10")
    assert r.exit_code == 2 and "dry.yaml:2:1: deck 'dry' has no water tile" in r.stderr


def test_a_written_path_is_shown_without_dot_dot(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    r = run("print", "deck", DECKS / "bayou-ambush.yaml", "-o", tmp_path / "out" / ".." / "x.pdf")
    assert r.exit_code == 0 and f"wrote {tmp_path / 'x.pdf'}:" in r.stdout and "/../" not in r.stdout


def test_an_art_path_that_stays_inside_its_folder_is_accepted(tmp_path: Path) -> None:
    from kcal.core.text import leaves_folder
    from kcal.print.images import ArtProblem, resolve_art

    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "ok.png").write_bytes(b"png")
    assert resolve_art(tmp_path, "art/../art/ok.png") == (tmp_path / "art" / "ok.png").resolve()
    assert not leaves_folder("art/../art/ok.png") and not leaves_folder("./art/ok.png")
    assert leaves_folder("../ok.png") and leaves_folder("art/../../ok.png") and leaves_folder("..")
    try:
        resolve_art(tmp_path / "art", "../art/ok.png")
    except ArtProblem as exc:
        assert "leaves the catalog's folder" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a path out of the folder was accepted")


def test_a_font_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from kcal.print.fonts import MAX_FONT_BYTES

    font = tmp_path / "huge.ttf"
    with font.open("wb") as fh:  # sparse: no disk is used
        fh.truncate(MAX_FONT_BYTES + 1)
    r = run("print", "deck", DECKS / "bayou-ambush.yaml", "--font", font, "-o", tmp_path / "x.pdf")
    assert r.exit_code == 2 and f"kcal embeds fonts of at most {MAX_FONT_BYTES:,} bytes" in r.stderr
