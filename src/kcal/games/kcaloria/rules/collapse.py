"""Ecosystem collapse: countdown dice, removal, returned cubes, starvation and rescue.

A removal (pesticide, fish hazard, remove) puts a die showing 1 on its target and 2, 3, ... on the
tiles that paid their cost from it, by dependency depth (drought resistant: +1). Each die belongs
to the player who started the collapse and counts down at the end of that player's turns, not in
the turn it was put down; a tile goes when any of its dice reaches 0 (the lowest die rules).
A removed tile's held cubes leave the game; the cubes it paid for its own cost go back to the tiles
they came from (or leave the game, if that tile is gone). A tile that paid from a removed tile is
*starving*; its owner may re-pay the missing cubes from tiles next to it (a rescue move). A
"starve" die stays only while its tile starves or a tile it paid from carries a die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kcal.games.kcaloria.rules.hexgrid import Hex, format_hex

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.moves import Payment
    from kcal.games.kcaloria.rules.state import GameState


def drought(state: GameState, cell: Hex) -> int:
    return 1 if "drought_resistant" in state.tiles[cell].info.mods else 0


def children(state: GameState, cell: Hex) -> list[Hex]:
    """Tiles that paid some of their cost with cubes of the tile at ``cell``."""
    uid = state.tiles[cell].uid
    return sorted(c for c, p in state.tiles.items() if any(e[0] == uid for e in p.paid))


def lost(state: GameState, cell: Hex) -> list[int]:
    """Cubes of this tile's cost whose source tile has left the table."""
    tiles = state.tiles
    out = [0] * 6
    for uid, src, c, n in tiles[cell].paid:
        s = tiles.get(src)
        if s is None or s.uid != uid:
            out[c] += n
    return out


def starving(state: GameState, cell: Hex) -> bool:
    return any(lost(state, cell))


def add_die(state: GameState, cell: Hex, initiator: int, value: int, kind: str) -> None:
    dice = state.dice.get(cell, ())
    for d in dice:
        if d[0] == initiator and d[3] == kind and d[1] <= value:
            return
    state.jset(state.dice, cell, dice + ((initiator, value, state.turn, kind),))


def schedule(state: GameState, cell: Hex, initiator: int, cause: str) -> None:
    """Start a collapse at ``cell``; in beginner mode take the tile's cubes away instead."""
    if state.mode == "beginner":
        vec = state.cubes[cell]
        for c in range(6):
            if vec[c]:
                state.count_destroyed(c, vec[c])
        state.set_cubes(cell, (0, 0, 0, 0, 0, 0))
        state.log(f"{cause} takes every cube from {state.tiles[cell].info.name} at {format_hex(cell)}")
        return
    first = 1 + drought(state, cell)
    add_die(state, cell, initiator, first, "remove")
    state.log(f"{cause}: {state.tiles[cell].info.name} at {format_hex(cell)} will be removed "
              f"(die {first})")
    frontier: list[tuple[Hex, int]] = [(cell, first)]
    best = {cell: first}
    while frontier:
        nxt: list[tuple[Hex, int]] = []
        for here, v in frontier:
            for ch in children(state, here):
                w = v + 1 + drought(state, ch)
                if best.get(ch, 1 << 30) <= w:
                    continue
                best[ch] = w
                add_die(state, ch, initiator, w, "starve")
                nxt.append((ch, w))
        frontier = nxt


def remove_tile(state: GameState, cell: Hex, why: str, return_cost: bool = True) -> None:
    tiles = state.tiles
    p = tiles[cell]
    for c, n in enumerate(state.cubes[cell]):
        if n:
            state.count_destroyed(c, n)
    kids = children(state, cell)
    for uid, src, c, n in p.paid:
        s = tiles.get(src)
        if return_cost and s is not None and s.uid == uid and src != cell:
            v = list(state.cubes[src])
            v[c] += n
            state.set_cubes(src, tuple(v))
        else:
            state.count_destroyed(c, n)
    state.jdel(tiles, cell)
    state.drop_cubes(cell)
    state.jdel(state.dice, cell)
    state.jdel(state.barricades, cell)
    state.jdel(state.used, cell)
    if cell in state.anchors:
        from kcal.games.kcaloria.rules.payment import set_anchor

        set_anchor(state, cell, placed=False)
    state.log(f"{p.info.name} at {format_hex(cell)} leaves the table ({why})")
    state.tiles_changed()
    for k in kids:
        if k in tiles and k not in state.dice:
            d = state.dice_owner_hint if state.dice_owner_hint is not None else state.current
            add_die(state, k, d, 1 + drought(state, k), "starve")


