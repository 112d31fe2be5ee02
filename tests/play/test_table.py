"""The table's own API (kcal.play.table) over every registered pack: a whole game with random moves for
every seat, each move committed to the store, the table brought back from the store, the record it
exports replayed by the pack's ``replay`` hook (``kcal rules replay``) to the same end. The packs come
from the registry: a pack installed later is played without a change here."""

from __future__ import annotations

import json
import sqlite3
from functools import cache
from pathlib import Path

import pytest

from kcal.core import registry
from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.play.payload import seat_payload
from kcal.play.store import Store
from kcal.play.table import Refused, Table, make_seats
from kcal.sim.match import seat_names
from kcal.sim.records import write_record

PACK_IDS = registry.ids()
by_pack = pytest.mark.parametrize("pack_id", PACK_IDS)
MAX_MOVES = 5000
#: the moves a table started from a record plays on (a shipped record may be early in a long game)
START_MOVES = 60


@cache
def _game(pack_id: str):
    return registry.get(pack_id).hook("game")


def players_of(pack_id: str) -> tuple[str, ...]:
    info = _game(pack_id).info
    return seat_names(max(info.min_players, 2) if info.max_players >= 2 else info.min_players)


def random_game(table: Table, seed: int) -> int:
    """Random legal moves for every seat through :meth:`Table.move` (the people's path), to the end."""
    rng = Rng(seed)
    moves = 0
    while not table.over and moves < MAX_MOVES:
        player = table.game.to_move(table.state)[-1]
        legal = table.legal(player)
        move = legal[rng.below(len(legal))]
        table.move(table.seats[player].token, table.game.encode_move(move), len(table.played))
        moves += 1
    return moves


def views(table: Table) -> dict[str, str]:
    return {p: json.dumps(table.game.view(table.state, p), sort_keys=True) for p in table.setup.players}


@by_pack
def test_a_whole_game_through_the_table_is_stored_restored_and_replays(pack_id, tmp_path):
    players = players_of(pack_id)
    store = Store(tmp_path / "data")
    table = Table.create(pack_id, Setup(players), 11, make_seats(players, players, ["random"]), store)
    moves = random_game(table, 3)
    assert table.over, f"{pack_id}: no end in {moves} random moves"
    outcome = table.game.outcome(table.state)
    # back from the store (a new connection, as after a restart): the same views at the same move
    store.close()
    again = Table.restore(Store(tmp_path / "data").load(table.id))
    assert len(again.played) == len(table.played) == moves
    assert views(again) == views(table)
    # the exported record replays to the same end
    path = write_record(table.record(), tmp_path / "game.yaml")
    result = registry.get(pack_id).hook("replay").replay(path).to_json()
    assert result["legal"] and result["ended"] == table.over, result.get("illegal_move")
    assert result["to_move"] == list(table.game.to_move(table.state))
    assert result["end_reason"] == outcome.reason
    assert sorted(result["winners"]) == sorted(outcome.winners)
    assert {p: float(v) for p, v in result["scores"].items() if p in players} == \
        {p: float(v) for p, v in outcome.scores.items()}
    # every seat's last payload ends with the one game-over sentence
    for p in players:
        assert seat_payload(table, p)["over"]["sentence"].startswith("game over (")


@by_pack
def test_bots_play_a_table_to_its_end(pack_id):
    players = players_of(pack_id)
    table = Table.create(pack_id, Setup(players), 2, make_seats(players, players[:1], ["random"]))
    rng = Rng(9)
    for _ in range(MAX_MOVES):
        if table.over:
            break
        bot = table.bot_to_move()
        if bot is not None:
            assert table.bot_move(bot).bot
            continue
        me = players[0]
        legal = table.legal(me)
        table.move(table.seats[me].token, table.game.encode_move(legal[rng.below(len(legal))]))
    assert table.over


