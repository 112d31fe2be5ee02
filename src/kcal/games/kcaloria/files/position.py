"""Positions: a game set up between two turns (a record's ``start:``, like chess's FEN), and the replay's
``state`` in the same shape, so a replay's ``state`` given back as ``start:`` goes on the same.

Shape (every key optional; docs/formats.md, "A start position")::

    mode: standard             # must be the record's mode when given
    turn: 6                    # turns played so far (the first turn is turn 0)
    to_move: B             # whose turn it is (default: the first player; null once the game is over)
    end_reason: null           # a finished game: second_human, pack_tactics, tiles_exhausted, stagnation
    board:                     # the tiles on the table, oldest first
      - at: [0, 0]
        tile: Bayou
        owner: A
        cubes: {blue: 1}                    # its unused cubes
        placed_turn: 0                      # default: the turn before this one
        paid: [{from: [1, 0], green: 1}]    # its cost's cubes, by the tile they came from
        lost: {green: 1}                    # its cost's cubes whose tile has left the table (it starves)
        collapse_dice: [{player: A, value: 2, kind: starve, turn: 5}]
        barricade: {player: A, turns: 2}    # a barricade tile's running die (its owner's)
        last_used_turn: 5                   # a temporary tile: the last turn a cube was taken from it
        leaving: true                       # an action tile placed by the move that ended the game
    players:
      A: {placed: 4, humans: 1, reshuffles: 0,
          hand: [...], draw_pile: [...], discards: [...]}   # tracked tiles (draw pile bottom first)
      # solo with tracked tiles: piles: [[...], ...] (seven piles, each bottom first, its top last)

A position with ``hand`` (solo: ``piles``) tracks every player's tiles, as a record with ``decks:``
does; without, any tile of the catalogs may be placed, as in a replay without decks.
:func:`position_problems` lists what makes a position impossible (docs/rulings.md, "Start positions"),
:func:`start_game` sets a game up from a checked one and :func:`state_json` writes a state back.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt

from kcal.core.jsonstream import Streamed
from kcal.games.kcaloria.files.models import Closed, Name, Quantity
from kcal.games.kcaloria.rules.domain import DECK_SIZE, HAND_SIZE, Color, fold_name
from kcal.games.kcaloria.rules.hexgrid import Hex, cell_of, distance, format_hex, neighbours
from kcal.games.kcaloria.rules.moves import EndReason
from kcal.games.kcaloria.rules.tiles import COLORS, color_index

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.cards import Tile
    from kcal.games.kcaloria.rules.state import GameState
    from kcal.games.kcaloria.rules.tiles import TileInfo, TileTable

Loc = tuple[str | int, ...]
Problem = tuple[str, Loc]
#: a turn number a position may name (a game of 4 decks of 60 tiles lasts a few hundred turns)
MAX_TURN = 100_000
Turn = Annotated[StrictInt, Field(ge=0, le=MAX_TURN)]
Count = Annotated[StrictInt, Field(ge=0, le=999)]
Cell = Annotated[tuple[StrictInt, StrictInt], Field(description="axial [q, r]")]
Cubes = dict[Color, Quantity]
#: the copies of one name a deck may hold (SPEC: "no more than 5 tiles of the same name")
MAX_COPIES = 5
SOLO_PILES = 7


class Paid(Closed):
    """Cubes of a tile's cost taken from the tile at ``from`` (still on the table)."""

    from_: Cell = Field(alias="from")
    blue: Quantity = 0
    green: Quantity = 0
    yellow: Quantity = 0
    orange: Quantity = 0
    red: Quantity = 0
    purple: Quantity = 0

    def vector(self) -> tuple[int, ...]:
        return tuple(getattr(self, c) for c in COLORS)


class Die(Closed):
    """A collapse die on a tile: whose it is (it counts down at the end of their turns), its value,
    ``remove`` (the tile named by a removal) or ``starve`` (a tile that paid from one), and the turn it
    was put down (it counts down from the end of its owner's next turn; default: an earlier turn)."""

    player: Name
    value: Annotated[StrictInt, Field(ge=1, le=99)]
    kind: Literal["remove", "starve"] = "remove"
    turn: Turn | None = None


class Barricade(Closed):
    player: Name
    turns: Annotated[StrictInt, Field(ge=1, le=99)]


