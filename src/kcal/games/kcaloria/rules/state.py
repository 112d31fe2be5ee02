"""The game state: board, cubes, dice, hands and the seeded generator; moves, undo and outcome.

Everything mutable lives in plain dicts and lists of immutable values, so :meth:`GameState.copy`
is a handful of shallow copies.

:meth:`push` / :meth:`pop` work from an undo log instead of copies. ``push`` saves the state's
scalar fields (turn, seat, counters, history, the move list; a tuple) and opens a frame of the log;
while a frame is open, every change the rule modules make to a dict or list of the state goes
through :meth:`GameState.jset`, :meth:`GameState.jdel`, :meth:`GameState.jpop` or
:meth:`GameState.own`, which first log ``(container, key, old value)``. ``pop`` undoes the frame's
entries last first and puts the scalars back. A deletion from a dict whose order matters (the
table, the dice: a rebuilt frontier and the end of a turn follow their order) logs a copy of the
dict instead, so the undo restores the order too; ``avail``, a lookup table, logs the entry alone
(:meth:`jpop`). A list of tiles (a hand, a pile, the draw pile) or a frontier a placement changes
is replaced by a copy the first time a frame changes it (:meth:`own`). With no frame open (``apply`` alone) nothing is logged.
"""

from __future__ import annotations

from operator import mul
from typing import Any

from kcal.core.rng import Rng
from kcal.games.kcaloria.rules import collapse, legal, movegen, turnflow
from kcal.games.kcaloria.rules.domain import HAND_SIZE, fold_name
from kcal.games.kcaloria.rules.hexgrid import Hex, neighbours
from kcal.games.kcaloria.rules.movelist import MoveList
from kcal.games.kcaloria.rules.moves import IllegalMove, Move, Outcome
from kcal.games.kcaloria.rules.tiles import POINTS, ZERO6, TileInfo, TileTable, pack_vec
from kcal.games.kcaloria.rules.undolog import CUBES, MISSING, SNAP


class Placed:
    """A tile on the table (immutable): what it is, whose, and which cubes paid its cost.

    ``paid`` holds ``(source uid, source cell, colour, n)``: the provenance of its cost.
    """

    __slots__ = ("info", "owner", "uid", "paid", "turn")

    def __init__(self, info: TileInfo, owner: int, uid: int, paid: tuple, turn: int) -> None:
        self.info, self.owner, self.uid, self.paid, self.turn = info, owner, uid, paid, turn

    def __repr__(self) -> str:
        return f"<Placed {self.info.name} of {self.owner} #{self.uid}>"


_COPIED = ("tiles", "cubes", "dice", "barricades", "used", "avail", "pcubes", "afill")


#: log markers (engine.undolog): "the key was absent", "a copy of the whole dict", and, in a log
#: entry's container place, "undo a set_cubes" (see GameState._unset_cubes)
_MISSING = MISSING
_SNAP = SNAP
_CUBES = CUBES


