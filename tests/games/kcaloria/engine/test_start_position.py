"""Start positions (SPEC "Game packs": a record may give a ``start:`` position, the replay's ``state`` has
its shape): a replay's state given back as ``start:`` goes on to the same state, the shipped example
replays, and an impossible position is bad input at its key (docs/rulings.md, "Start positions")."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.kcaloria.files.position import StartPosition, state_json
from kcal.games.kcaloria.game import GAME
from kcal.games.kcaloria.replay import replay

FIXTURES = Path(__file__).parent / "fixtures"
EXAMPLE = (Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "examples"
           / "start-pesticide-frog.yaml")
RECORDS = ["bayou-phlox-squirrel.yaml", "pesticide-frog-starves.yaml", "remove-invader-frog-rescued.yaml",
           "spec-example.yaml", "two-concurrent-collapses.yaml", "two-sunlights-eichhornia.yaml"]


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def resumed(record: dict[str, Any], state: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """``record`` begun again from ``state`` (a replay's state), with ``moves`` after it."""
    out = {k: v for k, v in record.items() if k not in ("decks", "moves", "start")}
    return {**out, "start": state, "moves": moves}


# --- the shape ---------------------------------------------------------------------------------------


def test_the_replay_state_has_the_shape_of_a_start_position():
    data = replay(FIXTURES / "two-concurrent-collapses.yaml").to_json()
    StartPosition.model_validate(data["state"])  # every key of the state is a key of start:
    assert {"mode", "turn", "to_move", "end_reason", "board", "players"} == set(data["state"])


@pytest.mark.parametrize("name", RECORDS)
def test_a_replay_state_given_back_as_start_replays_to_the_same_state(name, tmp_path):
    record = yaml.safe_load((FIXTURES / name).read_text(encoding="utf-8"))
    moves = record["moves"]
    half = len(moves) // 2
    before = replay(write(tmp_path / "half.yaml", {**record, "moves": moves[:half]})).to_json()
    whole = replay(FIXTURES / name).to_json()
    at_once = replay(write(tmp_path / "start.yaml", resumed(record, before["state"], []))).to_json()
    assert at_once["state"] == before["state"] and at_once["scores"] == before["scores"]
    then = replay(write(tmp_path / "resumed.yaml", resumed(record, before["state"], moves[half:]))).to_json()
    assert then["state"] == whole["state"]
    assert (then["legal"], then["ended"], then["end_reason"], then["winners"], then["scores"]) == \
        (whole["legal"], whole["ended"], whole["end_reason"], whole["winners"], whole["scores"])


def test_a_game_begun_from_a_start_writes_it_back_in_its_record(tmp_path):
    state = replay(EXAMPLE).state
    record = GAME.record(state)
    assert "decks" not in record and record["start"]["turn"] == 10
    again = replay(write(tmp_path / "again.yaml", record)).to_json()
    assert again["legal"] and again["state"] == replay(EXAMPLE).to_json()["state"]


# --- the shipped example -----------------------------------------------------------------------------


def test_the_shipped_start_example_sets_up_a_collapse_and_replays():
    """Rulebook, "Ecosystem Collapse": the starving frog carries B's die at 1 and leaves at the end of B's
    next turn."""
    result = replay(EXAMPLE)
    data = result.to_json()
    assert data["legal"] and data["moves_applied"] == 2 and not data["ended"]
    assert [2, -1] not in [t["at"] for t in data["state"]["board"]]
    assert "Dryophytes squirellus at [2, -1] leaves the table (ecosystem collapse)" in result.to_text()


def test_the_example_written_in_short_takes_the_defaults(tmp_path):
    record = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    state = replay(write(tmp_path / "at-start.yaml", {**record, "moves": []})).to_json()["state"]
    frog = next(t for t in state["board"] if t["at"] == [2, -1])
    assert frog["lost"] == {"yellow": 1} and frog["placed_turn"] == 9
    assert frog["collapse_dice"] == [{"player": "B", "value": 1, "kind": "starve", "turn": 9}]
    assert state["players"]["A"] == {"placed": 4, "humans": 0, "reshuffles": 0}  # the tiles on the board


# --- seeded games stopped at random moves (hypothesis) ---------------------------------------------


def _play(state: Any, rng: Rng, moves: int) -> None:
    bot = GAME.bots()["random"]
    while GAME.to_move(state) and moves > 0:
        player = GAME.to_move(state)[0]
        GAME.apply(state, player, bot(GAME, state, player, rng))
        moves -= 1


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4), beginner=st.booleans(),
       stop=st.integers(0, 150), more=st.integers(0, 60))
