"""``kcal play`` on the command line: the saved tables listed and exported, and the failures that must be
one clear line and exit 2 (a port in use, a damaged database, which is never overwritten)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

from kcal.core import registry
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.play.store import Store
from kcal.play.table import Table, make_seats
from kcal.sim.match import seat_names


def kcal(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kcal", *args], capture_output=True, text=True, timeout=timeout)


def finished_table(folder) -> Table:
    pack_id = registry.ids()[0]
    game = registry.get(pack_id).hook("game")
    players = seat_names(max(game.info.min_players, 2))
    table = Table.create(pack_id, Setup(players), 5, make_seats(players, players, ["random"]), Store(folder))
    rng = Rng(1)
    while not table.over:
        p = table.game.to_move(table.state)[0]
        legal = table.legal(p)
        table.move(table.seats[p].token, table.game.encode_move(legal[rng.below(len(legal))]))
    return table


def test_list_and_save_game_as_sim_saves_them(tmp_path):
    table = finished_table(tmp_path / "data")
    listed = kcal("play", "--list", "--data", str(tmp_path / "data"), "--format", "json")
    assert listed.returncode == 0, listed.stderr
    (row,) = json.loads(listed.stdout)["tables"]
    assert row["id"] == table.id and row["moves"] == len(table.played)
    out = tmp_path / "game.yaml"
    saved = kcal("play", "--save-game", table.id, "--data", str(tmp_path / "data"), "-o", str(out))
    assert saved.returncode == 0, saved.stderr
    replay = kcal("rules", "replay", str(out), "--format", "json")
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)["ended"]
    # sim's overwrite policy: a file kcal wrote is replaced; one the user wrote only with --force
    assert kcal("play", "--save-game", table.id, "--data", str(tmp_path / "data"), "-o", str(out)).returncode == 0
    mine = tmp_path / "mine.yaml"
    mine.write_text("my notes\n")
    again = kcal("play", "--save-game", table.id, "--data", str(tmp_path / "data"), "-o", str(mine))
    assert again.returncode == 2 and len(again.stderr.strip().splitlines()) == 1
    assert mine.read_text() == "my notes\n"
    assert kcal("play", "--save-game", table.id, "--data", str(tmp_path / "data"), "-o", str(mine),
                "--force").returncode == 0


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        done = kcal("play", "--game", registry.ids()[0], "--port", str(port), "--no-open", "--data", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"error: 127.0.0.1:{port} is in use; give another --port"] or (
        len(done.stderr.strip().splitlines()) == 1 and "in use" in done.stderr), done.stderr
    assert list(Store(tmp_path).summaries()) == []  # no table was made


def test_a_damaged_database_is_one_line_exit_2_and_never_overwritten(tmp_path):
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    before = path.read_bytes()
    for args in (["--list"], ["--game", registry.ids()[0], "--no-open", "--port", "0"]):
        done = kcal("play", *args, "--data", str(tmp_path))
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert path.read_bytes() == before


def test_bad_game_options_are_usage_errors(tmp_path):
    for args, words in ((["--game", "nope"], "unknown game"),
                        (["--game", registry.ids()[0], "--seat", "Q"], "not a player"),
                        (["--game", registry.ids()[0], "--bots", "nobot"], "unknown bot"),
                        (["--resume", "nothere"], "no saved table")):
        done = kcal("play", *args, "--no-open", "--port", "0", "--data", str(tmp_path))
        assert done.returncode == 2 and words in done.stderr, (args, done.stderr)
