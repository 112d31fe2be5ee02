"""What ``kcal play`` does before the server starts: a new table from the command's options (any pack by
``--game``, or the decks of a game with tile decks), the saved tables listed, one resumed, one exported
as a game record; and the server bound and run (:func:`serve`). The CLI is a thin layer over these."""

from __future__ import annotations

import secrets
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError, UsageError
from kcal.core.game import Setup
from kcal.play.store import Store
from kcal.play.table import HUMAN, Table, make_seats


@dataclass(frozen=True)
class NewTable:
    """The options of a new table, as ``kcal play`` parsed them."""

    game: str | None = None
    players: int | None = None
    bots: Sequence[str] | None = None
    seats: Sequence[str] = ()
    variant: str | None = None
    options: dict[str, Any] | None = None
    decks: Sequence[Path] = ()
    seed: int | None = None
    #: a game record (or a start: position) to go on from
    start: Path | None = None


def create_table(spec: NewTable, store: Store | None) -> Table:
    """A new table, stored: the game and its setup checked (a state is made) before anything is saved."""
    from kcal.core import registry
    from kcal.sim.match import load_game, seat_names

    options = dict(spec.options or {})
    if spec.start is not None:
        return _started_table(spec, store)
    if spec.decks:
        from kcal.core.gamefile import game_of

        game_id = spec.game or game_of(spec.decks[0])
        if not registry.get(game_id).has("deck_match"):
            raise UsageError(f"--game {game_id} plays without deck files")
        if spec.players is not None and spec.players != len(spec.decks):
            raise UsageError(f"--players {spec.players} with {len(spec.decks)} deck files")
        if "decks" in options:
            raise UsageError("the decks are given as files; do not give them as an option too")
        options["decks"] = [str(d) for d in spec.decks]
        n = len(spec.decks)
    else:
        if spec.game is None:
            raise UsageError("give --game ID (kcal games lists them), or deck files")
        game_id = spec.game
        info = load_game(registry.get(game_id)).info
        n = spec.players if spec.players is not None else max(info.min_players, 2 if info.max_players >= 2 else 1)
    game = load_game(registry.get(game_id))
    if spec.variant is not None:
        game.info.variant(spec.variant)
    game.info.check_players(n, spec.variant)
    players = seat_names(n)
    humans = _humans(players, spec.seats, spec.bots)
    bots = list(spec.bots or [])
    if not bots:
        from kcal.sim.match import resolve_bots

        bots = [resolve_bots(game, None, 1)[0]]
    setup = Setup(players, spec.variant, options)
    seed = spec.seed if spec.seed is not None else secrets.randbits(63)
    game.new_state(setup, seed)  # the setup checked before the table is saved
    return Table.create(game_id, setup, seed, make_seats(players, humans, bots), store)


def _started_table(spec: NewTable, store: Store | None) -> Table:
    """A table that goes on from a game record: the record's game, players and seed; its moves replayed
    by the pack's ``replay`` hook, as ``kcal rules replay`` replays them."""
    from kcal.core import registry
    from kcal.core.gamefile import game_of
    from kcal.play.table import read_start, start_state
    from kcal.sim.match import load_game, resolve_bots

    if spec.decks or spec.players is not None or spec.variant is not None or spec.options:
        raise UsageError("--start takes the game, players and options of its record; give no decks, "
                         "--players, --variant or --option with it")
    game_id = game_of(spec.start, spec.game) if spec.start is not None else ""
    pack = registry.get(game_id)
    game = load_game(pack)
    start = read_start(spec.start or "")
    state = start_state(pack, start)
    record = game.record(state)
    players = tuple(str(p) for p in record.get("players") or ())
    if not game.to_move(state):
        raise UsageError(f"{spec.start}: the game in this record is over; nothing to play")
    seed = spec.seed if spec.seed is not None else int(record.get("seed") or 0)
    bots = list(spec.bots or []) or [resolve_bots(game, None, 1)[0]]
    seats = make_seats(players, _humans(players, spec.seats, spec.bots), bots)
    return Table.create(game_id, Setup(players), seed, seats, store, start=start)


def _humans(players: Sequence[str], seats: Sequence[str], bots: Sequence[str] | None) -> list[str]:
    """The people's seats: ``--seat`` (repeatable); without it, the seats ``--bots`` leaves (one name
    for all: the first seat only), else the first seat."""
    for s in seats:
        if s not in players:
            from kcal.core.game import not_a_player

            raise UsageError(f"--seat {s}: {not_a_player(s, players)}")
    if seats:
        return list(dict.fromkeys(seats))
    if bots and len(bots) > 1:
        if len(bots) >= len(players):
            raise UsageError(f"--bots names {len(bots)} bots for {len(players)} seats; leave one seat for you")
        return list(players[:len(players) - len(bots)])
    return [players[0]]


def list_tables(store: Store) -> list[dict[str, Any]]:
    """The saved tables (``kcal play --list``): id, game, seats, moves, status, last change."""
    out = []
    for saved, moves in store.summaries():
        out.append({"id": saved.id, "game": saved.game, "moves": moves, "status": saved.status,
                    "updated": saved.updated,
                    "seats": [{"player": s["player"], "kind": s["kind"], "bot": s.get("bot")} for s in saved.seats]})
    return out


def list_text(rows: list[dict[str, Any]]) -> str:
    import time

    if not rows:
        return "no saved tables"
    lines = []
    for r in rows:
        seats = ", ".join(f"{s['player']} {'you' if s['kind'] == HUMAN else s['bot']}" for s in r["seats"])
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["updated"]))
        lines.append(f"{r['id']}  {r['game']}  {r['moves']} moves  {r['status']}  {when}  ({seats})")
    return "\n".join(lines)


def save_table_record(store: Store, table_id: str, path: Path, *, force: bool = False) -> Path:
    """Write table ``table_id``'s game record (``kcal rules replay`` replays it), as ``sim``'s
    ``--save-game`` writes: atomically; without ``force`` an existing file is refused, never replaced."""
    from kcal.sim.records import write_record

    table = Table.restore(store.load(table_id))
    return write_record(table.record(), path, comment=f"kcal play: table {table_id}, {len(table.played)} moves\n"
                        f"replay with: kcal rules replay {path}", force=force)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; a port in use (or a host that is not this machine's) is one
    clear error."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        what = "is in use" if exc.errno in (98, 48, 10048) else f"cannot be listened on ({exc.strerror or exc})"
        raise KcalError(f"{host}:{port} {what}; give another --port", code="port") from None
    sock.setblocking(False)
    return sock


def serve(hub: Any, sock: socket.socket, *, on_ready: Callable[[], None] | None = None, quiet: bool = True) -> None:
    """Serve ``hub``'s tables on ``sock`` until Ctrl-C (or SIGTERM): uvicorn stops cleanly, every
    accepted move is already on disk."""
    import uvicorn

    from kcal.play.server import WS_MAX_SIZE, make_app

    config = uvicorn.Config(make_app(hub), ws="websockets-sansio", ws_max_size=WS_MAX_SIZE, log_level="warning" if quiet
                            else "info", access_log=not quiet, lifespan="on", ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    if on_ready is not None:
        def wait() -> None:
            import time

            while not server.started and not server.should_exit:
                time.sleep(0.05)
            if server.started:
                on_ready()

        threading.Thread(target=wait, daemon=True).start()
    server.run(sockets=[sock])
