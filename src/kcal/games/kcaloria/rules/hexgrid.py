"""Axial hex coordinates: a cell is a plain ``(q, r)`` tuple of ints (SPEC "Facts the rulebook fixes").

Neighbour tuples are memoised, because the engine asks for them in its hot loop.
"""

from __future__ import annotations

from typing import Any

Hex = tuple[int, int]

#: The six directions, in the order SPEC lists them.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}
#: Games stay within a few hundred cells of the origin; a board that wanders further only
#: restarts the memo.
NEIGHBOURS_LIMIT = 1 << 14


def neighbours(cell: Hex) -> tuple[Hex, ...]:
    """The six cells next to ``cell`` (memoised). A miss is every new cell of a board past the memo's
    bound (a long replay's: three a move), so it takes its shared cells with ``dict.setdefault``, one
    C call each, not six calls of :func:`cell_of` (at 100,000 moves: 44 us a move to 25)."""
    try:
        return _NEIGHBOURS[cell]
    except KeyError:
        q, r = cell
        if len(_NEIGHBOURS) >= NEIGHBOURS_LIMIT:
            _NEIGHBOURS.clear()
        if len(_CELLS) > NEIGHBOURS_LIMIT - 6:
            _CELLS.clear()
        near = ((q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1))
        out = _NEIGHBOURS[cell] = tuple(map(_CELLS.setdefault, near, near))
        return out


#: One tuple per cell: the engine's dicts are keyed by cells, and a lookup whose key is the very
#: object stored skips comparing the tuples (a solo ply makes hundreds of such lookups).
_CELLS: dict[Hex, Hex] = {}


def cell_of(cell: Hex) -> Hex:
    """The one shared tuple for ``cell``'s coordinates (not on the hot path: the memoised
    neighbours, rings and parsed cells are made of these)."""
    hit = _CELLS.get(cell)
    if hit is None:
        if len(_CELLS) >= NEIGHBOURS_LIMIT:
            _CELLS.clear()
        hit = _CELLS[cell] = cell
    return hit


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """Cells at exactly ``radius`` from ``center``, in a fixed order."""
    if radius == 0:
        return [cell_of(center)]
    q, r = center[0] - radius, center[1] + radius  # start at direction (-1, +1) * radius
    out = []
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        for _ in range(radius):
            out.append(cell_of((q, r)))
            q += dq
            r += dr
    return out


def parse_hex(value: Any) -> Hex:
    """``[q, r]`` (list or tuple of two ints) to a cell."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"a cell is [q, r] with two whole numbers, got {value!r}")
    return cell_of((value[0], value[1]))


def format_hex(cell: Hex) -> str:
    return f"[{cell[0]}, {cell[1]}]"
