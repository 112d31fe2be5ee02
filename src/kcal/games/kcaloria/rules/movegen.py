"""Legal-move generation, built from the tests of :mod:`kcal.games.kcaloria.rules.legal`: every generated move
applies. Generated moves use the engine's default payment and choices.

This is the engine's hot loop (see bench/bench_engine.py): a frontier cell's unused neighbouring
cubes are one packed int kept up to date incrementally; the tile table caches, per packed value,
the bit mask of tiles it pays for; a mask of the hand picks the playable ones; and each frontier
cell carries a cache of its (immutable) moves by mask, made when its first move is generated
(:data:`~kcal.games.kcaloria.rules.legal.NO_MOVES` until then).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kcal.games.kcaloria.rules import collapse
from kcal.games.kcaloria.rules.hexgrid import Hex, cell_of
from kcal.games.kcaloria.rules.legal import (
    MAX_DISCARD,
    NO_MOVES,
    anchor_fills,
    blocked_cells,
    first_tile_cells,
    move_cache_of,
    open_cells,
    own_move_cache,
    remove_targets,
    starts_afresh,
)
from kcal.games.kcaloria.rules.movelist import Discards, MoveList, Places, single_move
from kcal.games.kcaloria.rules.moves import Move, MoveKind, fast_place
from kcal.games.kcaloria.rules.payment import packed_available
from kcal.games.kcaloria.rules.tiles import GUARD, TileInfo

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState


# kept whole: the hot loop of move generation; bench/bench_engine.py counts a ply's instructions (issue 12), and a call per part would add to them
def generate(state: GameState) -> list[Move] | MoveList:
    """The turn player's legal moves: a list, or in a standard game with a closed hand a
    :class:`~kcal.games.kcaloria.rules.movelist.MoveList` whose discards are built on demand."""
    if state.ended is not None:
        return []
    i = state.current
    player = state.players[i]
    out: list[Move] = []
    tiles = state.tiles
    table = state.table
    cells: Any
    front = state.frontier[i]
    if not tiles:
        cells = [cell_of((0, 0))]
        first = True
    elif not front:  # no tile of the player's on the table: 5 spaces away; all hemmed in: none
        afresh = starts_afresh(state, i)
        cells = first_tile_cells(state) if afresh else {}
        first = afresh
    else:
        cells = front
        first = False
    hand = 0
    bit_of = table.bit_of
    piles = state.piles
    if piles is not None:  # (state.hand_infos, inline: solo, the tops of the piles)
        for pile in piles:
            if pile:
                hand |= bit_of[pile[-1].key]
    else:
        for info in state.hand_infos(i):
            hand |= bit_of[info.key]
    if hand >> table.n_cover:  # a tile outside the decks the table was built for
        table.widen()
    if hand & table.odd:  # a remove or transplant tile: scanned apart
        hand, special, roam, roam_special = table.hand_split(state.hand_infos(i), first)
    else:
        special = roam_special = ()
        roam = 0
    blocked = blocked_cells(state, i) if state.barricades else ()
    pc = move_cache_of(state, i)
    if first:
        items = [(c, pc.setdefault(c, {})) for c in cells if c not in blocked]
    elif blocked:
        items = [(c, cm) for c, cm in cells.items() if c not in blocked]
    else:
        items = cells.items()
    fills = anchor_fills(state) if state.anchors else None
    lazy = state.mode != "solo" and not state.open_hands and state.hands[i]
    if lazy:  # a standard turn: placements counted now, built when asked for (movelist.Places)
        found: list[tuple] = []
        ends: list[int] = []
        total = _count(state, player, items, hand, special, fills, found, ends, 0)
        if roam or roam_special:
            items = [(c, pc.setdefault(c, {})) for c in sorted(open_cells(state)) if c not in blocked]
            _count(state, player, items, roam, roam_special, fills, found, ends, total)
    else:
        _scan(state, player, items, hand, special, fills, out)
        if roam or roam_special:
            items = [(c, pc.setdefault(c, {})) for c in sorted(open_cells(state)) if c not in blocked]
            _scan(state, player, items, roam, roam_special, fills, out)
    rescues = []
    if state.dice:
        for cell in sorted(state.dice):  # the turn player's rescues (others may rescue too: see rulings)
            p = tiles.get(cell)
            if p is not None and p.owner == i and collapse.starving(state, cell):
                if collapse.rescue_plan(state, i, cell, None)[0] is None:
                    rescues.append(Move.rescue(player, cell))
    if lazy:
        return MoveList(Places(player, table, found, ends),
                        Discards(player, [info.name for info in state.hands[i]], MAX_DISCARD), rescues)
    if rescues:
        out.extend(rescues)
    return out


def _scan(state: GameState, player: str, items: Iterable[tuple[Hex, dict[Any, Move]]], hand: int,
          special: tuple[TileInfo, ...], fills: dict[Hex, int] | None, out: list[Move]) -> None:
    """Append a place move for every (cell, tile) whose cost the cubes next to the cell cover.

    The hot loop of the engine. The unused cubes next to a cell are one packed int (kept up to
    date incrementally); the table caches, per packed value, the bit mask of tiles it pays for;
    ``hand``, a mask of the playable tiles, picks the ones in the hand; each cell keeps its single
    moves by tile bit, built once and shared by every game over the table. ``fills``: the anchors'
    (:func:`_waived_avail`).

    Measured and not kept: (1) a cache of each cell's tuple of moves by mask of playable tiles: the
    hand changes every ply (solo: a pile top; standard: the draw), so ~5 cells a ply missed and built
    a tuple; one move is a cell in ~23, so a loop over the bits costs no more than a hit did.
    (2) each step as one C-level pass over the cells (``map``, ``chain``, ``compress``): 40 % slower
    on the built-in decks (a frontier of ~25 cells does not repay six list allocations)."""
    table = state.table
    avail = _waived_avail(state.avail, fills) if fills else state.avail
    append = out.append
    if not special:  # the common case, kept as tight as it goes (single_move, inline)
        cover = table.cover_cache
        new = 0
        for cell, cm in items:
            try:  # (subscripts, not .get: misses are rare and a subscript is no call)
                x = cover[avail[cell]] & hand
            except KeyError:
                x = table.cover(_avail_at(state, cell, fills)) & hand
            while x:
                low = x & -x
                try:
                    m = cm[low]
                except KeyError:
                    if cm is NO_MOVES:  # the cell's first move: its own cache from now on
                        cm = own_move_cache(state, state.current, cell)
                    m = cm[low] = fast_place(player, table.by_bit[low.bit_length() - 1].name, cell)
                    new += 1
                append(m)
                x ^= low
        if new:
            table.added_moves(new)
        return
    for cell, cm in items:
        a = avail.get(cell)
        if a is None:
            a = _avail_at(state, cell, fills)
        x = table.cover(a) & hand
        if cm is NO_MOVES:
            cm = own_move_cache(state, state.current, cell)
        while x:
            low = x & -x
            append(single_move(player, table, cell, cm, low))
            x ^= low
        out.extend(_specials(state, player, cell, cm, a, special))


def _avail_at(state: GameState, cell: Hex, fills: dict[Hex, int] | None) -> int:
    """The packed availability at ``cell`` as the scan sees it, when the scan's copy lacks it."""
    a = packed_available(state, cell)
    return a | fills.get(cell, 0) if fills else a


