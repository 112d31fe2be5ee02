"""A table: one game of any pack, its seats (people with secret tokens, bots by ``sim match`` names) and
its accepted moves, the rules kept by the pack's :class:`~kcal.core.game.Game`.

- A person's move arrives as a record entry. :meth:`Table.move` finds the seat by its token, decodes the
  entry with the pack's ``decode_move`` and checks it with ``why_illegal`` before anything changes; a
  refusal (:class:`Refused`) says why in the words ``kcal rules replay`` uses, and changes nothing.
- An accepted move is committed to the :class:`~kcal.play.store.Store` before :meth:`Table.move`
  returns, so no seat is told of a move that is not on disk.
- A table comes back from the store by replaying its moves from the setup and the seed
  (:meth:`Table.restore`); bots draw from a generator derived from the seed and the move's number, so a
  bot decides the same after a restart.
- :meth:`Table.record` is the game record ``kcal rules replay`` replays (the pack's ``record``).

Shared code: nothing here names a game.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError, UsageError
from kcal.core.game import IllegalMove, Setup
from kcal.core.rng import Rng
from kcal.core.seeding import derive_seed
from kcal.play.words import move_words, readers, said_by

HUMAN, BOT = "human", "bot"
#: the largest start record a table keeps (its text is stored with the table)
START_BYTES = 8 << 20


class Refused(KcalError):
    """A message the table did not act on, with the reason (nothing changed)."""

    def __init__(self, reason: str, code: str = "refused") -> None:
        super().__init__(reason, code=code)
        self.reason = reason


@dataclass(frozen=True)
class Seat:
    """A seat: the player's name in the rules, a person (with a secret token) or a bot (by name)."""

    player: str
    kind: str
    bot: str | None = None
    token: str | None = None

    def public(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "bot": self.bot}

    def stored(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "bot": self.bot, "token": self.token}


@dataclass(frozen=True)
class Played:
    """An accepted move: who, its record entry, its words, whether a bot made it, who may read it."""

    n: int
    player: str
    entry: Mapping[str, Any]
    words: str
    bot: bool
    readers: frozenset[str]

    def line_for(self, seat: str | None) -> dict[str, Any]:
        """The move as ``seat`` reads it (None: a spectator, who reads what every seat reads)."""
        seen = seat in self.readers if seat is not None else len(self.readers) == len(self._all)
        return {"n": self.n + 1, "player": self.player, "bot": self.bot,
                "words": said_by(self.player, self.words) if seen else f"{self.player} moved"}

    _all: frozenset[str] = field(default=frozenset(), compare=False)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def make_seats(players: Sequence[str], humans: Sequence[str], bots: Sequence[str]) -> list[Seat]:
    """People in ``humans``, bots in the other seats: ``bots`` has one name for all or one per bot seat."""
    others = [p for p in players if p not in humans]
    names = list(bots) * len(others) if len(bots) == 1 else list(bots)
    if others and len(names) != len(others):
        raise UsageError(f"give one bot for every bot seat or one per bot seat ({len(others)}), not {len(names)}")
    by_seat = dict(zip(others, names, strict=False))
    return [Seat(p, HUMAN, None, new_token()) if p in humans else Seat(p, BOT, by_seat[p]) for p in players]


