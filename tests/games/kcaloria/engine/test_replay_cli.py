"""``kcal rules replay`` and ``kcal rules explain`` in-process: exit codes 0/1/2, the SPEC JSON shape,
positions for bad input, and a simulated game written out as a record replays to the same state."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.files.record import state_to_record
from kcal.games.kcaloria.files.recordfile import GameRecord
from kcal.games.kcaloria.replay import replay
from kcal.games.kcaloria.rules import new_game

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["rules", *map(str, args)])


def test_legal_game_exit_0_and_json_shape(fixtures_dir):
    r = run("replay", fixtures_dir / "bayou-phlox-squirrel.yaml", "--format", "json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert {"legal", "moves_applied", "illegal_move", "ended", "end_reason", "board", "scores"} <= set(d)
    assert d["legal"] is True and d["moves_applied"] == 5 and d["illegal_move"] is None
    assert d["ended"] is False and d["end_reason"] is None
    assert d["board"][0] == {"at": [0, 0], "tile": "Bayou", "owner": "A", "cubes": {}}
    assert d["scores"] == {"A": 5, "B": 2}


def test_illegal_move_exit_1_with_reason(fixtures_dir):
    r = run("replay", fixtures_dir / "heron-cannot-be-paid.yaml", "--format", "json")
    assert r.exit_code == 1
    d = json.loads(r.stdout)
    assert d["legal"] is False and d["moves_applied"] == 6
    assert d["illegal_move"] == {"index": 6, "line": 12, "column": 5, "at": "moves[6]",
                                 "reason": "Ardea herodias costs 2 blue + 2 yellow; "
                                 "the tiles next to [0, -1] hold 0 blue and 2 yellow"}


def test_illegal_move_names_file_line_and_column(fixtures_dir):
    r = run("replay", fixtures_dir / "heron-cannot-be-paid.yaml")
    assert r.exit_code == 1
    assert "heron-cannot-be-paid.yaml:12:5: move 7 is illegal: Ardea herodias costs" in r.stdout


@pytest.mark.parametrize("move,words", [
    ("{player: A, discard: [Bayou], tile: Bayou}", "moves[1].tile: unknown field 'tile'"),
    ("{player: A, discard: []}", "moves[1].discard: must have at least 1 item(s)"),
    ("{player: A, rescue: x}", "moves[1].rescue: expected a list, got 'x'"),
    ("7", "moves[1]: expected a mapping, got 7"),
])
def test_move_errors_name_the_field_not_the_union_tag(tmp_path: Path, move, words):
    p = tmp_path / "game.yaml"
    p.write_text(f"players: [A, B]\nmoves:\n  - {{player: A, tile: Bayou, at: [0, 0]}}\n  - {move}\n")
    r = run("replay", p)
    assert r.exit_code == 2
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"{p}:4:") and line.endswith(f": {words}")


def test_text_output_has_a_map_and_a_line_per_move(fixtures_dir):
    r = run("replay", fixtures_dir / "bayou-phlox-squirrel.yaml")
    assert r.exit_code == 0
    assert "  5. A places Sciurus niger at [1, -1]" in r.stdout
    assert "A:Bayo" in r.stdout and "scores: A 5, B 2; B to play" in r.stdout


@pytest.mark.parametrize("text,where,words", [
    ("players: [A]\nmoves:\n  - {player: A, tile: Bayou, at: [0, x]}\n", ":3:", "whole number"),
    ("players: [A]\nmoves:\n  - {player: Z, tile: Bayou, at: [0, 0]}\n", ":3:", "not one of the players"),
    ("players: [A]\nmoves:\n  - {player: A, tile: Bayuo, at: [0, 0]}\n", ":3:", "did you mean 'Bayou'"),
    ("players: [A]\nmoves:\n  - {player: A, tile: Bayou, at: [0, 0], pya: 1}\n", ":3:", "pya"),
    ("players: [A]\nmoves: [\n", ":", ""),
    ("players: [Ann, ann]\nmoves: []\n", ":1:10: players:", "player names must differ"),
])
def test_bad_input_exit_2_with_position(tmp_path: Path, text, where, words):
    p = tmp_path / "game.yaml"
    p.write_text(text)
    r = run("replay", p)
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    line = r.stderr.strip().splitlines()[0]
    assert line.startswith(str(p) + ":") or "game.yaml:" in line
    assert where in line and words in line
    assert "Traceback" not in r.output


@pytest.mark.parametrize("second,where,words", [
    ("{id: T-2, name: '  pond ', type: water, class: water, rarity: common, yield: {blue: 7}}", ":4:15:",
     "tiles[1]: tile name '  pond ' is already used by tiles[0]"),
    ("{id: T-1, name: Lake, type: water, class: water, rarity: common, yield: {blue: 7}}", ":4:6:",
     "tiles[1]: tile id 'T-1' is already used by tiles[0]"),
])
def test_inline_tiles_are_unique_like_a_catalogs(tmp_path: Path, second, where, words):
    p = tmp_path / "game.yaml"
    p.write_text("catalogs: []\ntiles:\n"
                 "  - {id: T-1, name: Pond, type: water, class: water, rarity: common, yield: {blue: 2}}\n"
                 f"  - {second}\nplayers: [A]\nmoves:\n  - {{player: A, tile: pond, at: [0, 0]}}\n")
    r = run("replay", p)
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() == f"{p}{where} {words}" + (
        " (names are unique per catalog, compared without case)" if "name" in words else "")


@pytest.mark.parametrize("content", [b"Setup\n\xff\n", None])
def test_explain_with_an_unreadable_kcal_rulebook_is_one_line_exit_2(tmp_path, monkeypatch, content):
    book = tmp_path / "book.txt"
    if content is not None:
        book.write_bytes(content)
    monkeypatch.setenv("KCAL_RULEBOOK", str(book))
    r = run("explain", "setup")
    assert r.exit_code == 2
    assert r.exception is None or isinstance(r.exception, SystemExit)
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"KCAL_RULEBOOK {book}")


def test_missing_file_exit_2(tmp_path):
    r = run("replay", tmp_path / "nope.yaml")
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_explain_modifier_and_section():
    r = run("explain", "pesticide")
    assert r.exit_code == 0 and "removes all adjacent insect tiles" in r.stdout
    r = run("explain", "ecosystem", "collapse", "--format", "json")
    assert json.loads(r.stdout)["kind"] == "section"
    r = run("explain", "FF")
    assert "floodplain forest" in r.stdout
    r = run("explain", "insect")
    assert r.exit_code == 0 and "classification" in r.stdout


def test_explain_unknown_topic_exit_2():
    r = run("explain", "pestcide")
    assert r.exit_code == 2 and "did you mean 'pesticide'" in r.stderr


@pytest.mark.parametrize("mode", ["standard", "solo"])
def test_simulated_game_record_replays_to_the_same_state(mode, tmp_path):
    from kcal.games.kcaloria.files.load import load_deck, load_library

    root = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data"
    lib = load_library()
    if mode == "solo":
        decks = [load_deck(root / "decks" / "solo-piney-trail.yaml").tiles()]
        players = ["S"]
    else:
        decks = [load_deck(root / "decks" / n).tiles() for n in ("bayou-ambush.yaml", "caddo-harvest.yaml")]
        players = ["A", "B"]
    s = new_game(lib, decks, players, seed=11, mode=mode)
    rng = random.Random(11)
    while s.outcome() is None and s.n_moves < 80:
        ms = s.legal_moves()
        s.push(ms[rng.randrange(len(ms))])
    rec = state_to_record(s, catalogs=["builtin"])
    r = replay(GameRecord.model_validate(rec))
    assert r.legal and r.moves_applied == s.n_moves
    assert r.state.cubes == s.cubes and r.state.scores() == s.scores()
    assert (r.state.ended is None) == (s.ended is None)
    # and through a file (JSON is YAML) and the command line
    path = tmp_path / "game.yaml"
    path.write_text(json.dumps(rec, indent=1))
    out = run("replay", path, "--format", "json")
    assert out.exit_code == 0, out.output
    d = json.loads(out.stdout)
    assert d["moves_applied"] == s.n_moves and d["scores"] == s.scores()
    assert {tuple(t["at"]) for t in d["board"]} == set(s.tiles)


def test_spec_example_record_replays(fixtures_dir):
    r = run("replay", fixtures_dir / "spec-example.yaml", "--format", "json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["moves_applied"] == 6 and d["scores"] == {"A": 2, "B": 2}
    assert [t["tile"] for t in d["board"]] == ["Bayou", "Bayou", "Phlox nivalis", "Phlox nivalis"]


@pytest.mark.parametrize("topic, ruling", [
    ("drought_resistant", "Whose dice, counted when"),
    ("drought resistant", "Whose dice, counted when"),
    ("prominent-canines", "Prominent canines and poisonous insects"),
    ("poisonous_insect", "Prominent canines and poisonous insects"),
    ("insect", "Removal effects work both ways"),
])
def test_explain_finds_rulings_whatever_the_spelling(topic, ruling):
    """Issue 19: rulings spell modifiers with spaces and plurals; topics use underscores."""
    r = run("explain", topic, "--format", "json")
    assert r.exit_code == 0, r.output
    assert ruling in [x["title"] for x in json.loads(r.stdout)["rulings"]]


def test_explain_topic_pattern_folds_separators_and_plurals_only():
    from kcal.games.kcaloria.explain import topic_pattern

    p = topic_pattern("poisonous_insect")
    assert p.search("Poisonous insects") and p.search("poisonous-insect") and p.search("poisonous_insect")
    assert not p.search("poisonous insectivore") and not p.search("poisonousinsect")


def _record(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "game.yaml"
    p.write_text(text)
    return p


def test_ruling_player_names_in_moves_ignore_case(tmp_path):
    """Issue 21: ``a`` plays for ``A`` (names are told apart case aside, so they match case aside)."""
    p = _record(tmp_path, "players: [Ann, Bob]\nmoves:\n  - {player: ann, tile: Bayou, at: [0, 0]}\n"
                          "  - {player: BOB, tile: Bayou, at: [5, 0]}\n  - {player: bob, tile: Bayou, at: [4, 0]}\n")
    r = replay(p)
    assert r.moves_applied == 2 and r.illegal_reason == (
        "it is Ann's turn, not bob's: turns go round in the order of the players (Ann, Bob), and Bob played turn 2")
    assert [m.player for m in r.state.moves_played()] == ["Ann", "Bob"]  # recorded as the game spells them
    assert r.to_json()["board"][0]["owner"] == "Ann"


def test_ruling_deck_keys_match_players_case_aside():
    b = ["Bayou"] * 60
    rec = GameRecord.model_validate({"players": ["A", "B"], "seed": 1, "decks": {"a": b, "b": b},
                                     "moves": [{"player": "a", "tile": "Bayou", "at": [0, 0]}]})
    assert replay(rec).legal


def test_ruling_one_player_without_a_mode_plays_solo(tmp_path):
    """Issue 21: one player means solo; a standard or beginner mode with one player is refused."""
    r = replay(_record(tmp_path, "players: [A]\nmoves:\n  - {player: A, tile: Bayou, at: [0, 0]}\n"
                                 "  - {player: A, discard: [Bayou]}\n"))
    assert r.state.mode == "solo" and r.illegal_index == 1 and "solo games have no discards" in r.illegal_reason
    p = _record(tmp_path, "players: [A]\nmode: standard\nmoves: []\n")
    out = run("replay", p)
    assert out.exit_code == 2
    assert out.stderr.strip() == (f"{p}:2:7: mode: one player plays the solo rules: mode standard needs 2 "
                                  "to 4 players (write mode: solo, or leave the mode out)")
    p = _record(tmp_path, "players: [A, B]\nmode: solo\nmoves: []\n")
    out = run("replay", p)
    assert out.exit_code == 2 and ":2:7:" in out.stderr and "exactly one player, not 2" in out.stderr


def test_ruling_new_game_with_one_player_is_solo():
    from kcal.core.errors import KcalError

    assert new_game([], None, ["A"], seed=0).mode == "solo"
    assert new_game([], None, ["A", "B"], seed=0).mode == "standard"
    with pytest.raises(KcalError, match="one player plays the solo rules"):
        new_game([], None, ["A"], seed=0, mode="standard")
    with pytest.raises(KcalError, match="case and spacing aside"):
        new_game([], None, ["A", "a"], seed=0)


@pytest.mark.parametrize("tile, where, words", [
    ("{id: ETPW-001, name: Bayou, type: water, class: water, rarity: common, yield: {blue: 9}}", ":3:10:",
     "tiles[0].id: the catalogs already have a tile with the id 'ETPW-001' (ETPW-001, Bayou), and this "
     "one differs"),
    ("{id: MY-1, name: bayou, type: water, class: water, rarity: common, yield: {blue: 9}}", ":3:22:",
     "tiles[0].name: the catalogs already have a tile with the name 'bayou' (ETPW-001, Bayou), and this "
     "one differs"),
])
def test_ruling_an_inline_tile_may_not_override_a_catalog_tile(tmp_path, tile, where, words):
    """Issue 21: a record's own tile under a catalog tile's id or name is refused, at its position."""
    p = _record(tmp_path, f"catalogs: [builtin]\ntiles:\n  - {tile}\nplayers: [A, B]\nmoves:\n"
                          "  - {player: A, tile: Bayou, at: [0, 0]}\n")
    out = run("replay", p)
    assert out.exit_code == 2, out.output
    assert out.stderr.strip().startswith(f"{p}{where} {words}")


def test_an_inline_copy_of_a_catalog_tile_is_accepted():
    from kcal.games.kcaloria.files.load import load_library

    bayou = load_library().get("Bayou").to_json(exclude_none=True)
    r = replay({"catalogs": ["builtin"], "tiles": [bayou], "players": ["A", "B"],
                "moves": [{"player": "A", "tile": "Bayou", "at": [0, 0]}]})
    assert r.legal and r.state.cubes[(0, 0)] == (2, 0, 0, 0, 0, 0)