class BoardTile(Closed):
    at: Cell
    tile: Name
    owner: Name
    cubes: Cubes = {}
    placed_turn: Turn | None = None
    paid: tuple[Paid, ...] = ()
    lost: Cubes = {}
    collapse_dice: tuple[Die, ...] = ()
    barricade: Barricade | None = None
    last_used_turn: Turn | None = None
    leaving: StrictBool = False


class PlayerPosition(Closed):
    """One player's counters and, in a game that tracks tiles, their tiles (bottom of a pile first)."""

    placed: Count | None = Field(default=None, description="tiles placed so far (default: theirs on the board)")
    humans: Count | None = Field(default=None, description="human tiles placed so far (default: on the board)")
    reshuffles: Count = 0
    hand: tuple[Name, ...] | None = None
    draw_pile: tuple[Name, ...] | None = None
    discards: tuple[Name, ...] | None = None
    piles: tuple[tuple[Name, ...], ...] | None = None

    def tracked(self) -> bool:
        return any(x is not None for x in (self.hand, self.draw_pile, self.discards, self.piles))


class StartPosition(Closed):
    """A record's ``start:``: the replay's ``state`` of any game, given back."""

    mode: Literal["standard", "beginner", "solo"] | None = None
    turn: Turn = 0
    to_move: Name | None = None
    end_reason: EndReason | None = None
    board: tuple[BoardTile, ...] = ()
    players: dict[Name, PlayerPosition] = {}

    def tracked(self) -> bool:
        return any(p.tracked() for p in self.players.values())

    def before(self) -> int:
        """The turn a tile or die without one was put down in: the turn before this one."""
        return max(self.turn - 1, 0)


# --- what makes a position impossible ------------------------------------------------------------------


class _Check:
    """Collects the problems of one position, each at its key path under ``start``."""

    def __init__(self, pos: StartPosition, players: Sequence[str], mode: str, table: TileTable,
                 suggest: Callable[[str], str]) -> None:
        self.pos, self.players, self.mode, self.table, self.suggest = pos, list(players), mode, table, suggest
        self.out: list[Problem] = []

    def add(self, message: str, *loc: str | int) -> None:
        self.out.append((message, loc))

    def player(self, name: str, *loc: str | int) -> int:
        """The seat ``name`` names (case and spacing aside, as in moves), or -1 with a problem."""
        key = fold_name(name)
        for i, p in enumerate(self.players):
            if fold_name(p) == key:
                return i
        from kcal.core.suggest import did_you_mean

        self.add(f"{name!r} is not one of the players ({', '.join(self.players)}){did_you_mean(name, self.players)}",
                 *loc)
        return -1

    def tile(self, name: str, *loc: str | int) -> TileInfo | None:
        info = self.table.get(name)
        if info is None:
            self.add(f"no tile named {name!r} in the catalogs{self.suggest(name)}", *loc)
        return info


def position_problems(pos: StartPosition, players: Sequence[str], mode: str, table: TileTable,
                      suggest: Callable[[str], str] = lambda name: "") -> list[Problem]:
    """Everything that makes ``pos`` impossible in a game of ``players`` in ``mode`` over ``table``, each
    with the key path (under ``start``) it is about."""
    ck = _Check(pos, players, mode, table, suggest)
    if pos.mode is not None and pos.mode != mode:
        ck.add(f"the position is a {pos.mode} game and the record's mode is {mode}", "mode")
    if pos.to_move is not None:
        ck.player(pos.to_move, "to_move")
    for name in pos.players:
        ck.player(name, "players", name)
    folded = Counter(fold_name(name) for name in pos.players)
    for name in pos.players:
        if folded[fold_name(name)] > 1:
            ck.add(f"{name!r} is given twice (case and spacing aside)", "players", name)
    cells = _board_problems(ck)
    _player_problems(ck, cells)
    _end_problems(ck, cells)
    return ck.out