def _waived_avail(avail: dict[Hex, int], fills: dict[Hex, int]) -> dict[Hex, int]:
    """``avail`` as the scan sees it next to anchors: a copy, each cell next to an anchor with its
    fill (``legal.anchor_fills``) added.

    A colour an anchor waives at a cell counts as the most cubes a field holds
    (:func:`~kcal.games.kcaloria.rules.tiles.waived_fill`): every cost part of that colour is then
    covered, which is what leaving the part out does, so the plain cover cache answers for those cells
    too and the scan keeps its tight loop. ``state.avail`` keeps the cubes there are."""
    out = avail.copy()
    for cell, f in fills.items():
        a = out.get(cell)
        if a is not None:
            out[cell] = a | f
    return out


def _count(state: GameState, player: str, items: Iterable[tuple[Hex, dict[Any, Move]]], hand: int,
           special: tuple[TileInfo, ...], fills: dict[Hex, int] | None, found: list[tuple], ends: list[int],
           total: int) -> int:
    """:func:`_scan` for a lazy list: each cell with moves as ``(cell, its move cache, mask of
    playable tiles, special moves)`` in ``found`` and the running count in ``ends``; returns the
    count. The same tests, the same order."""
    table = state.table
    avail = _waived_avail(state.avail, fills) if fills else state.avail
    add = found.append
    end = ends.append
    if not special:  # the common case (as in _scan)
        cover = table.cover_cache
        for cell, cm in items:
            try:
                x = cover[avail[cell]] & hand
            except KeyError:
                x = table.cover(_avail_at(state, cell, fills)) & hand
            if x:
                total += x.bit_count()
                if cm is NO_MOVES:  # movelist.Places builds its moves into the cell's own cache
                    cm = own_move_cache(state, state.current, cell)
                add((cell, cm, x, ()))
                end(total)
        return total
    for cell, cm in items:
        a = avail.get(cell)
        if a is None:
            a = _avail_at(state, cell, fills)
        x = table.cover(a) & hand
        if cm is NO_MOVES:
            cm = own_move_cache(state, state.current, cell)
        extra = _specials(state, player, cell, cm, a, special)
        if x or extra:
            total += x.bit_count() + len(extra)
            add((cell, cm, x, extra))
            end(total)
    return total