def test_property_a_seeded_game_stopped_anywhere_goes_on_the_same_from_its_state(seed, players, beginner,
                                                                                stop, more):
    """A game of the built-in decks (tiles tracked) stopped at a random move: its replayed state, given
    back as start: with the moves after it, replays to the state the whole game replays to."""
    variant = "beginner" if beginner and players > 1 else None
    state = GAME.new_state(Setup(tuple("ABCD"[:players]), variant), seed)
    rng = Rng(seed)
    _play(state, rng, stop)
    played = len(GAME.record(state)["moves"])
    _play(state, rng, more)
    record = GAME.record(state)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        part = replay(write(tmp / "part.yaml", {**record, "moves": record["moves"][:played]})).to_json()
        whole = replay(write(tmp / "whole.yaml", record)).to_json()
        again = replay(write(tmp / "again.yaml", resumed(record, part["state"], record["moves"][played:])))
        out = again.to_json()
    assert out["legal"] and out["moves_applied"] == len(record["moves"]) - played
    assert out["state"] == whole["state"]
    assert (out["ended"], out["end_reason"], out["winners"], out["scores"]) == \
        (whole["ended"], whole["end_reason"], whole["winners"], whole["scores"])


@pytest.mark.parametrize("seeds", [range(0, 20), range(20, 40)], ids=["seeds 0-19", "seeds 20-39"])
def test_collapses_temporary_tiles_and_finished_games_go_on_the_same_from_their_state(seeds):
    """The parts of a position random stops seldom meet: a starving tile (lost cubes), collapse dice, a
    temporary tile's last use, and a finished game, each taken where whole seeded games reach them."""
    bot = GAME.bots()["random"]
    met: set[str] = set()
    for seed in seeds:
        state = GAME.new_state(Setup(tuple("ABCD"[:1 + seed % 4])), seed)
        rng, points = Rng(seed), []
        while GAME.to_move(state):
            player = GAME.to_move(state)[0]
            GAME.apply(state, player, bot(GAME, state, player, rng))
            here = {k for t in state_json(state)["board"] for k in ("lost", "collapse_dice", "last_used_turn") if k in t}
            if here - met or (here and len(points) < 2):
                met |= here
                points.append((state.n_moves, state_json(state)))
        record = GAME.record(state)
        final = state_json(state)
        assert replay(resumed(record, final, [])).to_json()["state"] == final
        for played, position in points[:3]:
            out = replay(resumed(record, position, record["moves"][played:])).to_json()
            assert out["legal"] and out["state"] == final, f"seed {seed}, from move {played}"
    assert met == {"lost", "collapse_dice", "last_used_turn"}


# --- impossible positions: bad input at their key ----------------------------------------------------

BOARD = [{"at": [0, 0], "tile": "Bayou", "owner": "A", "cubes": {"blue": 1}},
         {"at": [1, 0], "tile": "Phlox nivalis", "owner": "A", "cubes": {"green": 2},
          "paid": [{"from": [0, 0], "blue": 1}]}]
HAND = ["Bayou", "Bayou", "Phlox nivalis", "Phlox nivalis", "Oxbow Lake", "Oxbow Lake", "Sabine River"]


def _tracked(**a: Any) -> dict[str, Any]:
    return {"A": {"hand": HAND, "draw_pile": ["Bayou"], **a}, "B": {"hand": HAND}}