def _board_problems(ck: _Check) -> dict[Hex, tuple[TileInfo, int]]:
    """The board's problems; the tiles that are fine, by cell, with their owner's seat."""
    pos = ck.pos
    cells: dict[Hex, tuple[TileInfo, int]] = {}
    taken: dict[Hex, int] = {}
    for k, entry in enumerate(pos.board):
        here: Loc = ("board", k)
        cell = cell_of(entry.at)
        info = ck.tile(entry.tile, *here, "tile")
        owner = ck.player(entry.owner, *here, "owner")
        if cell in taken:
            ck.add(f"{format_hex(cell)} holds two tiles (board[{taken[cell]}] and board[{k}])", *here, "at")
            continue
        taken[cell] = k
        if info is None or owner < 0:
            continue
        cells[cell] = (info, owner)
        _turns(ck, entry, info, here)
        if entry.leaving and not info.leaves:
            ck.add(f"{info.name} stays on the table: only action and remove tiles leave", *here, "leaving")
        elif info.leaves and not entry.leaving:
            ck.add(f"{info.name} leaves the table at the end of the turn it is placed in; on the board of a "
                   f"finished game write leaving: true", *here, "tile")
        elif entry.leaving and pos.end_reason is None:
            ck.add(f"{info.name} would already have left the table: only the move that ends the game leaves "
                   f"an action tile behind (give end_reason)", *here, "leaving")
        if entry.barricade is not None:
            if "barricade" not in info.mods:
                ck.add(f"{info.name} has no barricade modifier", *here, "barricade")
            elif ck.player(entry.barricade.player, *here, "barricade", "player") not in (-1, owner):
                ck.add(f"a barricade's die is its owner's ({ck.players[owner]})", *here, "barricade", "player")
        for d, die in enumerate(entry.collapse_dice):
            ck.player(die.player, *here, "collapse_dice", d, "player")
        if entry.collapse_dice and ck.mode == "beginner":
            ck.add("a beginner game has no collapse dice (a removal takes the cubes at once)", *here, "collapse_dice")
    for k, entry in enumerate(pos.board):
        for j, paid in enumerate(entry.paid):
            src = cell_of(paid.from_)
            where = ("board", k, "paid", j, "from")
            if distance(src, cell_of(entry.at)) != 1:
                ck.add(f"a cost is paid from a neighbouring tile; {format_hex(src)} is not next to "
                       f"{format_hex(cell_of(entry.at))}", *where)
            elif src not in taken:
                ck.add(f"no tile at {format_hex(src)} to have paid from (a tile that left the table goes "
                       f"under lost)", *where)
            if not any(paid.vector()):
                ck.add("a paid entry names at least one cube (e.g. green: 1)", *where[:-1])
    return cells


def _turns(ck: _Check, entry: BoardTile, info: TileInfo, here: Loc) -> None:
    """No tile, die or use is later than the position's turn; only a temporary tile records its use."""
    turn = ck.pos.turn
    for value, key in ((entry.placed_turn, ("placed_turn",)), (entry.last_used_turn, ("last_used_turn",))):
        if value is not None and value > turn:
            ck.add(f"turn {value} is after the position's turn {turn}", *here, *key)
    for d, die in enumerate(entry.collapse_dice):
        if die.turn is not None and die.turn > turn:
            ck.add(f"turn {die.turn} is after the position's turn {turn}", *here, "collapse_dice", d, "turn")
    if entry.last_used_turn is not None and "temporary" not in info.mods:
        ck.add(f"{info.name} is not a temporary tile: only those record their last use", *here, "last_used_turn")


def _player_problems(ck: _Check, cells: dict[Hex, tuple[TileInfo, int]]) -> None:
    pos = ck.pos
    on_board = Counter(owner for _, owner in cells.values())
    humans = Counter(owner for info, owner in cells.values() if info.human)
    for name, entry in pos.players.items():
        seat = next((i for i, p in enumerate(ck.players) if fold_name(p) == fold_name(name)), -1)
        if seat < 0:
            continue
        if entry.placed is not None and entry.placed < on_board[seat]:
            ck.add(f"{name} has {on_board[seat]} tile(s) on the board, so placed at least that many", "players",
                   name, "placed")
        if entry.humans is not None and entry.humans < humans[seat]:
            ck.add(f"{name} has {humans[seat]} human tile(s) on the board, so placed at least that many",
                   "players", name, "humans")
    if pos.tracked():
        _tracked_problems(ck, cells)


def _tracked_problems(ck: _Check, cells: dict[Hex, tuple[TileInfo, int]]) -> None:
    """A game that tracks tiles: every player's tiles are given, fit where they are, and fit a deck."""
    pos = ck.pos
    solo = ck.mode == "solo"
    given = {fold_name(n): n for n in pos.players}
    for seat, player in enumerate(ck.players):
        name = given.get(fold_name(player))
        entry = pos.players.get(name) if name is not None else None
        if entry is None or (entry.piles if solo else entry.hand) is None:
            ck.add(f"the position tracks the players' tiles, so it gives {player}'s "
                   f"{'piles' if solo else 'hand'}", *(("players", name) if name else ("players",)))
            continue
        here: Loc = ("players", name or player)
        if solo:
            _solo_problems(ck, entry, here)
        else:
            if entry.piles is not None:
                ck.add("only a solo game plays from piles", *here, "piles")
            hand = entry.hand or ()
            if len(hand) > HAND_SIZE:
                ck.add(f"a hand holds at most {HAND_SIZE} tiles, not {len(hand)}", *here, "hand")
            elif len(hand) < HAND_SIZE and entry.draw_pile and pos.end_reason is None:
                ck.add(f"{player} draws back to {HAND_SIZE} at the end of each turn while the draw pile "
                       f"lasts: {len(hand)} in hand and {len(entry.draw_pile)} to draw", *here, "hand")
        _deck_problems(ck, seat, entry, here, cells)


