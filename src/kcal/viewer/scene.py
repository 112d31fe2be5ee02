"""What a pack hands the viewer: shapes grouped into positioned items, frames of a game, a story.

A pack never writes SVG, PNG or HTML itself: it describes its table with the six shapes below (in
pixels, y downwards, text placed on its baseline), groups them into :class:`Item` s (a tile, the cubes
on it, a trick), and tells a game as a :class:`Story`: one :class:`Frame` per step, each with the items
on the table, the move in words and its details. :mod:`kcal.viewer.svg`, :mod:`kcal.viewer.png` and
:mod:`kcal.viewer.html` turn these into files; all text is escaped there, so a pack passes data text
(a tile's name) as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

#: Width of one character as a share of the font size (DejaVu Sans Condensed, a little generous):
#: used to reserve room for text, never to place it.
CHAR_WIDTH = 0.56
#: The smallest font size of a card's or tile's name on the table. The HTML page opens at 100% or more
#: (:mod:`kcal.viewer.html`), so a name there is at least 11 CSS pixels high (DejaVu Sans: 1.16 em).
NAME_SIZE = 10.0


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    rx: float = 0.0

    def bbox(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.w, self.y + self.h)


@dataclass(frozen=True, slots=True)
class Poly:
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: bool = False

    def bbox(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0

    def bbox(self) -> tuple[float, float, float, float]:
        return (self.cx - self.r, self.cy - self.r, self.cx + self.r, self.cy + self.r)


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 1.0

    def bbox(self) -> tuple[float, float, float, float]:
        return (min(self.x1, self.x2), min(self.y1, self.y2), max(self.x1, self.x2), max(self.y1, self.y2))


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``x`` is its start, middle or end (``anchor``), ``y`` its baseline."""

    x: float
    y: float
    text: str
    size: float = 10.0
    fill: str = "#1a1a1a"
    anchor: str = "start"  # start | middle | end
    bold: bool = False

    def width_estimate(self) -> float:
        return len(self.text) * self.size * CHAR_WIDTH

    def bbox(self) -> tuple[float, float, float, float]:
        w = self.width_estimate()
        x0 = self.x - (w / 2 if self.anchor == "middle" else w if self.anchor == "end" else 0)
        return (x0, self.y - self.size, x0 + w, self.y + self.size * 0.25)


@dataclass(frozen=True, slots=True)
class Icon:
    """A card's picture: the icon ``name`` (:mod:`kcal.print.pictures`) filling the square at ``(x, y)``
    (its top left corner), ``size`` across, in ``fill``."""

    x: float
    y: float
    size: float
    name: str
    fill: str = "#1a1a1a"

    def bbox(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.size, self.y + self.size)


Shape = Rect | Poly | Circle | Line | Text | Icon


@dataclass(frozen=True, slots=True)
class Item:
    """Shapes drawn together at ``(x, y)``; ``key`` names the thing (the same key in two frames is
    the same thing, moved or changed); ``layer`` 0 is drawn before layer 1."""

    key: str
    x: float
    y: float
    shapes: tuple[Shape, ...]
    layer: int = 0

    def bbox(self) -> tuple[float, float, float, float]:
        return bbox_of(self.shapes, self.x, self.y)


def bbox_of(shapes: Iterable[Shape], dx: float = 0.0, dy: float = 0.0) -> tuple[float, float, float, float]:
    boxes = [s.bbox() for s in shapes]
    if not boxes:
        return (dx, dy, dx, dy)
    return (min(b[0] for b in boxes) + dx, min(b[1] for b in boxes) + dy,
            max(b[2] for b in boxes) + dx, max(b[3] for b in boxes) + dy)


