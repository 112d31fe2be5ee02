"""Writing a game as a SPEC game record (plain data, ready for YAML or JSON)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState


def tile_dicts(state: GameState, names: Iterable[str]) -> list[dict[str, Any]]:
    """The catalog entries of the named tiles (for a record that carries its own tiles)."""
    out = []
    seen = set()
    for name in names:
        info = state.table.get(name)
        if info is not None and info.key not in seen:
            seen.add(info.key)
            out.append(info.tile.to_json(exclude_none=True))
    return out


def start_tile_names(start: dict[str, Any] | None) -> list[str]:
    """Every tile a ``start:`` position names (on the board, in hands, piles and discards)."""
    if start is None:
        return []
    names = [t["tile"] for t in start.get("board", ())]
    for p in start.get("players", {}).values():
        for key in ("hand", "draw_pile", "discards"):
            names += p.get(key) or ()
        names += [n for pile in p.get("piles") or () for n in pile]
    return names


def state_to_record(state: GameState, catalogs: list[str] | None = None,
                    inline_tiles: bool | None = None) -> dict[str, Any]:
    """Players, mode, seed and moves; the tiles inline unless catalogs are named; the decks in their
    dealt order when the game tracked hands, so the replay deals the same hands from the seed; the
    ``start:`` position the game began from, if any (then no decks: the position gives the tiles)."""
    moves = state.moves_played()
    rec: dict[str, Any] = {}
    if inline_tiles is None:
        inline_tiles = catalogs is None
    rec["catalogs"] = list(catalogs) if catalogs is not None else []
    rec["players"] = list(state.players)
    rec["mode"] = state.mode
    if state.seed is not None:
        rec["seed"] = state.seed
    if inline_tiles:
        names = [m.tile for m in moves if m.tile] + [t for m in moves for t in m.discard]
        for deck in state.initial_decks or ():
            names += deck
        for m in moves:  # a named remove target, and symbiosis partners, must resolve too
            if m.target:
                names.append(m.target)
        names += start_tile_names(state.start)
        rec["tiles"] = tile_dicts(state, names)
    if state.start is not None:
        rec["start"] = state.start
    if state.initial_decks is not None:
        rec["decks"] = {p: list(d) for p, d in zip(state.players, state.initial_decks, strict=True)}
    rec["moves"] = [m.to_record() for m in moves]
    return rec
