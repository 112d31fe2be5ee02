"""A turn, step by step (rulebook "A Turn"): place, pay, yield, resolve effects, then the end of
the turn (temporary tiles, collapse dice, barricades, action tiles leaving, drawing back to 7),
and the checks that end the game.
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, cast

from kcal.games.kcaloria.rules import collapse, legal, movegen
from kcal.games.kcaloria.rules.hexgrid import Hex, neighbours
from kcal.games.kcaloria.rules.legal import NO_MOVES
from kcal.games.kcaloria.rules.moves import Move, MoveKind, Outcome, Payment
from kcal.games.kcaloria.rules.payment import NO_CUBES, packed_available, set_anchor
from kcal.games.kcaloria.rules.undolog import MISSING
from kcal.games.kcaloria.rules.yields import apply_to_neighbours, new_tile_yield, take_cheapest

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState
    from kcal.games.kcaloria.rules.tiles import TileInfo

PACK_SIZE = 3
HUMANS_TO_END = 2


def play(state: GameState, move: Move, plan: legal.Plan) -> None:
    """Carry out a legal ``move`` with the plan :func:`legal.check` made for it."""
    kind = move.kind
    if kind is MoveKind.PLACE:
        _place(state, move, cast(legal.PlacePlan, plan))
    elif kind is MoveKind.DISCARD:
        _discard(state, cast(legal.DiscardPlan, plan))
    else:
        _rescue(state, move, cast(Payment, plan))


def _take_from_hand(state: GameState, i: int, info: TileInfo, idx: int) -> None:
    piles = state.piles
    if piles is not None:
        for k, pile in enumerate(piles):
            if pile and pile[-1] is info:
                pile = state.own(piles, k)
                pile.pop()
                if not pile and state.draw[i]:
                    pile.append(state.own(state.draw, i).pop())  # a depleted pile takes the deck's top tile
                return
    elif not state.open_hands:
        del state.own(state.hands, i)[idx]


def _pay(state: GameState, pay: Payment, turn: int) -> tuple:
    """Take the payment's cubes (one change of cubes per paying tile) and return its ledger."""
    tiles = state.tiles
    cubes = state.cubes
    ledger = []
    after: dict = {}
    for src, c, n in pay:
        v = after.get(src)
        if v is None:
            v = after[src] = list(cubes[src])
        v[c] -= n
        ledger.append((tiles[src].uid, src, c, n))
    for src, v in after.items():
        state.set_cubes(src, tuple(v))
        if "temporary" in tiles[src].info.mods:
            state.jset(state.used, src, turn)
    return tuple(ledger)


# kept whole: one placement step by step in the rulebook's order ("A Turn"), run on every ply; bench/bench_engine.py counts its instructions
def _place(state: GameState, move: Move, plan: legal.PlacePlan) -> None:
    Placed = state.placed_class
    info, idx, cell, pay, target = plan
    assert idx is not None  # legal.check found the tile in the hand (or -1: an open game)
    i = state.current
    turn = state.turn
    state.jpop(state.avail, cell)  # only empty cells need their availability
    _take_from_hand(state, i, info, idx)
    ledger = _pay(state, pay, turn)
    y, outward, removes, timer = new_tile_yield(state, info, cell, i, pay, move)
    tiles = state.tiles
    log = state._log
    if log is not None:  # (GameState.jset, inline: this runs for every placement)
        log.append((tiles, cell, MISSING))
    tiles[cell] = Placed(info, i, state.uid_next, ledger, turn)
    state.uid_next += 1
    state.set_cubes(cell, tuple(y))
    state.produced = tuple(map(add, state.produced, y))
    mods = info.mods
    if mods:
        if "temporary" in mods:
            state.jset(state.used, cell, turn)
        if "anchor" in mods:
            set_anchor(state, cell, placed=True)
    # The frontiers: within a frame, each one this placement changes is replaced by a copy the frame
    # owns (GameState.own: its order orders the generated moves, and the undo puts the old dict back),
    # so changing the copy logs nothing more. A new frontier cell gets its packed availability now,
    # which the end of the turn's move scan reads (else it misses it: a KeyError and a logged write).
    frontier = state.frontier
    for k, f in enumerate(frontier):
        if k != i and cell in f:
            del state.own(frontier, k)[cell]
    mine = state.own(frontier, i)
    mine.pop(cell, None)
    pc = legal.move_cache_of(state, i)
    avail = state.avail
    pcubes = state.pcubes
    leaving = state.leaving
    for nb in neighbours(cell):
        if nb not in tiles and nb not in mine:
            mine[nb] = pc.get(nb, NO_MOVES)  # a cache is made when a move is first generated there
            if nb not in avail:
                if leaving:
                    packed_available(state, nb)
                else:  # (packed_available, inline: ~2 new cells a ply; a call each cost 1 % of a solo ply)
                    if log is not None:
                        log.append((avail, nb, MISSING))
                    avail[nb] = sum(map(pcubes.get, neighbours(nb), NO_CUBES))
    placed_n = state.placed_n
    if log is not None:
        log.append((placed_n, i, placed_n[i]))
    placed_n[i] += 1
    if state.events is not None:
        state.log(f"{state.players[i]} places {info.name} at [{cell[0]}, {cell[1]}]")
    if outward:
        apply_to_neighbours(state, outward, i)
    for src in removes:
        state.schedule_removal(cell, i, src)
    if "barricade" in info.mods:
        state.jset(state.barricades, cell, (i, info.param("barricade", "duration") + timer))
    if target is not None:
        for nb in neighbours(cell):
            p = tiles.get(nb)
            if p is not None and legal.remove_matches(p.info, target):
                state.schedule_removal(nb, i, f"{info.name} names {target}")
    if info.leaves:  # an action tile, or a remove tile ("discard after use")
        state.mark_leaving(cell)
    if info.human:
        state.jset(state.humans, i, state.humans[i] + 1)
        if state.humans[i] >= HUMANS_TO_END:
            _finish(state, "second_human")
            return
    if "pack_tactics" in info.mods and _pack(state, cell) >= PACK_SIZE:
        _finish(state, "pack_tactics")
        return
    end_turn(state)