class Table:
    """One game at a table. Not thread-safe: one caller at a time (the server's event loop)."""

    def __init__(self, table_id: str, game_id: str, setup: Setup, seed: int, seats: Sequence[Seat],
                 store: Any = None, start: Mapping[str, str] | None = None) -> None:
        from kcal.core import registry
        from kcal.sim.match import bot_policy, load_game, resolve_bots

        self.id = table_id
        self.pack = registry.get(game_id)
        self.game: Any = load_game(self.pack)
        self.setup = setup
        self.seed = seed
        self.seats = {s.player: s for s in seats}
        if list(self.seats) != list(setup.players):
            raise UsageError("the seats are not the setup's players")
        self._policies = {}
        for s in seats:
            if s.kind == BOT:
                name = resolve_bots(self.game, [s.bot or ""], 1)[0]
                self._policies[s.player] = bot_policy(self.game, name)
        self.store = store
        #: the game record the table went on from (``--start``): its text and the path it was read from
        self.start = dict(start) if start else None
        self.state: Any = self._initial()
        self.played: list[Played] = []
        self._everyone = frozenset(setup.players)

    def _initial(self) -> Any:
        """The state before the table's first move: the setup's new state, or where the start record
        leads (replayed by the pack's ``replay`` hook, as ``kcal rules replay`` replays it)."""
        if self.start is None:
            return self.game.new_state(self.setup, self.seed)
        return start_state(self.pack, self.start)

    # -- making and restoring ------------------------------------------------------------------------

    @classmethod
    def create(cls, game_id: str, setup: Setup, seed: int, seats: Sequence[Seat], store: Any = None,
               table_id: str | None = None, start: Mapping[str, str] | None = None) -> Table:
        table = cls(table_id or secrets.token_hex(4), game_id, setup, seed, seats, store, start)
        if store is not None:
            stored = setup_json(setup) | ({"start": dict(start)} if start else {})
            store.add_table(table.id, game_id, stored, seed, [s.stored() for s in seats])
        return table

    @classmethod
    def restore(cls, saved: Any, store: Any = None) -> Table:
        """A stored table at its last accepted move (its moves replayed from the setup and the seed)."""
        seats = [Seat(s["player"], s["kind"], s.get("bot"), s.get("token")) for s in saved.seats]
        table = cls(saved.id, saved.game, setup_of(saved.setup), saved.seed, seats, store, saved.setup.get("start"))
        for m in saved.moves:
            move = table.game.decode_move(m.entry)
            reason = table.game.why_illegal(table.state, m.player, move)
            if reason is not None:
                raise KcalError(f"table {saved.id}: stored move {len(table.played) + 1} no longer replays "
                                f"({reason}); the table's files changed?", code="corrupt-database")
            table._apply(m.player, move, m.bot)
        return table

    # -- seats ---------------------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> Seat | None:
        """The person's seat whose token this is (compared in constant time), or None."""
        if not token:
            return None
        for s in self.seats.values():
            if s.token is not None and hmac.compare_digest(s.token.encode(), token.encode()):
                return s
        return None

    def humans(self) -> list[Seat]:
        return [s for s in self.seats.values() if s.kind == HUMAN]

    # -- the rules -----------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return not self.game.to_move(self.state)

    def legal(self, player: str) -> Sequence[Any]:
        return self.game.legal_moves(self.state, player) if player in self.game.to_move(self.state) else ()

    def words(self, move: Any) -> str:
        return move_words(self.game, move)

    def bot_to_move(self) -> str | None:
        """The first bot seat that must act now, or None."""
        for p in self.game.to_move(self.state):
            if self.seats[p].kind == BOT:
                return p
        return None

    def move(self, token: str | None, entry: Any, seen: int | None = None) -> Played:
        """A person's move: the seat of ``token``; ``entry`` a record entry (a mapping); ``seen`` the number
        of moves the sender had seen (a move sent on an older table is refused, not replayed)."""
        seat = self.seat_of(token)
        if seat is None or seat.kind != HUMAN:
            raise Refused("this link acts for no seat (a spectator watches only)", "forbidden")
        if seen is not None and seen != len(self.played):
            raise Refused(f"the table has moved on (move {len(self.played) + 1} now, you saw move {seen + 1}); "
                          "look again", "stale")
        if not isinstance(entry, Mapping):
            raise Refused("a move is a record entry: a mapping such as the legal moves list", "malformed")
        return self.play(seat.player, dict(entry))

    def play(self, player: str, entry: Mapping[str, Any], bot: bool = False) -> Played:
        """``player``'s move given as a record entry, checked and, when legal, committed and applied."""
        if self.over:
            raise Refused("the game is over")
        if player not in self.game.to_move(self.state):
            raise Refused(f"it is not {player}'s turn ({', '.join(self.game.to_move(self.state))} to move)",
                          "out-of-turn")
        try:
            move = self.game.decode_move(entry)
        except (KcalError, ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            text = exc.message if isinstance(exc, KcalError) else f"{type(exc).__name__}: {exc}"
            raise Refused(f"not a move of {self.game.info.name}: {text}", "malformed") from None
        reason = self.game.why_illegal(self.state, player, move)
        if reason is not None:
            raise Refused(reason, "illegal-move")
        return self._accept(player, move, bot)

    def bot_move(self, player: str) -> Played:
        """The bot in seat ``player`` decides (on a copy of the state) and its move is played."""
        move = self.bot_choice(player, self.game.clone(self.state), len(self.played))
        return self.play(player, self.game.encode_move(move), bot=True)

    def bot_choice(self, player: str, state: Any, n: int) -> Any:
        """What the bot of ``player`` plays in ``state`` (a copy), at move number ``n``; safe to run in a
        worker thread while the table waits."""
        seat_no = list(self.setup.players).index(player)
        return self._policies[player](self.game, state, player, Rng(derive_seed(self.seed, "play-bot", n, seat_no)))

    def _accept(self, player: str, move: Any, bot: bool) -> Played:
        entry = self.game.encode_move(move)
        n = len(self.played)
        if self.store is not None:  # on disk before anything changes or anyone is told
            self.store.add_move(self.id, n, player, entry, bot)
        try:
            return self._apply(player, move, bot, entry)
        except (KcalError, IllegalMove):
            if self.store is not None:
                self.store.drop_moves(self.id, n)
            self._rebuild(n)
            raise

    def _apply(self, player: str, move: Any, bot: bool, entry: Mapping[str, Any] | None = None) -> Played:
        before = self.game.clone(self.state)
        self.game.apply(self.state, player, move)
        who = readers(self.game, before, self.state, player, move, self.setup.players,
                      derive_seed(self.seed, "play-words", len(self.played)))
        played = Played(len(self.played), player, entry or self.game.encode_move(move), self.words(move), bot,
                        who, self._everyone)
        self.played.append(played)
        return played

    def _rebuild(self, keep: int) -> None:
        """The state after the first ``keep`` moves, replayed from the setup and the seed."""
        moves = self.played[:keep]
        self.state = self._initial()
        self.played = []
        for p in moves:
            self._apply(p.player, self.game.decode_move(p.entry), p.bot, p.entry)

    def hint(self, token: str | None, iterations: int | None = None) -> Any:
        """The shared searcher's move for the person of ``token`` and its visit share
        (:class:`kcal.play.hint.Hint`); searched on a copy, from that seat's view only."""
        from kcal.play.hint import DEFAULT_ITERATIONS, hint

        seat = self.seat_of(token)
        if seat is None:
            raise Refused("this link acts for no seat (a spectator watches only)", "forbidden")
        if seat.player not in self.game.to_move(self.state):
            raise Refused("a hint is for the seat to move; it is not your turn", "out-of-turn")
        return hint(self.game, self.game.clone(self.state), seat.player, derive_seed(self.seed, len(self.played)),
                    iterations or DEFAULT_ITERATIONS, self.words)

    # -- practice ------------------------------------------------------------------------------------

    def can_undo(self, player: str) -> bool:
        """Undo is for practice: the only person at the table, with a move of theirs to take back."""
        humans = self.humans()
        return len(humans) == 1 and humans[0].player == player and any(p.player == player for p in self.played)

    def undo(self, token: str | None) -> int:
        """Take back the person's last move (and every bot move after it); the moves left."""
        seat = self.seat_of(token)
        if seat is None:
            raise Refused("this link acts for no seat (a spectator watches only)", "forbidden")
        if len(self.humans()) != 1:
            raise Refused("no undo in a game with other people")
        if not self.can_undo(seat.player):
            raise Refused("there is no move of yours to take back")
        keep = max(p.n for p in self.played if p.player == seat.player)
        if self.store is not None:
            self.store.drop_moves(self.id, keep)
        self._rebuild(keep)
        return keep

    # -- the record ----------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The game so far as a record ``kcal rules replay`` replays to the same state."""
        return dict(self.game.record(self.state))


def setup_json(setup: Setup) -> dict[str, Any]:
    """A setup as the store keeps it (its options must be plain data: paths are given as text)."""
    import json

    def plain(v: Any) -> Any:
        if hasattr(v, "__fspath__"):
            return str(v)
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v

    options = {k: plain(v) for k, v in setup.options.items()}
    try:
        json.dumps(options)
    except TypeError as exc:
        raise UsageError(f"a table's options must be plain values ({exc})") from None
    return {"players": list(setup.players), "variant": setup.variant, "options": options}


def setup_of(data: Mapping[str, Any]) -> Setup:
    return Setup(tuple(data["players"]), data.get("variant"), dict(data.get("options") or {}))


def read_start(path: str | Path) -> dict[str, str]:
    """A game record (or a ``start:`` position) to go on from: its text and where it was read."""
    from kcal.core.source import decode_utf8, read_source

    raw = read_source(path, max_bytes=START_BYTES, what="a game record")
    return {"text": decode_utf8(raw, str(path)), "path": str(Path(path).resolve())}


def start_state(pack: Any, start: Mapping[str, str]) -> Any:
    """Where a start record leads: replayed from its own path while that file still holds the same text
    (its decks and catalogs are found beside it), else from a copy of the text the table keeps."""
    import tempfile

    replay = pack.hook("replay").replay
    path = Path(start["path"])
    try:
        same = path.read_text(encoding="utf-8") == start["text"]
    except (OSError, UnicodeDecodeError):
        same = False
    if same:
        result = replay(path)
    else:
        with tempfile.TemporaryDirectory(prefix="kcal-play-") as folder:
            copy = Path(folder) / path.name
            copy.write_text(start["text"], encoding="utf-8")
            result = replay(copy)
    if result.exit_code != 0:
        raise KcalError(f"{start['path']}: the start record has an illegal move; kcal rules replay says where",
                        code="illegal-move")
    return result.state
