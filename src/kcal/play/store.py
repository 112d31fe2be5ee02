"""Where tables live: one SQLite database (the standard library's ``sqlite3``, WAL mode) in the user's
data folder (``--data DIR``; default ``$XDG_DATA_HOME/kcal`` or ``~/.local/share/kcal``).

A table is its setup (game, players, variant, options, seed, seats) and the list of its accepted moves,
each a record entry (the pack's ``encode_move``). Nothing else is stored: reopening the store replays
the moves from the setup and the seed, so a table comes back exactly at its last accepted move.

- :meth:`Store.add_move` commits before it returns: the table tells no seat of a move before it is on
  disk (WAL, ``synchronous=FULL``).
- An existing file is opened read-write, never created again over: a file that is not a kcal table
  database (or fails SQLite's ``quick_check``) is refused with one line (exit 2) and left as it was.
- An unwritable folder is refused before anything is written.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError

FILENAME = "tables.sqlite3"
#: the schema's version, kept in SQLite's ``user_version``; another number is refused
SCHEMA_VERSION = 1
_APP_ID = 0x6B63616C  # "kcal": SQLite's application_id, so a stranger's database is never taken for ours

_SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL
);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    player TEXT NOT NULL,
    entry TEXT NOT NULL,
    bot INTEGER NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


def default_folder() -> Path:
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base) if base else Path.home() / ".local" / "share") / "kcal"


@dataclass(frozen=True)
class SavedMove:
    player: str
    entry: dict[str, Any]
    bot: bool


@dataclass(frozen=True)
class SavedTable:
    """A table as stored: its setup and every accepted move, oldest first."""

    id: str
    game: str
    setup: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    status: str
    created: float
    updated: float
    moves: tuple[SavedMove, ...] = ()


class Store:
    """The table database in ``folder``. One connection, used from one thread at a time (the server
    runs every table on its event loop; a bot's search runs in a worker and hands its move back)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.path = self.folder / FILENAME
        self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        folder, path = self.folder, self.path
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise KcalError(f"{folder}: cannot make the data folder ({exc.strerror or exc})", code="io") from None
        if not folder.is_dir():
            raise KcalError(f"{folder}: the data folder is not a folder", code="io")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise KcalError(f"{folder}: the data folder is not writable", code="io")
        existed = path.exists()
        if existed and not os.access(path, os.R_OK | os.W_OK):
            raise KcalError(f"{path}: the table database cannot be read and written", code="io")
        uri = f"{path.resolve().as_uri()}?mode={'rw' if existed else 'rwc'}"
        try:
            db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            if existed:
                self._check(db)
            else:
                self._create(db)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
        except sqlite3.DatabaseError as exc:
            raise KcalError(f"{path}: not a kcal table database, or a damaged one ({exc}); it was left as it "
                            "is (give another --data folder)", code="corrupt-database") from None
        return db

    def _check(self, db: sqlite3.Connection) -> None:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if app != _APP_ID:
            raise sqlite3.DatabaseError("it is not a kcal table database")
        if version != SCHEMA_VERSION:
            raise sqlite3.DatabaseError(f"its schema is version {version}; this kcal reads {SCHEMA_VERSION}")
        problem = db.execute("PRAGMA quick_check").fetchone()[0]
        if problem != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {problem}")

    def _create(self, db: sqlite3.Connection) -> None:
        db.executescript(f"BEGIN;\n{_SCHEMA}\nPRAGMA application_id={_APP_ID};\n"
                         f"PRAGMA user_version={SCHEMA_VERSION};\nCOMMIT;")

    def close(self) -> None:
        self._db.close()

    # -- writing ---------------------------------------------------------------------------------

    def add_table(self, table_id: str, game: str, setup: Mapping[str, Any], seed: int,
                  seats: list[dict[str, Any]]) -> None:
        now = time.time()
        with self._tx():
            self._db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             (table_id, game, json.dumps(setup), seed, json.dumps(seats), now, now, "playing"))

    def add_move(self, table_id: str, n: int, player: str, entry: Mapping[str, Any], bot: bool) -> None:
        """Move ``n`` (0-based) of the table, committed to disk before this returns."""
        with self._tx():
            self._db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                             (table_id, n, player, json.dumps(entry), int(bot)))
            self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (time.time(), table_id))

    def drop_moves(self, table_id: str, keep: int) -> None:
        """Take back every move from number ``keep`` on (undo)."""
        with self._tx():
            self._db.execute("DELETE FROM moves WHERE table_id = ? AND n >= ?", (table_id, keep))
            self._db.execute("UPDATE tables SET updated = ?, status = 'playing' WHERE id = ?",
                             (time.time(), table_id))

    def _tx(self) -> _Transaction:
        return _Transaction(self._db, self.path)

    # -- reading ---------------------------------------------------------------------------------

    def ids(self) -> list[str]:
        return [r[0] for r in self._db.execute("SELECT id FROM tables ORDER BY created, id")]

    def summaries(self) -> Iterator[tuple[SavedTable, int]]:
        """Every table (without its moves) and how many moves it has, oldest first."""
        rows = self._db.execute(
            "SELECT t.id, t.game, t.setup, t.seed, t.seats, t.status, t.created, t.updated, "
            "(SELECT COUNT(*) FROM moves m WHERE m.table_id = t.id) FROM tables t ORDER BY t.created, t.id")
        for r in rows.fetchall():
            yield self._table(r), int(r[8])

    def load(self, table_id: str) -> SavedTable:
        row = self._db.execute("SELECT id, game, setup, seed, seats, status, created, updated FROM tables "
                               "WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            from kcal.core.suggest import did_you_mean

            raise KcalError(f"no saved table {table_id!r}{did_you_mean(table_id, self.ids())} in {self.path} "
                            "(kcal play --list lists them)", code="usage")
        moves = tuple(SavedMove(p, json.loads(e), bool(b)) for p, e, b in self._db.execute(
            "SELECT player, entry, bot FROM moves WHERE table_id = ? ORDER BY n", (table_id,)))
        t = self._table(row)
        return SavedTable(t.id, t.game, t.setup, t.seed, t.seats, t.status, t.created, t.updated, moves)

    @staticmethod
    def _table(r: tuple[Any, ...]) -> SavedTable:
        return SavedTable(r[0], r[1], json.loads(r[2]), int(r[3]), json.loads(r[4]), r[5], float(r[6]), float(r[7]))


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an error); a disk error is one clear line."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self.db = db
        self.path = path

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.Error as err:
                exc = err
        self.db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise KcalError(f"{self.path}: the table database refused a write ({exc})", code="io") from None
