"""The ``draw`` hook: a kCaloria game record told step by step for :mod:`kcal.viewer`.

Each tile on the table is a small version of its printed face (type colour, Latin name, cost, yield),
with its unused cubes by colour, count and letter, its owner's border colour and initial, collapse
dice with their values and barricade timers. Each step says the move in words, which cubes paid for
it from which tiles, the new tile's yield and the reasons (reproduction, photosynthesis, biome boost,
...), the cubes the move changed on other tiles, and collapse events; an illegal move is the last
step, with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import cos, radians, sin, sqrt
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from kcal.core.results import game_over_line
from kcal.games.kcaloria.print.palette import BACKGROUND, BORDER, CUBE
from kcal.games.kcaloria.rules.domain import TileType
from kcal.games.kcaloria.rules.effects import EFFECTS, pair_effects
from kcal.games.kcaloria.rules.hexgrid import Hex, format_hex, neighbours
from kcal.games.kcaloria.rules.moves import Move, MoveKind
from kcal.games.kcaloria.rules.render import cubes_text
from kcal.games.kcaloria.rules.scores import ScoreKeeper
from kcal.games.kcaloria.rules.state import GameState
from kcal.games.kcaloria.rules.tiles import COLORS, TileInfo
from kcal.games.kcaloria.rules.yields import PaymentContext
from kcal.print.colours import text_on
from kcal.viewer.scene import (
    NAME_SIZE,
    Circle,
    Frame,
    Icon,
    Item,
    Poly,
    Rect,
    Section,
    Shape,
    Story,
    Table,
    TableKeeper,
    Text,
    refused_mark,
)

if TYPE_CHECKING:
    from kcal.games.kcaloria.replay import ReplayResult
    from kcal.games.kcaloria.rules.state import Placed
    from kcal.viewer.catalog import CatalogPage

#: the table is a map of tiles that grows in every direction: a phone pans it (the other packs' tables fit a
#: phone's width: tests/viewer/test_browser_text_boxes.py)
MAP = True
R = 60.0  #: hex circumradius, in SVG units (pixels at 100%)
SQ3 = sqrt(3.0)
LETTER = {"blue": "B", "green": "G", "yellow": "Y", "orange": "O", "red": "R", "purple": "P"}
CUBE_HEX = tuple(CUBE[c] for c in CUBE)  # in colour order, blue .. purple
#: players' colours (borders, badges): dark and saturated, none of them a cube or a type colour
PLAYER_COLOURS = ("#222222", "#e6007e", "#0097a7", "#8d5524")
INK = "#1a1a1a"
DIE = "#b00020"


#: a small triangle on the edge of a tile facing its owner's seat, as a printed tile is turned to face
#: its owner: seat 1 south, 2 north, 3 west, 4 east (the table seen from above)
SEAT_POINTER: tuple[tuple[tuple[float, float], ...], ...] = (
    ((-7.0, R - 7), (7.0, R - 7), (0.0, R + 5)),
    ((-7.0, -R + 7), (7.0, -R + 7), (0.0, -R - 5)),
    ((-R * 0.866 + 11, -8.0), (-R * 0.866 + 11, 8.0), (-R * 0.866 - 3, 0.0)),
    ((R * 0.866 - 11, -8.0), (R * 0.866 - 11, 8.0), (R * 0.866 + 3, 0.0)),
)
SEATS = ("south", "north", "west", "east")


def center(cell: Hex) -> tuple[float, float]:
    """The centre of a cell on the page: pointy-top hexes, axial ``(q, r)``, ``r`` downwards."""
    q, r = cell
    return (SQ3 * R * (q + r / 2), 1.5 * R * r)


def _hexagon(radius: float) -> tuple[tuple[float, float], ...]:
    return tuple((radius * cos(radians(a)), radius * sin(radians(a))) for a in (-90, -30, 30, 90, 150, 210))


def _wrap(name: str, width: int) -> list[str]:
    """``name`` in at most two lines of ``width`` characters (an ellipsis when it does not fit)."""
    words = name.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    lines.append(cur)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [s if len(s) <= width else s[: width - 1] + "…" for s in lines]


def cube_glyph(x: float, y: float, colour: int, size: float = 12.0) -> tuple[Shape, ...]:
    """A cube as printed: a square of its colour carrying its letter (the letter reads without colour)."""
    fill = CUBE_HEX[colour]
    return (Rect(x, y - size, size, size, fill=fill, stroke=INK, width=0.6, rx=1.5),
            Text(x + size / 2, y - size * 0.22, LETTER[COLORS[colour]], size * 0.78, fill=text_on(fill),
                 anchor="middle", bold=True))


def _amounts(pairs: Iterable[tuple[int, int]], x: float, y: float, size: float = 11.0) -> tuple[list[Shape], float]:
    """``2[B] 1[G]``: counts and cube glyphs from ``x``; returns the shapes and the width used."""
    out: list[Shape] = []
    x0 = x
    for c, n in pairs:
        if n != 1:
            out.append(Text(x, y - 1.5, str(n), size * 0.9, fill=INK, bold=True))
            x += len(str(n)) * size * 0.55 + 1
        out += cube_glyph(x, y, c, size)
        x += size + 3
    return out, x - x0


def _centred(parts: Sequence[tuple[list[Shape], float]], y: float, gap: float = 6.0) -> list[Shape]:
    """Lay groups made at x=0 side by side, centred on 0 (each group's width known)."""
    total = sum(w for _, w in parts) + gap * (len(parts) - 1)
    x = -total / 2
    out: list[Shape] = []
    for shapes, w in parts:
        for s in shapes:
            out.append(_shift(s, x, 0.0))
        x += w + gap
    return out


def _shift(s: Shape, dx: float, dy: float) -> Shape:
    from dataclasses import replace

    if isinstance(s, Rect | Text | Icon):
        return replace(s, x=s.x + dx, y=s.y + dy)
    if isinstance(s, Circle):
        return replace(s, cx=s.cx + dx, cy=s.cy + dy)
    if isinstance(s, Poly):
        return replace(s, points=tuple((x + dx, y + dy) for x, y in s.points))
    return s


#: the picture's square on a tile's face (docs/art.md): between the name and the yield, centred
PICTURE = 22.0
PICTURE_TOP = 2.5



#: the baseline of the cost row, above the name's first line (``NAME_Y``), where the hex is wide enough
#: for two alternatives; the room inside the type's inner border, as the hexagon's circumradius
COST_Y = -R * 0.38
#: the owner's badge: on the hexagon's left corner, over the owner's border
BADGE_X = -R * 0.8
NAME_Y = -R * 0.2
INNER = R - 9


def inside_hex(shapes: Iterable[Shape], radius: float = INNER) -> bool:
    """Whether every shape's box lies inside the pointy-top hexagon of ``radius`` centred on (0, 0)."""
    for s in shapes:
        x0, y0, x1, y1 = s.bbox()
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            if abs(x) > radius * SQ3 / 2 or abs(y) > radius - abs(x) / SQ3:
                return False
    return True


def cost_row(costs: Sequence[Sequence[tuple[int, int]]]) -> list[Shape]:
    """A tile's cost as printed along its top, alternatives separated by "/", at the largest size whose
    every glyph and figure lies inside the hex ("free" for a tile with no cost)."""
    if not costs:
        return [Text(0, COST_Y - 1, "free", 8, fill=INK, anchor="middle")]
    row: list[Shape] = []
    for size in (10.0, 9.0, 8.0, 7.0, 6.0, 5.0):  # the largest that fits inside the hex
        parts: list[tuple[list[Shape], float]] = []
        for k, alt in enumerate(costs):
            if k:
                parts.append(([Text(0, COST_Y - 1.5, "/", size, fill=INK)], size * 0.4))
            parts.append(_amounts(alt, 0, COST_Y, size))
        # each group's width ends with the 3-unit gap after its last glyph: centre the ink, not the gap
        row = [_shift(s, 1.5, 0.0) for s in _centred(parts, COST_Y, gap=2)]
        if inside_hex(row):
            break
    return row


def face(info: TileInfo, owner: int, owner_name: str, *, yield_y: float = R * 0.62) -> tuple[Shape, ...]:
    """The small printed face of a tile, centred on (0, 0), its border in the owner's colour, with the
    tile's picture between its name and its yield (at ``yield_y``)."""
    tt = TileType(info.type)
    pc = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
    out: list[Shape] = [
        Poly(_hexagon(R - 3), fill=BACKGROUND[tt], stroke=pc, width=6),
        Poly(_hexagon(R - 8), fill=None, stroke=BORDER[tt], width=1.5),
    ]
    # cost along the top: alternatives separated by "/" (a free tile shows "free")
    out += cost_row(info.costs)
    for k, line in enumerate(_wrap(info.name, 15)):
        out.append(Text(0, NAME_Y + k * (NAME_SIZE + 1), line, NAME_SIZE, fill=INK, anchor="middle", bold=True))
    out.append(picture(info.tile, PICTURE_TOP, PICTURE))
    # yield along the bottom, after an arrow
    pairs = [(c, n) for c, n in enumerate(info.base) if n]
    arrow: tuple[list[Shape], float] = ([Text(0, yield_y - 1.5, "→", 10, fill=INK)], 10.0)
    if pairs:
        out += _centred([arrow, _amounts(pairs, 0, yield_y, 10)], yield_y, gap=2)
    else:
        out.append(Text(0, yield_y - 1, "no yield", 7.5, fill=INK, anchor="middle"))
    # the owner's pointer, toward their seat (south, north, west, east), and badge on the left edge
    out.append(Poly(SEAT_POINTER[owner % len(SEAT_POINTER)], fill=pc, stroke="#ffffff", width=1))
    # the badge on the left corner, over the owner's border: clear of a name's lines (issue 34, item 5:
    # at -0.66 R it hid the "le" of leguminosarum)
    bx = BADGE_X
    out += [Circle(bx, 0, 7.5, fill=pc, stroke="#ffffff", width=1),
            Text(bx, 3.5, owner_name[:1].upper() or "?", 9.5, fill="#ffffff", anchor="middle", bold=True)]
    return tuple(out)


def picture(tile: Any, top: float, size: float) -> Icon:
    """The tile's picture (its icon, or its class's), centred across, ``top`` below the centre, in a dark
    shade of its type's colour."""
    from kcal.games.kcaloria.print.palette import picture_ink
    from kcal.games.kcaloria.print.picture import icon_of

    r, g, b = picture_ink(tile.type)
    return Icon(-size / 2, top, size, icon_of(tile), f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}")


def overlay(vec: tuple[int, ...], dice: tuple, barricade: tuple[int, int] | None, players: tuple[str, ...],
            cell: Hex | None) -> tuple[Shape, ...]:
    """A tile's unused cubes (count and glyph per colour), collapse dice, barricade timer, coordinates."""
    out: list[Shape] = []
    # beside the picture, never over it (issue 34, item 5): the first colour on its right, the next on
    # its left, and so on down, each count ending at the picture's edge on the left and starting there on
    # the right
    side = PICTURE / 2 + 2
    for k, (c, n) in enumerate((c, n) for c, n in enumerate(vec) if n):
        y = PICTURE_TOP + 12 + (k // 2) * 14
        w = 12 + 2 + len(f"×{n}") * 9.5 * 0.56
        x = side if k % 2 == 0 else -side - w
        out += [*cube_glyph(x, y, c, 12), Text(x + 14, y - 2, f"×{n}", 9.5, fill=INK, bold=True)]
    for k, d in enumerate(dice):  # on the top-right edge, clear of the name and the cubes
        who = players[d[0]][:1].upper() if 0 <= d[0] < len(players) else "?"
        out += die_glyph(R * 0.36 + k * 9, -R * 0.78 + k * 21, d[1], who)
    if barricade is not None:
        out += timer_glyph(-R * 0.36 - 26, -R * 0.74, barricade[1])  # on the top-left edge, clear of the name
    if cell is not None:
        out.append(Text(0, R * 0.76, f"{cell[0]},{cell[1]}", 7, fill="#555555", anchor="middle"))
    return tuple(out)


def die_glyph(x: float, y: float, value: int, who: str) -> tuple[Shape, ...]:
    """A collapse die: its value large, the initial of the player who started the collapse small."""
    return (Rect(x, y, 20, 20, fill="#ffffff", stroke=DIE, width=2, rx=3),
            Text(x + 8, y + 15, str(value), 13, fill=DIE, anchor="middle", bold=True),
            Text(x + 17.5, y + 17.5, who, 6.5, fill=DIE, anchor="middle", bold=True))


def timer_glyph(x: float, y: float, turns: int) -> tuple[Shape, ...]:
    """A barricade timer: a dark tag with an hourglass and the turns left."""
    return (Rect(x, y, 24, 13, fill="#5d4037", stroke="#ffffff", width=1, rx=2),
            Poly(((x + 3, y + 2.5), (x + 9, y + 2.5), (x + 3, y + 10.5), (x + 9, y + 10.5)), fill="#ffffff"),
            Text(x + 17, y + 10, str(turns), 9, fill="#ffffff", anchor="middle", bold=True))


class _Before:
    """The table as it was before a move, as the step's words read it (tiles, cubes, the tile table):
    the painter's copy of the table as last drawn, which it brings up to date after the words are
    written, so no move copies the whole state (issue 36)."""

    __slots__ = ("tiles", "cubes", "table")

    def __init__(self, tiles: dict[Hex, Placed], cubes: dict[Hex, tuple[int, ...]], table: Any) -> None:
        self.tiles, self.cubes, self.table = tiles, cubes, table


class _Painter:
    """Builds each frame's items as the change from the frame before: the cells a move touched (their
    cubes set or dropped: ``GameState.touched``, which a :class:`ScoreKeeper` collects), the cell it was
    played at, and those whose collapse dice or barricade changed; faces and overlays seen before are
    reused."""

    def __init__(self, state: GameState, coords: bool) -> None:
        self.players = state.players
        self.coords = coords
        self.faces: dict[tuple[int, int], tuple[Shape, ...]] = {}
        self.overlays: dict[tuple, tuple[Shape, ...]] = {}
        self.keeper = TableKeeper()
        self.scores = ScoreKeeper(state)  # attaches state.touched
        #: the table as last drawn: the state before the move being played
        self.before = _Before({}, {}, state.table)
        self.dice: dict[Hex, tuple] = {}
        self.barricades: dict[Hex, tuple[int, int]] = {}
        self.table = self._step(state, set(state.tiles))

    def step(self, state: GameState, at: Hex | None) -> Table:
        """The table after the move just played (at ``at``), as a change."""
        touched = state.touched
        assert touched is not None  # the score keeper's
        cells = set(touched)
        if at is not None:
            cells.add(at)
        self.scores.update(state)
        self.table = self._step(state, cells)
        return self.table

    def _step(self, state: GameState, cells: set[Hex]) -> Table:
        for mine, theirs in ((self.dice, state.dice), (self.barricades, state.barricades)):
            if mine or theirs:  # a few tiles at a time carry dice or a barricade
                cells.update(c for c in mine.keys() | theirs.keys() if mine.get(c) != theirs.get(c))
                mine.clear()
                mine.update(theirs)
        tiles, cubes = self.before.tiles, self.before.cubes
        put: list[Item] = []
        gone: list[str] = []
        on = [(p.uid, cell, p) for cell in cells if (p := state.tiles.get(cell)) is not None]
        for cell in cells:
            if cell not in state.tiles and tiles.pop(cell, None) is not None:
                cubes.pop(cell, None)
                gone += [f"t{cell[0]},{cell[1]}", f"c{cell[0]},{cell[1]}"]
        for _, cell, p in sorted(on, key=lambda t: t[0]):
            x, y = center(cell)
            key = (p.info.idx, p.owner)
            shapes = self.faces.get(key)
            if shapes is None:
                shapes = self.faces[key] = face(p.info, p.owner, self.players[p.owner])
            put.append(Item(f"t{cell[0]},{cell[1]}", x, y, shapes, 0))
            okey = (state.cubes[cell], state.dice.get(cell, ()), state.barricades.get(cell),
                    cell if self.coords else None)
            ov = self.overlays.get(okey)
            if ov is None:
                ov = self.overlays[okey] = overlay(*okey[:3], self.players, okey[3])
            put.append(Item(f"c{cell[0]},{cell[1]}", x, y, ov, 1))
            tiles[cell] = p
            cubes[cell] = state.cubes[cell]
        return self.keeper.change(put, gone)

    def summary(self, state: GameState) -> tuple[str, ...]:
        return _summary(state, self.scores.totals)


def _pretty(src: str) -> str:
    return src.replace("_", " ")


def _effect_words(kind: str, val: Any, src: str, other: str) -> str:
    if kind == "gain":
        return f"+{val}: {_pretty(src)} ({other})"
    if kind == "loss":
        return f"-{val}: {_pretty(src)} ({other})"
    if kind == "repro":
        return f"+{val}: reproduction ({other})"
    if kind == "base":
        return f"printed yield again{'' if val == 1 else f' x{val}'}: {_pretty(src)} ({other})"
    if kind == "loss_color":
        c, n = val
        return f"-{n} {COLORS[c]}: {_pretty(src)} ({other})"
    if kind == "remove":
        return f"removal starts: {_pretty(src)} ({other})"
    if kind == "timer":
        return f"barricade +{val} turn(s): {_pretty(src)} ({other})"
    return f"{kind} {val}: {_pretty(src)} ({other})"


def yield_reasons(before: GameState | _Before, after: GameState, move: Move) -> tuple[list[str], list[str]]:
    """Why the new tile got what it got, and what its arrival did to its neighbours, in words (the
    same pair effects and payment hooks the engine applies, read from the table before the move)."""
    cell = move.at
    placed = after.tiles.get(cell) if cell is not None else None
    if cell is None or placed is None or move.kind is not MoveKind.PLACE:
        return [], []
    info = placed.info
    own: list[str] = []
    theirs: list[str] = []
    cache = before.table.pair_cache
    for nb in neighbours(cell):
        p = before.tiles.get(nb)
        if p is None:
            continue
        on_new, on_old = pair_effects(info, p.info, cache)
        where = f"{p.info.name} at {format_hex(nb)}"
        own += [_effect_words(k, v, s, f"next to {where}") for k, v, s in on_new]
        theirs += [f"{where}: " + _effect_words(k, v, s, f"next to {info.name}") for k, v, s in on_old]
    pay = tuple((src, c, n) for _, src, c, n in placed.paid)
    if pay:
        ctx = PaymentContext(cast("GameState", before), cell, placed.owner, pay)  # it reads only tiles
        for eff in EFFECTS.values():
            if eff.payment is not None:
                for params in info.mods.get(eff.name, ()):
                    g = eff.payment(info, params, ctx)
                    if g:
                        own.append(f"{'+' if g > 0 else ''}{g}: {_pretty(eff.name)} (how it was paid)")
            if eff.paid_from is not None:
                for s in dict.fromkeys(src for src, _, _ in pay):
                    src_info = before.tiles[s].info
                    for params in src_info.mods.get(eff.name, ()):
                        g = eff.paid_from(src_info, params, info)
                        if g:
                            own.append(f"{'+' if g > 0 else ''}{g}: {_pretty(eff.name)} "
                                       f"(paid from {src_info.name} at {format_hex(s)})")
    if "camouflage" in info.mods:
        own.append("one cube changes colour: camouflage")
    return own, theirs


def _payment_lines(state: GameState | _Before, placed: Placed) -> list[str]:
    out = []
    for _, src, c, n in placed.paid:
        p = state.tiles.get(src)
        name = p.info.name if p is not None else "a tile that has left"
        out.append(f"{n} {COLORS[c]} from {name} at {format_hex(src)}")
    return out


def _changes(before: GameState | _Before, after: GameState, skip: Hex | None, cells: Iterable[Hex]) -> list[str]:
    """The cubes the move changed on the tiles among ``cells`` (the cells it touched) that were on the
    table before it, in the order they came."""
    out = []
    on = [(p.uid, cell, p) for cell in cells if (p := after.tiles.get(cell)) is not None]
    for _, cell, p in sorted(on, key=lambda t: t[0]):
        if cell == skip or cell not in before.cubes:
            continue
        old, new = before.cubes[cell], after.cubes[cell]
        if old != new:
            out.append(f"{p.info.name} at {format_hex(cell)}: {cubes_text(old)} → {cubes_text(new)}")
    return out


def _timers(state: GameState) -> list[str]:
    out = []
    for cell, dice in sorted(state.dice.items()):
        p = state.tiles.get(cell)
        if p is None:
            continue
        for d in dice:
            out.append(f"die {d[1]} on {p.info.name} at {format_hex(cell)} ({d[3]}, started by "
                       f"{state.players[d[0]]})")
    for cell, (owner, left) in sorted(state.barricades.items()):
        p = state.tiles.get(cell)
        if p is not None:
            out.append(f"barricade {p.info.name} at {format_hex(cell)}: {left} turn(s) left ({state.players[owner]})")
    return out


def _summary(state: GameState, totals: Sequence[int] | None = None) -> tuple[str, ...]:
    """The scores (``totals``, in seat order, when a score keeper follows the game) and who plays next."""
    scores = state.scores() if totals is None else dict(zip(state.players, totals, strict=True))
    lines = [f"{p}: {n}" for p, n in scores.items()]
    if state.ended:
        lines.append(game_over_line(state.ended.end_reason, state.ended.winners))
    else:
        lines.append(f"{state.turn_player} to play (turn {state.turn + 1})")
    return tuple(lines)


def _step_sections(before: GameState | _Before, after: GameState, move: Move, events: list[str],
                   cells: Iterable[Hex]) -> tuple[Section, ...]:
    """The step's words: ``before`` the table before the move, ``cells`` the cells the move touched."""
    out: list[Section] = []
    placed = after.tiles.get(move.at) if move.at is not None else None
    if move.kind is MoveKind.PLACE:
        if placed is not None:
            info = placed.info
            out.append(Section("Payment", tuple(_payment_lines(before, placed)) or ("free: no cost",)))
            own, theirs = yield_reasons(before, after, move)
            got = cubes_text(after.cubes[move.at]) if move.at in after.cubes else "(already gone)"
            lines = [f"{info.name} gets {got}", f"printed yield: {cubes_text(info.base)}"] + own
            out.append(Section("Yield and why", tuple(lines)))
            changed = _changes(before, after, move.at, cells)
            if theirs or changed:
                out.append(Section("Other tiles", tuple(theirs + changed)))
        elif move.tile is not None:
            out.append(Section("Placed and gone", (f"{move.tile} left the table the same turn",)))
    elif move.kind is MoveKind.RESCUE and placed is not None:
        out.append(Section("Payment", tuple(_payment_lines(before, placed))))
        changed = _changes(before, after, None, cells)
        if changed:
            out.append(Section("Cubes", tuple(changed)))
    elif move.kind is MoveKind.DISCARD:
        out.append(Section("Discarded", tuple(move.discard)))
    rest = [e for e in events if not e.startswith(f"{move.player} places ")]
    if rest:
        out.append(Section("Events", tuple(rest)))
    timers = _timers(after)
    if timers:
        out.append(Section("Collapse dice and timers", tuple(timers)))
    return tuple(out)


def legend(players: tuple[str, ...]) -> tuple[Item, ...]:
    """Cube colours with letters and points, tile types, players' borders, dice and timers."""
    shapes: list[Shape] = [Text(0, 12, "Cubes (points each)", 12, bold=True)]
    y = 30.0
    for c, name in enumerate(COLORS):
        shapes += cube_glyph(0, y, c, 13)
        shapes.append(Text(19, y - 2, f"{name} ({c})", 11, fill=INK))
        y += 17
    y += 8
    shapes.append(Text(0, y, "Tile types", 12, bold=True))
    y += 16
    for tt in TileType:
        shapes.append(Rect(0, y - 11, 22, 13, fill=BACKGROUND[tt], stroke=BORDER[tt], width=1.5))
        shapes.append(Text(28, y, tt.value, 11, fill=INK))
        y += 16
    y += 8
    shapes.append(Text(0, y, "Owners (border, badge, pointer to seat)", 12, bold=True))
    y += 16
    for i, p in enumerate(players):
        pc = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        shapes += [Rect(0, y - 11, 22, 13, fill="#ffffff", stroke=pc, width=4),
                   Text(28, y, f"{p[:1].upper()}: {p} (sits {SEATS[i % len(SEATS)]})", 11, fill=INK)]
        y += 16
    y += 8
    shapes += [Text(0, y, "Marks", 12, bold=True),
               *die_glyph(0, y + 4, 2, "B"),
               Text(26, y + 19, "collapse die (value; B started it)", 11, fill=INK),
               *timer_glyph(0, y + 29, 3),
               Text(30, y + 40, "barricade: turns left", 11, fill=INK),
               Text(0, y + 60, "top: cost (/ = or); bottom: → yield", 11, fill=INK)]
    return (Item("legend", 0, 0, tuple(shapes)),)


def refused_at(state: GameState, move: Move) -> tuple[Item, ...]:
    """A refused move's mark on the cell it was tried at (a move with no cell marks nothing), with the
    tile that was tried drawn there in its player's colours when the cell is empty and the tile and
    player are known: the move was refused, so the table itself never shows it."""
    if move.at is None:
        return ()
    x, y = center(move.at)
    what = move.tile or str(move.kind)
    tried: tuple[Shape, ...] = ()
    info = state.table.by_key.get(state.table.fold(move.tile)) if move.tile else None
    if info is not None and move.at not in state.tiles and move.player in state.players:
        owner = state.players.index(move.player)
        tried = face(info, owner, state.players[owner])
    return (Item("refused", x, y, refused_mark(_hexagon(R - 2), f"refused: {what}", tried=tried), 2),)


def story(path: str | Path, *, upto: int | None = None, coords: bool = False, every: bool = True,
          checked: ReplayResult | None = None) -> Story:
    """The game record at ``path`` step by step (every frame, or only the one after ``upto`` moves
    when ``every`` is False). ``checked``: the replay of the same record, when the caller has it.
    Bad input raises the replay's positioned errors."""
    from kcal.core.yamlsafe import load_yaml
    from kcal.games.kcaloria.files.load import load_library, validate_doc
    from kcal.games.kcaloria.files.recordfile import GameRecord
    from kcal.games.kcaloria.replay import replay

    if checked is None:
        checked = replay(path)  # every name, player and position checked the way rules replay does
    doc = load_yaml(Path(path))
    source = doc.path
    record = validate_doc(doc, GameRecord)
    specs = ["builtin"] if record.catalogs is None else list(record.catalogs)
    library = load_library(specs, base=Path(path).parent) if specs else None
    state = replay(record.model_copy(update={"moves": ()}), library).state  # the same deal, no move yet
    painter = _Painter(state, coords)
    last = checked.moves_applied if upto is None else min(upto, checked.moves_applied)
    frames: list[Frame] = []
    if every or last == 0:
        frames.append(Frame(painter.table, "the table before the first move", (), painter.summary(state), step=0))
    for i, entry in enumerate(record.moves[:last]):
        move = Move.from_record(entry)
        want = every or i == last - 1
        state.events = []
        state.apply(move)
        sections: tuple[Section, ...] = ()
        if want:  # the words first, while the painter still holds the table before the move
            last_played: Any = state.history  # (previous, move): the move as the game spells its player
            move = last_played[1]
            sections = _step_sections(painter.before, state, move, state.events or [], set(state.touched or ()))
        table = painter.step(state, move.at)
        if want:
            frames.append(Frame(table, f"{i + 1}. {move}", sections, painter.summary(state), step=i + 1))
    state.events = None
    state.touched = None
    if checked.illegal_index is not None and (upto is None or upto > checked.moves_applied):
        bad = record.moves[checked.illegal_index]
        words = str(Move.from_record(bad))
        ill = checked.illegal
        where = f"{source}:{ill.line}:{ill.column or 1}" if ill is not None and ill.line else source
        frames.append(Frame.refused(painter.table, checked.illegal_index, words, checked.illegal_reason or "",
                                    where, painter.summary(state), checked.moves_applied, refused_at(state, Move.from_record(bad))))
    title = f"kCaloria: {Path(str(source)).name} ({', '.join(state.players)}, {state.mode})"
    return Story.told(title, frames, every, legend(state.players))


def printed_face(info: TileInfo) -> tuple[Shape, ...]:
    """A catalog tile as printed: type colours, rarity, cost, Latin name, picture, biomes (a column at the
    left), modifiers and yield (the table's face, without an owner; the common name is the catalog's
    label under it)."""
    from kcal.games.kcaloria.print.palette import RARITY
    from kcal.games.kcaloria.rules.domain import Rarity

    tt = TileType(info.type)
    tile = info.tile
    out: list[Shape] = [s for s in face(info, 0, " ")
                        if not (isinstance(s, Circle | Icon) or (isinstance(s, Text) and s.text == " ")
                                or (isinstance(s, Poly) and s.points == SEAT_POINTER[0]))]
    out[0] = Poly(_hexagon(R - 3), fill=BACKGROUND[tt], stroke=BORDER[tt], width=4)
    out.append(Circle(R * 0.6, -R * 0.55, 5, fill=RARITY[Rarity(tile.rarity)], stroke=INK, width=0.6))
    out.append(picture(tile, 1.0, 16.0))
    biomes = [b.value for b in tile.biomes]
    for k, code in enumerate(biomes[:3]):
        shown = code + ("…" if k == 2 and len(biomes) > 3 else "")
        out.append(Text(-R * 0.62, 7.0 + 8.0 * k, shown, 7, fill="#2e5d3a", anchor="middle", bold=True))
    mods = ", ".join(m.name.replace("_", " ") for m in tile.modifiers)
    if mods:  # right of the biome column, clear of it (issue 34, item 5)
        out.append(Text(8, 27.5, mods[:15] + ("…" if len(mods) > 15 else ""), 7, fill="#5d4037", anchor="middle"))
    return tuple(out)


def catalog_page(catalogs: Sequence[Path] | None = None, no_builtin: bool = False) -> CatalogPage:
    """The catalog for ``kcal catalog browse``: every tile's printed face, the ``catalog list``
    facets, and the deck rules of the standard format (60 tiles, at most 5 of a name, an opening 7
    needs a water tile)."""
    import json

    from kcal.games.kcaloria.catalog import library_for
    from kcal.games.kcaloria.deck.formats import deck_format
    from kcal.games.kcaloria.rules.domain import HAND_SIZE
    from kcal.games.kcaloria.rules.setup import build_table
    from kcal.viewer.catalog import CatalogCard, CatalogPage, DeckRules

    library = library_for(catalogs, no_builtin)
    table = build_table(list(library.tiles))
    cards = []
    for tile in library.tiles:
        info = table.get(tile.name)
        assert info is not None  # the table is built from these very tiles
        costs = sorted({c.value for alt in tile.cost for c in alt})
        facets = {"type": (tile.type.value,), "class": (tile.klass.value,), "rarity": (tile.rarity.value,),
                  "biome": tuple(b.value for b in tile.biomes),
                  "modifier": tuple(sorted({m.name for m in tile.modifiers})), "cost": tuple(costs)}
        cards.append(CatalogCard(tile.id, tile.name, tile.common_name or "", printed_face(info), facets,
                                 f"{tile.id} {tile.common_name or ''}",
                                 ("water",) if tile.type is TileType.WATER else ()))
    fmt = deck_format("standard")
    specs = ([] if no_builtin else ["builtin"]) + [str(Path(c).resolve()) for c in catalogs or ()]
    rules = DeckRules(fmt.deck_size, fmt.max_copies, HAND_SIZE, "water", "water tiles",
                      ("format: standard", "catalogs: " + json.dumps(specs)))
    filters = (("type", "Type"), ("class", "Class"), ("rarity", "Rarity"), ("biome", "Biome"),
               ("modifier", "Modifier"), ("cost", "Cost colour"))
    return CatalogPage(f"kCaloria catalog ({len(cards)} tiles)", tuple(cards), filters, rules)
