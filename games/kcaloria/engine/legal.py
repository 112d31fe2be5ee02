"""Legality: where a player may place, and :func:`check`, the one set of tests that says why a move
is illegal (``why_illegal``) or how to play it (the plan ``apply`` carries out). Move generation
(:mod:`kcal.games.kcaloria.engine.movegen`) is built from the same placement, barricade and cost tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kcal.games.kcaloria.domain import Klass, fold_name
from kcal.games.kcaloria.engine import collapse
from kcal.games.kcaloria.engine.hexgrid import Hex, distance, format_hex, neighbours, ring
from kcal.games.kcaloria.engine.moves import Move
from kcal.games.kcaloria.engine.payment import (
    available,
    check_explicit,
    default_payment,
    effective_costs,
    unpayable_reason,
    waived_colors,
)
from kcal.games.kcaloria.engine.tiles import COLORS, TileInfo

if TYPE_CHECKING:
    from kcal.games.kcaloria.engine.state import GameState

FIRST_DISTANCE = 5
MAX_DISCARD = 3
_KLASSES = {k.value for k in Klass}


# --- where a player may place ----------------------------------------------------------------------
def move_cache_of(state: GameState, i: int) -> dict:
    """Per player, per cell: a cache of generated moves (immutable, so shared by every state)."""
    cache = state.table.move_cache
    player = state.players[i]
    pc = cache.get(player)
    if pc is None:
        pc = cache[player] = {}
    return pc


def frontier_of(state: GameState, i: int) -> dict[Hex, dict]:
    """Empty cells next to player ``i``'s tiles, each with its move cache: an insertion-ordered
    dict, so iteration order (and so the order of generated moves) survives copies."""
    tiles = state.tiles
    pc = move_cache_of(state, i)
    out: dict[Hex, dict] = {}
    for cell, p in tiles.items():
        if p.owner == i:
            for nb in neighbours(cell):
                if nb not in tiles and nb not in out:
                    out[nb] = pc.setdefault(nb, {})
    return out


def open_cells(state: GameState) -> set[Hex]:
    """Empty cells next to any tile (where a transplant tile may go)."""
    out = set()
    for f in state.frontier:
        out.update(f)
    tiles = state.tiles
    for cell in tiles:
        for nb in neighbours(cell):
            if nb not in tiles:
                out.add(nb)
    return out


def first_tile_cells(state: GameState) -> list[Hex]:
    """Cells at hex distance exactly 5 from the closest tile on the table."""
    tiles = list(state.tiles)
    cand = set()
    for t in tiles:
        cand.update(ring(t, FIRST_DISTANCE))
    return sorted(c for c in cand if min(distance(c, t) for t in tiles) == FIRST_DISTANCE)


def blocked_cells(state: GameState, i: int) -> set[Hex]:
    """Cells next to another player's active barricade."""
    out: set[Hex] = set()
    for cell, (owner, remaining) in state.barricades.items():
        if owner != i and remaining > 0:
            out.update(neighbours(cell))
    return out


_WAIVED: dict[tuple, dict[Hex, frozenset]] = {}


def waived_map(state: GameState) -> dict[Hex, frozenset]:
    """Cells next to anchors and the colours the anchors satisfy there (cached per anchor layout)."""
    key = tuple((c, state.tiles[c].info.idx) for c in state.anchors)  # idx: which tile, globally
    hit = _WAIVED.get(key)
    if hit is None:
        m: dict[Hex, set[int]] = {}
        for cell in state.anchors:
            p = state.tiles[cell]
            for nb in neighbours(cell):
                m.setdefault(nb, set()).update(COLORS.index(x["color"]) for x in p.info.mods["anchor"])
        if len(_WAIVED) > 10_000:
            _WAIVED.clear()
        hit = _WAIVED[key] = {c: frozenset(v) for c, v in m.items()}
    return hit


def remove_targets(state: GameState, info: TileInfo, cell: Hex) -> list[str | None]:
    """Target names a remove tile's generated moves use: one per costed tile name next to it."""
    if "remove" not in info.mods or info.param("remove", "target"):
        return [None]
    names = []
    for nb in neighbours(cell):
        p = state.tiles.get(nb)
        if p is not None and p.info.has_cost and p.info.name not in names:
            names.append(p.info.name)
    return names or [None]


def remove_matches(info: TileInfo, target: str) -> bool:
    key = fold_name(target)
    return info.has_cost and (info.key == key or (key in _KLASSES and info.klass == key))


# --- the checks ------------------------------------------------------------------------------------
def check(state: GameState, move: Move):
    """``(None, plan)`` for a legal move, ``(reason, None)`` for an illegal one."""
    if state.ended is not None:
        return f"the game is over ({state.ended.end_reason.replace('_', ' ')}); no move is legal", None
    i = state.player_index(move.player)
    if i < 0:
        return f"{move.player} is not a player of this game ({', '.join(state.players)})", None
    if move.kind == "rescue":
        reason, pay = collapse.rescue_plan(state, i, move.at, move.pay)
        return (reason, None) if reason else (None, pay)
    if i != state.current:
        return f"it is {state.turn_player}'s turn, not {move.player}'s", None
    if move.kind == "discard":
        return _check_discard(state, i, move)
    if move.kind != "place":
        return f"unknown move kind {move.kind!r}", None
    return _check_place(state, i, move)