def _pack(state: GameState, cell: Hex) -> int:
    tiles = state.tiles
    me = tiles[cell]
    seen = {cell}
    todo = [cell]
    while todo:
        c = todo.pop()
        for nb in neighbours(c):
            p = tiles.get(nb)
            if (nb not in seen and p is not None and p.owner == me.owner and p.info.key == me.info.key
                    and "pack_tactics" in p.info.mods):
                seen.add(nb)
                todo.append(nb)
    return len(seen)


def _discard(state: GameState, picks: legal.DiscardPlan) -> None:
    i = state.current
    if not state.open_hands:
        hand = state.own(state.hands, i)
        discards = state.own(state.discards, i)
        for idx in sorted(picks, reverse=True):
            discards.append(hand.pop(idx))
    end_turn(state)


def _rescue(state: GameState, move: Move, pay: Payment) -> None:
    from kcal.games.kcaloria.rules.state import Placed

    cell = move.at
    assert cell is not None  # a rescue names its tile's cell
    tiles = state.tiles
    p = tiles[cell]
    for uid, src, c, n in p.paid:
        s = tiles.get(src)
        if s is not None and s.uid == uid:  # back to the tile it came from, to be paid again
            v = list(state.cubes[src])
            v[c] += n
            state.set_cubes(src, tuple(v))
        else:
            state.count_destroyed(c, n)  # the missing source's cubes are gone for good
    ledger = _pay(state, pay, state.turn)
    state.jset(tiles, cell, Placed(p.info, p.owner, p.uid, ledger, p.turn))
    state.log(f"{state.players[p.owner]} re-pays {p.info.name} at [{cell[0]}, {cell[1]}]")
    collapse.rescued(state, cell)
    if _stagnated(state):  # the cubes it took may have paid the only placements (rulings.md)
        _finish(state, "stagnation")


def end_turn(state: GameState) -> None:
    i = state.current
    turn = state.turn
    # temporary tiles not used this turn lose a cube
    for cell, last in list(state.used.items()) if state.used else ():
        if last != turn and cell in state.tiles and any(state.cubes[cell]):
            v = list(state.cubes[cell])
            before = list(v)
            take_cheapest(v, 1)
            for c in range(6):
                state.count_destroyed(c, before[c] - v[c])
            state.set_cubes(cell, tuple(v))
    if state.dice:
        collapse.count_down(state, i)
    if state.barricades:
        for cell, (owner, remaining) in list(state.barricades.items()):
            if owner == i and state.tiles[cell].turn < turn:
                if remaining <= 1:
                    state.jdel(state.barricades, cell)
                else:
                    state.jset(state.barricades, cell, (owner, remaining - 1))
    if state.leaving:
        for cell in state.leaving:
            if cell in state.tiles:
                collapse.remove_tile(state, cell, "discarded after its turn", return_cost=False)
        state.leaving = ()
    if not state.open_hands:
        if state.piles is None:
            hand = state.hands[i]
            pile = state.draw[i]
            if len(hand) < state.hand_size and pile:
                hand = state.own(state.hands, i)
                pile = state.own(state.draw, i)
                while len(hand) < state.hand_size and pile:
                    hand.append(pile.pop())
            if not pile and not hand:  # every tile of the 60 placed or discarded (rulings.md)
                _finish(state, "tiles_exhausted")
                return
        elif not state.draw[i] and not any(state.piles):
            _finish(state, "tiles_exhausted")
            return
    state.turn = turn + 1
    state.current = (i + 1) % len(state.players)
    if _stagnated(state):
        _finish(state, "stagnation")


def _stagnated(state: GameState) -> bool:
    """Solo: the player can place no tile, so the ecosystem has stagnated (rulebook "Solo Mode")."""
    return state.mode == "solo" and not state.open_hands and not movegen.any_placement(state)


def _finish(state: GameState, reason: str) -> None:
    scores = state.scores()
    if reason == "stagnation":
        winners: list[str] = []
    else:
        best = max(scores.values())
        winners = [p for p in state.players if scores[p] == best]
    state.ended = Outcome(reason, scores, winners)
    state._moves = None  # (a stagnation test may have listed rescues: an ended game has no moves)
    state.log(f"the game ends: {reason.replace('_', ' ')}")
