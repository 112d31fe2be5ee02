"""Costs: which cubes next to a cell can pay a tile, the engine's default payment, and checks of
an explicit payment. Costs are paid from unused cubes on tiles adjacent to the cell, of any owner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from kcal.games.kcaloria.rules.effects import EFFECTS
from kcal.games.kcaloria.rules.hexgrid import Hex, format_hex, neighbours
from kcal.games.kcaloria.rules.tiles import COLORS, ZERO6, TileInfo, fmt_amounts, waived_fill

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.moves import Payment
    from kcal.games.kcaloria.rules.state import GameState

_anchor_cost = EFFECTS["anchor"].cost
assert _anchor_cost is not None  # the anchor modifier's cost hook (engine.effects)
_ANCHOR = _anchor_cost


def waived_colors(state: GameState, cell: Hex) -> frozenset[int]:
    """Colours an adjacent anchor satisfies for free."""
    out = set()
    tiles = state.tiles
    for nb in neighbours(cell):
        p = tiles.get(nb)
        if p is not None and "anchor" in p.info.mods:
            for params in p.info.mods["anchor"]:
                out.add(_ANCHOR(p.info, params))
    return frozenset(out)


def set_anchor(state: GameState, cell: Hex, placed: bool) -> None:
    """An anchor came to (``placed``) or left ``cell``: the state's anchors and their fills
    (:func:`~kcal.games.kcaloria.rules.legal.anchor_fills`), together. Only the fills of the cells next
    to it change (through the state's log, so a pop undoes it). A fill is one full field per waived
    colour, so the fill of several anchors is the bitwise or of theirs: a new anchor adds its own to each
    cell next to it; an anchor that left has each cell next to it filled again from the anchors still
    next to it. The fills used to be rebuilt from every anchor on the board whenever one came or went,
    which a greedy bot paid for each candidate placing an anchor."""
    if placed:
        state.anchors = state.anchors + (cell,)
    else:
        state.anchors = tuple(c for c in state.anchors if c != cell)
    fills = state.afill
    if placed:
        p = state.tiles[cell]
        own = waived_fill({_ANCHOR(p.info, params) for params in p.info.mods["anchor"]})
        for nb in neighbours(cell):
            old = fills.get(nb, 0)
            if old | own != old or nb not in fills:
                state.jset(fills, nb, old | own)
        return
    for nb in neighbours(cell):
        waived = waived_colors(state, nb)
        if not waived:
            state.jpop(fills, nb)
        else:
            fill = waived_fill(waived)
            if fills.get(nb) != fill:
                state.jset(fills, nb, fill)


def effective_costs(info: TileInfo, waived: frozenset[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
    if not waived:
        return info.costs
    return tuple(tuple((c, n) for c, n in alt if c not in waived) for alt in info.costs)


def costs_at(state: GameState, info: TileInfo, cell: Hex) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The cost alternatives of ``info`` at ``cell``: the printed ones, less what adjacent anchors
    satisfy. Placement and rescue both pay these."""
    if not info.costs or not state.anchors:
        return info.costs
    waived = waived_colors(state, cell)
    if not waived:
        return info.costs
    hit = info.costs_waived.get(waived)
    if hit is None:
        hit = info.costs_waived[waived] = effective_costs(info, waived)
    return hit


def sources(state: GameState, cell: Hex, exclude: Hex | None = None) -> list[Hex]:
    """Cells next to ``cell`` whose cubes may pay: opponents' tiles first, then the player's own
    (the default payment spares the payer's score), each group in direction order."""
    tiles = state.tiles
    me = state.current  # (the turn player's seat)
    leaving = state.leaving
    theirs: list[Hex] = []
    mine: list[Hex] = []
    for nb in neighbours(cell):
        p = tiles.get(nb)
        if p is None or nb in leaving or (exclude is not None and nb == exclude):
            continue
        if p.owner == me:
            mine.append(nb)
        else:
            theirs.append(nb)
    return theirs + mine if theirs else mine


def available(state: GameState, cell: Hex, exclude: Hex | None = None) -> list[int]:
    """Unused cubes by colour on the tiles next to ``cell``."""
    tot = [0, 0, 0, 0, 0, 0]
    tiles = state.tiles
    cubes = state.cubes
    leaving = state.leaving
    for nb in neighbours(cell):
        if nb in tiles and nb != exclude and nb not in leaving:
            v = cubes[nb]
            for i in range(6):
                tot[i] += v[i]
    return tot


NO_CUBES = (0,) * 6  # the packed cubes of a cell without a tile (map(pcubes.get, cells, NO_CUBES))


def packed_available(state: GameState, cell: Hex) -> int:
    """:func:`available` packed into one int (cached in ``state.avail`` until a neighbour changes)."""
    v = state.avail.get(cell)
    if v is None:
        pc = state.pcubes
        leaving = state.leaving
        if leaving:
            v = 0
            for nb in neighbours(cell):
                if nb in pc and nb not in leaving:
                    v += pc[nb]
        else:
            v = sum(map(pc.get, neighbours(cell), NO_CUBES))
        state.jset(state.avail, cell, v)
    return v


def first_payable(alts: Sequence[Sequence[tuple[int, int]]], avail: Sequence[int]) -> int:
    """Index of the first alternative ``avail`` covers, or -1. A tile without a cost gives 0."""
    if not alts:
        return 0
    for i, alt in enumerate(alts):
        for c, n in alt:
            if avail[c] < n:
                break
        else:
            return i
    return -1


def default_payment(state: GameState, cell: Hex, alt: Iterable[tuple[int, int]],
                    exclude: Hex | None = None) -> Payment | None:
    """The deterministic payment of one alternative: ``((cell, colour, n), ...)``."""
    out = []
    srcs = sources(state, cell, exclude)
    cubes = state.cubes
    for c, need in alt:
        for s in srcs:
            if need == 0:
                break
            have = cubes[s][c]
            if have:
                take = have if have < need else need
                out.append((s, c, take))
                need -= take
        if need:
            return None
    return tuple(out)


def unpayable_reason(info_name: str, alts: Sequence[Sequence[tuple[int, int]]], avail: Sequence[int],
                     cell: Hex, what: str = "costs") -> str:
    colours = []
    for alt in alts:
        for c, _ in alt:
            if c not in colours:
                colours.append(c)
    held = " and ".join(f"{avail[c]} {COLORS[c]}" for c in colours)
    cost = " or ".join(fmt_amounts(alt) for alt in alts)
    return f"{info_name} {what} {cost}; the tiles next to {format_hex(cell)} hold {held}"


def check_explicit(state: GameState, cell: Hex, alts: Sequence[Sequence[tuple[int, int]]], pay: Payment,
                   exclude: Hex | None = None) -> tuple[int, str | None]:
    """Check a payment a move spells out. Returns ``(alt_index, None)`` or ``(-1, reason)``."""
    near = set(neighbours(cell))
    taken: dict[tuple[Hex, int], int] = {}
    total = [0, 0, 0, 0, 0, 0]
    for src, c, n in pay:
        if n < 0:
            return -1, f"a payment of {n} {COLORS[c]} is negative"
        if src not in near or src == exclude:
            return -1, f"{format_hex(src)} is not next to {format_hex(cell)}, so its cubes cannot pay"
        p = state.tiles.get(src)
        if p is None:
            return -1, f"there is no tile at {format_hex(src)} to pay from"
        if src in state.leaving:
            return -1, f"{p.info.name} at {format_hex(src)} leaves the table this turn and cannot pay"
        taken[(src, c)] = taken.get((src, c), 0) + n
        total[c] += n
    for (src, c), n in taken.items():
        have = state.cubes[src][c]
        if have < n:
            return -1, (f"{state.tiles[src].info.name} at {format_hex(src)} holds {have} {COLORS[c]}, "
                        f"not {n}")
    for i, alt in enumerate(alts):
        want = list(ZERO6)
        for c, n in alt:
            want[c] += n
        if want == total:
            return i, None
    return -1, (f"the payment ({fmt_amounts(total)}) matches no cost alternative "
                f"({' or '.join(fmt_amounts(a) for a in alts) or 'free'})")
