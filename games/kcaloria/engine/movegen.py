"""Legal-move generation, built from the tests of :mod:`kcal.games.kcaloria.engine.legal`: every generated move
applies. Generated moves use the engine's default payment and choices.

This is the engine's hot loop (see bench/bench_engine.py): a frontier cell's unused neighbouring
cubes are one packed int kept up to date incrementally; the tile table caches, per packed value,
the bit mask of tiles it pays for; a mask of the hand picks the playable ones; and each frontier
cell carries a cache of its (immutable) moves by mask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kcal.games.kcaloria.engine import collapse
from kcal.games.kcaloria.engine.hexgrid import Hex
from kcal.games.kcaloria.engine.legal import (
    MAX_DISCARD,
    blocked_cells,
    first_tile_cells,
    move_cache_of,
    open_cells,
    remove_targets,
    waived_map,
)
from kcal.games.kcaloria.engine.movelist import Discards, MoveList
from kcal.games.kcaloria.engine.moves import Move, MoveKind, fast_place
from kcal.games.kcaloria.engine.payment import packed_available, packed_costs
from kcal.games.kcaloria.engine.tiles import GUARD, TileInfo, TileTable

if TYPE_CHECKING:
    from kcal.games.kcaloria.engine.state import GameState


def generate(state: GameState) -> list[Move] | MoveList:
    """The turn player's legal moves: a list, or in a standard game with a closed hand a
    :class:`~kcal.games.kcaloria.engine.movelist.MoveList` whose discards are built on demand."""
    if state.ended is not None:
        return []
    i = state.current
    player = state.players[i]
    out: list[Move] = []
    seen: set[str] = set()
    normal: list[TileInfo] = []
    roaming: list[TileInfo] = []
    tiles = state.tiles
    cells: Any
    if not tiles:
        cells = [(0, 0)]
        first = True
    elif not state.frontier[i]:
        cells = first_tile_cells(state)
        first = True
    else:
        cells = state.frontier[i]
        first = False
    for info in state.hand_infos(i):
        if info.key not in seen:
            seen.add(info.key)
            (roaming if not first and "transplant" in info.mods else normal).append(info)
    blocked = blocked_cells(state, i) if state.barricades else ()
    pc = move_cache_of(state, i)
    if first:
        items = [(c, pc.setdefault(c, {})) for c in cells if c not in blocked]
    elif blocked:
        items = [(c, cm) for c, cm in cells.items() if c not in blocked]
    else:
        items = cells.items()
    waived = waived_map(state) if state.anchors else None
    _scan(state, player, items, normal, waived, out)
    if roaming:
        items = [(c, pc.setdefault(c, {})) for c in sorted(open_cells(state)) if c not in blocked]
        _scan(state, player, items, roaming, waived, out)
    rescues = []
    for cell in sorted(state.dice):  # the turn player's rescues (others may rescue too: see rulings)
        p = tiles.get(cell)
        if p is not None and p.owner == i and collapse.starving(state, cell):
            if collapse.rescue_plan(state, i, cell, None)[0] is None:
                rescues.append(Move.rescue(player, cell))
    if state.mode != "solo" and not state.open_hands and state.hands[i]:
        return MoveList(out, Discards(player, [info.name for info in state.hands[i]], MAX_DISCARD), rescues)
    if rescues:
        out.extend(rescues)
    return out


def _scan(state: GameState, player: str, items, infos, waived, out) -> None:
    """Append a place move for every (cell, tile) whose cost the cubes next to the cell cover.

    The hot loop of the engine. The unused cubes next to a cell are one packed int (kept up to
    date incrementally); the table caches, per packed value, the bit mask of tiles it pays for;
    a mask of the hand picks the playable ones; generated moves are reused from a cache.

    Measured against a version doing each step as one C-level pass over the cells (``map``,
    ``chain``, ``compress``): that one was 40 % slower on the built-in decks (a frontier of ~25
    cells is too short to repay six list allocations), so this loop stays."""
    table = state.table
    avail = state.avail
    pos = table.pos
    hand = 0
    special = []
    for info in infos:
        if "remove" in info.mods:
            special.append(info)
        else:
            hand |= 1 << pos[info.key]
    cover = table.cover_cache
    if not waived and not special:  # the common case, kept as tight as it goes
        for cell, cm in items:
            a = avail.get(cell)
            if a is None:
                a = packed_available(state, cell)
            x = cover.get(a)
            if x is None:
                x = table.cover(a)
            x &= hand
            if x:
                ms = cm.get(x)
                if ms is None:
                    ms = _moves_for(player, cell, cm, x, table)
                out.extend(ms)
        return
    for cell, cm in items:
        a = avail.get(cell)
        if a is None:
            a = packed_available(state, cell)
        if waived and cell in waived:
            x = table.cover_waived(a, waived[cell]) & hand
        else:
            x = cover.get(a)
            if x is None:
                x = table.cover(a)
            x &= hand
        if x:
            ms = cm.get(x)  # the moves for this set of playable tiles at this cell
            if ms is None:
                ms = _moves_for(player, cell, cm, x, table)
            out.extend(ms)
        for info in special:
            pcs = packed_costs(info, waived[cell]) if waived and cell in waived else info.pcosts
            if pcs:
                a2 = packed_available(state, cell) | GUARD
                if not any((a2 - pc) & GUARD == GUARD for pc in pcs):
                    continue
            for t in remove_targets(state, info, cell):
                out.append(fast_place(player, info.name, cell, t))


def _moves_for(player: str, cell: Hex, cm: dict, x: int, table: TileTable) -> tuple[Move, ...]:
    """The moves for the tiles in mask ``x`` at ``cell``, cached in the cell's ``cm`` (the table
    counts the entries and keeps the cache bounded)."""
    tinfos = table.infos
    ms = []
    y = x
    new = 0
    while y:
        low = y & -y
        y ^= low
        k = -low.bit_length()  # negative keys: single moves; positive: masks
        m = cm.get(k)
        if m is None:
            m = cm[k] = fast_place(player, tinfos[-k - 1].name, cell)
            new += 1
        ms.append(m)
    out = cm[x] = tuple(ms)
    table.added_moves(new)
    return out


def any_placement(state: GameState) -> bool:
    """True when the turn player can place some tile (early exit; used for stagnation)."""
    moves = state._moves
    if moves is None:
        moves = state._moves = generate(state)
    if type(moves) is MoveList:
        moves = moves.places
    return any(m.kind is MoveKind.PLACE for m in moves)