@by_pack
def test_refused_messages_change_nothing(pack_id, tmp_path):
    players = players_of(pack_id)
    store = Store(tmp_path)
    table = Table.create(pack_id, Setup(players), 4, make_seats(players, players, ["random"]), store)
    random_game_steps(table, 5)
    before, count = views(table), len(table.played)
    acting = table.game.to_move(table.state)[0]
    idle = next((p for p in players if p not in table.game.to_move(table.state)), None)
    token = table.seats[acting].token
    legal_entry = table.game.encode_move(table.legal(acting)[0])
    cases = [
        (None, legal_entry, "forbidden"),
        ("not-a-token", legal_entry, "forbidden"),
        (token, "a string", "malformed"),
        (token, {"no such key": [1, 2]}, "malformed"),
        (token, {"player": "\x00<script>", "card": 7}, "malformed"),
    ]
    if idle is not None:
        cases.append((table.seats[idle].token, legal_entry, "out-of-turn"))
    for tok, entry, code in cases:
        with pytest.raises(Refused) as info:
            table.move(tok, entry, count)
        assert info.value.code in (code, "illegal-move"), (entry, info.value.reason)
    with pytest.raises(Refused) as info:
        table.move(token, legal_entry, count - 1)
    assert info.value.code == "stale"
    assert views(table) == before and len(table.played) == count
    assert len(Store(tmp_path).load(table.id).moves) == count


def random_game_steps(table: Table, steps: int) -> None:
    rng = Rng(steps)
    for _ in range(steps):
        if table.over:
            return
        player = table.game.to_move(table.state)[0]
        legal = table.legal(player)
        table.move(table.seats[player].token, table.game.encode_move(legal[rng.below(len(legal))]))


@by_pack
def test_an_illegal_move_is_refused_in_the_words_of_why_illegal(pack_id):
    """A legal move of another position, played where it is not legal, is refused with the reason
    ``why_illegal`` gives (the words ``kcal rules replay`` prints)."""
    players = players_of(pack_id)
    table = Table.create(pack_id, Setup(players), 6, make_seats(players, players, ["random"]))
    rng = Rng(2)
    seen: list[dict] = []
    for _ in range(300):
        if table.over:
            break
        player = table.game.to_move(table.state)[0]
        legal = table.legal(player)
        keys = {json.dumps(table.game.encode_move(m), sort_keys=True) for m in legal}
        for entry in seen:
            if json.dumps(entry, sort_keys=True) in keys:
                continue
            try:
                move = table.game.decode_move(entry)
            except KcalError:
                continue
            reason = table.game.why_illegal(table.state, player, move)
            if reason is None:
                continue
            with pytest.raises(Refused) as info:
                table.move(table.seats[player].token, entry)
            assert info.value.reason == reason
            return
        move = legal[rng.below(len(legal))]
        seen.append(table.game.encode_move(move))
        table.move(table.seats[player].token, seen[-1])
    pytest.fail(f"{pack_id}: found no move to refuse")


@by_pack
def test_undo_is_practice_only(pack_id, tmp_path):
    players = players_of(pack_id)
    store = Store(tmp_path)
    me = players[0]
    solo = Table.create(pack_id, Setup(players), 8, make_seats(players, [me], ["random"]), store)
    token = solo.seats[me].token
    for _ in range(200):
        if solo.over or any(p.player == me for p in solo.played):
            if not solo.bot_to_move() or solo.over:
                break
        bot = solo.bot_to_move()
        if bot is not None:
            solo.bot_move(bot)
        else:
            solo.move(token, solo.game.encode_move(solo.legal(me)[0]))
    mine = max(p.n for p in solo.played if p.player == me)
    assert solo.can_undo(me)
    assert solo.undo(token) == mine
    assert me in solo.game.to_move(solo.state) and len(solo.played) == mine
    assert len(Store(tmp_path).load(solo.id).moves) == mine
    two = Table.create(pack_id, Setup(players), 8, make_seats(players, players[:2], ["random"]))
    assert not two.can_undo(me)
    with pytest.raises(Refused):
        two.undo(two.seats[me].token)


