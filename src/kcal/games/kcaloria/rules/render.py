"""Text for people: an ASCII hex map of the board and a line per tile.

Rows are ``r``; a cell's column is ``2q + r`` (doubled coordinates), so the six neighbours of a cell
sit left, right and diagonally above and below it, as on the table.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from kcal.games.kcaloria.rules.tiles import COLORS

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState

_W = 4  # characters per doubled column
#: the most characters the text map's bounding box may take (rows times row width); past it the map is one
#: line naming its size, not drawn: a board laid out along a line is a box of its length squared (2,000
#: tiles in a column drew 4.2 MB, 100,000 would draw gigabytes), and no terminal shows such a map anyway
MAP_CHARS = 200_000


def _abbr(name: str) -> str:
    parts = name.split()
    if len(parts) >= 2:
        return (parts[0][:2] + parts[1][:2]).title()
    return name[:4].title()


def cubes_text(vec: Sequence[int]) -> str:
    return ", ".join(f"{n} {COLORS[c]}" for c, n in enumerate(vec) if n) or "no cubes"


@functools.lru_cache(maxsize=4096)
def _cubes_words(vec: tuple[int, ...]) -> str:
    """:func:`cubes_text` of a tile's counts, kept: the board's tiles share one tuple for each count of
    cubes (``GameState.set_cubes``), so a long board's lines need the words of a few
    (as :func:`kcal.games.kcaloria.files.position.cube_items` keeps their JSON)."""
    return cubes_text(vec)


def hex_map(state: GameState) -> str:
    """The board as rows of ``A:Bayo`` labels (owner initial, name abbreviation)."""
    if not state.tiles:
        return "(the table is empty)"
    rmin = min(c[1] for c in state.tiles)
    rmax = max(c[1] for c in state.tiles)
    xmin = min(2 * q + r for q, r in state.tiles)  # a cell's doubled column (no dict of them: a
    xmax = max(2 * q + r for q, r in state.tiles)  # 100,000-tile board is drawn as one line anyway)
    width = (xmax - xmin + 2) * _W + 4
    if (rmax - rmin + 1) * width > MAP_CHARS:
        return (f"(the board spans {rmax - rmin + 1:,} rows and {(xmax - xmin) // 2 + 1:,} columns: too large "
                f"a map for text; --svg, --png or --html draw it)")
    initials = _initials(state)
    lines = []
    for r in range(rmin, rmax + 1):
        row = [" "] * width
        for x in range(xmin, xmax + 1):
            if (x - r) % 2:
                continue
            q = (x - r) // 2
            p = state.tiles.get((q, r))
            label = "  .   " if p is None else f"{initials[p.owner]}:{_abbr(p.info.name)}"
            if p is not None and (q, r) in state.dice:
                label += "!"
            pos = (x - xmin) * _W
            for k, ch in enumerate(label[: 2 * _W - 1]):
                row[pos + k] = ch
        lines.append(f"r={r:>3} " + "".join(row).rstrip())
    return "\n".join(lines)


def _initials(state: GameState) -> list[str]:
    out: list[str] = []
    for p in state.players:
        ch = p[:1].upper() or "?"
        out.append(ch if ch not in out else str(len(out) + 1))
    return out


def board_lines(state: GameState) -> Iterator[str]:
    """A line per tile on the table, the oldest first, made as they are read (the words of each count of
    cubes once: tiles with the same counts share one tuple, a long board's few)."""
    tiles = state.tiles
    for cell in sorted(tiles, key=lambda c: tiles[c].uid):
        p = tiles[cell]
        words = _cubes_words(state.cubes[cell])
        dice = state.dice.get(cell)
        extra = ""
        if dice:
            extra = "  collapse dice " + ", ".join(f"{state.players[d[0]]}:{d[1]}" for d in dice)
        if cell in state.barricades:
            extra += f"  barricade {state.barricades[cell][1]} turn(s)"
        yield (f"  [{cell[0]:>3}, {cell[1]:>3}]  {p.info.name} ({state.players[p.owner]}): "
               f"{words}{extra}")
