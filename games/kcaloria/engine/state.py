"""The game state: board, cubes, dice, hands and the seeded generator; moves, undo and outcome.

Everything mutable lives in plain dicts and lists of immutable values, so :meth:`GameState.copy`
is a handful of shallow copies and :meth:`push` / :meth:`pop` keep a stack of such copies.
"""

from __future__ import annotations

from kcal.core.rng import Rng
from kcal.games.kcaloria.domain import fold_name
from kcal.games.kcaloria.engine import collapse, legal, movegen, turnflow
from kcal.games.kcaloria.engine.hexgrid import Hex, neighbours
from kcal.games.kcaloria.engine.moves import IllegalMove, Move, Outcome
from kcal.games.kcaloria.engine.tiles import ZERO6, TileInfo, TileTable, pack_vec


class Placed:
    """A tile on the table (immutable): what it is, whose, and which cubes paid its cost.

    ``paid`` holds ``(source uid, source cell, colour, n)``: the provenance of its cost.
    """

    __slots__ = ("info", "owner", "uid", "paid", "turn")

    def __init__(self, info: TileInfo, owner: int, uid: int, paid: tuple, turn: int) -> None:
        self.info, self.owner, self.uid, self.paid, self.turn = info, owner, uid, paid, turn

    def __repr__(self) -> str:
        return f"<Placed {self.info.name} of {self.owner} #{self.uid}>"


_COPIED = ("tiles", "cubes", "dice", "barricades", "used", "avail", "pcubes")


class GameState:
    placed_class = Placed

    __slots__ = (
        "table", "players", "mode", "seed", "rng", "tiles", "cubes", "dice", "barricades", "used",
        "leaving", "frontier", "hands", "piles", "draw", "discards", "turn", "current", "placed_n",
        "humans", "produced", "destroyed", "ended", "history", "n_moves", "uid_next", "events",
        "dice_owner_hint", "initial_decks", "_undo", "open_hands", "reshuffles", "_moves", "avail", "pcubes", "anchors",
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
        self.history = None  # linked (previous, move) cells: copying is O(1)
        self.n_moves = 0
        self.uid_next = 1
        self.events: list[str] | None = None  # a log, kept only when someone asks (replay)
        self.dice_owner_hint: int | None = None
        self.initial_decks: list[list[str]] | None = None
        self._undo: list[GameState] = []
        self.reshuffles = [0] * len(players)
        self._moves: list[Move] | None = None  # legal moves, when already generated

    # --- copying and undo ------------------------------------------------------------------------
    def copy(self) -> GameState:
        new = GameState.__new__(GameState)
        for name in GameState.__slots__:
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
        new.reshuffles = self.reshuffles.copy()
        return new

    def push(self, move: Move) -> None:
        """Apply ``move``, remembering the state before it for :meth:`pop`."""
        snapshot = self.copy()
        self.apply(move)
        self._undo.append(snapshot)

    def pop(self) -> Move:
        """Undo the last pushed move and return it."""
        if not self._undo:
            raise IndexError("pop from a state with no pushed moves")
        stack = self._undo
        move = self.history[1]
        before = stack.pop()
        for name in GameState.__slots__:
            setattr(self, name, getattr(before, name))
        self._undo = stack
        return move

    # --- queries ---------------------------------------------------------------------------------
    @property
    def turn_player(self) -> str:
        return self.players[self.current]

    @property
    def board(self) -> dict[Hex, Placed]:
        return self.tiles

    def current_name_index(self) -> int:
        return self.current

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
        for cell, p in self.tiles.items():
            v = self.cubes[cell]
            out[p.owner] += v[1] + 2 * v[2] + 3 * v[3] + 4 * v[4] + 5 * v[5]
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
        out = []
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
        packed availability of the cells around it up to date (incrementally)."""
        self.cubes[cell] = vec
        new = pack_vec(vec)
        d = new - self.pcubes.get(cell, 0)
        self.pcubes[cell] = new
        avail = self.avail
        if cell in self.leaving:
            for nb in neighbours(cell):
                avail.pop(nb, None)
        elif d:
            for nb in neighbours(cell):
                if nb in avail:
                    avail[nb] += d

    def drop_cubes(self, cell: Hex) -> None:
        del self.cubes[cell]
        del self.pcubes[cell]
        avail = self.avail
        for nb in neighbours(cell):
            avail.pop(nb, None)

    def mark_leaving(self, cell: Hex) -> None:
        self.leaving = self.leaving + (cell,)
        for nb in neighbours(cell):
            self.avail.pop(nb, None)

    def log(self, text: str) -> None:
        if self.events is not None:
            self.events.append(text)

    def schedule_removal(self, cell: Hex, initiator: int, cause: str) -> None:
        collapse.schedule(self, cell, initiator, cause)

    def tiles_changed(self) -> None:
        """Recompute every player's frontier after a tile left the table."""
        for i in range(len(self.players)):
            self.frontier[i] = legal.frontier_of(self, i)

    # --- moves -----------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every move the turn player may make (and rescues of starving tiles), with default
        payment and choices. Each one applies."""
        if self._moves is None:
            self._moves = movegen.generate(self)
        return list(self._moves)

    def why_illegal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, in words; None when it is legal."""
        return legal.check(self, move).reason

    def is_legal(self, move: Move) -> bool:
        return legal.check(self, move).reason is None

    def apply(self, move: Move) -> None:
        """Play ``move`` (raises :class:`IllegalMove`); no undo record is kept. The move is
        recorded with the player's name as the game spells it (``a`` plays as ``A``)."""
        reason, plan = legal.check(self, move)
        if reason is not None:
            raise IllegalMove(reason, move=move)
        if move.player not in self.players:
            move = move.with_player(self.players[self.player_index(move.player)])
        self._moves = None
        turnflow.play(self, move, plan)
        self.history = (self.history, move)
        self.n_moves += 1

    def to_record(self, catalogs: list[str] | None = None, inline_tiles: bool | None = None) -> dict:
        """A SPEC game record that ``kcal rules replay`` replays to this state."""
        from kcal.games.kcaloria.engine.record import state_to_record

        return state_to_record(self, catalogs, inline_tiles)

    def __repr__(self) -> str:
        return (f"<GameState turn {self.turn} {self.turn_player} to move, {len(self.tiles)} tiles, "
                f"scores {self.scores()}>")


__all__ = ["GameState", "Placed"]