def _specials(state: GameState, player: str, cell: Hex, cm: dict, a: int,
              special: tuple[TileInfo, ...]) -> list[Move]:
    """The moves of the special (remove) tiles at ``cell``, one per target each names (``a``: the
    packed availability there, anchored colours filled, see :func:`_waived_avail`)."""
    out = []
    for info in special:
        pcs = info.pcosts
        if pcs:
            a2 = a | GUARD
            if not any((a2 - pc) & GUARD == GUARD for pc in pcs):
                continue
        for t in remove_targets(state, info, cell):
            key = (info.key, t)
            m = cm.get(key)
            if m is None:
                m = cm[key] = fast_place(player, info.name, cell, t)
                state.table.added_moves(1)
            out.append(m)
    return out


def any_placement(state: GameState) -> bool:
    """True when the turn player can place some tile: the stagnation test, run after every move of a
    solo game, so after every candidate a bot pushes and pops.

    When the moves are already listed, their first placement answers; otherwise the scan stops at the
    first cell where a tile of the hand can go (:func:`first_placeable`), so the test costs a few cells,
    not the whole frontier (issue 21, item 3: listing every move there made each candidate of the
    greedy bot cost as much as the board's frontier, and a 2,000-tile solo game quadratic)."""
    moves = state._moves
    if moves is None:
        return first_placeable(state) is not None
    if type(moves) is MoveList:
        return len(moves.places) > 0
    for m in moves:
        if m.kind is MoveKind.PLACE:
            return True
    return False


def first_placeable(state: GameState) -> Hex | None:
    """The first cell, in :func:`generate`'s order, where the turn player can place a tile of the hand
    (by the same tests), or None; lists no move and fills no move cache. ``cells_tested`` counts the
    cells it looked at (the work the tests bound)."""
    global cells_tested
    if state.ended is not None:
        return None
    i = state.current
    tiles = state.tiles
    table = state.table
    front = state.frontier[i]
    first = not tiles or (not front and starts_afresh(state, i))
    cells: Iterable[Hex] = [cell_of((0, 0))] if not tiles else front if front else \
        first_tile_cells(state) if first else ()
    hand = 0
    bit_of = table.bit_of
    if state.piles is not None:
        for pile in state.piles:
            if pile:
                hand |= bit_of[pile[-1].key]
    else:
        for info in state.hand_infos(i):
            hand |= bit_of[info.key]
    if hand >> table.n_cover:
        table.widen()
    if hand & table.odd:
        hand, special, roam, roam_special = table.hand_split(state.hand_infos(i), first)
    else:
        special = roam_special = ()
        roam = 0
    blocked = blocked_cells(state, i) if state.barricades else ()
    fills = anchor_fills(state) if state.anchors else None
    passes = [(cells, hand, special)]
    if roam or roam_special:
        passes.append((sorted(open_cells(state)), roam, roam_special))
    avail = state.avail
    for pass_cells, mask, specials in passes:
        for cell in pass_cells:
            if cell in blocked:
                continue
            cells_tested += 1
            a = avail.get(cell)
            if a is None:
                a = packed_available(state, cell)
            if fills:
                a |= fills.get(cell, 0)
            if table.cover(a) & mask or any(_special_fits(state, info, cell, a) for info in specials):
                return cell
    return None


#: Cells :func:`first_placeable` has looked at, since the process started (a work count for tests).
cells_tested = 0


def _special_fits(state: GameState, info: TileInfo, cell: Hex, a: int) -> bool:
    """Whether :func:`_specials` would give ``info`` a move at ``cell`` (``a``: as there)."""
    pcs = info.pcosts
    if pcs:
        a2 = a | GUARD
        if not any((a2 - pc) & GUARD == GUARD for pc in pcs):
            return False
    return bool(remove_targets(state, info, cell))
