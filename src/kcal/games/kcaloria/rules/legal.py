"""Legality: where a player may place, and :func:`check`, the one set of tests that says why a move
is illegal (``why_illegal``) or how to play it (the plan ``apply`` carries out). Move generation
(:mod:`kcal.games.kcaloria.rules.movegen`) is built from the same placement, barricade and cost tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from kcal.games.kcaloria.rules import collapse
from kcal.games.kcaloria.rules.domain import Klass, fold_name
from kcal.games.kcaloria.rules.hexgrid import Hex, distance, format_hex, neighbours, ring
from kcal.games.kcaloria.rules.moves import Move, MoveKind, Payment
from kcal.games.kcaloria.rules.payment import (
    available,
    check_explicit,
    costs_at,
    default_payment,
    unpayable_reason,
)
from kcal.games.kcaloria.rules.tiles import COLORS, TileInfo

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState

FIRST_DISTANCE = 5
MAX_DISCARD = 3
_KLASSES = {k.value for k in Klass}


class PlacePlan(NamedTuple):
    """How a legal placement is carried out (what :func:`check` found)."""

    info: TileInfo  # the tile placed
    hand_index: int | None  # its index in the hand; -1 in an open game (any catalog tile)
    cell: Hex
    pay: Payment  # the cubes taken: ((source cell, colour, n), ...)
    target: str | None  # what a remove tile names: a tile name or a classification


#: A discard's plan: the hand indices of the discarded tiles. A rescue's: the cubes it re-pays.
DiscardPlan: TypeAlias = tuple[int, ...]
Plan: TypeAlias = PlacePlan | DiscardPlan | Payment


class Verdict(NamedTuple):
    """What :func:`check` says of a move: why it is illegal, or how to play it."""

    reason: str | None  # None: the move is legal
    plan: Plan | None  # None: the move is illegal


#: ``tuple.__new__(Verdict, (a, b))`` builds a NamedTuple without its Python-level ``__new__``
#: (four times faster: ``check`` runs for every move applied).
_TUPLE = tuple.__new__


def not_your_turn(state: GameState, player: str) -> str:
    """Why ``player`` cannot move now: whose turn it is, and why (turns go round in player order)."""
    who, players = state.turn_player, state.players
    order = ", ".join(players)
    if state.turn == 0:
        why = f"{who}, the first of the players ({order}), takes the first turn"
    else:
        why = (f"turns go round in the order of the players ({order}), and "
               f"{players[(state.current - 1) % len(players)]} played turn {state.turn}")
    return f"it is {who}'s turn, not {player}'s: {why}"


def _illegal(reason: str) -> Verdict:
    return _TUPLE(Verdict, (reason, None))


# --- where a player may place ----------------------------------------------------------------------
def move_cache_of(state: GameState, i: int) -> dict:
    """Per player, per cell: a cache of generated moves (immutable, so shared by every state)."""
    cache = state.table.move_cache
    player = state.players[i]
    pc = cache.get(player)
    if pc is None:
        pc = cache[player] = {}
    return pc


#: A frontier cell's move cache while no move was generated there: one empty dict shared by every
#: such cell, never written to. Most cells a long game's frontier ever held are never scanned (a replay
#: generates no moves at all), and a dict each (64 bytes, and an entry in the table's move cache) was
#: a third of a replayed board's memory. The generator swaps it for the cell's own cache the first
#: time it builds a move there (:func:`own_move_cache`).
NO_MOVES: dict = {}


def own_move_cache(state: GameState, i: int, cell: Hex) -> dict:
    """Player ``i``'s move cache at ``cell``, made the first time a move is generated there; the
    player's frontier then holds it in place of :data:`NO_MOVES`. The two stand for the same cache,
    so the swap is not logged: a frontier that an undo puts back still holding :data:`NO_MOVES`
    finds the same cache here."""
    cm = move_cache_of(state, i).setdefault(cell, {})
    front = state.frontier[i]
    if front.get(cell) is NO_MOVES:
        front[cell] = cm
    return cm


def frontier_of(state: GameState, i: int) -> dict[Hex, dict]:
    """Empty cells next to player ``i``'s tiles, each with its move cache (:data:`NO_MOVES` where
    none was made yet): an insertion-ordered dict, so iteration order (and so the order of generated
    moves) survives copies."""
    tiles = state.tiles
    pc = move_cache_of(state, i)
    out: dict[Hex, dict] = {}
    for cell, p in tiles.items():
        if p.owner == i:
            for nb in neighbours(cell):
                if nb not in tiles and nb not in out:
                    out[nb] = pc.get(nb, NO_MOVES)
    return out


def open_cells(state: GameState) -> set[Hex]:
    """Empty cells next to any tile (where a transplant tile may go)."""
    out: set[Hex] = set()
    for f in state.frontier:
        out.update(f)
    tiles = state.tiles
    for cell in tiles:
        for nb in neighbours(cell):
            if nb not in tiles:
                out.add(nb)
    return out


def starts_afresh(state: GameState, i: int) -> bool:
    """Whether player ``i`` places as for a first tile (5 spaces from the closest tile): the table is
    not empty, but none of its tiles is the player's (none placed yet, or a collapse took them all).
    A player whose tiles are all hemmed in (no empty cell beside them) does not: they still hold tiles,
    and "every subsequent tile must be placed adjacent to one of your previously placed tiles"
    (rulings: "A player whose tiles are all hemmed in"). Called only when the frontier is empty."""
    return bool(state.tiles) and not state.frontier[i] and all(p.owner != i for p in state.tiles.values())


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


def anchor_fills(state: GameState) -> dict[Hex, int]:
    """Cells next to anchors, each with the packed fill of the colours the anchors satisfy there
    (:func:`~kcal.games.kcaloria.rules.tiles.waived_fill`): the state's own map, which
    :func:`~kcal.games.kcaloria.rules.payment.set_anchor` keeps up to date as anchors come and go."""
    return state.afill


def remove_targets(state: GameState, info: TileInfo, cell: Hex) -> list[str | None]:
    """Target names a remove tile's generated moves use: one per costed tile name next to it."""
    if "remove" not in info.mods or info.param("remove", "target"):
        return [None]
    names: list[str | None] = []
    for nb in neighbours(cell):
        p = state.tiles.get(nb)
        if p is not None and p.info.has_cost and p.info.name not in names:
            names.append(p.info.name)
    return names or [None]