def _solo_problems(ck: _Check, entry: PlayerPosition, here: Loc) -> None:
    if entry.hand:
        ck.add("a solo game plays from the tops of its piles, not from a hand", *here, "hand")
    if entry.discards:
        ck.add("a solo game has no discards", *here, "discards")
    if entry.piles is not None and len(entry.piles) != SOLO_PILES:
        ck.add(f"a solo game has {SOLO_PILES} piles, not {len(entry.piles)}", *here, "piles")


def _deck_problems(ck: _Check, seat: int, entry: PlayerPosition, here: Loc,
                   cells: dict[Hex, tuple[TileInfo, int]]) -> None:
    """The player's tiles (on the board, in hand, to draw, discarded) fit one deck: at most 60 tiles and
    5 of a name."""
    copies: Counter[str] = Counter(info.key for info, owner in cells.values() if owner == seat)
    first: dict[str, Loc] = {}
    groups: list[tuple[Loc, Sequence[str]]] = [((*here, "hand"), entry.hand or ()),
                                               ((*here, "draw_pile"), entry.draw_pile or ()),
                                               ((*here, "discards"), entry.discards or ())]
    groups += [((*here, "piles", k), pile) for k, pile in enumerate(entry.piles or ())]
    total = sum(copies.values())
    for loc, names in groups:
        for k, name in enumerate(names):
            info = ck.tile(name, *loc, k)
            if info is None:
                continue
            copies[info.key] += 1
            total += 1
            first.setdefault(info.key, (*loc, k))
            if copies[info.key] == MAX_COPIES + 1:
                ck.add(f"{ck.players[seat]} holds a 6th {info.name}: a deck has at most {MAX_COPIES} tiles of "
                       f"a name (the board counts the player's own tiles)", *loc, k)
    if total > DECK_SIZE:
        ck.add(f"{ck.players[seat]}'s tiles (board, hand, draw pile, discards) number {total}; a deck has "
               f"{DECK_SIZE}", *here)


def _end_problems(ck: _Check, cells: dict[Hex, tuple[TileInfo, int]]) -> None:
    """A game over names how it ended, and only a way it could have; a game going on has not ended."""
    pos = ck.pos
    humans = {fold_name(n): e.humans for n, e in pos.players.items() if e.humans is not None}
    two = [p for p in ck.players if (humans.get(fold_name(p)) or 0) >= 2]
    two += [ck.players[s] for s, n in Counter(o for i, o in cells.values() if i.human).items()
            if n >= 2 and ck.players[s] not in two]
    pack = _pack_of_three(cells)
    reason = pos.end_reason
    if reason is None:
        if two:
            key = next((n for n in pos.players if fold_name(n) == fold_name(two[0])), None)
            ck.add(f"{two[0]} has placed 2 human tiles, so the game is over (give end_reason: second_human)",
                   *(("players", key, "humans") if key is not None else ("board",)))
        if pack is not None:
            ck.add(f"three adjacent {pack} tiles of one player end the game (give end_reason: pack_tactics)",
                   "board")
        return
    if pos.to_move is not None:
        ck.add("a finished game has no player to move (to_move: null)", "to_move")
    wrong = {EndReason.SECOND_HUMAN: None if two else "no player has placed 2 human tiles",
             EndReason.PACK_TACTICS: None if pack else "no three adjacent pack-tactics tiles of one name and owner",
             EndReason.TILES_EXHAUSTED: None if pos.tracked() else "the position does not track the players' tiles",
             EndReason.STAGNATION: None if ck.mode == "solo" else "only a solo game stagnates"}[reason]
    if wrong is not None:
        ck.add(f"the game cannot have ended by {reason.value}: {wrong}", "end_reason")


