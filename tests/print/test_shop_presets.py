"""Issue 34 item 2: ``kcal export png --shop NAME`` gives each print shop's exact poker-card pictures
(pixels, bleed, safe area) in the colour mode it takes; kcal draws in RGB and converts to CMYK with
Pillow's ImageCms where the shop asks for CMYK (docs/printing.md, "Print-shop presets")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.print import shops
from kcal.print.shops import SHOPS

runner = CliRunner()
DECK = Path(__file__).resolve().parents[2] / "src/kcal/games/kcaloria/data/decks/bayou-ambush.yaml"
#: the shops' published picture sizes for a poker card at 300 dpi (docs/printing.md cites each)
PUBLISHED = {"drivethrucards": (825, 1125), "makeplayingcards": (822, 1122), "thegamecrafter": (825, 1125)}


def _profile() -> Path | None:
    return next((p for p in shops.SYSTEM_CMYK_PROFILES if p.is_file()), None)


def _export(out: Path, *extra: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["export", "png", "--game", "how-many-calories", "--only", "Shrimp, boiled",
                                 "-o", str(out), "-f", "json", *extra])
    return result.exit_code, result.stdout, result.stderr


def test_every_shop_has_its_published_size() -> None:
    assert {k: s.pixels for k, s in SHOPS.items()} == PUBLISHED
    for s in SHOPS.values():
        x0, y0, x1, y1 = s.safe_box
        w, h = s.pixels
        assert 0 < x0 < x1 < w and 0 < y0 < y1 < h
        assert x0 >= round(s.bleed_in * s.dpi)  # the safe area lies inside the cut line


@pytest.mark.parametrize("shop", sorted(SHOPS))
def test_a_shops_pictures_are_its_exact_pixels_in_its_colour_mode(shop: str, tmp_path: Path) -> None:
    s = SHOPS[shop]
    if s.colour == "CMYK" and _profile() is None:
        pytest.skip("no CMYK profile on this machine (Debian's libgs-common); the refusal is tested below")
    code, out, err = _export(tmp_path / shop, "--shop", shop)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["pixels"] == list(s.pixels) and doc["dpi"] == 300 and doc["colour"] == s.colour
    assert doc["shop"]["safe_box"] == list(s.safe_box) and doc["shop"]["bleed_px"] == round(s.bleed_in * 300)
    assert doc["size_mm"] == [63.5, 88.9]
    for f in doc["files"]:
        assert f.endswith(s.suffix)
        with Image.open(f) as im:
            assert im.size == s.pixels and im.mode == s.colour
            assert round(im.info["dpi"][0]) == 300
            if s.colour == "CMYK":
                assert im.info.get("icc_profile")  # the profile travels with the picture


def test_without_a_shop_kcal_writes_rgb_pngs_at_its_own_size(tmp_path: Path) -> None:
    code, out, err = _export(tmp_path / "plain", "--dpi", "300")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["colour"] == "RGB" and doc["shop"] is None and doc["pixels"] == [815, 1110]


def test_a_cmyk_shop_without_a_profile_is_refused_before_any_file(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shops, "SYSTEM_CMYK_PROFILES", (tmp_path / "none.icc",))
    code, _, err = _export(tmp_path / "dtc", "--shop", "drivethrucards")
    assert code == 2 and "--cmyk-profile" in err and "libgs-common" in err
    assert not (tmp_path / "dtc").exists()


def test_a_profile_that_is_not_cmyk_is_refused(tmp_path: Path) -> None:
    from PIL import ImageCms

    rgb = tmp_path / "srgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    code, _, err = _export(tmp_path / "dtc", "--shop", "drivethrucards", "--cmyk-profile", str(rgb))
    assert code == 2 and "not a CMYK one" in err


@pytest.mark.parametrize(("args", "words"), [
    (["--shop", "drivethrucard"], "did you mean 'drivethrucards'"),
    (["--shop", "thegamecrafter", "--size", "tarot"], "leave out --size"),
    (["--shop", "thegamecrafter", "--dpi", "600"], "leave out --dpi"),
    (["--cmyk-profile", "x.icc"], "goes with --shop"),
])
def test_bad_shop_options_are_refused(args: list[str], words: str, tmp_path: Path) -> None:
    code, _, err = _export(tmp_path / "o", *args)
    assert code == 2 and words in err, err


def test_hex_tiles_have_no_shop_preset(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "png", str(DECK), "-o", str(tmp_path / "o"), "--shop", "thegamecrafter"])
    assert result.exit_code == 2 and "hexagonal tiles" in result.stderr
