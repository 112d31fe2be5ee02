"""The table server: an ASGI app (Starlette) that uvicorn serves, with one WebSocket per browser tab.

Imported only by ``kcal play`` (and its tests and bench): no other command pays for Starlette.

Routes: ``/`` (the saved tables, as links to watch), ``/t/ID`` (the table page; a seat's link carries
its token after ``#``, so the token never travels in a URL the server logs), ``/t/ID/record.yaml`` (the
game record, once the game is over), ``/static/...`` (the page's own files), ``/ws/ID`` (the table).

Messages from browsers are untrusted: each is at most :data:`MAX_MESSAGE` characters of JSON, an object
with a known ``type``; anything else is refused with a clear message, changes nothing and leaves the
connection, the table and the server running. A seat acts only with its token (``hello``); a wrong token
is refused and logged, and the connection watches as a spectator. Every state message a tab receives is
:func:`kcal.play.payload.seat_payload` of its own seat: drawn from that seat's view only.

Bots move on the event loop's timer at :attr:`Hub.pace` seconds a move (a person can follow), deciding in
a worker thread on a copy of the state; each bot move is marked in the log (``bot: true``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from kcal.core.errors import KcalError
from kcal.core.seeding import derive_seed
from kcal.play.payload import seat_payload
from kcal.play.table import Refused, Seat, Table, new_token

log = logging.getLogger("kcal.play")

STATIC = Path(__file__).resolve().parent / "static"
#: the longest message a browser may send (characters); a longer one is refused unread
MAX_MESSAGE = 16_384
#: uvicorn's own cap on a WebSocket frame (bytes): larger frames close the connection before any parsing
WS_MAX_SIZE = 1 << 20
#: seconds between bot moves, so a person can follow them (``--pace``; 0 in tests)
DEFAULT_PACE = 0.8
TYPES = ("hello", "move", "hint", "undo", "rematch")


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    table: str
    seat: str | None = None
    token: str | None = None


@dataclass
class Hub:
    """Every open table of one server, its connections, and its bots' timers."""

    store: Any
    pace: float = DEFAULT_PACE
    hint_iterations: int = 200
    tables: dict[str, Table] = field(default_factory=dict)
    conns: dict[str, set[Conn]] = field(default_factory=dict)
    _bots: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    #: told of every table a rematch makes (the CLI prints nothing; tests watch)
    on_new_table: Callable[[Table], None] | None = None

    def add(self, table: Table) -> Table:
        self.tables[table.id] = table
        return table

    def table(self, table_id: str) -> Table | None:
        """The table ``table_id``: open, or brought back from the store; None when there is none."""
        if table_id in self.tables:
            return self.tables[table_id]
        if self.store is None or table_id not in self.store.ids():
            return None
        return self.add(Table.restore(self.store.load(table_id), self.store))

    # -- sending -------------------------------------------------------------------------------------

    async def send(self, conn: Conn, message: dict[str, Any]) -> None:
        try:
            await conn.ws.send_text(json.dumps(message, ensure_ascii=False))
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.conns.get(conn.table, set()).discard(conn)

    async def broadcast(self, table: Table) -> None:
        """Every tab at ``table`` is sent its own seat's payload (each made once per seat)."""
        made: dict[str | None, dict[str, Any]] = {}
        for conn in list(self.conns.get(table.id, ())):
            if conn.seat not in made:
                made[conn.seat] = seat_payload(table, conn.seat)
            await self.send(conn, made[conn.seat])

    # -- bots ----------------------------------------------------------------------------------------

    def wake_bots(self, table: Table) -> None:
        task = self._bots.get(table.id)
        if (task is None or task.done()) and table.bot_to_move() is not None:
            self._bots[table.id] = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while not table.over:
            player = table.bot_to_move()
            if player is None:
                return
            n = len(table.played)
            if self.pace > 0:
                await asyncio.sleep(self.pace)
            copy = table.game.clone(table.state)
            move = await loop.run_in_executor(None, table.bot_choice, player, copy, n)
            if table.bot_to_move() != player or self.tables.get(table.id) is not table:
                continue  # the table moved on (an undo, a person in a simultaneous step): decide again
            try:
                table.play(player, table.game.encode_move(move), bot=True)
            except Refused as exc:
                log.warning("table %s: the bot of %s chose a refused move (%s)", table.id, player, exc.reason)
                continue
            await self.broadcast(table)

    async def stop(self) -> None:
        for task in self._bots.values():
            task.cancel()
        await asyncio.gather(*self._bots.values(), return_exceptions=True)

    # -- one message ---------------------------------------------------------------------------------

    async def handle(self, conn: Conn, text: str) -> None:
        """One message from a browser; a refusal is sent back, nothing is raised."""
        table = self.tables.get(conn.table)
        if table is None:
            return
        try:
            message = parse(text)
            await self._dispatch(conn, table, message)
        except Refused as exc:
            await self.send(conn, {"type": "refused", "reason": exc.reason, "code": exc.code,
                                   "entry": _entry_of(text)})
        except KcalError as exc:  # the store refused a write, a pack's own error: told, the table goes on
            log.error("table %s: %s", table.id, exc.message)
            await self.send(conn, {"type": "refused", "reason": exc.message, "code": exc.code,
                                   "entry": _entry_of(text)})
        except Exception:  # a bug must not stop the table: logged with its traceback, the tab told
            log.exception("table %s: a message failed", table.id)
            await self.send(conn, {"type": "refused", "reason": "the table could not act on this message "
                                   "(an internal error, logged)", "code": "internal", "entry": None})

    async def _dispatch(self, conn: Conn, table: Table, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "hello":
            await self._hello(conn, table, message.get("token"))
        elif kind == "move":
            table.move(conn.token, message.get("entry"), _seen(message))
            await self.broadcast(table)
            self.wake_bots(table)
        elif kind == "hint":
            if conn.seat is None:
                raise Refused("this link acts for no seat (a spectator watches only)", "forbidden")
            hint = await asyncio.get_running_loop().run_in_executor(
                None, lambda: table.hint(conn.token, self.hint_iterations))
            await self.send(conn, hint.to_json())
        elif kind == "undo":
            table.undo(conn.token)
            await self.broadcast(table)
            self.wake_bots(table)
        elif kind == "rematch":
            await self._rematch(conn, table)

    async def _hello(self, conn: Conn, table: Table, token: Any) -> None:
        if token is not None and not isinstance(token, str):
            raise Refused("a token is text", "malformed")
        seat = table.seat_of(token) if token else None
        if token and seat is None:
            log.warning("table %s: a wrong token was refused; the tab watches as a spectator", table.id)
            conn.seat = conn.token = None
            await self.send(conn, seat_payload(table, None))
            raise Refused("this link's token is not a seat of this table: you watch as a spectator", "forbidden")
        conn.seat, conn.token = (seat.player, token) if seat is not None else (None, None)
        await self.send(conn, seat_payload(table, conn.seat))
        self.wake_bots(table)

    async def _rematch(self, conn: Conn, table: Table) -> None:
        if conn.seat is None:
            raise Refused("this link acts for no seat (a spectator watches only)", "forbidden")
        if not table.over:
            raise Refused("a rematch is offered when the game is over")
        seats = [Seat(s.player, s.kind, s.bot, s.token if s.kind == "human" else None) for s in table.seats.values()]
        again = Table.create(table.pack.id, table.setup, derive_seed(table.seed, "rematch") & ((1 << 63) - 1), seats,
                             self.store, start=table.start)
        self.add(again)
        if self.on_new_table is not None:
            self.on_new_table(again)
        for c in list(self.conns.get(table.id, ())):
            await self.send(c, {"type": "rematch", "table": again.id})


def parse(text: str) -> dict[str, Any]:
    """A browser's message: a JSON object of a known ``type`` within :data:`MAX_MESSAGE` characters."""
    if len(text) > MAX_MESSAGE:
        raise Refused(f"a message is at most {MAX_MESSAGE:,} characters; this one has {len(text):,}", "too-large")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("a message is a JSON object; this one is not JSON", "malformed") from None
    if not isinstance(message, dict) or message.get("type") not in TYPES:
        raise Refused(f"a message is a JSON object whose type is one of {', '.join(TYPES)}", "malformed")
    return message


def _seen(message: dict[str, Any]) -> int | None:
    seen = message.get("seen")
    if seen is None:
        return None
    if not isinstance(seen, int) or isinstance(seen, bool) or seen < 0:
        raise Refused("seen is the number of moves the page has seen", "malformed")
    return seen


def _entry_of(text: str) -> Any:
    """The entry of a refused move, sent back so the page marks where the move was tried."""
    if len(text) > MAX_MESSAGE:
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return message.get("entry") if isinstance(message, dict) else None


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _table_page(request: Request) -> Response:
    table = _hub(request).table(request.path_params["table"])
    if table is None:
        return PlainTextResponse("no such table", status_code=404)
    title = escape(f"{table.game.info.name}: table {table.id}")
    page: str = request.app.state.page
    return HTMLResponse(page.replace("{{title}}", title), headers=_HEADERS)


async def _record(request: Request) -> Response:
    """The game record, once the game is over (until then it would show every hidden card)."""
    table = _hub(request).table(request.path_params["table"])
    if table is None:
        return PlainTextResponse("no such table", status_code=404)
    if not table.over:
        return PlainTextResponse("the record is offered when the game is over", status_code=403)
    from kcal.sim.records import record_yaml

    text = record_yaml(table.record(), comment=f"kcal play: table {table.id}\nreplay with: kcal rules replay "
                       f"{table.id}.yaml")
    return Response(text, media_type="application/yaml", headers={
        "Content-Disposition": f'attachment; filename="{table.id}.yaml"', **_HEADERS})


async def _lobby(request: Request) -> Response:
    hub = _hub(request)
    rows = []
    if hub.store is not None:
        for saved, moves in hub.store.summaries():
            rows.append(f'<li><a href="/t/{escape(saved.id)}">{escape(saved.id)}</a> {escape(saved.game)}: '
                        f'{moves} moves, {escape(saved.status)}</li>')
    body = "\n".join(rows) or "<li>no tables</li>"
    return HTMLResponse(f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>kcal play'
                        f'</title><meta name="viewport" content="width=device-width, initial-scale=1">'
                        f'</head><body><h1>kcal play</h1><ul>{body}</ul></body></html>', headers=_HEADERS)


async def _socket(ws: WebSocket) -> None:
    """One browser tab: its messages in order, each answered; a lost tab leaves its seat to its link."""
    hub = _hub(ws)
    table = hub.table(ws.path_params["table"])
    await ws.accept()
    if table is None:
        await ws.send_text(json.dumps({"type": "refused", "reason": "no such table", "code": "no-table"}))
        await ws.close()
        return
    conn = Conn(ws, table.id)
    hub.conns.setdefault(table.id, set()).add(conn)
    try:
        while True:
            await hub.handle(conn, await ws.receive_text())
    except (WebSocketDisconnect, KeyError, RuntimeError):
        pass
    finally:
        hub.conns.get(table.id, set()).discard(conn)


def make_app(hub: Hub) -> Starlette:
    app = Starlette(routes=[
        Route("/", _lobby),
        Route("/t/{table}", _table_page),
        Route("/t/{table}/record.yaml", _record),
        WebSocketRoute("/ws/{table}", _socket),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ], lifespan=_lifespan(hub))
    app.state.hub = hub
    app.state.page = (STATIC / "play.html").read_text(encoding="utf-8")
    return app


def _lifespan(hub: Hub) -> Any:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hub.stop()

    return lifespan


#: no page of the table is framed by another site, and none loads anything from elsewhere
_HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                       "connect-src 'self'; frame-ancestors 'none'",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def invitation(base: str, table: Table, seat: Seat) -> str:
    """The link that acts for ``seat`` (its token after ``#``: never sent to the server in a URL)."""
    return f"{base}/t/{table.id}#seat={seat.player}&token={seat.token}"


__all__ = ["Hub", "invitation", "make_app", "new_token"]