def classification(name: str) -> str | None:
    """The classification ``name`` spells (``insect``, ``Insects``), or None."""
    key = fold_name(name)
    if key in _KLASSES:
        return key
    if key.endswith("s") and key[:-1] in _KLASSES:
        return key[:-1]
    return None


def remove_matches(info: TileInfo, target: str) -> bool:
    """Whether a remove tile naming ``target`` (a tile name or a classification) hits ``info``:
    only tiles with a cost can be named."""
    if not info.has_cost:
        return False
    key = fold_name(target)
    return info.key == key or info.klass == classification(target)


def _remove_target(state: GameState, info: TileInfo, cell: Hex, move: Move) -> tuple[str | None, str | None]:
    """``(reason, target)`` for a remove tile's placement: the printed target, else the move's
    (a tile name, else a classification; either must name some tile that has a cost), else the
    first costed tile next to the cell."""
    fixed = info.param("remove", "target")
    if fixed:
        if move.target is not None and fold_name(move.target) != fold_name(fixed):
            return f"{info.name} always names {fixed}, not {move.target}", None
        return None, fixed
    if move.target is None:
        return None, remove_targets(state, info, cell)[0]
    t = state.table.get(move.target)
    if t is not None:
        if not t.has_cost:
            return f"{info.name} must name a tile that has a cost; {t.name} has none", None
        return None, t.name
    klass = classification(move.target)
    if klass is None:
        return f"target {move.target!r} names no tile and no classification in the catalogs", None
    if not any(i.klass == klass and i.has_cost for i in state.table.infos):
        return (f"{info.name} must name a tile that has a cost; no {klass} tile in the catalogs "
                f"has one"), None
    return None, klass


# --- the checks ------------------------------------------------------------------------------------
def check(state: GameState, move: Move) -> Verdict:
    """Why ``move`` is illegal (``Verdict(reason, None)``), or how to play it (``Verdict(None, plan)``)."""
    if state.ended is not None:
        return _illegal(f"the game is over ({state.ended.end_reason.replace('_', ' ')}); no move is legal")
    i = state.player_index(move.player)
    if i < 0:
        return _illegal(f"{move.player} is not a player of this game ({', '.join(state.players)})")
    kind = move.kind
    if kind is MoveKind.RESCUE:
        assert move.at is not None  # a rescue names its tile's cell (Move.rescue)
        reason, pay = collapse.rescue_plan(state, i, move.at, move.pay)
        return _illegal(reason) if reason else Verdict(None, pay)
    if i != state.current:
        return _illegal(not_your_turn(state, move.player))
    if kind is MoveKind.DISCARD:
        return _check_discard(state, i, move)
    return _check_place(state, i, move)


def _hand_index(state: GameState, i: int, name: str) -> tuple[TileInfo | None, int | None]:
    """The named tile and its index in player ``i``'s hand (-1: an open game); index None when
    the player does not hold it."""
    table = state.table
    key = table.fold(name)
    piles = state.piles
    if piles is not None:  # (hand_infos: the tops of the piles left)
        n = 0
        for pile in piles:
            if pile:
                top = pile[-1]
                if top.key == key:
                    return top, n
                n += 1
        return table.by_key.get(key), None
    if state.open_hands:
        known = table.by_key.get(key)
        return known, (None if known is None else -1)
    for n, info in enumerate(state.hands[i]):
        if info.key == key:
            return info, n
    return table.by_key.get(key), None


