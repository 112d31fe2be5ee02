"""Files name their game with a top-level ``game:`` key (absent: kcaloria); commands dispatch on it or
take ``--game``; ``kcal games`` lists the packs. (SPEC, "Game packs".)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_kcal_games_lists_every_registered_pack_with_its_player_range() -> None:
    result = run("games", "--format", "json")
    assert result.exit_code == 0, result.output
    games = {g["id"]: g for g in json.loads(result.stdout)["games"]}
    assert games["kcaloria"]["players"] == [1, 4]
    assert games["how-many-calories"]["players"] == [3, 4]
    assert "two-player" in [v["id"] for v in games["how-many-calories"]["variants"]]
    text = run("games").stdout
    assert "kcaloria" in text and "How many Calories?" in text


def test_a_misspelled_game_key_is_placed_on_its_value_with_a_did_you_mean(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: X\ngame: kcalorai\ntiles: {Bayou: 60}\n", encoding="utf-8")
    result = run("deck", "validate", str(deck))
    assert result.exit_code == 2
    assert f"{deck}:2:7: unknown game 'kcalorai' (did you mean 'kcaloria'?)" in result.stderr


def test_a_game_key_that_is_not_text_is_refused(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: [a]\nname: X\ntiles: {Bayou: 60}\n", encoding="utf-8")
    result = run("deck", "validate", str(deck))
    assert result.exit_code == 2 and f"{deck}:1:7: game: expected a game id" in result.stderr


def test_a_kcaloria_file_may_name_its_game(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: kcaloria\n" + DECK.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("deck", "validate", str(deck))
    assert result.exit_code == 0, result.output


def test_a_file_of_one_game_handed_to_another_game_is_named_as_such(tmp_path: Path) -> None:
    result = run("deck", "validate", "--game", "how-many-calories", str(DECK))
    assert result.exit_code == 2
    assert "has no game: key, so it is a kcaloria file, not how-many-calories" in result.stderr
    record = tmp_path / "record.yaml"
    record.write_text("game: how-many-calories\nplayers: [A, B, C]\nseed: 1\n", encoding="utf-8")
    result = run("rules", "replay", "--game", "kcaloria", str(record))
    assert result.exit_code == 2
    assert f"{record}:1:7: this file says game: how-many-calories, not kcaloria" in result.stderr


def test_an_unknown_game_option_is_exit_2_with_a_did_you_mean() -> None:
    result = run("rules", "explain", "--game", "how-many-calory", "scoring")
    assert result.exit_code == 2
    assert "unknown game 'how-many-calory' (did you mean 'how-many-calories'?)" in result.stderr


def test_schema_export_takes_the_kinds_of_the_game() -> None:
    result = run("schema", "export", "decks")
    assert result.exit_code == 2 and "has no 'decks' files (did you mean 'deck'?)" in result.stderr
    result = run("schema", "export", "deck", "--game", "kcaloria")
    assert result.exit_code == 0 and json.loads(result.stdout)["title"]


def test_catalog_filters_of_another_game_are_refused() -> None:
    result = run("catalog", "list", "--colour", "red")
    assert result.exit_code == 2 and "--colour does not apply to kCaloria" in result.stderr


def test_validating_a_kcaloria_deck_imports_no_other_pack() -> None:
    code = ("import sys; sys.argv = ['kcal', 'deck', 'validate', sys.argv[1]]\n"
            "from kcal.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "others = sorted(m for m in sys.modules if m.startswith('kcal.games.') and "
            "not m.startswith('kcal.games.kcaloria'))\n"
            "print('OTHERS', others, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, str(DECK)], capture_output=True, text=True, check=False)
    assert "OTHERS []" in out.stderr, out.stderr


def test_catalog_validate_of_two_games_never_says_drop_game_when_none_was_given(tmp_path: Path) -> None:
    """Issue 21, item 6: the second file's game differs from the first's; no --game was given."""
    import shutil

    shutil.copy(ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "piney-woods.yaml", tmp_path / "p.yaml")
    shutil.copy(ROOT / "src" / "kcal" / "games" / "kalua" / "data" / "cards.yaml", tmp_path / "k.yaml")
    result = run("catalog", "validate", str(tmp_path / "p.yaml"), str(tmp_path / "k.yaml"))
    assert result.exit_code == 2 and "--game" not in result.stderr
    assert "the first file is a kcaloria file" in result.stderr