def _pack_of_three(cells: dict[Hex, tuple[TileInfo, int]]) -> str | None:
    """The name of three or more adjacent pack-tactics tiles of one name and owner, if any."""
    seen: set[Hex] = set()
    for start, (info, owner) in cells.items():
        if start in seen or "pack_tactics" not in info.mods:
            continue
        group, todo = {start}, [start]
        while todo:
            for nb in neighbours(todo.pop()):
                other = cells.get(nb)
                if nb not in group and other is not None and other[1] == owner and other[0].key == info.key:
                    group.add(nb)
                    todo.append(nb)
        seen |= group
        if len(group) >= 3:
            return info.name
    return None


# --- a game from a position, and a state as a position ----------------------------------------------


def tracked_tiles(pos: StartPosition, players: Sequence[str], table: TileTable) -> list[list[Tile]] | None:
    """Each player's tiles off the board (hand, draw pile, discards, piles) for the tile table, or None."""
    if not pos.tracked():
        return None
    out = []
    for entry in _entries(pos, players):
        names = [*(entry.hand or ()), *(entry.draw_pile or ()), *(entry.discards or ())]
        names += [n for pile in entry.piles or () for n in pile]
        out.append([_info(table, n).tile for n in names])
    return out


def _entries(pos: StartPosition, players: Sequence[str]) -> list[PlayerPosition]:
    given = {fold_name(n): e for n, e in pos.players.items()}
    return [given.get(fold_name(p), PlayerPosition()) for p in players]


def _info(table: TileTable, name: str) -> TileInfo:
    info = table.get(name)
    assert info is not None  # position_problems checked every name
    return info


def _seat(players: Sequence[str], name: str) -> int:
    return next(i for i, p in enumerate(players) if fold_name(p) == fold_name(name))


def start_game(table: TileTable, players: Sequence[str], mode: str, seed: int | None,
               pos: StartPosition) -> GameState:
    """A game set up at ``pos`` (checked by :func:`position_problems`): nothing of it is drawn from the seed
    (no chance event follows the deal), and its record gives the position back as ``start:``."""
    from kcal.games.kcaloria.rules.state import GameState

    state = GameState(table, list(players), mode, seed)
    state.turn = pos.turn
    state.current = _seat(players, pos.to_move) if pos.to_move is not None else 0
    _place_board(state, pos)
    entries = _entries(pos, players)
    state.placed_n = [e.placed if e.placed is not None else _own(state, i) for i, e in enumerate(entries)]
    state.humans = [e.humans if e.humans is not None else _own(state, i, human=True)
                    for i, e in enumerate(entries)]
    state.reshuffles = [e.reshuffles for e in entries]
    if pos.tracked():
        state.open_hands = False
        state.hands = [[_info(table, n) for n in e.hand or ()] for e in entries]
        state.draw = [[_info(table, n) for n in e.draw_pile or ()] for e in entries]
        state.discards = [[_info(table, n) for n in e.discards or ()] for e in entries]
        if mode == "solo":
            state.piles = [[_info(table, n) for n in pile] for pile in entries[0].piles or ()]
    state.tiles_changed()
    if pos.end_reason is not None:
        from kcal.games.kcaloria.rules.moves import Outcome

        scores = state.scores()
        best = max(scores.values())
        winners = [] if pos.end_reason is EndReason.STAGNATION else [p for p in players if scores[p] == best]
        state.ended = Outcome(pos.end_reason.value, scores, winners)
    state.start = state_json(state)
    return state


def _own(state: GameState, seat: int, *, human: bool = False) -> int:
    return sum(1 for p in state.tiles.values() if p.owner == seat and (p.info.human or not human))


def _place_board(state: GameState, pos: StartPosition) -> None:
    """The tiles in order (their ids follow it), their cubes, payments, dice, barricades and uses."""
    from kcal.games.kcaloria.rules.payment import set_anchor

    players = state.players
    uids = {cell_of(e.at): k + 1 for k, e in enumerate(pos.board)}
    for k, e in enumerate(pos.board):
        cell = cell_of(e.at)
        info = _info(state.table, e.tile)
        ledger = [(uids[cell_of(p.from_)], cell_of(p.from_), c, n) for p in e.paid
                  for c, n in enumerate(p.vector()) if n]
        ledger += [(0, cell, color_index(c), n) for c, n in e.lost.items() if n]  # uid 0: no tile
        placed = e.placed_turn if e.placed_turn is not None else pos.before()
        state.tiles[cell] = state.placed_class(info, _seat(players, e.owner), k + 1, tuple(ledger), placed)
        state.set_cubes(cell, tuple(e.cubes.get(Color(c), 0) for c in COLORS))
        if e.collapse_dice:
            state.dice[cell] = tuple((_seat(players, d.player), d.value, d.turn if d.turn is not None
                                      else pos.before(), d.kind) for d in e.collapse_dice)
        if e.barricade is not None:
            state.barricades[cell] = (_seat(players, e.owner), e.barricade.turns)
        if "temporary" in info.mods:
            state.used[cell] = e.last_used_turn if e.last_used_turn is not None else placed
        if "anchor" in info.mods:
            set_anchor(state, cell, placed=True)
        if e.leaving:
            state.leaving = state.leaving + (cell,)
    state.uid_next = len(pos.board) + 1


