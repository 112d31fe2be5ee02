"""The picture checks of issue 23, item 1, shared by tests/print/test_card_pictures.py and each game's
tests/games/*/test_card_pictures.py: a canvas that records the page box of every string and picture drawn,
and the check that a card's picture covers none of its text."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from kcal.print import pictures
from kcal.print.fonts import register_fonts

Box = tuple[float, float, float, float]


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


def overlap(a: Box, b: Box, tolerance: float = 0.3) -> bool:
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


def poker_box() -> Any:
    """The box of a poker-size card (the default card size) on a page, the fonts registered."""
    from kcal.print.cardgrid import DEFAULT_CARD, parse_card_size
    from kcal.print.sheets import Box as FaceBox

    register_fonts()
    size = parse_card_size(DEFAULT_CARD) if isinstance(DEFAULT_CARD, str) else DEFAULT_CARD
    geom = size.geometry()
    return FaceBox(100, 100, geom.width, geom.height, 0.0, geom.radius)


def check_faces(faces: Iterable[tuple[str, Any]], monkeypatch: pytest.MonkeyPatch,
                not_pictured: frozenset[str] = frozenset()) -> int:
    """Draw every ``(label, face)`` at poker size: each draws one picture (but the faces of
    ``not_pictured``), which covers none of its text. Returns how many faces were drawn."""
    box = poker_box()
    problems, unpictured, drawn = [], [], 0
    for label, face in faces:
        c = drawn_boxes(lambda cv, f=face: f.draw(cv, box), monkeypatch)
        drawn += 1
        if len(c.pictures) != 1 and label not in not_pictured:
            unpictured.append(f"{label}: {len(c.pictures)} pictures")
        problems += [f"{label}: the picture {pic} covers {text!r} {b}"
                     for pic in c.pictures for b, text in c.texts if overlap(pic, b)]
    assert not problems, "\n".join(problems[:20])
    assert not unpictured, "every printed card draws one picture:\n" + "\n".join(unpictured)
    return drawn


def check_icons(cards: Iterable[tuple[str, str | None]]) -> int:
    """Every ``(card, icon)`` names a shipped picture; returns how many cards there are."""
    cards = list(cards)
    missing = [card for card, icon in cards if icon is None]
    unknown = [f"{card}: {icon}" for card, icon in cards if icon and icon not in pictures.names()]
    assert not missing, "cards without a picture:\n" + "\n".join(missing)
    assert not unknown, "\n".join(unknown)
    return len(cards)