IMPOSSIBLE = {
    "unknown-tile": ({"board": [{**BOARD[0], "tile": "Bayuo"}]}, "start.board[0].tile",
                     "no tile named 'Bayuo' in the catalogs (did you mean 'Bayou'?)"),
    "unknown-owner": ({"board": [{**BOARD[0], "owner": "C"}]}, "start.board[0].owner",
                      "'C' is not one of the players (A, B)"),
    "two-on-a-cell": ({"board": [BOARD[0], {**BOARD[0], "owner": "B"}]}, "start.board[1].at",
                      "[0, 0] holds two tiles (board[0] and board[1])"),
    "paid-from-afar": ({"board": [BOARD[0], {**BOARD[1], "at": [2, 0]}]}, "start.board[1].paid[0].from",
                       "a cost is paid from a neighbouring tile; [0, 0] is not next to [2, 0]"),
    "paid-from-nothing": ({"board": [BOARD[1]]}, "start.board[0].paid[0].from",
                          "no tile at [0, 0] to have paid from"),
    "later-turn": ({"turn": 2, "board": [{**BOARD[0], "placed_turn": 3}]}, "start.board[0].placed_turn",
                   "turn 3 is after the position's turn 2"),
    "not-a-barricade": ({"board": [{**BOARD[0], "barricade": {"player": "A", "turns": 2}}]},
                        "start.board[0].barricade", "Bayou has no barricade modifier"),
    "not-temporary": ({"board": [{**BOARD[0], "last_used_turn": 0}]}, "start.board[0].last_used_turn",
                      "Bayou is not a temporary tile"),
    "next-player": ({"to_move": "Cy"}, "start.to_move", "'Cy' is not one of the players"),
    "unknown-player": ({"players": {"Z": {}}}, "start.players.Z", "'Z' is not one of the players"),
    "fewer-placed": ({"board": BOARD, "players": {"A": {"placed": 1}}}, "start.players.A.placed",
                     "A has 2 tile(s) on the board, so placed at least that many"),
    "two-humans": ({"players": {"B": {"humans": 2}}}, "start.players.B.humans",
                   "B has placed 2 human tiles, so the game is over (give end_reason: second_human)"),
    "wrong-end": ({"to_move": None, "end_reason": "pack_tactics"}, "start.end_reason",
                  "the game cannot have ended by pack_tactics"),
    "ended-with-next": ({"to_move": "A", "end_reason": "second_human", "players": {"A": {"humans": 2}}},
                        "start.to_move", "a finished game has no player to move"),
    "hand-missing": ({"players": {"A": {"hand": HAND}}}, "start.players",
                     "the position tracks the players' tiles, so it gives B's hand"),
    "hand-of-eight": ({"players": _tracked(hand=[*HAND, "Bayou"])}, "start.players.A.hand",
                      "a hand holds at most 7 tiles, not 8"),
    "hand-short": ({"players": _tracked(hand=HAND[:5])}, "start.players.A.hand",
                   "A draws back to 7 at the end of each turn while the draw pile lasts: 5 in hand and 1 to draw"),
    "sixth-copy": ({"board": BOARD, "players": _tracked(draw_pile=["Bayou", "Bayou", "Bayou"])},
                   "start.players.A.draw_pile[2]", "A holds a 6th Bayou: a deck has at most 5 tiles of a name"),
    "piles-in-standard": ({"players": _tracked(piles=[["Bayou"]])}, "start.players.A.piles",
                          "only a solo game plays from piles"),
}


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_an_impossible_start_is_bad_input_at_its_key(case, tmp_path):
    start, where, message = IMPOSSIBLE[case]
    path = write(tmp_path / "bad.yaml", {"catalogs": ["builtin"], "players": ["A", "B"], "start": start})
    with pytest.raises(KcalError) as info:
        replay(path)
    errors = getattr(info.value, "errors", [info.value])
    found = [e for e in errors if e.message.startswith(f"{where}: ")]
    assert found, f"no error at {where}: {[e.message for e in errors]}"
    assert message in found[0].message
    assert found[0].where.file is not None and found[0].where.line and found[0].where.column
    assert info.value.exit_code == 2


def test_a_start_with_decks_is_refused_at_the_decks(tmp_path):
    record = {"catalogs": ["builtin"], "players": ["A", "B"], "seed": 1,
              "decks": {"A": ["Bayou"], "B": ["Bayou"]}, "start": {}}
    with pytest.raises(KcalError, match="decks: a record with a start position gives the players' tiles"):
        replay(write(tmp_path / "bad.yaml", record))