def bounds(items: Iterable[Item], margin: float = 0.0) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` around the items, with ``margin`` on every side."""
    boxes = [i.bbox() for i in items]
    if not boxes:
        return (-margin, -margin, 2 * margin, 2 * margin)
    x0 = min(b[0] for b in boxes) - margin
    y0 = min(b[1] for b in boxes) - margin
    return (x0, y0, max(b[2] for b in boxes) + margin - x0, max(b[3] for b in boxes) + margin - y0)


class Table(Sequence[Item]):
    """The items on the table after a step, kept as the change from the table before it: ``put`` (new
    items, or new looks of items already there, by key) and ``gone`` (keys that left), after ``before``
    (None: an empty table). A game of n steps whose table grows by a tile a step so holds n changes, not
    n tables of up to n items (issue 36: a 4,000-move page held 3 GB).

    It reads as the sequence of the items on the table (in the order they first came, a key that left
    and came back at the end), built from the changes each time it is read: a picture reads one step's
    table; the page (:mod:`kcal.viewer.html`) reads only the changes. Make them with a
    :class:`TableKeeper`."""

    __slots__ = ("before", "put", "gone")

    def __init__(self, put: Iterable[Item] = (), gone: Iterable[str] = (), before: Table | None = None) -> None:
        self.before = before
        self.put = tuple(put)
        self.gone = tuple(gone)

    def _now(self) -> dict[str, Item]:
        chain: list[Table] = []
        t: Table | None = self
        while t is not None:
            chain.append(t)
            t = t.before
        out: dict[str, Item] = {}
        for t in reversed(chain):
            for k in t.gone:
                out.pop(k, None)
            for it in t.put:
                out[it.key] = it
        return out

    def __iter__(self) -> Iterator[Item]:
        return iter(self._now().values())

    def __len__(self) -> int:
        return len(self._now())

    @overload
    def __getitem__(self, i: int) -> Item: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Item, ...]: ...
    def __getitem__(self, i: int | slice) -> Item | tuple[Item, ...]:
        return tuple(self)[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Table | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, more: Iterable[Item]) -> Table:
        """This table with ``more`` items drawn over it (a refused move's mark)."""
        return Table(more, (), self)

    def __repr__(self) -> str:
        return f"Table(put={len(self.put)}, gone={len(self.gone)})"


class TableKeeper:
    """Makes a game's :class:`Table` s step after step, each the change from the one before: hand it the
    changes (:meth:`change`: a pack that knows what a move touched) or the whole table (:meth:`whole`:
    compared here with the table before, item by item, so a step costs the table's size in time but only
    its change in memory)."""

    __slots__ = ("_now", "_last")

    def __init__(self) -> None:
        self._now: dict[str, Item] = {}
        self._last: Table | None = None

    def change(self, put: Iterable[Item] = (), gone: Iterable[str] = ()) -> Table:
        """The table after a step that put ``put`` (by key: new items, or new looks of items already
        there) and took the keys ``gone`` away."""
        now = self._now
        left = [k for k in dict.fromkeys(gone) if now.pop(k, None) is not None]
        came = []
        for it in put:
            if now.get(it.key) != it:
                now[it.key] = it
                came.append(it)
        self._last = Table(came, left, self._last)
        return self._last

    def whole(self, items: Iterable[Item]) -> Table:
        """The table after a step, given as every item on it."""
        by_key = {it.key: it for it in items}
        return self.change(by_key.values(), [k for k in self._now if k not in by_key])

    @property
    def items(self) -> tuple[Item, ...]:
        """The items on the table now."""
        return tuple(self._now.values())


#: a dashed line (``Poly.dash``): its dashes and the gaps between them, in scene units, in SVG and PNG alike
DASH = (4.0, 3.0)
#: the colour of a refused move's mark, the red of the page's "Illegal move" line
REFUSED = "#b00020"


def box_points(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    """The corners of a box, as an outline for :func:`refused_mark`."""
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def refused_mark(outline: tuple[tuple[float, float], ...], label: str, *, tried: tuple[Shape, ...] = ()
                 ) -> tuple[Shape, ...]:
    """Where a refused move was tried (a cell, a field, a card, a player's row): a thick dashed red outline
    and, across its top from its left (where a view of a wide row starts), ``label`` in a white box.
    ``tried``: what the move would have put there, drawn inside the outline (the card a player tried to
    play into a trick: the move was refused, so the table itself never shows it)."""
    x0, top = min(p[0] for p in outline), min(p[1] for p in outline)
    size = 11.0
    w = len(label) * size * CHAR_WIDTH + 12
    return (*tried, *refused_also((outline,)),
            Rect(x0, top - 10, w, 19, fill="#ffffff", stroke=REFUSED, width=1.5, rx=3),
            Text(x0 + w / 2, top + 4, label, size, fill=REFUSED, anchor="middle", bold=True))


def refused_also(outlines: Iterable[tuple[tuple[float, float], ...]]) -> tuple[Shape, ...]:
    """More places of the same refused move (the other cards of a pass, the card in the hand a play was
    to leave), outlined as :func:`refused_mark` outlines, without a label: an item of their own, before the
    labelled one, which is drawn over it and brought into view (:meth:`Frame.refused`)."""
    return tuple(Poly(o, fill=None, stroke=REFUSED, width=4, dash=True) for o in outlines)


@dataclass(frozen=True, slots=True)
class Section:
    """A titled list of lines beside the board (the payment, the yields and why, collapse events)."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after a step: what is on it, the step in words, and what the step did.

    ``caption`` is the move in words (``"A places Bayou at [0, 0]"``); ``illegal`` says why a move
    was refused (the replay stops there); ``summary`` is always shown (scores, intake)."""

    items: Sequence[Item]  #: a tuple, or a :class:`Table` (the change from the frame before)
    caption: str
    sections: tuple[Section, ...] = ()
    summary: tuple[str, ...] = ()
    illegal: str | None = None
    step: int = 0  #: moves applied before this frame (an illegal move's frame: the moves before it)
    #: ``(x0, y0, x1, y1)`` the page brings into view when it opens this frame (a refused move's mark)
    focus: tuple[float, float, float, float] | None = None

    @classmethod
    def refused(cls, items: Sequence[Item], index: int, words: str, reason: str, where: str,
                summary: tuple[str, ...], step: int, mark: tuple[Item, ...] = ()) -> Frame:
        """The last frame of a record whose move ``index`` (``words``) was refused, and why; ``mark``:
        items drawn over the table, any more places of the move first (:func:`refused_also`), then, over
        them, where it was tried (:func:`refused_mark`): the frame's focus, which the page brings into view."""
        focus = mark[-1].bbox() if mark else None
        table = items + mark if isinstance(items, Table) else (*items, *mark)
        return cls(table, f"{index + 1}. {words} (refused)", (Section("Illegal move", (reason, f"at {where}")),),
                   summary, illegal=reason, step=step, focus=focus)


@dataclass(frozen=True, slots=True)
class Story:
    """A game told step by step: frame 0 is the table before the first move."""

    title: str
    frames: tuple[Frame, ...]
    legend: tuple[Item, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @classmethod
    def told(cls, title: str, frames: list[Frame], every: bool, legend: tuple[Item, ...] = ()) -> Story:
        """A story of these frames; without ``every`` only the last one (the ``--upto`` picture)."""
        return cls(title, tuple(frames if every else frames[-1:]), legend)

    def upto(self, n: int | None) -> Frame:
        """The last frame after at most ``n`` moves (None: the last frame)."""
        if n is None:
            return self.frames[-1]
        fit = [f for f in self.frames if f.step <= n]
        return fit[-1] if fit else self.frames[0]


__all__ = ["Rect", "Poly", "Circle", "Line", "Text", "Icon", "Shape", "Item", "Section", "Frame", "Story", "bounds",
           "Table", "TableKeeper",
           "bbox_of", "CHAR_WIDTH", "NAME_SIZE", "DASH", "REFUSED", "box_points", "refused_mark",
           "refused_also"]