def _check_discard(state: GameState, i: int, move: Move) -> Verdict:
    if state.mode == "solo":
        return _illegal("solo games have no discards: a tile that cannot be played stays")
    if not 1 <= len(move.discard) <= MAX_DISCARD:
        return _illegal(f"a discard names 1 to {MAX_DISCARD} tiles, not {len(move.discard)}")
    if state.open_hands:
        for name in move.discard:
            if state.table.get(name) is None:
                return _illegal(f"no tile named {name!r} in the catalogs")
        return Verdict(None, ())
    hand = [info.key for info in state.hands[i]]
    picks: list[int] = []
    fold = state.table.fold
    for name in move.discard:
        key = fold(name)
        for n, k in enumerate(hand):
            if k == key and n not in picks:
                picks.append(n)
                break
        else:
            return _illegal(f"{name} is not in {move.player}'s hand (or not that many times)")
    return _TUPLE(Verdict, (None, tuple(picks)))


# kept whole: every placement of every ply is checked here; bench/bench_engine.py counts a ply's instructions (issue 12), and a call per check would add to them
def _check_place(state: GameState, i: int, move: Move) -> Verdict:
    assert move.tile is not None and move.at is not None  # a place move names both (Move.place)
    info, idx = _hand_index(state, i, move.tile)
    if idx is None:
        if info is None:
            return _illegal(f"no tile named {move.tile!r} in the catalogs")
        return _illegal(f"{info.name} is not in {move.player}'s hand")
    assert info is not None  # a held tile is a known tile
    cell = move.at
    tiles = state.tiles
    here = tiles.get(cell)
    if here is not None:
        return _illegal(f"{format_hex(cell)} already holds {here.info.name}")
    # placement
    frontier = state.frontier[i]
    if cell in frontier:
        pass  # next to one of the player's tiles (the usual case)
    elif not tiles:
        pass  # the very first tile of the game goes anywhere
    elif not frontier and starts_afresh(state, i):
        d = min(distance(cell, t) for t in tiles)
        if d != FIRST_DISTANCE:
            return _illegal(f"{move.player}'s first tile must be exactly {FIRST_DISTANCE} spaces from the "
                            f"closest tile on the table; {format_hex(cell)} is {d} away")
    elif "transplant" in info.mods:
        if not any(nb in tiles for nb in neighbours(cell)):
            return _illegal(f"{info.name} (transplant) must still touch a tile on the table; "
                            f"{format_hex(cell)} touches none")
    else:
        hemmed = "" if frontier else f" (every cell beside {move.player}'s tiles is taken)"
        return _illegal(f"{info.name} must be placed next to one of {move.player}'s tiles; "
                        f"{format_hex(cell)} touches none{hemmed}")
    for b, (owner, remaining) in state.barricades.items():
        if owner != i and remaining > 0 and distance(b, cell) == 1:
            return _illegal(f"{format_hex(cell)} is next to {state.players[owner]}'s barricade "
                            f"({state.tiles[b].info.name} at {format_hex(b)}, {remaining} more turn(s))")
    # choices
    if move.color is not None:
        if move.color not in COLORS:
            return _illegal(f"choose.color {move.color!r} is not a colour")
        allowed = set(info.yield_colors) | ({5} if "intelligent" in info.mods else set())
        if COLORS.index(move.color) not in allowed:
            names = ", ".join(COLORS[c] for c in sorted(allowed)) or "none"
            return _illegal(f"choose.color {move.color} is not a colour {info.name} yields ({names})")
    if move.camouflage is not None:
        if "camouflage" not in info.mods:
            return _illegal(f"{info.name} has no camouflage, so choose.camouflage does not apply")
        if move.camouflage not in COLORS:
            return _illegal(f"choose.camouflage {move.camouflage!r} is not a colour")
    target = None
    if move.target is not None or "remove" in info.mods:
        if "remove" not in info.mods:
            return _illegal(f"{info.name} has no remove modifier, so it names no target")
        reason, target = _remove_target(state, info, cell, move)
        if reason:
            return _illegal(reason)
    # cost
    alts = costs_at(state, info, cell)
    if move.pay is not None:
        if not alts or all(not a for a in alts):
            if any(n for _, _, n in move.pay):
                return _illegal(f"{info.name} costs nothing here, so the payment must be empty")
            pay: tuple[tuple[Hex, int, int], ...] | None = ()
        else:
            _, reason = check_explicit(state, cell, alts, move.pay)
            if reason:
                return _illegal(f"{info.name}: {reason}")
            pay = tuple(e for e in move.pay if e[2])
    elif alts:
        pay = None
        for alt in alts:
            pay = default_payment(state, cell, alt)
            if pay is not None:
                break
        else:
            return _illegal(unpayable_reason(info.name, alts, available(state, cell), cell))
    else:
        pay = ()
    return _TUPLE(Verdict, (None, _TUPLE(PlacePlan, (info, idx, cell, pay, target))))