def test_hint_names_a_legal_move_and_its_visit_share():
    pack_id = PACK_IDS[0]
    players = players_of(pack_id)
    table = Table.create(pack_id, Setup(players), 1, make_seats(players, players, ["random"]))
    player = table.game.to_move(table.state)[0]
    h = table.hint(table.seats[player].token, iterations=30)
    assert table.game.why_illegal(table.state, player, table.game.decode_move(h.entry)) is None
    assert 0 < h.share <= 1
    idle = next((p for p in players if p not in table.game.to_move(table.state)), None)
    if idle is not None:
        with pytest.raises(Refused):
            table.hint(table.seats[idle].token, iterations=5)


def test_a_file_that_is_not_a_table_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"not a database at all" * 100)
    before = path.read_bytes()
    with pytest.raises(KcalError, match="not a kcal table database"):
        Store(tmp_path)
    assert path.read_bytes() == before
    other = tmp_path / "other"
    other.mkdir()
    sqlite3.connect(other / "tables.sqlite3").execute("CREATE TABLE x (y)").connection.close()
    before = (other / "tables.sqlite3").read_bytes()
    with pytest.raises(KcalError, match="not a kcal table database"):
        Store(other)
    assert (other / "tables.sqlite3").read_bytes() == before


def test_an_unwritable_data_folder_is_one_clear_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        import os

        if os.access(folder, os.W_OK):  # root writes anywhere: a file in the way instead
            blocker = tmp_path / "file"
            blocker.write_text("x")
            with pytest.raises(KcalError, match="data folder"):
                Store(blocker / "sub")
            return
        with pytest.raises(KcalError, match="not writable"):
            Store(folder)
    finally:
        folder.chmod(0o700)


def test_a_saved_table_is_listed(tmp_path):
    pack_id = PACK_IDS[0]
    players = players_of(pack_id)
    store = Store(Path(tmp_path))
    table = Table.create(pack_id, Setup(players), 1, make_seats(players, players[:1], ["random"]), store)
    (saved, moves), = list(store.summaries())
    assert saved.id == table.id and saved.game == pack_id and moves == 0
    with pytest.raises(KcalError, match="no saved table"):
        store.load("nope")


def _unfinished_examples(pack_id: str) -> list[Path]:
    """The records a pack ships whose game goes on (each replays legally and is not over)."""
    from kcal.core.examples import shipped

    pack = registry.get(pack_id)
    out = []
    for ex in shipped(pack):
        result = pack.hook("replay").replay(ex.path)
        if result.exit_code == 0 and not result.to_json()["ended"]:
            out.append(ex.path)
    return out


@by_pack
def test_a_table_goes_on_from_a_shipped_record(pack_id, tmp_path):
    """``kcal play --start RECORD``: the record's game and players, its moves replayed by the pack's
    ``replay`` hook; the table plays on (:data:`START_MOVES` random moves, or to the end), comes back
    from the store, goes back to where it started, and its record replays."""
    from kcal.play.launch import NewTable, create_table

    starts = _unfinished_examples(pack_id)
    assert starts, f"{pack_id} ships no record of an unfinished game"
    store = Store(tmp_path / "data")
    table = create_table(NewTable(start=starts[0], bots=["random"], seed=4), store)
    first = views(table)
    assert table.pack.id == pack_id
    rng = Rng(2)
    for _ in range(START_MOVES):
        if table.over:
            break
        bot = table.bot_to_move()
        if bot is not None:
            table.bot_move(bot)
            continue
        me = table.game.to_move(table.state)[0]
        legal = table.legal(me)
        table.move(table.seats[me].token, table.game.encode_move(legal[rng.below(len(legal))]))
    assert len(table.played) > 0
    again = Table.restore(Store(tmp_path / "data").load(table.id))
    assert views(again) == views(table)
    again._rebuild(0)
    assert views(again) == first
    path = write_record(table.record(), tmp_path / "game.yaml")
    result = registry.get(pack_id).hook("replay").replay(path).to_json()
    assert result["legal"] and result["ended"] == table.over, result.get("illegal_move")
    assert result["to_move"] == list(table.game.to_move(table.state))
