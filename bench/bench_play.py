"""``kcal play`` under measurement: a move's round trip in real browsers, and 50 bot tables at once.

    PYTHONPATH=src python bench/bench_play.py [--clicks 40] [--tables 50] [--seconds 60] [--pace 0.05]
        [--game how-many-calories] [--only roundtrip|load]

**Round trip** (``roundtrip``): ``kcal play`` in its own process on loopback, two headless Chromium pages
at seats A and B, the other seats random bots at pace 0. A page clicks one of its listed moves; the round
trip is from the click (a capturing listener's ``Date.now()``) to the moment the last of the two pages has
drawn the table after that move (``window.kcalDrawn[n]``, set at the end of the page's ``draw``). Median and
95th percentile over ``--clicks`` clicks. Both pages run on this machine, so their clocks are one clock.

**Load** (``load``): one server (uvicorn in a thread of this process) and ``--tables`` tables of random
bots, the packs in turn, each watched by a spectator WebSocket; bots move every ``--pace`` seconds. The
run is bounded by ``--seconds`` and by the table count. Reported: moves played and games finished, errors
(refusals, exceptions logged by the server, a spectator that lost its connection), lost moves (a table
whose stored moves, in-memory moves and the spectator's last message disagree), and memory per table
(the process's resident set after the tables are open, minus before, divided by their number; the
spectators' clients are in the same process and counted in it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def roundtrip(game: str, clicks: int) -> dict[str, float]:
    from kcal.viewer.browser import chromium

    data = tempfile.mkdtemp(prefix="bench-play-")
    proc = subprocess.Popen([sys.executable, "-m", "kcal", "play", "--game", game, "--players", "3", "--seat", "A",
                             "--seat", "B", "--bots", "random", "--seed", "1", "--host", "127.0.0.1", "--port", "0",
                             "--no-open", "--pace", "0", "--data", data], stdout=subprocess.PIPE, text=True)
    links: dict[str, str] = {}
    assert proc.stdout is not None
    while len(links) < 2:
        m = re.match(r"seat (\w+): (\S+)", proc.stdout.readline())
        if m:
            links[m.group(1)] = m.group(2)
    pages = [chromium(1280, 900), chromium(390, 844)]
    times: list[float] = []
    try:
        for page, seat in zip(pages, "AB", strict=True):
            page.get(links[seat])
        time.sleep(2)
        deadline = time.monotonic() + 600
        while len(times) < clicks and time.monotonic() < deadline:
            state = [p.execute_script("return [Number(document.body.dataset.moves), document.body.dataset.over,"
                                      " document.getElementById('turn').className]") for p in pages]
            if state[0][1] == "yes":
                break
            mover = next((k for k, s in enumerate(state) if s[2] == "you"), None)
            if mover is None:
                time.sleep(0.02)
                continue
            page, n = pages[mover], state[mover][0]
            buttons = page.find_elements("css selector", "#moves button")
            if not buttons:
                continue
            page.execute_script("window.kcalClicked = 0; document.getElementById('moves').addEventListener("
                                "'click', () => { window.kcalClicked = Date.now(); }, {capture: true, once: true});")
            buttons[len(times) % len(buttons)].click()
            end = time.monotonic() + 30
            while time.monotonic() < end:
                drawn = [p.execute_script(f"return (window.kcalDrawn || {{}})[{n + 1}] || 0") for p in pages]
                if all(drawn):
                    clicked = page.execute_script("return window.kcalClicked")
                    times.append(max(drawn) - clicked)
                    break
                time.sleep(0.005)
    finally:
        for p in pages:
            p.quit()
        proc.kill()
    times.sort()
    return {"clicks": len(times), "median_ms": statistics.median(times),
            "p95_ms": times[min(len(times) - 1, round(0.95 * (len(times) - 1)))], "max_ms": times[-1]}


class _Count(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record.getMessage())


def _rss() -> int:
    import psutil

    return int(psutil.Process().memory_info().rss)


async def _watch(url: str, last: dict[str, int], errors: list[str], stop: asyncio.Event) -> None:
    import websockets

    try:
        async with websockets.connect(url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue
                m = json.loads(text)
                if m["type"] == "refused":
                    errors.append(m["reason"])
                elif m["type"] == "state":
                    last[m["table"]] = m["moves"]
                    if m["over"]:
                        return
    except Exception as exc:  # noqa: BLE001 - a bench counts every failure
        errors.append(f"{type(exc).__name__}: {exc}")


def load(tables: int, seconds: float, pace: float) -> dict[str, object]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from kcal.core import registry
    from kcal.core.game import Setup
    from kcal.play.server import Hub
    from kcal.play.store import Store
    from kcal.play.table import Table, make_seats
    from kcal.sim.match import seat_names
    from tests.play.conftest import running

    counter = _Count()
    logging.getLogger("kcal.play").addHandler(counter)
    store = Store(tempfile.mkdtemp(prefix="bench-play-load-"))
    hub = Hub(store, pace=pace)
    ids = registry.ids()
    for pid in ids:  # each pack's rules imported before memory is measured
        registry.get(pid).hook("game")
    before = _rss()
    made = []
    for k in range(tables):
        pid = ids[k % len(ids)]
        info = registry.get(pid).hook("game").info
        players = seat_names(max(info.min_players, 2))
        made.append(hub.add(Table.create(pid, Setup(players), k, make_seats(players, [], ["random"]), store)))
    per_table = (_rss() - before) / tables
    last: dict[str, int] = {}
    errors: list[str] = []
    with running(hub) as base:
        async def main() -> None:
            stop = asyncio.Event()
            url = base.replace("http://", "ws://")
            tasks = [asyncio.create_task(_watch(f"{url}/ws/{t.id}", last, errors, stop)) for t in made]
            done, _ = await asyncio.wait(tasks, timeout=seconds)
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)

        start = time.monotonic()
        asyncio.run(main())
        elapsed = time.monotonic() - start
    # the server stopped: every table's stored moves against its moves in memory
    lost = [t.id for t in made if len(store.load(t.id).moves) != len(t.played)]
    behind = [t.id for t in made if t.over and last.get(t.id) != len(t.played)]
    moves = sum(len(t.played) for t in made)
    return {"tables": tables, "seconds": round(elapsed, 1), "moves": moves, "moves_per_s": round(moves / elapsed, 1),
            "finished": sum(t.over for t in made), "errors": len(errors) + len(counter.records),
            "error_samples": (errors + counter.records)[:3], "lost_moves_tables": lost,
            "finished_unseen_tables": behind, "memory_per_table_kib": round(per_table / 1024),
            "rss_mib_after": round(_rss() / 2**20)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=40)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--pace", type=float, default=0.05)
    ap.add_argument("--game", default="how-many-calories")
    ap.add_argument("--only", choices=("roundtrip", "load"))
    a = ap.parse_args()
    if a.only in (None, "roundtrip"):
        print("round trip:", json.dumps(roundtrip(a.game, a.clicks)))
    if a.only in (None, "load"):
        print("load:", json.dumps(load(a.tables, a.seconds, a.pace)))


if __name__ == "__main__":
    main()
