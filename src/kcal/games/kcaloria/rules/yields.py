"""Yields: the cubes a placed tile receives (base, bonuses, penalties, payment effects, camouflage)
and the cubes its arrival adds to or takes from the tiles already next to it.

Each adjacency effect is applied once per pair, when the later of the two tiles is placed.
A bonus cube goes to the colour the move chooses, else the tile's highest-scoring yield colour;
a penalty takes the tile's cheapest cubes first; nothing ever goes below zero. The effects on one
tile are netted before they touch its cubes, on a new tile and on a tile already down alike (base
again, reproduction, bonuses less penalties, coloured penalties), so a pair gives the same cubes
whichever of its tiles came first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kcal.games.kcaloria.rules.domain import Color
from kcal.games.kcaloria.rules.effects import EFFECTS, pair_effects
from kcal.games.kcaloria.rules.hexgrid import Hex, neighbours
from kcal.games.kcaloria.rules.tiles import COLOR_INDEX, TileInfo

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.moves import Move, Payment
    from kcal.games.kcaloria.rules.state import GameState

PURPLE = COLOR_INDEX[Color.PURPLE.value]  # the colour an intelligent tile's reproduction bonus takes
_PAYMENT_HOOKS = tuple((e.name, e.payment) for e in EFFECTS.values() if e.payment is not None)
_PAID_FROM = tuple((e.name, e.paid_from) for e in EFFECTS.values() if e.paid_from is not None)


class PaymentContext:
    """What payment-triggered hooks may ask about the placement being made."""

    __slots__ = ("state", "cell", "owner", "pay")

    def __init__(self, state: GameState, cell: Hex, owner: int, pay: Payment) -> None:
        self.state, self.cell, self.owner, self.pay = state, cell, owner, pay

    def paid_by_opponent_animals(self) -> bool:
        tiles = self.state.tiles
        return any(c >= 2 and tiles[s].owner != self.owner for s, c, _ in self.pay)

    def shares_water_with_food(self) -> bool:
        """Electrogenesis: a water tile touches both the creature and one of its food sources, a
        tile of another type that paid part of its cost (water is drunk, not eaten: rulings.md)."""
        tiles = self.state.tiles
        food = {s for s, _, _ in self.pay if not tiles[s].info.water}
        if not food:
            return False
        for nb in neighbours(self.cell):
            p = tiles.get(nb)
            if p is not None and p.info.water and any(s in food for s in neighbours(nb)):
                return True
        return False


def take_cheapest(vec: list[int], n: int) -> int:
    """Remove up to ``n`` cubes, cheapest colour first; return how many were removed."""
    removed = 0
    for c in range(6):
        if n == 0:
            break
        k = vec[c] if vec[c] < n else n
        vec[c] -= k
        n -= k
        removed += k
    return removed


# kept whole: a new tile's cubes with every bonus and penalty in the rulebook's order, run on every ply; bench/bench_engine.py counts its instructions
def new_tile_yield(state: GameState, info: TileInfo, cell: Hex, owner: int, pay: Payment,
                   move: Move) -> tuple[list[int], list, list[str], int]:
    """The cubes the new tile starts with, and the effects its arrival has on its neighbours
    (a list of ``(cell, kind, value, source)``) for :func:`apply_to_neighbours`."""
    tiles = state.tiles
    cache = state.table.pair_cache
    gain = loss = repro = base_times = timer = 0
    closs: list[tuple[int, int]] = []
    removes: list[str] = []
    outward: list = []
    idx = info.idx
    for nb in neighbours(cell):
        p = tiles.get(nb)
        if p is None:
            continue
        hit = cache.get((idx, p.info.idx))
        on_new, on_old = hit if hit is not None else pair_effects(info, p.info, cache)
        if not on_new and not on_old:
            continue
        for kind, val, _src in on_new:
            if kind == "gain":
                gain += val
            elif kind == "loss":
                loss += val
            elif kind == "repro":
                repro += val
            elif kind == "base":
                base_times += val
            elif kind == "loss_color":
                closs.append(val)
            elif kind == "remove":
                removes.append(val)
            elif kind == "timer":
                timer += val
        for kind, val, src in on_old:
            outward.append((nb, kind, val, src))
    if pay:
        for name, payment in _PAYMENT_HOOKS:
            for params in info.mods.get(name, ()):
                gain += payment(info, params, PaymentContext(state, cell, owner, pay))
        seen = set()
        for s, _, _ in pay:
            if s in seen:
                continue
            seen.add(s)
            src_info = tiles[s].info
            for name, paid_from in _PAID_FROM:
                for params in src_info.mods.get(name, ()):
                    gain += paid_from(src_info, params, info)
    y = list(info.base)
    if info.bonus_color is not None:
        chosen = COLOR_INDEX[move.color] if move is not None and move.color else None
        # a chosen colour the tile yields takes every bonus; purple, for an intelligent tile that
        # does not yield it, takes only the reproduction bonus
        color = chosen if chosen is not None and info.base[chosen] else info.bonus_color
        repro_to = chosen if chosen is not None else (PURPLE if "intelligent" in info.mods else color)
        net_effects(y, info.base, base_times, repro_to, repro, color, gain - loss, closs)
        if "camouflage" in info.mods:
            to = (move.camouflage if move is not None and move.camouflage else None) or info.param("camouflage", "color")
            if to is not None:
                t = COLOR_INDEX[to]
                for c in range(6):
                    if y[c] and c != t:
                        y[c] -= 1
                        y[t] += 1
                        break
    return y, outward, removes, timer


def net_effects(vec: list[int], base: Sequence[int], base_times: int, repro_to: int, repro: int, bonus: int,
                net: int, closs: list[tuple[int, int]]) -> None:
    """One placement's effects on one tile's cubes ``vec``, netted in the one order of the pair rule, for
    a new tile and a tile already down alike: its base yield again ``base_times`` (photosynthesis), the
    reproduction bonus on ``repro_to``, bonuses less penalties on ``bonus`` (a net loss takes the cheapest
    cubes), then the coloured penalties."""
    if base_times:
        for c in range(6):
            vec[c] += base[c] * base_times
    if repro:
        vec[repro_to] += repro
    if net > 0:
        vec[bonus] += net
    elif net < 0:
        take_cheapest(vec, -net)
    for c, n in closs:
        vec[c] = vec[c] - n if vec[c] > n else 0


def apply_to_neighbours(state: GameState, outward: list, placer: int) -> None:
    """Apply the new tile's effects on the tiles already next to it. The effects on one tile are netted
    before they touch its cubes, by :func:`net_effects` as :func:`new_tile_yield` nets a new tile's; so the same two tiles give the same cubes whichever came first
    (rulings: the pair rule; before, a tile already down took them in printed order)."""
    tiles = state.tiles
    cubes = state.cubes
    by_cell: dict[Hex, list] = {}
    removals = []
    for cell, kind, val, src in outward:
        if kind == "remove":
            removals.append((cell, src))
        elif kind == "timer":
            b = state.barricades.get(cell)
            if b is not None:
                state.jset(state.barricades, cell, (b[0], b[1] + val))
        elif tiles[cell].info.bonus_color is not None:
            by_cell.setdefault(cell, []).append((kind, val))
    for cell, effects in by_cell.items():
        info = tiles[cell].info
        bonus = info.bonus_color
        assert bonus is not None  # only tiles with a bonus colour were grouped
        base_times = repro = gain = loss = 0
        closs: list[tuple[int, int]] = []
        for kind, val in effects:
            if kind == "base":
                base_times += val
            elif kind == "repro":
                repro += val
            elif kind == "gain":
                gain += val
            elif kind == "loss":
                loss += val
            elif kind == "loss_color":
                closs.append(val)
        vec = list(cubes[cell])
        before = list(vec)
        net_effects(vec, info.base, base_times, PURPLE if "intelligent" in info.mods else bonus, repro, bonus,
                    gain - loss, closs)
        for c in range(6):
            if vec[c] > before[c]:
                state.count_produced(c, vec[c] - before[c])
            elif vec[c] < before[c]:
                state.count_destroyed(c, before[c] - vec[c])
        state.set_cubes(cell, tuple(vec))
    for cell, src in removals:  # after the yields, as for a new tile (beginner mode: takes every cube)
        state.schedule_removal(cell, placer, src)