class GameState:
    placed_class = Placed

    __slots__ = (
        "table", "players", "mode", "seed", "rng", "tiles", "cubes", "dice", "barricades", "used",
        "leaving", "frontier", "hands", "piles", "draw", "discards", "turn", "current", "placed_n",
        "humans", "produced", "destroyed", "ended", "history", "n_moves", "uid_next", "events",
        "dice_owner_hint", "initial_decks", "_undo", "open_hands", "reshuffles", "_moves", "avail", "pcubes", "anchors",
        "afill", "_log", "touched", "start", "hand_size",
    )

    # --- construction (see engine.setup.new_game) -----------------------------------------------
    def __init__(self, table: TileTable, players: list[str], mode: str = "standard",
                 seed: int | None = None) -> None:
        if mode not in ("standard", "beginner", "solo"):
            raise ValueError(f"mode must be standard, beginner or solo, not {mode!r}")
        self.table = table
        self.players = tuple(players)
        self.mode = mode
        self.seed = seed
        self.rng = Rng(seed or 0)
        self.tiles: dict[Hex, Placed] = {}
        self.cubes: dict[Hex, tuple[int, ...]] = {}
        #: packed unused cubes next to a cell (see engine.payment.pack), filled on demand
        self.avail: dict[Hex, int] = {}
        self.pcubes: dict[Hex, int] = {}  # packed copy of cubes
        self.anchors: tuple[Hex, ...] = ()  # cells of tiles with the anchor modifier
        #: cells next to an anchor -> the packed fill of the colours the anchors there satisfy
        #: (rules.legal.anchor_fills; kept up to date by rules.payment.set_anchor)
        self.afill: dict[Hex, int] = {}
        self.dice: dict[Hex, tuple] = {}
        self.barricades: dict[Hex, tuple[int, int]] = {}
        self.used: dict[Hex, int] = {}
        self.leaving: tuple[Hex, ...] = ()
        self.frontier: list[dict[Hex, dict]] = [{} for _ in players]  # cell -> its move cache
        self.open_hands = True
        self.hands: list[list[TileInfo]] = [[] for _ in players]
        self.piles: list[list[TileInfo]] | None = None
        self.draw: list[list[TileInfo]] = [[] for _ in players]
        self.discards: list[list[TileInfo]] = [[] for _ in players]
        self.turn = 0
        self.current = 0
        self.placed_n = [0] * len(players)
        self.humans = [0] * len(players)
        self.produced = ZERO6
        self.destroyed = ZERO6
        self.ended: Outcome | None = None
        self.history: tuple | None = None  # linked (previous, move) cells: copying is O(1)
        self.n_moves = 0
        self.uid_next = 1
        self.events: list[str] | None = None  # a log, kept only when someone asks (replay)
        self.dice_owner_hint: int | None = None
        self.initial_decks: list[list[str]] | None = None
        self._undo: list[tuple] = []  # one frame per pushed move: the scalars before it
        self._log: list[tuple] | None = None  # the undo log while a frame is open
        #: the cells whose cubes changed, collected only while a rules.scores.ScoreKeeper is attached
        self.touched: set[Hex] | None = None
        self.reshuffles = [0] * len(players)
        self._moves: list[Move] | MoveList | None = None  # legal moves, when already generated
        #: the record's ``start:`` position the game began from (files/position.py), or None
        self.start: dict[str, Any] | None = None
        #: tiles a hand is dealt and refilled to (the rulebook's 7; a balance parameter)
        self.hand_size = HAND_SIZE

    # --- copying and undo ------------------------------------------------------------------------
    def copy(self) -> GameState:
        """An independent state: the same position, no pushed moves."""
        new = GameState.__new__(GameState)
        for name in _SHARED:
            setattr(new, name, getattr(self, name))
        for name in _COPIED:
            setattr(new, name, getattr(self, name).copy())
        new.rng = self.rng.copy()
        new.frontier = [s.copy() for s in self.frontier]
        new.hands = [h.copy() for h in self.hands]
        new.piles = [p.copy() for p in self.piles] if self.piles is not None else None
        new.draw = [d.copy() for d in self.draw]
        new.discards = [d.copy() for d in self.discards]
        new.placed_n = self.placed_n.copy()
        new.humans = self.humans.copy()
        new.events = self.events.copy() if self.events is not None else None
        new._undo = []
        new._log = None
        new.touched = None
        new.reshuffles = self.reshuffles.copy()
        return new

    # The undo log. Each helper changes a container of this state; while a frame is open it first
    # logs how to undo the change. The rule modules change the state only through these.
    def jset(self, d: Any, key: Any, value: object) -> None:
        """``d[key] = value`` (a dict of this state, or an item of one of its lists)."""
        log = self._log
        if log is not None:
            log.append((d, key, d.get(key, _MISSING) if type(d) is dict else d[key]))
        d[key] = value

    def jdel(self, d: dict, key: object) -> None:
        """``d.pop(key, None)`` for a dict whose order matters: the undo restores the order."""
        if key in d:
            log = self._log
            if log is not None:
                log.append((d, _SNAP, d.copy()))
            del d[key]

    def jpop(self, d: dict, key: object) -> None:
        """``d.pop(key, None)`` for a lookup dict whose order does not matter."""
        if key in d:
            log = self._log
            if log is not None:
                log.append((d, key, d[key]))
            del d[key]

    def own(self, lists: list, i: int) -> Any:
        """``lists[i]`` (a list or a dict), to be changed in place: within a frame, a copy the frame owns."""
        lst = lists[i]
        log = self._log
        if log is not None:
            log.append((lists, i, lst))
            lst = lists[i] = lst.copy()
        return lst

    def push(self, move: Move) -> None:
        """Apply ``move`` (raises :class:`IllegalMove`), logging how to undo it for :meth:`pop`."""
        reason, plan = legal.check(self, move)
        if reason is not None:
            raise IllegalMove(reason, move=move)
        log = self._log
        if log is None:
            log = self._log = []
        ev = self.events
        self._undo.append((len(log), self.turn, self.current, self.produced, self.destroyed, self.ended,
                           self.history, self.n_moves, self.uid_next, self.dice_owner_hint, self._moves,
                           self.leaving, self.anchors, self.rng.state, -1 if ev is None else len(ev)))
        try:
            self.play_checked(move, plan)
        except BaseException:
            self._undo_frame()
            raise

    def pop(self) -> Move:
        """Undo the last pushed move and return it."""
        if not self._undo:
            raise IndexError("pop from a state with no pushed moves")
        assert self.history is not None  # a pushed move is in it
        move = self.history[1]
        self._undo_frame()
        return move

    def _undo_frame(self) -> None:
        (mark, self.turn, self.current, self.produced, self.destroyed, self.ended, self.history,
         self.n_moves, self.uid_next, self.dice_owner_hint, self._moves, self.leaving, self.anchors,
         self.rng.state, n_events) = self._undo.pop()
        log = self._log
        assert log is not None
        entries = log[mark:]
        del log[mark:]
        if self.touched is not None:  # a score keeper follows: the cells whose cubes or tile go back
            self._touch_undone(entries)
        for d, key, old in reversed(entries):
            if d is _CUBES:
                self._unset_cubes(key, old)
            elif key is _SNAP:
                d.clear()
                d.update(old)
            elif old is _MISSING:
                del d[key]
            else:
                d[key] = old
        if n_events >= 0 and self.events is not None:
            del self.events[n_events:]
        if not self._undo:
            self._log = None

    def _touch_undone(self, entries: list) -> None:
        """Tell the score keeper following the game (``touched``) the cells an undo gives back their
        cubes or their tile: a keeper that counted a pushed position (a bot's look ahead) recounts them
        at its next decision (``tests/games/kcaloria/bots/test_greedy_discards.py``)."""
        touched = self.touched
        assert touched is not None
        tiles, cubes = self.tiles, self.cubes
        for d, key, old in entries:
            if d is _CUBES:
                touched.add(key)
            elif d is tiles or d is cubes:
                if key is _SNAP:  # a deletion: the dict as it was, against the dict as it is
                    touched.update(old.keys() ^ d.keys())
                else:
                    touched.add(key)

    # --- queries ---------------------------------------------------------------------------------
    @property
    def turn_player(self) -> str:
        return self.players[self.current]

    @property
    def board(self) -> dict[Hex, Placed]:
        return self.tiles

    def player_index(self, name: str) -> int:
        """The seat of the player ``name`` names, case and spacing aside (as player names are told
        apart), or -1."""
        try:
            return self.players.index(name)
        except ValueError:
            key = fold_name(name) if isinstance(name, str) else None
            for i, p in enumerate(self.players):
                if fold_name(p) == key:
                    return i
            return -1

    def hand(self, player: str | int) -> list:
        """The tiles (Pydantic ``Tile``) a player may play: their hand, or the face-up pile tops."""
        i = player if isinstance(player, int) else self.players.index(player)
        return [info.tile for info in self.hand_infos(i)]

    def hand_infos(self, i: int) -> list[TileInfo]:
        if self.piles is not None:
            return [p[-1] for p in self.piles if p]
        if self.open_hands:
            return list(self.table.infos)
        return self.hands[i]

    def scores(self) -> dict[str, int]:
        out = [0] * len(self.players)
        cubes = self.cubes
        for cell, p in self.tiles.items():
            out[p.owner] += sum(map(mul, cubes[cell], POINTS))
        return dict(zip(self.players, out, strict=True))

    def outcome(self) -> Outcome | None:
        return self.ended

    def held(self) -> list[int]:
        tot = [0] * 6
        for v in self.cubes.values():
            for c in range(6):
                tot[c] += v[c]
        return tot

    def locked(self) -> list[int]:
        """Cubes spent on the cost of tiles still on the table."""
        tot = [0] * 6
        for p in self.tiles.values():
            for _, _, c, n in p.paid:
                tot[c] += n
        return tot

    def moves_played(self) -> list[Move]:
        out: list[Move] = []
        h = self.history
        while h is not None:
            out.append(h[1])
            h = h[0]
        return out[::-1]

    # --- bookkeeping used by the rule modules ----------------------------------------------------
    def count_produced(self, c: int, n: int) -> None:
        if n:
            v = list(self.produced)
            v[c] += n
            self.produced = tuple(v)

    def count_destroyed(self, c: int, n: int) -> None:
        if n:
            v = list(self.destroyed)
            v[c] += n
            self.destroyed = tuple(v)

    def set_cubes(self, cell: Hex, vec: tuple[int, ...]) -> None:
        """Every change of a tile's cubes goes through here: it keeps the packed copy and the
        packed availability of the cells around it up to date (incrementally). The tuple kept is the
        one the board's tiles share for those counts (:data:`_VECS`). Within a frame it logs one
        entry, undone by :meth:`_unset_cubes`."""
        cubes = self.cubes
        pcubes = self.pcubes
        avail = self.avail
        hit = _VECS.get(vec)
        if hit is None:
            hit = _shared_vec(vec)
        vec, new = hit  # the one tuple of these counts, and its packed value
        old = pcubes.get(cell)
        leaving = cell in self.leaving
        log = self._log
        if log is not None:
            log.append((_CUBES, cell, (cubes[cell] if old is not None else _MISSING, old, leaving)))
        cubes[cell] = vec
        pcubes[cell] = new
        touched = self.touched
        if touched is not None:
            touched.add(cell)
        if leaving:
            for nb in neighbours(cell):
                if nb in avail:
                    if log is not None:
                        log.append((avail, nb, avail[nb]))
                    del avail[nb]
        else:
            d = new - (old or 0)
            if d:
                for nb in neighbours(cell):
                    a = avail.get(nb)
                    if a is not None:
                        avail[nb] = a + d

    def _unset_cubes(self, cell: Hex, entry: tuple) -> None:
        """Undo a :meth:`set_cubes` (the log is unwound last first, so ``avail`` holds the same
        cells as right after it)."""
        vec, before, leaving = entry
        pcubes = self.pcubes
        now = pcubes[cell]
        if vec is _MISSING:
            del self.cubes[cell]
            del pcubes[cell]
            d = -now
        else:
            self.cubes[cell] = vec
            pcubes[cell] = before
            d = before - now
        if d and not leaving:
            avail = self.avail
            for nb in neighbours(cell):
                a = avail.get(nb)
                if a is not None:
                    avail[nb] = a + d

    def drop_cubes(self, cell: Hex) -> None:
        if self.touched is not None:
            self.touched.add(cell)
        self.jdel(self.cubes, cell)
        self.jpop(self.pcubes, cell)
        avail = self.avail
        for nb in neighbours(cell):
            self.jpop(avail, nb)

    def mark_leaving(self, cell: Hex) -> None:
        self.leaving = self.leaving + (cell,)
        for nb in neighbours(cell):
            self.jpop(self.avail, nb)

    def log(self, text: str) -> None:
        if self.events is not None:
            self.events.append(text)

    def schedule_removal(self, cell: Hex, initiator: int, cause: str) -> None:
        collapse.schedule(self, cell, initiator, cause)

    def tiles_changed(self) -> None:
        """Recompute every player's frontier after a tile left the table."""
        for i in range(len(self.players)):
            self.jset(self.frontier, i, legal.frontier_of(self, i))

    # --- moves -----------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move] | MoveList:
        """Every move the turn player may make (and rescues of starving tiles), with default
        payment and choices. Each one applies. A new list; in a standard game with a closed hand,
        a read-only :class:`~kcal.games.kcaloria.rules.movelist.MoveList` (a sequence equal to
        that list) that builds its placements and discards only when asked."""
        moves = self._moves
        if moves is None:
            moves = self._moves = movegen.generate(self)
        return moves if type(moves) is MoveList else list(moves)

    def why_illegal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, in words; None when it is legal."""
        return legal.check(self, move).reason

    def apply(self, move: Move) -> None:
        """Play ``move`` (raises :class:`IllegalMove`); no undo record is kept (unless a pushed
        move is still open: then :meth:`pop` undoes this move too). The move is recorded with the
        player's name as the game spells it (``a`` plays as ``A``)."""
        reason, plan = legal.check(self, move)
        if reason is not None:
            raise IllegalMove(reason, move=move)
        self.play_checked(move, plan)

    def play_checked(self, move: Move, plan: Any) -> None:
        """Play ``move`` with the plan :func:`legal.check` made for it in this state (``reason`` None):
        :meth:`apply` without checking it again (a replay checks each move once)."""
        if move.player not in self.players:
            move = move.with_player(self.players[self.player_index(move.player)])
        self._moves = None
        turnflow.play(self, move, plan)
        self.history = (self.history, move)
        self.n_moves += 1

    def __repr__(self) -> str:
        return (f"<GameState turn {self.turn} {self.turn_player} to move, {len(self.tiles)} tiles, "
                f"scores {self.scores()}>")


#: cube counts -> (the one tuple of them the tiles share, its packed value: tiles.pack_vec). A tile's
#: cubes were a tuple of their own (88 bytes, and a packed int), and a board holds few distinct counts:
#: a 100,000-tile replay, one. Bounded: past VECS_LIMIT it starts again (the tiles keep their tuples).
_VECS: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
VECS_LIMIT = 1 << 12


def _shared_vec(vec: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    if len(_VECS) >= VECS_LIMIT:
        _VECS.clear()
    hit = _VECS[vec] = (vec, pack_vec(vec))
    return hit


#: fields :meth:`GameState.copy` shares (every one; the mutable ones are then replaced by copies)
_SHARED = GameState.__slots__

__all__ = ["GameState", "Placed"]