def test_a_record_without_mode_takes_its_start_positions_mode(tmp_path):
    """rulings.md, "A record without mode: that starts at a position"; one that names both must agree."""
    record = {"catalogs": ["builtin"], "players": ["A", "B"], "start": {"mode": "beginner"}}
    assert replay(write(tmp_path / "ok.yaml", record)).to_json()["state"]["mode"] == "beginner"
    with pytest.raises(KcalError, match="the position is a beginner game and the record's mode is standard"):
        replay(write(tmp_path / "bad.yaml", {**record, "mode": "standard"}))


def test_a_malformed_start_is_a_schema_error_at_its_key(tmp_path):
    record = {"catalogs": ["builtin"], "players": ["A", "B"], "start": {"turn": -1, "bord": []}}
    with pytest.raises(KcalError) as info:
        replay(write(tmp_path / "bad.yaml", record))
    text = str(info.value)
    assert "start.turn" in text and "bord" in text and "bad.yaml:" in text


def test_a_solo_start_tracks_seven_piles(tmp_path):
    piles = [["Bayou"]] * 6
    record = {"catalogs": ["builtin"], "players": ["S"], "start": {"players": {"S": {"piles": piles}}}}
    with pytest.raises(KcalError, match="a solo game has 7 piles, not 6"):
        replay(write(tmp_path / "bad.yaml", record))


def test_the_seeded_game_state_round_trips_without_moves(tmp_path):
    """The simplest round trip: a state at the very start of a seeded game of tracked tiles."""
    state = GAME.new_state(Setup(("A", "B", "C")), 3)
    _play(state, Rng(3), random.Random(3).randrange(5, 40))
    record = GAME.record(state)
    before = replay(write(tmp_path / "a.yaml", record)).to_json()["state"]
    after = replay(write(tmp_path / "b.yaml", resumed(record, before, []))).to_json()["state"]
    assert after == before and before["players"]["A"]["hand"]


def test_the_start_position_of_the_formats_page_is_a_valid_record():
    """docs/formats.md, "A start position": its example reads as a record (the schema's keys and types)."""
    from kcal.games.kcaloria.files.recordfile import GameRecord

    text = (EXAMPLE.parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
    block = text.split("### A start position", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    record = GameRecord.model_validate(yaml.safe_load(block))
    assert record.start is not None and record.start.turn == 10 and len(record.start.board) == 2
    assert record.start.board[1].lost == {"yellow": 1}


def test_rules_replay_exits_2_on_an_impossible_start_and_0_on_the_example(tmp_path):
    """The command: exit 2 with every problem at file:line:column (JSON errors with --format json)."""
    import json

    from typer.testing import CliRunner

    from kcal.cli.app import app

    runner = CliRunner()
    assert runner.invoke(app, ["rules", "replay", str(EXAMPLE)]).exit_code == 0
    path = tmp_path / "bad.yaml"
    path.write_text("players: [A, B]\nstart:\n  board:\n    - {at: [0, 0], tile: Bayou, owner: A}\n"
                    "    - {at: [0, 0], tile: Bayou, owner: B}\n", encoding="utf-8")
    out = runner.invoke(app, ["rules", "replay", str(path), "--format", "json"])
    assert out.exit_code == 2
    error = json.loads(out.stdout)["errors"][0]
    assert error["message"] == "start.board[1].at: [0, 0] holds two tiles (board[0] and board[1])"
    assert (error["line"], error["column"]) == (5, 12)  # the second tile's [0, 0]


def test_the_game_interface_starts_from_a_position_and_records_it(tmp_path):
    """Setup option ``start`` (as the other packs take it): the game begins there and its record replays."""
    position = replay(EXAMPLE).to_json()["state"]
    state = GAME.new_state(Setup(("A", "B"), options={"start": position}), 0)
    assert state_json(state) == position
    record = GAME.record(state)
    assert record["start"] == position
    assert replay(write(tmp_path / "game.yaml", record)).to_json()["state"] == position


def test_the_game_interface_refuses_an_impossible_start():
    with pytest.raises(KcalError, match=r"option start.board\[0\].tile: no tile named 'Bayuo'"):
        GAME.new_state(Setup(("A", "B"), options={"start": {"board": [{**BOARD[0], "tile": "Bayuo"}]}}), 0)
    with pytest.raises(KcalError, match=r"option start.turn: "):
        GAME.new_state(Setup(("A", "B"), options={"start": {"turn": "ten"}}), 0)
