"""Setting up a game (rulebook "Setup" and "Solo Mode"): shuffle each deck with the game's seeded
generator, deal 7 (solo: seven piles of 1..7 tiles, tops face up), and reshuffle while the opening
tiles hold no water tile.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

from kcal.core.errors import KcalError
from kcal.games.kcaloria.rules.cards import Tile
from kcal.games.kcaloria.rules.domain import HAND_SIZE, can_open, fold_name
from kcal.games.kcaloria.rules.state import GameState
from kcal.games.kcaloria.rules.tiles import TileInfo, TileTable

MAX_RESHUFFLES = 1000
SOLO_PILES = 7


def _library_tiles(library_or_tiles: Any) -> Iterable[Tile]:
    if library_or_tiles is None:
        return ()
    tiles = getattr(library_or_tiles, "tiles", library_or_tiles)
    return tuple(tiles)


#: Tile tables by library object or by the ids of their tiles, most recently used last. A table
#: holds its (bounded) caches, so only a few are kept: a process plays one deck set at a time.
_TABLES: OrderedDict[object, tuple[object, TileTable]] = OrderedDict()
TABLES_LIMIT = 16


def _remember(key: object, owner: object, table: TileTable) -> TileTable:
    _TABLES[key] = (owner, table)
    _TABLES.move_to_end(key)
    while len(_TABLES) > TABLES_LIMIT:
        _TABLES.popitem(last=False)
    return table


def build_table(library_or_tiles: Any, decks: Sequence[Sequence[Tile]] = ()) -> TileTable:
    """The compiled tiles of a game; games over the same tiles share one (it is read-only).

    A closed game's table gives the tiles of its decks the first bits of the generator's masks
    (see :class:`TileTable`), so games over a library share one table per set of decks."""
    if library_or_tiles is not None and not isinstance(library_or_tiles, (list, tuple, TileTable)):
        # a Library: one table per library object (kept alive with it) and set of decks
        deck_tiles = [t for d in decks for t in d]
        key: object = id(library_or_tiles)
        if deck_tiles:  # ids are stable: every compiled tile is kept alive by engine.tiles._COMPILED
            key = (key, frozenset(map(id, deck_tiles)))
        hit = _TABLES.get(key)
        if hit is None or hit[0] is not library_or_tiles:
            return _remember(key, library_or_tiles,
                             TileTable([*_library_tiles(library_or_tiles), *deck_tiles], first=deck_tiles))
        _TABLES.move_to_end(key)
        return hit[1]
    if isinstance(library_or_tiles, TileTable):
        lib = [i.tile for i in library_or_tiles.infos]
    else:
        lib = list(_library_tiles(library_or_tiles))
    deck_tiles = [t for d in decks for t in d]
    all_tiles = lib + deck_tiles
    # ids are stable: every compiled tile is kept alive by engine.tiles._COMPILED
    key = (tuple(id(t) for t in all_tiles), len(deck_tiles))
    hit = _TABLES.get(key)
    if hit is None:
        return _remember(key, None, TileTable(all_tiles, first=deck_tiles))
    _TABLES.move_to_end(key)
    return hit[1]


def _deal(state: GameState, i: int, infos: list[TileInfo], solo: bool) -> None:
    """Shuffle and deal until the opening tiles hold water; ``draw`` keeps the rest, top last."""
    if not can_open(infos):
        raise KcalError(f"{state.players[i]}'s deck has no water tile, so no opening hand can be kept")
    opening = sum(range(1, SOLO_PILES + 1)) if solo else state.hand_size
    for _ in range(MAX_RESHUFFLES):
        deck = list(infos)
        state.rng.shuffle(deck)
        if solo:
            piles = []
            for k in range(1, SOLO_PILES + 1):
                piles.append([deck.pop() for _ in range(min(k, len(deck)))])
            tops = [p[-1] for p in piles if p]
            if can_open(tops):
                state.piles = piles
                state.draw[i] = deck
                return
        else:
            hand = [deck.pop() for _ in range(min(state.hand_size, len(deck)))]
            if can_open(hand):
                state.hands[i] = hand
                state.draw[i] = deck
                return
        state.reshuffles[i] += 1
    raise KcalError(f"{state.players[i]}'s deck found no water in {MAX_RESHUFFLES} opening draws "
                    f"of {opening} tiles")


def game_mode(players: int, mode: str | None) -> str:
    """The mode of a game of ``players`` players: one player plays solo, more play standard unless
    ``mode`` says beginner. A mode that does not fit the number of players is an error."""
    if mode is None:
        return "solo" if players == 1 else "standard"
    if mode == "solo" and players != 1:
        raise KcalError(f"a solo game has exactly one player, not {players}")
    if mode != "solo" and players == 1:
        raise KcalError(f"one player plays the solo rules (seven piles, no discards): mode {mode!r} "
                        f"needs 2 to 4 players; use mode solo, or leave the mode out")
    return mode


def new_game(library_or_tiles: Any, decks: Sequence[Sequence[Tile]] | None, players: Sequence[str],
             seed: int, mode: str | None = None, hand_size: int = HAND_SIZE) -> GameState:
    """A new game, dealt from ``decks`` (one list of tiles per player, in deck order) with ``seed``.

    ``decks=None`` gives an *open* game, as a replay plays it: hands are not tracked and any tile
    of ``library_or_tiles`` may be placed. ``mode``: standard or beginner (2 to 4 players) or solo
    (one player); None picks solo for one player, else standard (:func:`game_mode`).
    """
    players = list(players)
    if not 1 <= len(players) <= 4:
        raise KcalError(f"a game has 1 to 4 players, not {len(players)}")
    if len({fold_name(p) for p in players}) != len(players):
        raise KcalError("player names must differ (case and spacing aside)")
    mode = game_mode(len(players), mode)
    table = build_table(library_or_tiles, decks or ())
    state = GameState(table, players, mode, seed)
    state.reshuffles = [0] * len(players)
    state.hand_size = hand_size
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
