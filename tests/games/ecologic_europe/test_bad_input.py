"""Bad input (BAD-INPUT.md and issue 13): exit 2 for unreadable or invalid files, exit 1 for an illegal
move in a record; every problem one line naming file:line:column; no traceback (the CLI is run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import FIXTURES

KCAL = [sys.executable, "-m", "kcal"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KCAL, *args], capture_output=True, text=True, timeout=120, cwd=FIXTURES.parent)


def test_species_file_problems_each_on_its_own_positioned_line_exit_2():
    r = run("deck", "validate", str(FIXTURES / "bad-species.yaml"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    name = str(FIXTURES / "bad-species.yaml")
    expected = [
        (4, "species[0].production: must have at least 4 item(s)"),  # a producer without four numbers
        (5, "species[1]: a consumer (consumption 4) needs eats"),  # a consumer without food types
        (6, "species[2].habitats[0]: unknown habitat 'savanna'"),
        (7, "species[3].eats[0]: unknown food type 'rodents'"),
        (8, "species[4].abilities[0]: 'digging' is not a feature of the rulebook's dictionary"),
    ]
    assert len(lines) == len(expected)
    for line, (row, text) in zip(lines, expected, strict=True):
        assert line.startswith(f"{name}:{row}:") and text in line, line


def test_catalog_validate_accepts_the_builtin_data():
    r = run("catalog", "validate", "--game", "ecologic-europe")
    assert r.returncode == 0, r.stderr
    assert "227 species cards" in r.stdout


@pytest.mark.parametrize(("name", "row", "words"), [
    ("wrong-habitat.yaml", 11, "Salmo trutta lives in rivers and floodplains, and h1.1 is in meadows and fields"),
    ("cover-uneaten.yaml", 12, "Vulpes vulpes may not cover Taraxacum officinale at h1.1: it does not feed on it"),
    ("other-habitat.yaml", 12, "Aglais io needs a card it feeds on (herbaceous plants) in meadows and fields"),
    ("winter-herb.yaml", 12, "in winter no herbaceous plants card may be placed"),
    ("roe-deer-hungry.yaml", 15, "Capreolus capreolus needs 4 biomass from herbaceous plants or woody plants in "
                                 "meadows and fields; 3 are there and 0 jokers"),
])
def test_records_illegal_moves_exit_1_with_position_and_reason(name, row, words):
    r = run("rules", "replay", str(FIXTURES / name))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{FIXTURES / name}:{row}:5: move 3 (moves[2]) is illegal: {words}" in r.stdout
    j = run("rules", "replay", str(FIXTURES / name), "--format", "json")
    data = json.loads(j.stdout)
    assert j.returncode == 1 and data["illegal_move"]["index"] == 2 and words in data["illegal_move"]["reason"]
    assert data["illegal_move"]["line"] == row


def test_record_unknown_card_is_bad_input_exit_2():
    r = run("rules", "replay", str(FIXTURES / "bad-move.yaml"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip() == (f"{FIXTURES / 'bad-move.yaml'}:7:5: moves[2]: place: no card 'Taraxacum oficinale' "
                                "(did you mean 'Taraxacum officinale'?)")


def test_record_start_position_errors_are_positioned(tmp_path: Path):
    bad = tmp_path / "start.yaml"
    bad.write_text("game: ecologic-europe\nplayers: [A, B]\nstart:\n  habitats: {A: [meadows, deciduous, rivers, "
                   "wetlands], B: [meadows, deciduous, rivers, swamp]}\n", encoding="utf-8")
    r = run("rules", "replay", str(bad))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"{bad}:") and "unknown habitat 'swamp'" in r.stderr


def test_legal_record_replays_to_the_end_exit_0():
    r = run("rules", "replay", str(FIXTURES / "meadow-spring.yaml"), "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["legal"] and data["ended"] and data["end_reason"] == "winter_over" and data["winners"] == ["B"]
    assert data["scores"] == {"A": 0, "B": 1}
    assert set(data["state"]) >= {"season", "habitats", "places", "hands", "jokers", "stack", "discard"}


def test_wrong_game_key_names_the_game():
    r = run("rules", "replay", "--game", "ecologic-europe", str(FIXTURES.parent.parent / "how_many_calories" /
                                                                    "fixtures" / "nonexistent.yaml"))
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_record_start_habitat_of_a_missing_expansion(tmp_path: Path):
    bad = tmp_path / "coast.yaml"
    bad.write_text("game: ecologic-europe\nplayers: [A, B]\nstart:\n  habitats:\n    A: [coastal, meadows, rivers, "
                   "wetlands]\n    B: [meadows, deciduous, rivers, wetlands]\n", encoding="utf-8")
    r = run("rules", "replay", str(bad))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip() == (f"{bad}:5:9: start.habitats.A.0: coastal boards come with the coastal expansion, "
                                "which this game does not have (add it under expansions:)")


def test_a_player_named_twice_is_reported_at_the_players_line(tmp_path: Path) -> None:
    """Issue 21, item 6: at the name written twice, naming it, as the other packs do (it was '1:1:
    players: every player has a name of their own')."""
    path = tmp_path / "dup.yaml"
    path.write_text("game: ecologic-europe\nplayers: [A, A]\nseed: 1\nmoves: []\n", encoding="utf-8")
    r = run("rules", "replay", str(path))
    assert r.returncode == 2 and "dup.yaml:2:14: players[1]: 'A' is named twice" in r.stderr
