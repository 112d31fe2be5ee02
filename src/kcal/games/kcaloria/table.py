"""``kcal play``'s picture of one player's view of kCaloria (the optional ``table`` hook,
:class:`kcal.core.hooks.TablePicture`).

Drawn from the view and the legal moves alone. What a player touches at a real table:

- a hex of the map, empty or holding a tile: place a tile there (the list then asks which tile of the
  hand, and for an action tile which tile it targets);
- a tile in hand: every place it can go, and discarding it alone;
- "Discard several": the discards of two tiles or more (rulebook: discard any number of tiles instead of
  placing one).

The map is the part of the table around the hexes the player can place on, at most 6 hexes across and
3 rows (a place outside it is played from the list), so a hex stays large enough to touch on a phone;
the viewer (``kcal rules replay --html``) shows the whole table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import cos, radians, sin, sqrt
from typing import Any

from kcal.games.kcaloria.draw import INK, LETTER, PLAYER_COLOURS
from kcal.games.kcaloria.print.palette import CUBE
from kcal.viewer.scene import CHAR_WIDTH, Item, Poly, Rect, Shape, Text

HR = 32.0  #: a hex's circumradius: 55 across, 64 high
SQ3 = sqrt(3.0)
WIDTH = 330.0
GAP = 4.0
CARD_COLS = 5
CARD_W, CARD_H = (WIDTH - (CARD_COLS - 1) * GAP) / CARD_COLS, 52.0
TARGET = "#0b6e4f"
#: a cube count's ink by the cube's colour word (yellow reads badly on a tile: ink)
CUBE_INK = {c.value: (INK if c.value == "yellow" else v) for c, v in CUBE.items()}
SPAN = 6  #: hexes across at most the map shows
ROWS = 3  #: rows of hexes at most the map shows (the places outside are played from the list)


def _fit(text: str, width: float, size: float, bold: bool = False) -> str:
    room = max(1, int(width / (size * (CHAR_WIDTH + (0.04 if bold else 0.0)))))
    return text if len(text) <= room else text[: room - 1] + "…"


def _centre(q: int, r: int) -> tuple[float, float]:
    return (SQ3 * HR * (q + r / 2), 1.5 * HR * r)


def _hexagon(cx: float, cy: float, radius: float) -> tuple[tuple[float, float], ...]:
    return tuple((cx + radius * cos(radians(a)), cy + radius * sin(radians(a)))
                 for a in (-90, -30, 30, 90, 150, 210))


def _cell(entry: Mapping[str, Any]) -> tuple[int, int] | None:
    at = entry.get("at")
    if isinstance(at, (list, tuple)) and len(at) == 2:
        return (int(at[0]), int(at[1]))
    return None


def _window(cells: list[tuple[int, int]], mine: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The hexes the map shows: the places and the player's tiles within ``SPAN`` hexes across and
    ``ROWS`` rows around the middle place (the places, else the player's tiles)."""
    focus = sorted(cells or mine, key=lambda c: (c[1], _centre(*c)[0]))
    if not focus:
        return set()
    mid_q, mid_r = focus[len(focus) // 2]
    mid_x = _centre(mid_q, mid_r)[0]
    rows = range(mid_r - ROWS // 2, mid_r - ROWS // 2 + ROWS)
    half = (SPAN - 1) * SQ3 * HR / 2 + 0.1
    return {c for c in cells + mine if c[1] in rows and abs(_centre(*c)[0] - mid_x) <= half}


# kept whole: one branch per kind of legal move a click on the map or the hand stands for (place, transplant, action target, discard), drawn in one pass over the view
def table_picture(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
                  ) -> tuple[list[Item], dict[str, list[int]]]:
    """The map around the player's tiles and places, then the hand."""
    me = str(view.get("player", ""))
    players = [str(p) for p in view.get("players") or ()]
    seat = {p: k for k, p in enumerate(players)}
    board = {c: t for t in view.get("board") or () if (c := _cell(t)) is not None}
    places: dict[tuple[int, int], list[int]] = {}
    for i, e in enumerate(legal):
        c = _cell(e)
        if c is not None and "tile" in e:
            places.setdefault(c, []).append(i)
    mine = [c for c, t in board.items() if t.get("owner") == me]
    shown = _window(sorted(places), mine)
    items: list[Item] = []
    targets: dict[str, list[int]] = {}
    if shown:
        xs = [_centre(*c)[0] for c in shown]
        ys = [_centre(*c)[1] for c in shown]
        x0, y0 = min(xs) - SQ3 * HR / 2, min(ys) - HR
        width = max(xs) - min(xs) + SQ3 * HR
        dx = x0 - max(0.0, (WIDTH - width) / 2)
        for c in sorted(shown, key=lambda c: (c[1], c[0])):
            cx, cy = _centre(*c)
            cx, cy = cx - dx, cy - y0
            tile = board.get(c)
            moves = places.get(c, [])
            shapes: list[Shape] = []
            if tile is not None:
                owner = seat.get(str(tile.get("owner")), 0)
                colour = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
                shapes.append(Poly(_hexagon(0, 0, HR - 1), fill="#f7f3e8" if not moves else "#dff0e6",
                                   stroke=TARGET if moves else colour, width=3 if moves else 2))
                name = str(tile.get("tile", ""))
                genus, _, rest = name.partition(" ")
                shapes.append(Text(0, -6, _fit(genus, SQ3 * HR - 10, 8, True), 8, fill=INK, anchor="middle",
                                   bold=True))
                if rest:
                    shapes.append(Text(0, 4, _fit(rest, SQ3 * HR - 10, 7), 7, fill=INK, anchor="middle"))
                cubes = tile.get("cubes") or {}
                words = " ".join(f"{LETTER.get(str(k), '?')}{int(v)}" for k, v in cubes.items() if int(v))
                if words:
                    first = next(iter(cubes))
                    shapes.append(Text(0, 16, _fit(words, SQ3 * HR - 12, 8, True), 8,
                                       fill=CUBE_INK.get(str(first), INK) if len(cubes) == 1 else INK,
                                       anchor="middle", bold=True))
            else:
                shapes.append(Poly(_hexagon(0, 0, HR - 2), fill="#ffffff", stroke=TARGET, width=2.5, dash=True))
                shapes.append(Text(0, 5, "+", 16, fill=TARGET, anchor="middle", bold=True))
            key = f"hex:{c[0]},{c[1]}"
            items.append(Item(key, cx, cy, tuple(shapes)))
            if moves:
                targets[key] = moves
        top = max(ys) - y0 + HR + 8
    else:
        items.append(Item("map-label", 0, 0, (Text(0, 11, "No tile on the table yet", 11, bold=True),)))
        top = 18.0
    # the hand: a tile's places and discarding it alone; discards of several tiles beside
    hand = [str(c) for c in view.get("hand") or ()]
    items.append(Item("hand-label", 0, top, (Text(0, 11, "Your hand" if hand else "Your hand is empty", 11,
                                                   bold=True),)))
    for k, name in enumerate(hand):
        moves = [i for i, e in enumerate(legal) if e.get("tile") == name or e.get("discard") == [name]]
        genus, _, rest = name.partition(" ")
        shapes2: tuple[Shape, ...] = (
            Rect(0, 0, CARD_W, CARD_H, fill="#fff7e0" if moves else "#ffffff", stroke=TARGET if moves else "#8a8a8a",
                 width=3 if moves else 1, rx=4),
            Text(CARD_W / 2, 20, _fit(genus, CARD_W - 6, 9, True), 9, fill=INK, anchor="middle", bold=True),
            Text(CARD_W / 2, 34, _fit(rest, CARD_W - 6, 9), 9, fill="#555555", anchor="middle"))
        key = f"hand:{k}"
        items.append(Item(key, (k % CARD_COLS) * (CARD_W + GAP), top + 16 + (k // CARD_COLS) * (CARD_H + GAP),
                          shapes2))
        if moves:
            targets[key] = moves
    several = [i for i, e in enumerate(legal) if isinstance(e.get("discard"), list) and len(e["discard"]) > 1]
    if several:  # after the hand's last tile, in its line when there is room for the words
        free = (CARD_COLS - len(hand) % CARD_COLS) % CARD_COLS
        if free >= 2:
            x, y = (len(hand) % CARD_COLS) * (CARD_W + GAP), top + 16 + (len(hand) // CARD_COLS) * (CARD_H + GAP)
            w = free * (CARD_W + GAP) - GAP
        else:
            x, y, w = 0.0, top + 16 + -(-len(hand) // CARD_COLS) * (CARD_H + GAP), WIDTH
        items.append(Item("discard-several", x, y, (
            Rect(0, 0, w, CARD_H, fill="#f4f7f4", stroke=TARGET, width=3, rx=5),
            Text(w / 2, CARD_H / 2 + 4, _fit("Discard several", w - 8, 12, True), 12, fill=TARGET, anchor="middle",
                 bold=True))))
        targets["discard-several"] = several
    return items, targets
