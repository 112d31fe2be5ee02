"""``kcal export tts|png`` (issue 23, item 5; issue 34, item 1): Tabletop Simulator decks and per-card PNGs
for every pack.

The saved object is checked against Tabletop Simulator's own documented format, not kcal's docs:

- Berserk Games' Lua API, ``Tabletop-Simulator-API`` docs/custom-game-objects.md (api.tabletopsimulator.com,
  "Custom Game Objects"): a custom card's ``type`` is 0 rounded rectangle, 1 rectangle, 2 rounded hex, 3 hex,
  4 circle; a custom deck's ``width`` is the sheet's columns (at most 10), ``height`` its rows (at most 7),
  ``unique_back`` whether the back is a sheet too, and ``back_is_hidden`` "whether the card back should be
  used as the hidden image (instead of the last slot of the face image)";
- its knowledge base, ``Tabletop-Simulator-Knowledge-Base`` docs/custom-content/save-file-format.md
  (kb.tabletopsimulator.com, "Save File Format"): the saved ``ObjectState`` names these ``CustomDeck``
  (``Dictionary<int, CustomDeckState>``, "Key matches the hundreth place of the id (ex. id = 354, index =
  3)"), ``DeckIDs``, ``ContainedObjects``, ``CardID``, ``Transform``; and custom-deck.md: "Card sheets use
  the last image on a card sheet for a hidden image" unless "Back is Hidden" uses the back instead;
- asset-creation.md: the colour mode "MUST be set to RGB" ("CMYK color mode will not work") and images
  kept "under 4096x4096".

In a save the ``CustomDeck`` entry spells these ``FaceURL``, ``BackURL``, ``NumWidth``, ``NumHeight``,
``UniqueBack``, ``BackIsHidden`` and ``Type``, as TTS writes them.
"""

from __future__ import annotations

import json
import math
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

#: TTS's card shapes (Custom Card ``type``), by what they are
TTS_ROUNDED_RECTANGLE, TTS_RECTANGLE, TTS_ROUNDED_HEX, TTS_HEX, TTS_CIRCLE = range(5)
_CUSTOM_DECK = {
    "type": "object",
    "required": ["FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"],
    "additionalProperties": False,
    "properties": {
        "FaceURL": {"type": "string", "pattern": "^file:///"}, "BackURL": {"type": "string", "pattern": "^file:///"},
        "NumWidth": {"type": "integer", "minimum": 1, "maximum": 10},
        "NumHeight": {"type": "integer", "minimum": 1, "maximum": 7},
        "BackIsHidden": {"type": "boolean"}, "UniqueBack": {"type": "boolean"},
        "Type": {"enum": [TTS_ROUNDED_RECTANGLE, TTS_RECTANGLE, TTS_ROUNDED_HEX, TTS_HEX, TTS_CIRCLE]},
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


def _is_hex(game: str) -> bool:
    """Whether the pack's exported faces are hexagonal tiles (its export set sizes no card)."""
    source = DECK if game == "kcaloria" else None
    return get(game).hook("print").export_cards(source, size=None, bleed=0.0).opts.card is None


@pytest.mark.parametrize("game", GAMES)
def test_tts_saved_object_loads_as_decks_with_their_backs(game: str, tmp_path: Path) -> None:
    doc = _export("tts", game, tmp_path / "tts")
    saved = json.loads(Path(doc["saved_object"]).read_text(encoding="utf-8"))
    jsonschema.validate(saved, TTS_SAVED_OBJECT)
    assert len(saved["ObjectStates"]) == len(doc["decks"])
    hexes = _is_hex(game)
    for obj, deck in zip(saved["ObjectStates"], doc["decks"], strict=True):
        cards = obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
        assert len(cards) == deck["cards"]
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in cards]  # the deck's order
            assert set(obj["CustomDeck"]) == {str(c["CardID"] // 100) for c in cards}
        for card in cards:
            (key, sheet), = card["CustomDeck"].items()
            assert card["CardID"] // 100 == int(key)  # "Key matches the hundreth place of the id"
            slot = card["CardID"] % 100
            slots = sheet["NumWidth"] * sheet["NumHeight"]
            face, back = _url_path(sheet["FaceURL"]), _url_path(sheet["BackURL"])
            assert face.is_file() and back.is_file()
            with Image.open(face) as im_face, Image.open(back) as im_back:
                assert im_face.mode == im_back.mode == "RGB"  # "CMYK color mode will not work"
                assert max(im_face.size) <= TTS_MAX_PX
                w, h = im_back.size
                assert im_face.size == (sheet["NumWidth"] * w, sheet["NumHeight"] * h)
                if sheet["BackIsHidden"]:  # the back is the hidden image: every slot may hold a card
                    assert slot < slots
                else:  # the last slot is the hidden image: no card there, and it shows the back
                    assert slot < slots - 1
                    corner = im_face.crop((im_face.size[0] - w, im_face.size[1] - h, *im_face.size))
                    assert corner.tobytes() == im_back.convert("RGB").tobytes()
            # the shape TTS cuts: a hexagon for hex tiles, in a cell of the hexagon's own proportions (its
            # bounding box, flat top as printed, 2 : sqrt 3); a card's cell has the card's proportions
            if hexes:
                assert sheet["Type"] in (TTS_ROUNDED_HEX, TTS_HEX)
                assert w / h == pytest.approx(2 / math.sqrt(3), abs=2 / h)
            else:
                assert sheet["Type"] in (TTS_ROUNDED_RECTANGLE, TTS_RECTANGLE)
                assert w / h == pytest.approx(doc["pixels"][0] / doc["pixels"][1])
                assert w < h  # every card game's cards are upright


def test_how_many_calories_plus_cards_are_a_deck_of_their_own(tmp_path: Path) -> None:
    """The +5 cards are dealt one to each player (rulebook, setup), never shuffled into the food deck."""
    doc = _export("tts", "how-many-calories", tmp_path / "tts")
    saved = json.loads(Path(doc["saved_object"]).read_text(encoding="utf-8"))
    names = {o["Nickname"]: [c["Nickname"] for c in o.get("ContainedObjects", [o])] for o in saved["ObjectStates"]}
    plus = [deck for deck, cards in names.items() if set(cards) == {"+5"}]
    assert len(plus) == 1 and len(names[plus[0]]) == 4
    food = [cards for deck, cards in names.items() if deck not in plus]
    assert len(food) == 1 and len(food[0]) == 32 and "+5" not in food[0]
    png = _export("png", "how-many-calories", tmp_path / "png")
    fronts = {c["card"]: c["front"] for c in png["cards"]}
    assert fronts["+5"] == "plus-5.png" and fronts["blue 5"] == "blue-5.png"


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


@pytest.mark.parametrize("name", ["a\nb", "../../etc/passwd", "Ardea\u202eherodias", "x\x1b[31m", "", "Épervier d'Europe",
                                  "+5"])
def test_card_names_become_safe_file_names(name: str) -> None:
    s = slug(name)
    assert s and "/" not in s and ".." not in s
    assert all(c.isascii() and (c.isalnum() or c in "-_.") for c in s)


def test_card_names_keep_their_sign() -> None:
    assert slug("+5") == "plus-5" != slug("5")


def test_sheet_grids_use_every_slot() -> None:
    """``BackIsHidden``: TTS shows the back of a hidden card, so no slot is kept for it."""
    assert sheet_grid(1) == (1, 1)
    assert sheet_grid(10) == (10, 1)
    assert sheet_grid(11) == (10, 2)
    assert sheet_grid(70) == (10, 7)


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
