"""The table server over real WebSockets, for every registered pack: each seat is sent only what its own
view holds (the hidden-information test), and hostile messages are refused without stopping anything."""

from __future__ import annotations

import contextlib
import copy
import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.sync.client import connect

from kcal.core import registry
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.play.payload import seat_payload
from kcal.play.server import MAX_MESSAGE, Hub
from kcal.play.store import Store
from kcal.play.table import Table, make_seats
from kcal.sim.match import seat_names
from tests.play.conftest import running

PACK_IDS = registry.ids()


def players_of(pack_id: str) -> tuple[str, ...]:
    info = registry.get(pack_id).hook("game").info
    return seat_names(max(info.min_players, 2))


def ws_url(base: str, table: Table) -> str:
    return base.replace("http://", "ws://") + f"/ws/{table.id}"


def private_lists(game: Any, state: Any, owner: str, viewer: str) -> list[str]:
    """The lists of card names only ``owner``'s view holds (its hand...), as JSON text: the leaves of
    ``owner``'s view that differ from ``viewer``'s at the same place and appear nowhere in ``viewer``'s
    (the cards a seat passed to ``viewer`` are ``viewer``'s to know)."""
    out: list[str] = []
    mine = json.dumps(game.view(state, viewer), ensure_ascii=False)

    def walk(a: Any, b: Any) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for k in a:
                if k in b:
                    walk(a[k], b[k])
        elif isinstance(a, list) and a != b and len(a) >= 2 and all(isinstance(x, str) for x in a):
            text = json.dumps(a, ensure_ascii=False)
            if text not in mine:
                out.append(text)

    walk(game.view(state, owner), game.view(state, viewer))
    return out


@pytest.mark.parametrize("pack_id", PACK_IDS)
def test_each_seat_receives_only_its_own_view(pack_id, tmp_path):
    """Two people and no bots play a whole game over the server; every message each seat's connection
    received is (a) its own view, (b) the same message a world redealt behind its back (another order of
    every deck, other hands for the others: ``determinize``) would have sent, and (c) holds no list of
    cards that only another seat's view holds."""
    players = players_of(pack_id)
    store = Store(tmp_path)
    table = Table.create(pack_id, Setup(players), 21, make_seats(players, players, ["random"]), store)
    hub = Hub(store, pace=0)
    hub.add(table)
    got: dict[str, list[str]] = {p: [] for p in players}
    rng = Rng(5)
    with running(hub) as base:
        with contextlib.ExitStack() as stack:
            socks = {p: stack.enter_context(connect(ws_url(base, table), max_size=None)) for p in players}
            for p, ws in socks.items():
                ws.send(json.dumps({"type": "hello", "token": table.seats[p].token}))
                got[p].append(ws.recv(timeout=30))
            for _ in range(3000):
                last = {p: json.loads(got[p][-1]) for p in players}
                if last[players[0]]["over"]:
                    break
                mover = last[players[0]]["to_move"][0]
                legal = last[mover]["legal"]
                socks[mover].send(json.dumps({"type": "move", "entry": legal[rng.below(len(legal))]["entry"],
                                              "seen": last[mover]["moves"]}))
                for p in players:
                    got[p].append(socks[p].recv(timeout=30))
    assert table.over
    # every state the table went through, from its setup and seed
    game = table.game
    states = [game.new_state(table.setup, table.seed)]
    for played in table.played:
        s = game.clone(states[-1])
        game.apply(s, played.player, game.decode_move(played.entry))
        states.append(s)
    for seat, texts in got.items():
        for text in texts:
            message = json.loads(text)
            assert message["type"] == "state" and message["seat"] == seat
            n = message["moves"]
            state = states[n]
            assert message["view"] == json.loads(json.dumps(game.view(state, seat)))
            for k in range(2):
                world = copy.copy(table)
                world.state = game.determinize(state, seat, 1000 + k)
                world.played = table.played[:n]
                assert json.loads(json.dumps(seat_payload(world, seat))) == message, (
                    f"{pack_id}: seat {seat}'s message at move {n} depends on what it cannot see")
            for other in players:
                if other != seat:
                    for hidden in private_lists(game, state, other, seat):
                        assert hidden not in text, f"{pack_id}: {other}'s {hidden} reached {seat}"


def test_hostile_messages_are_refused_and_the_table_goes_on(tmp_path):
    pack_id = PACK_IDS[0]
    players = players_of(pack_id)
    store = Store(tmp_path)
    table = Table.create(pack_id, Setup(players), 3, make_seats(players, players, ["random"]), store)
    hub = Hub(store, pace=0)
    hub.add(table)
    with running(hub) as base:
        mover = table.game.to_move(table.state)[0]
        with connect(ws_url(base, table), max_size=None) as spy, connect(ws_url(base, table), max_size=None) as me:
            # a wrong token: refused (and logged), the tab watches as a spectator
            spy.send(json.dumps({"type": "hello", "token": "stolen"}))
            watched = json.loads(spy.recv(timeout=10))
            assert watched["seat"] is None and watched["legal"] == []
            assert json.loads(spy.recv(timeout=10))["code"] == "forbidden"
            entry = table.game.encode_move(table.legal(mover)[0])
            spy.send(json.dumps({"type": "move", "entry": entry, "seen": 0}))
            assert json.loads(spy.recv(timeout=10))["code"] == "forbidden"
            me.send(json.dumps({"type": "hello", "token": table.seats[mover].token}))
            assert json.loads(me.recv(timeout=10))["your_turn"]
            for bad, code in [("{", "malformed"), ("[1, 2]", "malformed"), ('{"type": "open /etc/passwd"}', "malformed"),
                              ("[" * 5000 + "]" * 5000, "malformed"), ("x" * (MAX_MESSAGE + 1), "too-large"),
                              (json.dumps({"type": "move", "entry": {"<script>": "x"}, "seen": 0}), "malformed"),
                              (json.dumps({"type": "move", "entry": entry, "seen": "zero"}), "malformed"),
                              (json.dumps({"type": "move", "entry": entry, "seen": 7}), "stale"),
                              (json.dumps({"type": "undo"}), "refused"),
                              (json.dumps({"type": "rematch"}), "refused")]:
                me.send(bad)
                reply = json.loads(me.recv(timeout=10))
                assert reply["type"] == "refused" and reply["code"] == code, (bad[:40], reply)
            assert len(table.played) == 0 and len(store.load(table.id).moves) == 0
            me.send(json.dumps({"type": "move", "entry": entry, "seen": 0}))
            assert json.loads(me.recv(timeout=10))["moves"] == 1
            assert json.loads(spy.recv(timeout=10))["moves"] == 1
        # the record is offered at the end only; no route reads a file by name
        for path in (f"/t/{table.id}/record.yaml", "/static/../store.py", "/t/..%2F..%2Fetc%2Fpasswd"):
            with pytest.raises(urllib.error.HTTPError) as info:
                urllib.request.urlopen(base + path, timeout=10)
            assert info.value.code in (403, 404)


def test_bot_moves_are_marked_and_paced(tmp_path):
    pack_id = PACK_IDS[0]
    players = players_of(pack_id)
    table = Table.create(pack_id, Setup(players), 3, make_seats(players, [], ["random"]), Store(tmp_path))
    hub = Hub(table.store, pace=0)
    hub.add(table)
    with running(hub) as base, connect(ws_url(base, table), max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        for _ in range(5000):
            m = json.loads(ws.recv(timeout=60))
            if m["over"]:
                break
    assert m["over"]["sentence"].startswith("game over (")
    assert all(line["bot"] for line in m["log"])
    assert len(table.store.load(table.id).moves) == len(table.played)
