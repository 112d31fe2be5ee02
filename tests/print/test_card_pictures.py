"""Issue 23, item 1: a picture on every card and tile of every pack, from the vendored icon set.

- every shipped card names its picture (``icon:``), a shipped icon (a card with no picture fails here),
  the cards a player holds included: Kalua's player help cards, EcoLogic's symbol key card, kCaloria's
  player aids;
- every fallback picture (by class, colour, kind, type) is a shipped icon;
- the vendored subset holds every icon the data names (``tools/icon_subset.py --check``);
- on every printed face the picture's square overlaps no text: each face is drawn on a canvas that
  records the page box of every string drawn (forms included) and of every picture.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from kcal.print import pictures
from kcal.print.fonts import register_fonts

ROOT = Path(__file__).resolve().parents[2]
Box = tuple[float, float, float, float]


# --- every card has a picture -------------------------------------------------------------------------


def shipped_icons() -> Iterator[tuple[str, str, str | None]]:
    """(game, card, icon) for every card each pack ships."""
    from kcal.games.ecologic_europe.files.load import builtin as eco_builtin
    from kcal.games.how_many_calories.files.load import load_catalog as hmc_catalog
    from kcal.games.kalua.files.load import load_catalog as kalua_catalog
    from kcal.games.kcaloria.files.load import load_library

    for loaded in load_library(["builtin"]).catalogs:
        for tile in loaded.catalog.tiles:
            yield "kcaloria", tile.name, tile.icon
    foods = hmc_catalog(None)
    for food in foods.foods:
        yield "how-many-calories", food.food, food.icon
    yield "how-many-calories", "+5 card", foods.plus_icon
    kalua = kalua_catalog(None)
    for d in kalua.defs:
        yield "kalua", d.name, d.entry.icon
    for h in kalua.model.help_cards:
        yield "kalua", f"player help card {h.colour}", h.icon
    eco = eco_builtin()
    for s in eco.species:
        yield "ecologic-europe", s.name, s.model.icon
    for w in eco.components.weather_cards:
        yield "ecologic-europe", w.name, w.icon
    for h in eco.components.human_cards:
        yield "ecologic-europe", h.name, h.icon
    yield "ecologic-europe", "symbol key", eco.components.symbol_key.icon
    from kcal.games.kcaloria.print.aids import all_cards

    for aid in all_cards():
        yield "kcaloria", f"player aid {aid.title}", aid.icon


def test_every_shipped_card_names_a_shipped_picture() -> None:
    cards = list(shipped_icons())
    assert len(cards) == 450  # 118 tiles, 33 food cards, 30 action cards, 5 help cards, 227 species, 22 event
    # cards, the symbol key card, 14 player aids
    missing = [f"{game}: {card}" for game, card, icon in cards if icon is None]
    unknown = [f"{game}: {card}: {icon}" for game, card, icon in cards if icon and icon not in pictures.names()]
    assert not missing, "cards without a picture:\n" + "\n".join(missing)
    assert not unknown, "\n".join(unknown)


def test_every_fallback_picture_is_shipped() -> None:
    from kcal.games.ecologic_europe.print.picture import EVENT_ICONS, KEY_ICON, TYPE_ICONS
    from kcal.games.how_many_calories.print.picture import COLOUR_ICONS, PLUS_ICON
    from kcal.games.kalua.print.picture import HELP_ICON, KIND_ICONS
    from kcal.games.kcaloria.print.picture import CLASS_ICONS
    from kcal.games.kcaloria.rules.domain import Klass

    assert set(CLASS_ICONS) == {k.value for k in Klass}
    tables = [CLASS_ICONS, COLOUR_ICONS, KIND_ICONS, TYPE_ICONS, EVENT_ICONS, {"plus": PLUS_ICON},
              {"help": HELP_ICON, "key": KEY_ICON}]
    assert {v for t in tables for v in t.values()} <= pictures.names()


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


# --- a picture never covers text ----------------------------------------------------------------------


class Recorder(Canvas):
    """A canvas that records, in page coordinates, the box of every string it draws (inside forms too:
    a form's strings are recorded in its own space and placed by each ``doForm``)."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO())
        self.texts: list[tuple[Box, str]] = []
        self.pictures: list[Box] = []
        self._forms: dict[str, list[tuple[Box, str]]] = {}
        self._recording: list[tuple[str, list[tuple[Box, str]], Any]] = []

    def _page_box(self, x0: float, y0: float, x1: float, y1: float) -> Box:
        pts = [self.absolutePosition(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))

    def _text(self, x: float, y: float, text: str) -> None:
        if not text.strip():
            return
        size = self._fontsize
        w = self.stringWidth(text, self._fontname, size)
        box = self._page_box(x, y - 0.2 * size, x + w, y + 0.72 * size)
        (self._recording[-1][1] if self._recording else self.texts).append((box, text))

    def drawString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> Any:
        self._text(x, y, text)
        return super().drawString(x, y, text, *args, **kw)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> Any:
        self._text(x - self.stringWidth(text, self._fontname, self._fontsize) / 2, y, text)
        return super().drawCentredString(x, y, text, *args, **kw)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> Any:
        self._text(x - self.stringWidth(text, self._fontname, self._fontsize), y, text)
        return super().drawRightString(x, y, text, *args, **kw)

    def beginForm(self, name: str, *args: Any, **kw: Any) -> Any:
        self._recording.append((name, [], self._currentMatrix))
        self._currentMatrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        return super().beginForm(name, *args, **kw)

    def endForm(self, *args: Any, **kw: Any) -> Any:
        name, texts, matrix = self._recording.pop()
        self._forms[name] = texts
        self._currentMatrix = matrix
        return super().endForm(*args, **kw)

    def doForm(self, name: str) -> Any:
        for (x0, y0, x1, y1), text in self._forms.get(name, []):
            box = self._page_box(x0, y0, x1, y1)
            (self._recording[-1][1] if self._recording else self.texts).append((box, text))
        return super().doForm(name)


def _overlap(a: Box, b: Box, tolerance: float = 0.3) -> bool:
    return a[0] < b[2] - tolerance and b[0] < a[2] - tolerance and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance


def drawn_boxes(draw: Callable[[Recorder], None], monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """Draw one face on a fresh recorder; the pictures' squares are recorded in page coordinates."""
    c = Recorder()
    real = pictures.draw

    def recording_draw(cv: Any, name: str, x: float, y: float, size: float, colour: Any = None) -> Box:
        if cv is c:
            c.pictures.append(c._page_box(x, y, x + size, y + size))
        return real(cv, name, x, y, size, colour)

    monkeypatch.setattr(pictures, "draw", recording_draw)
    draw(c)
    monkeypatch.setattr(pictures, "draw", real)
    return c


def card_faces() -> Iterator[tuple[str, Any]]:
    """(label, face) for every distinct card face of the three card games, as their print commands
    impose them."""
    from kcal.games.ecologic_europe.print.api import card_faces as eco_faces
    from kcal.games.ecologic_europe.print.faces import Context as EcoContext
    from kcal.games.how_many_calories.print.api import card_faces as hmc_faces
    from kcal.games.how_many_calories.print.api import load_set as hmc_set
    from kcal.games.how_many_calories.print.faces import Context as HmcContext
    from kcal.games.kalua.print.api import card_groups
    from kcal.games.kalua.print.api import load_set as kalua_set
    from kcal.games.kalua.print.faces import Context as KaluaContext

    foodset, _, locate = hmc_set(None)
    yield from (("how-many-calories " + f.label, f) for f in hmc_faces(foodset, HmcContext(locate=locate), 1))
    cardset, _, _ = kalua_set(None)
    groups = card_groups(cardset, KaluaContext())  # the action cards and the player help cards
    yield from (("kalua " + f.label, f) for _, g in groups for f in dict.fromkeys(g))
    faces, _ = eco_faces(None, EcoContext())
    yield from (("ecologic-europe " + f.label, f) for f in dict.fromkeys(faces))


@pytest.fixture(scope="module")
def poker_box() -> Any:
    from kcal.print.cardgrid import DEFAULT_CARD, parse_card_size
    from kcal.print.sheets import Box

    register_fonts()
    size = parse_card_size(DEFAULT_CARD) if isinstance(DEFAULT_CARD, str) else DEFAULT_CARD
    geom = size.geometry()
    return Box(100, 100, geom.width, geom.height, 0.0, geom.radius)


#: the one printed face that is no card: EcoLogic's token sheet (a page of tokens, drawn on its own)
NOT_PICTURED = {"ecologic-europe tokens"}


def test_no_card_picture_covers_text(monkeypatch: pytest.MonkeyPatch, poker_box: Any) -> None:
    problems, unpictured, faces = [], [], 0
    for label, face in card_faces():
        c = drawn_boxes(lambda cv, f=face: f.draw(cv, poker_box), monkeypatch)
        faces += 1
        if len(c.pictures) != 1 and label not in NOT_PICTURED:
            unpictured.append(f"{label}: {len(c.pictures)} pictures")
        problems += [f"{label}: the picture {pic} covers {text!r} {box}"
                     for pic in c.pictures for box, text in c.texts if _overlap(pic, box)]
    assert not problems, "\n".join(problems[:20])
    assert not unpictured, "every printed card draws one picture:\n" + "\n".join(unpictured)
    assert faces > 300  # every food, action, help, species, event and symbol key card was drawn


def test_no_player_aid_picture_covers_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """kCaloria's player aids keep their own layout: each draws one picture, in its title band, clear of
    the title and of every line of the card."""
    from kcal.games.kcaloria.print.aids import all_cards, draw_card
    from kcal.print.report import Report

    register_fonts()
    problems, unpictured = [], []
    for aid in all_cards():
        c = drawn_boxes(lambda cv, a=aid: draw_card(cv, a, 300, 400, Report()), monkeypatch)
        assert any(text == aid.title for _, text in c.texts), aid.title  # the recorder sees the card's text
        if len(c.pictures) != 1:
            unpictured.append(f"{aid.title}: {len(c.pictures)} pictures")
        problems += [f"{aid.title}: the picture {pic} covers {text!r} {box}"
                     for pic in c.pictures for box, text in c.texts if _overlap(pic, box)]
    assert not problems, "\n".join(problems[:20])
    assert not unpictured, "every player aid draws one picture:\n" + "\n".join(unpictured)


def test_no_tile_picture_covers_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from kcal.games.kcaloria.files.load import load_library
    from kcal.games.kcaloria.print.tile_face import RenderContext, draw_face
    from kcal.print.layout import TileGeometry

    register_fonts()
    problems, pictured = [], 0
    for loaded in load_library(["builtin"]).catalogs:
        for tile in loaded.catalog.tiles:
            c = drawn_boxes(lambda cv, t=tile: draw_face(cv, t, 300, 400, TileGeometry(), RenderContext()),
                            monkeypatch)
            pictured += bool(c.pictures) or bool(tile.art)
            problems += [f"{tile.name}: the picture {pic} covers {text!r} {box}"
                         for pic in c.pictures for box, text in c.texts if _overlap(pic, box)]
    assert not problems, "\n".join(problems[:20])
    assert pictured == 118  # every shipped tile shows its picture (or its own art)


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
    assert c.texts and c.pictures and _overlap(c.pictures[0], c.texts[0][0])


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
