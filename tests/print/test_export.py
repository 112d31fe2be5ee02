"""``kcal export tts|png`` (issue 23, item 5): Tabletop Simulator decks and per-card PNGs for every pack.

The saved object is checked against Tabletop Simulator's saved-object format (the keys and types TTS reads
for a ``DeckCustom``, a ``CardCustom`` and their ``CustomDeck`` sheets, as its own saves write them) and
against the pictures written: every card id points into a sheet's grid, never at its last (hidden) slot,
and each sheet is its grid of pictures.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from PIL import Image
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import get, ids
from kcal.print.export import TTS_MAX_PX, pixel_size, sheet_grid, slug
from tests.packs import samples, with_sample

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src/kcal/games/kcaloria/data/decks/bayou-ambush.yaml"
GAMES = [g for g in sorted(ids()) if get(g).offers("print", "export_cards")]  # the games export serves

_CUSTOM_DECK = {
    "type": "object",
    "required": ["FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"],
    "properties": {
        "FaceURL": {"type": "string", "pattern": "^file:///"}, "BackURL": {"type": "string", "pattern": "^file:///"},
        "NumWidth": {"type": "integer", "minimum": 2, "maximum": 10},
        "NumHeight": {"type": "integer", "minimum": 1, "maximum": 7},
        "BackIsHidden": {"type": "boolean"}, "UniqueBack": {"type": "boolean"}, "Type": {"type": "integer"},
    },
}
_TRANSFORM = {"type": "object", "required": ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY",
                                             "scaleZ"],
              "additionalProperties": {"type": "number"}}
_CARD = {
    "type": "object",
    "required": ["Name", "Nickname", "CardID", "Transform", "CustomDeck", "GUID"],
    "properties": {"Name": {"enum": ["Card", "CardCustom"]}, "Nickname": {"type": "string"},
                   "CardID": {"type": "integer", "minimum": 100}, "Transform": _TRANSFORM,
                   "CustomDeck": {"type": "object", "minProperties": 1, "maxProperties": 1,
                                  "additionalProperties": _CUSTOM_DECK},
                   "GUID": {"type": "string", "pattern": "^[0-9a-f]{6}$"}},
}
#: Tabletop Simulator's saved object, as far as a deck of custom cards goes
TTS_SAVED_OBJECT = {
    "type": "object",
    "required": ["SaveName", "ObjectStates"],
    "properties": {
        "SaveName": {"type": "string"},
        "ObjectStates": {"type": "array", "minItems": 1, "items": {"oneOf": [
            {"type": "object",
             "required": ["Name", "Nickname", "Transform", "DeckIDs", "CustomDeck", "ContainedObjects", "GUID"],
             "properties": {"Name": {"const": "DeckCustom"}, "Transform": _TRANSFORM,
                            "DeckIDs": {"type": "array", "minItems": 2, "items": {"type": "integer"}},
                            "CustomDeck": {"type": "object", "minProperties": 1,
                                           "propertyNames": {"pattern": "^[1-9][0-9]*$"},
                                           "additionalProperties": _CUSTOM_DECK},
                            "ContainedObjects": {"type": "array", "items": _CARD}}},
            {**_CARD, "properties": {**_CARD["properties"], "Name": {"const": "CardCustom"}}},
        ]}},
    },
}


def _export(kind: str, game: str, out: Path, *extra: str) -> dict:
    args = ["export", kind, "--game", game, "-o", str(out), "--dpi", "50", "--format", "json", *extra]
    if game == "kcaloria":
        args.insert(2, str(DECK))
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _url_path(url: str) -> Path:
    return Path(url.removeprefix("file://"))


@pytest.mark.parametrize("game", GAMES)
def test_tts_saved_object_loads_as_decks_with_their_backs(game: str, tmp_path: Path) -> None:
    doc = _export("tts", game, tmp_path / "tts")
    saved = json.loads(Path(doc["saved_object"]).read_text(encoding="utf-8"))
    jsonschema.validate(saved, TTS_SAVED_OBJECT)
    assert len(saved["ObjectStates"]) == len(doc["decks"])
    for obj, deck in zip(saved["ObjectStates"], doc["decks"], strict=True):
        cards = obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
        assert len(cards) == deck["cards"]
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in cards]  # the deck's order
        for card in cards:
            (key, sheet), = card["CustomDeck"].items()
            assert card["CardID"] // 100 == int(key)
            slot = card["CardID"] % 100
            assert slot < sheet["NumWidth"] * sheet["NumHeight"] - 1  # never the hidden card's slot
            face, back = _url_path(sheet["FaceURL"]), _url_path(sheet["BackURL"])
            assert face.is_file() and back.is_file()
            with Image.open(face) as im_face, Image.open(back) as im_back:
                assert im_face.size == (sheet["NumWidth"] * im_back.size[0], sheet["NumHeight"] * im_back.size[1])
                assert max(im_face.size) <= TTS_MAX_PX
                w, h = im_back.size
                # the last slot shows the back: what TTS draws for a card in a hidden zone
                corner = im_face.crop((im_face.size[0] - w, im_face.size[1] - h, im_face.size[0], im_face.size[1]))
                assert corner.tobytes() == im_back.convert("RGB").tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_png_one_picture_per_face_and_back_at_size_with_bleed(game: str, tmp_path: Path) -> None:
    doc = _export("png", game, tmp_path / "png")
    files = [Path(f) for f in doc["files"]]
    fronts = {c["front"] for c in doc["cards"]}
    backs = {c["back"] for c in doc["cards"] if c["back"]}
    assert len(files) == len(fronts) + len(backs) == len(set(files))
    assert sum(c["copies"] for c in doc["cards"]) >= len(doc["cards"])
    width_mm, height_mm = doc["size_mm"]
    bleed = doc["bleed_mm"]
    assert bleed == 3.0
    for f in files:
        assert f.name == slug(f.stem) + ".png"
        with Image.open(f) as im:
            assert im.size == tuple(doc["pixels"])
            assert round(im.info["dpi"][0]) == 50
    # the picture is the card plus the bleed on every side, at the dpi
    assert doc["pixels"][0] == pytest.approx((width_mm + 2 * bleed) / 25.4 * 50, abs=1)
    assert doc["pixels"][1] == pytest.approx((height_mm + 2 * bleed) / 25.4 * 50, abs=1)


def test_png_poker_card_is_63_by_88_mm_with_3_mm_bleed(tmp_path: Path) -> None:
    doc = _export("png", "how-many-calories", tmp_path / "png")
    assert doc["size_mm"] == [63.0, 88.0]
    assert doc["pixels"] == [round(69 / 25.4 * 50), round(94 / 25.4 * 50)]


def test_an_export_is_the_same_bytes_twice(tmp_path: Path) -> None:
    a = _export("tts", "kalua", tmp_path / "a")
    b = _export("tts", "kalua", tmp_path / "b")
    for fa, fb in zip(a["files"], b["files"], strict=True):
        if fa.endswith(".png"):
            assert Path(fa).read_bytes() == Path(fb).read_bytes(), fa


def test_export_into_a_folder_follows_the_overwrite_policy(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = _export("png", "how-many-calories", out)
    _export("png", "how-many-calories", out)  # kcal's own files: replaced without asking
    mine = Path(first["files"][0])
    mine.write_bytes(b"my own picture")
    result = runner.invoke(app, ["export", "png", "--game", "how-many-calories", "-o", str(out), "--dpi", "50"])
    assert result.exit_code == 2
    assert mine.name in result.output and "--force" in result.output
    assert mine.read_bytes() == b"my own picture"
    _export("png", "how-many-calories", out, "--force")
    assert mine.read_bytes() != b"my own picture"


@pytest.mark.parametrize(("args", "words"), [
    (["--dpi", "5"], "--dpi must be between"),
    (["--bleed", "-1"], "--bleed"),
    (["--size", "huge"], "unknown card size"),
])
def test_bad_options_are_refused_before_any_file(args: list[str], words: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["export", "png", "--game", "how-many-calories", "-o", str(out), *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert not out.exists()


def test_kcaloria_size_is_a_width_in_millimetres(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "png", str(DECK), "-o", str(tmp_path / "o"), "--size", "poker"])
    assert result.exit_code == 2
    assert "across the flats" in result.output


def test_output_that_is_a_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("mine")
    result = runner.invoke(app, ["export", "tts", "--game", "kalua", "-o", str(target)])
    assert result.exit_code == 2
    assert "names a file" in result.output
    assert target.read_text() == "mine"


@pytest.mark.parametrize("name", ["a\nb", "../../etc/passwd", "Ardea\u202eherodias", "x\x1b[31m", "", "Épervier d'Europe"])
def test_card_names_become_safe_file_names(name: str) -> None:
    s = slug(name)
    assert s and "/" not in s and ".." not in s
    assert all(c.isascii() and (c.isalnum() or c in "-_.") for c in s)


def test_sheet_grids_hold_the_hidden_slot() -> None:
    assert sheet_grid(1) == (2, 1)
    assert sheet_grid(9) == (10, 1)
    assert sheet_grid(10) == (10, 2)
    assert sheet_grid(69) == (10, 7)


def test_tts_sheets_stay_within_4096_pixels() -> None:
    from kcal.print.export import tts_dpi
    from kcal.print.options import card_sheet_options

    opts = card_sheet_options(size="tarot")
    dpi = tts_dpi(opts, 300)
    w, h = pixel_size(opts, dpi)
    assert 10 * w <= TTS_MAX_PX and 7 * h <= TTS_MAX_PX


#: a card of each game by one of its names (kCaloria: a tile of the deck by its common name), and a kind
ONLY = {g: samples(g)["only"] for g in with_sample("only") if g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_only_exports_one_card_by_its_name_as_print_does(game: str, tmp_path: Path) -> None:
    """``--only NAME`` exports that card alone (its front and its back), in every game, as ``kcal print``
    chooses: by any of its names, one of it."""
    name, label, _ = ONLY[game]
    doc = _export("png", game, tmp_path / "png", "--only", name)
    assert [(c["card"], c["copies"]) for c in doc["cards"]] == [(label, 1)]
    assert len(doc["files"]) == 2 and all(Path(f).is_file() for f in doc["files"])
    tts = _export("tts", game, tmp_path / "tts", "--only", name)
    assert [d["cards"] for d in tts["decks"]] == [1]


@pytest.mark.parametrize("game", GAMES)
def test_only_a_kind_exports_every_card_of_it_as_the_set_has_it(game: str, tmp_path: Path) -> None:
    kind = ONLY[game][2]
    whole = _export("png", game, tmp_path / "all")
    doc = _export("png", game, tmp_path / "kind", "--only", kind)
    assert 0 < len(doc["cards"]) < len(whole["cards"])
    assert {c["card"] for c in doc["cards"]} <= {c["card"] for c in whole["cards"]}


@pytest.mark.parametrize("game", GAMES)
def test_only_that_names_nothing_is_refused_with_the_kinds_before_any_file(game: str, tmp_path: Path) -> None:
    args = ["export", "png", "--game", game, "-o", str(tmp_path / "out"), "--only", "Nothing-at-all"]
    if game == "kcaloria":
        args.insert(2, str(DECK))
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "--only 'Nothing-at-all':" in result.stderr and "the kinds are" in result.stderr
    assert not (tmp_path / "out").exists()