def _hand_index(state: GameState, i: int, name: str):
    key = state.table.fold(name)
    if state.piles is None and state.open_hands:
        info = state.table.by_key.get(key)
        return info, (None if info is None else -1)
    for n, info in enumerate(state.hand_infos(i)):
        if info.key == key:
            return info, n
    return state.table.by_key.get(key), None


def _check_discard(state: GameState, i: int, move: Move):
    if state.mode == "solo":
        return "solo games have no discards: a tile that cannot be played stays", None
    if not 1 <= len(move.discard) <= MAX_DISCARD:
        return f"a discard names 1 to {MAX_DISCARD} tiles, not {len(move.discard)}", None
    if state.open_hands:
        for name in move.discard:
            if state.table.get(name) is None:
                return f"no tile named {name!r} in the catalogs", None
        return None, ()
    hand = [info.key for info in state.hands[i]]
    picks = []
    for name in move.discard:
        key = fold_name(name)
        idx = next((n for n, k in enumerate(hand) if k == key and n not in picks), None)
        if idx is None:
            return f"{name} is not in {move.player}'s hand (or not that many times)", None
        picks.append(idx)
    return None, tuple(picks)


def _check_place(state: GameState, i: int, move: Move):
    info, idx = _hand_index(state, i, move.tile)
    if idx is None:
        if info is None:
            return f"no tile named {move.tile!r} in the catalogs", None
        return f"{info.name} is not in {move.player}'s hand", None
    cell = move.at
    here = state.tiles.get(cell)
    if here is not None:
        return f"{format_hex(cell)} already holds {here.info.name}", None
    # placement
    if not state.tiles:
        pass  # the very first tile of the game goes anywhere
    elif not state.frontier[i]:
        d = min(distance(cell, t) for t in state.tiles)
        if d != FIRST_DISTANCE:
            return (f"{move.player}'s first tile must be exactly {FIRST_DISTANCE} spaces from the closest "
                    f"tile on the table; {format_hex(cell)} is {d} away"), None
    elif cell not in state.frontier[i]:
        if "transplant" in info.mods:
            if not any(nb in state.tiles for nb in neighbours(cell)):
                return (f"{info.name} (transplant) must still touch a tile on the table; "
                        f"{format_hex(cell)} touches none"), None
        else:
            return (f"{info.name} must be placed next to one of {move.player}'s tiles; "
                    f"{format_hex(cell)} touches none"), None
    for b, (owner, remaining) in state.barricades.items():
        if owner != i and remaining > 0 and distance(b, cell) == 1:
            return (f"{format_hex(cell)} is next to {state.players[owner]}'s barricade "
                    f"({state.tiles[b].info.name} at {format_hex(b)}, {remaining} more turn(s))"), None
    # choices
    if move.color is not None:
        if move.color not in COLORS:
            return f"choose.color {move.color!r} is not a colour", None
        allowed = set(info.yield_colors) | ({5} if "intelligent" in info.mods else set())
        if COLORS.index(move.color) not in allowed:
            names = ", ".join(COLORS[c] for c in sorted(allowed)) or "none"
            return f"choose.color {move.color} is not a colour {info.name} yields ({names})", None
    if move.camouflage is not None:
        if "camouflage" not in info.mods:
            return f"{info.name} has no camouflage, so choose.camouflage does not apply", None
        if move.camouflage not in COLORS:
            return f"choose.camouflage {move.camouflage!r} is not a colour", None
    target = None
    if move.target is not None or "remove" in info.mods:
        if "remove" not in info.mods:
            return f"{info.name} has no remove modifier, so it names no target", None
        fixed = info.param("remove", "target")
        if fixed:
            if move.target is not None and fold_name(move.target) != fold_name(fixed):
                return f"{info.name} always names {fixed}, not {move.target}", None
            target = fixed
        elif move.target is not None:
            t = state.table.get(move.target)
            if t is None:
                return f"target {move.target!r} names no tile in the catalogs", None
            if not t.has_cost:
                return f"{info.name} must name a tile that has a cost; {t.name} has none", None
            target = t.name
        else:
            target = remove_targets(state, info, cell)[0]
    # cost
    alts = (effective_costs(info, waived_colors(state, cell)) if state.anchors else info.costs) \
        if info.costs else ()
    if move.pay is not None:
        if not alts or all(not a for a in alts):
            if any(n for _, _, n in move.pay):
                return f"{info.name} costs nothing here, so the payment must be empty", None
            pay = ()
        else:
            _, reason = check_explicit(state, cell, alts, move.pay)
            if reason:
                return f"{info.name}: {reason}", None
            pay = tuple(e for e in move.pay if e[2])
    elif alts:
        pay = None
        for alt in alts:
            pay = default_payment(state, cell, alt)
            if pay is not None:
                break
        else:
            return unpayable_reason(info.name, alts, available(state, cell), cell), None
    else:
        pay = ()
    return None, (info, idx, cell, pay, target)
