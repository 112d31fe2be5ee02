"""A sample hand (``kcal deck hand``): the opening 7 and what the first turns can play, as the engine plays it.

Moxfield's sample hand is the model: deal, look, draw. Here the engine deals as the rulebook's Setup
says (shuffle, draw 7, reshuffle while the 7 hold no water), then plays the deck's first turns in a
standard game against a *goldfish*: an opponent that only ever discards one tile, so the table holds
only the deck's own tiles (Rulings, Deck Building: "A sample hand"). Each turn lists the hand, every
tile of it with at least one legal placement (and on how many cells), the move a bot chose, and the
tiles drawn at the end of the turn. Everything derives from one seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kcal.core.seeding import derive_seed, rng_for
from kcal.games.kcaloria.files.cardset import Tile

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.moves import Move

YOU, GOLDFISH = "you", "goldfish"
MAX_TURNS = 10
#: rescues and turns of both seats; far more than ten turns ever take
_MAX_PLIES = 500


def sample_hand(tiles: Sequence[Tile], *, seed: int = 0, turns: int = 3, bot: str = "greedy",
                deck_name: str = "deck") -> dict[str, Any]:
    """Deal the deck with ``seed`` and play its first ``turns`` turns; plain data for text or JSON."""
    from kcal.core.errors import UsageError
    from kcal.games.kcaloria.bots.basic import get_bot
    from kcal.games.kcaloria.rules import MoveKind, new_game

    if not 1 <= turns <= MAX_TURNS:
        raise UsageError(f"--turns must be between 1 and {MAX_TURNS}, not {turns}")
    policy = get_bot(bot)
    engine_seed = derive_seed(seed, "hand", 0) & ((1 << 63) - 1)
    state = new_game(None, [list(tiles), list(tiles)], [YOU, GOLDFISH], engine_seed, "standard")
    rng = rng_for(seed, "hand-bot", 0, 0)
    opening = [t.name for t in state.hand(0)]
    played_turns: list[dict[str, Any]] = []
    rescues: list[dict[str, Any]] = []
    for _ in range(_MAX_PLIES):
        if len(played_turns) >= turns or state.outcome() is not None:
            break
        me = state.turn_player
        moves = [m for m in state.legal_moves() if m.player == me]
        if not moves:
            break
        if me == GOLDFISH:
            singles = [m for m in moves if m.kind is MoveKind.DISCARD and len(m.discard) == 1]
            state.push(singles[0] if singles else moves[0])
            continue
        hand = [t.name for t in state.hand(0)]
        cells = _cells_by_tile(moves)
        move = policy(state, rng)
        state.push(move)
        if move.kind is MoveKind.RESCUE:
            rescues.append({"at": list(move.at or ())})
            continue
        played_turns.append({
            "turn": len(played_turns) + 1,
            "hand": hand,
            "playable": [{"tile": name, "cells": len(cells[name])} for name in dict.fromkeys(hand) if name in cells],
            "move": _move_dict(move),
            "rescues": rescues,
            "drew": _drawn(hand, [t.name for t in state.hand(0)], move),
        })
        rescues = []
    return {
        "deck": deck_name,
        "seed": seed,
        "bot": bot,
        "reshuffles": state.reshuffles[0],
        "opening": opening,
        "water_in_opening": _water_count(opening, tiles),
        "turns": played_turns,
    }


def _cells_by_tile(moves: Sequence[Move]) -> dict[str, set[tuple[int, ...]]]:
    """The cells each tile of the hand can be placed on; a cell counts once, however many ways
    (payments, targets) a tile is placed on it."""
    from kcal.games.kcaloria.rules import MoveKind

    cells: dict[str, set[tuple[int, ...]]] = {}
    for m in moves:
        if m.kind is MoveKind.PLACE and m.tile:
            cells.setdefault(m.tile, set()).add(tuple(m.at or ()))
    return cells


def _drawn(hand: list[str], after: list[str], move: Move) -> list[str]:
    """The tiles drawn at the end of the turn: the hand after it, less what stayed of the hand before."""
    from kcal.games.kcaloria.rules import MoveKind

    kept = Counter(hand)
    if move.kind is MoveKind.PLACE and move.tile:
        kept[move.tile] -= 1
    for name in move.discard:
        kept[name] -= 1
    return list((Counter(after) - kept).elements())


def _water_count(names: Sequence[str], tiles: Sequence[Tile]) -> int:
    from kcal.games.kcaloria.rules.domain import TileType

    water = {t.name for t in tiles if t.type is TileType.WATER}
    return sum(1 for n in names if n in water)


def _move_dict(move: Any) -> dict[str, Any]:
    if move.kind == "place":
        out: dict[str, Any] = {"kind": "place", "tile": move.tile, "at": list(move.at or ())}
        if move.target:
            out["target"] = move.target
        return out
    return {"kind": "discard", "tiles": list(move.discard)}


def hand_text(d: dict[str, Any]) -> str:
    """``kcal deck hand`` for people."""
    times = "reshuffle" if d["reshuffles"] == 1 else "reshuffles"
    lines = [f"{d['deck']}: opening 7 (seed {d['seed']}, after {d['reshuffles']} {times}; "
             f"{d['water_in_opening']} water)",
             "  " + ", ".join(d["opening"])]
    for t in d["turns"]:
        lines.append(f"turn {t['turn']}:")
        if t["playable"]:
            shown = ", ".join(f"{p['tile']} ({p['cells']} cell{'s' if p['cells'] != 1 else ''})"
                              for p in t["playable"])
            lines.append(f"  playable: {shown}")
        else:
            lines.append("  playable: nothing (a turn to discard and draw)")
        held = sorted(set(t["hand"]) - {p["tile"] for p in t["playable"]})
        if held:
            lines.append(f"  not yet:  {', '.join(held)}")
        for r in t["rescues"]:
            lines.append(f"  rescued the tile at {r['at']}")
        m = t["move"]
        if m["kind"] == "place":
            lines.append(f"  {d['bot']} bot plays {m['tile']} at {m['at']}")
        else:
            lines.append(f"  {d['bot']} bot discards {', '.join(m['tiles'])}")
        lines.append(f"  draws: {', '.join(t['drew']) or 'nothing'}")
    return "\n".join(lines)