def prune(state: GameState) -> None:
    """Drop starve dice from tiles that neither starve nor hang on a tile with a die."""
    changed = True
    while changed:
        changed = False
        for cell in sorted(state.dice):
            dice = state.dice[cell]
            if all(d[3] == "remove" for d in dice):
                continue
            if starving(state, cell):
                continue
            tiles = state.tiles
            hangs = any(src in state.dice and tiles.get(src) is not None and tiles[src].uid == uid
                        for uid, src, _, _ in tiles[cell].paid)
            if hangs:
                continue
            keep = tuple(d for d in dice if d[3] == "remove")
            if keep:
                state.jset(state.dice, cell, keep)
            else:
                state.jdel(state.dice, cell)
            changed = True


def rescued(state: GameState, cell: Hex) -> None:
    """After a rescue re-paid the tile at ``cell``: its starve dice come off, whatever it now pays
    from, and so do the starve dice downstream that no longer hang on a doomed tile (:func:`prune`).
    A die a removal put on the tile itself stays (a rescue feeds a tile; it does not undo a removal).
    A rescue paid from a doomed tile is a tile paying from a doomed tile after the dice were set, as a
    placement in a collapsing ecosystem: it gets a die (1) when that tile leaves (:func:`remove_tile`).
    Left to :func:`prune`, the old die stayed (the tile hangs on a tile with a die), so such a rescue
    cost a cube and changed nothing (issue 32)."""
    dice = state.dice.get(cell)
    if dice:
        keep = tuple(d for d in dice if d[3] == "remove")
        if keep:
            state.jset(state.dice, cell, keep)
        else:
            state.jdel(state.dice, cell)
    prune(state)


def count_down(state: GameState, player: int) -> None:
    """End of ``player``'s turn: their dice go down by one; tiles at 0 leave, lowest die first."""
    doomed = []
    for cell, dice in list(state.dice.items()):
        new = []
        for d in dice:
            if d[0] == player and d[2] < state.turn:
                d = (d[0], d[1] - 1, d[2], d[3])
            new.append(d)
        state.jset(state.dice, cell, tuple(new))
        low = min(d[1] for d in new)
        if low <= 0:
            doomed.append((low, cell))
    state.dice_owner_hint = player
    for _, cell in sorted(doomed):
        if cell in state.tiles:
            if state.dice[cell] and all(d[3] == "starve" for d in state.dice[cell]) \
                    and not starving(state, cell) and not _hangs(state, cell):
                continue
            remove_tile(state, cell, "ecosystem collapse")
    state.dice_owner_hint = None
    prune(state)


def _hangs(state: GameState, cell: Hex) -> bool:
    tiles = state.tiles
    return any(src in state.dice and tiles.get(src) is not None and tiles[src].uid == uid
               for uid, src, _, _ in tiles[cell].paid)


def _with_returns(state: GameState, cell: Hex) -> GameState:
    """A scratch copy in which the tile's payments from tiles still on the table are back on them."""
    tmp = state.copy()
    tiles = tmp.tiles
    for uid, src, c, n in tiles[cell].paid:
        s = tiles.get(src)
        if s is not None and s.uid == uid:
            v = list(tmp.cubes[src])
            v[c] += n
            tmp.set_cubes(src, tuple(v))
    return tmp


def rescue_plan(state: GameState, player: int, cell: Hex, pay: Payment | None
                ) -> tuple[str | None, Payment | None]:
    """Check a rescue: the starving tile's whole cost is paid again, by any alternative, from the
    unused cubes next to it, counting the cubes it had paid from tiles still on the table as
    returned first. The cost is the one placement pays there: adjacent anchors satisfy their
    colour. Returns ``(reason, payment)``: exactly one of them is None."""
    from kcal.games.kcaloria.rules.payment import (
        available,
        check_explicit,
        costs_at,
        default_payment,
        first_payable,
        unpayable_reason,
    )

    p = state.tiles.get(cell)
    if p is None:
        return f"there is no tile at {format_hex(cell)} to rescue", None
    if p.owner != player:
        return (f"{p.info.name} at {format_hex(cell)} belongs to {state.players[p.owner]}, "
                f"not {state.players[player]}"), None
    if not any(lost(state, cell)):
        return f"{p.info.name} at {format_hex(cell)} is not starving", None
    tmp = _with_returns(state, cell)
    alts = costs_at(tmp, p.info, cell)
    if pay is None:
        avail = available(tmp, cell, exclude=cell)
        k = first_payable(alts, avail)
        pay = default_payment(tmp, cell, alts[k], exclude=cell) if k >= 0 else None
        if pay is None:
            return unpayable_reason(p.info.name, alts, avail, cell, "is starving and needs"), None
        return None, pay
    _, reason = check_explicit(tmp, cell, alts, pay, exclude=cell)
    if reason:
        return f"rescuing {p.info.name}: {reason}", None
    return None, tuple(e for e in pay if e[2])


__all__ = ["schedule", "remove_tile", "prune", "rescued", "count_down", "rescue_plan", "lost", "starving",
           "children"]
