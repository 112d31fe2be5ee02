"""Setting up a game (rulebook "Setup" and "Solo Mode"): shuffle each deck with the game's seeded
generator, deal 7 (solo: seven piles of 1..7 tiles, tops face up), and reshuffle while the opening
tiles hold no water tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kcal.core.errors import KcalError
from kcal.games.kcaloria.domain import HAND_SIZE
from kcal.games.kcaloria.engine.state import GameState
from kcal.games.kcaloria.engine.tiles import TileInfo, TileTable
from kcal.games.kcaloria.models import Tile

MAX_RESHUFFLES = 1000
SOLO_PILES = 7


def _library_tiles(library_or_tiles) -> Iterable[Tile]:
    if library_or_tiles is None:
        return ()
    tiles = getattr(library_or_tiles, "tiles", library_or_tiles)
    return tuple(tiles)


_TABLES: dict = {}


def build_table(library_or_tiles, decks: Sequence[Sequence[Tile]] = ()) -> TileTable:
    """The compiled tiles of a game; games over the same tiles share one (it is read-only)."""
    if library_or_tiles is not None and not isinstance(library_or_tiles, (list, tuple, TileTable)):
        # a Library: one table per library object (kept alive here), decks added to it
        hit = _TABLES.get(id(library_or_tiles))
        if hit is None or hit[0] is not library_or_tiles:
            hit = _TABLES[id(library_or_tiles)] = (library_or_tiles, TileTable(_library_tiles(library_or_tiles)))
        table = hit[1]
        for d in decks:
            for t in d:
                table.add(t)
        return table
    if isinstance(library_or_tiles, TileTable):
        lib = [i.tile for i in library_or_tiles.infos]
    else:
        lib = list(_library_tiles(library_or_tiles))
    all_tiles = lib + [t for d in decks for t in d]
    # ids are stable: every compiled tile is kept alive by engine.tiles._COMPILED
    key = tuple(id(t) for t in all_tiles)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        table = _TABLES[key] = TileTable(all_tiles)
    return table


def _deal(state: GameState, i: int, infos: list[TileInfo], solo: bool) -> None:
    """Shuffle and deal until the opening tiles hold water; ``draw`` keeps the rest, top last."""
    if not any(t.water for t in infos):
        raise KcalError(f"{state.players[i]}'s deck has no water tile, so no opening hand can be kept")
    opening = sum(range(1, SOLO_PILES + 1)) if solo else HAND_SIZE
    for _ in range(MAX_RESHUFFLES):
        deck = list(infos)
        state.rng.shuffle(deck)
        if solo:
            piles = []
            for k in range(1, SOLO_PILES + 1):
                piles.append([deck.pop() for _ in range(min(k, len(deck)))])
            tops = [p[-1] for p in piles if p]
            if any(t.water for t in tops):
                state.piles = piles
                state.draw[i] = deck
                return
        else:
            hand = [deck.pop() for _ in range(min(HAND_SIZE, len(deck)))]
            if any(t.water for t in hand):
                state.hands[i] = hand
                state.draw[i] = deck
                return
        state.reshuffles[i] += 1
    raise KcalError(f"{state.players[i]}'s deck found no water in {MAX_RESHUFFLES} opening draws "
                    f"of {opening} tiles")


def new_game(library_or_tiles, decks: Sequence[Sequence[Tile]] | None, players: Sequence[str],
             seed: int, mode: str = "standard") -> GameState:
    """A new game, dealt from ``decks`` (one list of tiles per player, in deck order) with ``seed``.

    ``decks=None`` gives an *open* game, as a replay plays it: hands are not tracked and any tile
    of ``library_or_tiles`` may be placed. ``mode``: standard, beginner or solo (one player).
    """
    players = list(players)
    if not 1 <= len(players) <= 4:
        raise KcalError(f"a game has 1 to 4 players, not {len(players)}")
    if len(set(players)) != len(players):
        raise KcalError("player names must differ")
    if mode == "solo" and len(players) != 1:
        raise KcalError("a solo game has exactly one player")
    table = build_table(library_or_tiles, decks or ())
    state = GameState(table, players, mode, seed)
    state.reshuffles = [0] * len(players)
    if decks is None:
        return state
    if len(decks) != len(players):
        raise KcalError(f"{len(players)} players need {len(players)} decks, not {len(decks)}")
    state.open_hands = False
    state.initial_decks = [[t.name for t in deck] for deck in decks]
    for i, deck in enumerate(decks):
        infos = [table.add(t) for t in deck]
        _deal(state, i, infos, mode == "solo")
    return state