def _cubes(vec: Sequence[int]) -> dict[str, int]:
    """The counts of cubes by colour, the colours without cubes left out (a new dict each time; the
    board's tiles share a tuple for each count, so a long board's are made from a few)."""
    return dict(cube_items(tuple(vec)))


@functools.lru_cache(maxsize=4096)
def cube_items(vec: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """``(colour, count)`` for each colour of ``vec`` that has cubes."""
    return tuple((COLORS[c], n) for c, n in enumerate(vec) if n)


def _tile_json(state: GameState, cell: Hex) -> dict[str, Any]:
    names = state.players
    p = state.tiles[cell]
    d: dict[str, Any] = {"at": [cell[0], cell[1]], "tile": p.info.name, "owner": names[p.owner],
                         "cubes": _cubes(state.cubes[cell]), "placed_turn": p.turn}
    paid: dict[Hex, list[int]] = {}
    lost = [0] * 6
    for uid, src, c, n in p.paid:
        s = state.tiles.get(src)
        if s is not None and s.uid == uid:
            paid.setdefault(src, [0] * 6)[c] += n
        else:
            lost[c] += n
    if paid:
        d["paid"] = [{"from": [q, r], **_cubes(v)} for (q, r), v in paid.items()]
    if any(lost):
        d["lost"] = _cubes(lost)
    if cell in state.dice:
        d["collapse_dice"] = [{"player": names[x[0]], "value": x[1], "kind": x[3], "turn": x[2]}
                              for x in state.dice[cell]]
    if cell in state.barricades:
        owner, remaining = state.barricades[cell]
        d["barricade"] = {"player": names[owner], "turns": remaining}
    if cell in state.used:
        d["last_used_turn"] = state.used[cell]
    if cell in state.leaving:
        d["leaving"] = True
    return d


def state_json(state: GameState, *, streamed: bool = False) -> dict[str, Any]:
    """The position of ``state`` in the shape of a ``start:`` (the replay's ``state``); ``streamed``:
    its board a :class:`~kcal.core.jsonstream.Streamed` array, each tile made as it is written (for
    ``rules replay --format json`` only)."""
    players: dict[str, Any] = {}
    for i, name in enumerate(state.players):
        d: dict[str, Any] = {"placed": state.placed_n[i], "humans": state.humans[i],
                             "reshuffles": state.reshuffles[i]}
        if not state.open_hands:
            if state.piles is not None:
                d["piles"] = [[t.name for t in pile] for pile in state.piles]
            else:
                d["hand"] = [t.name for t in state.hands[i]]
                d["discards"] = [t.name for t in state.discards[i]]
            d["draw_pile"] = [t.name for t in state.draw[i]]
        players[name] = d
    ended = state.ended
    return {"mode": state.mode, "turn": state.turn,
            "to_move": None if ended else state.turn_player,
            "end_reason": ended.end_reason if ended else None,
            "board": board_streamed(state) if streamed else board_json(state), "players": players}


def board_json(state: GameState) -> list[dict[str, Any]]:
    """The tiles on the table, oldest first, as a ``start:`` gives them (public: every view shows it)."""
    return [_tile_json(state, cell) for cell in cells_by_age(state)]


def board_streamed(state: GameState) -> Streamed:
    """:func:`board_json` as a :class:`~kcal.core.jsonstream.Streamed` array."""
    return Streamed(len(state.tiles), lambda: (_tile_json(state, cell) for cell in cells_by_age(state)))


def cells_by_age(state: GameState) -> list[Hex]:
    """The cells of the tiles on the table, the oldest tile's first (by ``uid``)."""
    tiles = state.tiles
    return sorted(tiles, key=lambda cell: tiles[cell].uid)
