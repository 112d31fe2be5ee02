"""Files name their game with a top-level ``game:`` key (absent: the default game); commands dispatch on it
or take ``--game``; ``kcal games`` lists the packs. (SPEC, "Game packs".) Over every registered pack, with
the files it declares (``Pack.samples``); what only the default game does is in tests/games/kcaloria."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import DEFAULT_GAME, get, ids
from tests.packs import samples, with_sample


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def _another(game: str) -> str:
    return DEFAULT_GAME if game != DEFAULT_GAME else next(g for g in ids() if g != game)


def _typo(game: str) -> str:
    """``game`` with its last two letters swapped (``kcalorai``)."""
    return game[:-2] + game[-1] + game[-2]


@pytest.mark.parametrize("game", ids())
def test_kcal_games_lists_every_registered_pack_with_its_player_range(game: str) -> None:
    result = run("games", "--format", "json")
    assert result.exit_code == 0, result.output
    listed = {g["id"]: g for g in json.loads(result.stdout)["games"]}[game]
    info = get(game).info
    assert listed["players"] == [info.min_players, info.max_players]
    assert [v["id"] for v in listed["variants"]] == [v.id for v in info.variants]
    text = run("games").stdout
    assert game in text and info.name in text


@pytest.mark.parametrize("game", ids())
def test_a_misspelled_game_key_is_placed_on_its_value_with_a_did_you_mean(tmp_path: Path, game: str) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(f"name: X\ngame: {_typo(game)}\ntiles: {{Bayou: 60}}\n", encoding="utf-8")
    result = run("deck", "validate", str(deck))
    assert result.exit_code == 2
    assert f"{deck}:2:7: unknown game '{_typo(game)}' (did you mean '{game}'?)" in result.stderr


def test_a_game_key_that_is_not_text_is_refused(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: [a]\nname: X\ntiles: {Bayou: 60}\n", encoding="utf-8")
    result = run("deck", "validate", str(deck))
    assert result.exit_code == 2 and f"{deck}:1:7: game: expected a game id" in result.stderr


@pytest.mark.parametrize("game", [g for g in with_sample("deck") if get(g).has("deck")])
def test_a_deck_may_name_its_game(tmp_path: Path, game: str) -> None:
    text = samples(game)["deck"].read_text(encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text(text if text.startswith("game:") or "\ngame:" in text else f"game: {game}\n" + text,
                    encoding="utf-8")
    result = run("deck", "validate", str(deck))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("game", [g for g in ids() if g != DEFAULT_GAME])
def test_a_file_of_one_game_handed_to_another_game_is_named_as_such(tmp_path: Path, game: str) -> None:
    plain = tmp_path / "plain.yaml"  # no game: key, so a file of the default game
    plain.write_text("name: X\ntiles: {Bayou: 60}\n", encoding="utf-8")
    result = run("deck", "validate", "--game", game, str(plain))
    assert result.exit_code == 2
    assert f"has no game: key, so it is a {DEFAULT_GAME} file, not {game}" in result.stderr
    record = tmp_path / "record.yaml"
    record.write_text(f"game: {game}\nplayers: [A, B, C]\nseed: 1\n", encoding="utf-8")
    result = run("rules", "replay", "--game", _another(game), str(record))
    assert result.exit_code == 2
    assert f"{record}:1:7: this file says game: {game}, not {_another(game)}" in result.stderr


@pytest.mark.parametrize("game", ids())
def test_an_unknown_game_option_is_exit_2_with_a_did_you_mean(game: str) -> None:
    result = run("rules", "explain", "--game", _typo(game), "scoring")
    assert result.exit_code == 2
    assert f"unknown game '{_typo(game)}' (did you mean '{game}'?)" in result.stderr


@pytest.mark.parametrize("game", ids())
def test_schema_export_takes_the_kinds_of_the_game(game: str) -> None:
    for kind in get(game).info.file_kinds:
        result = run("schema", "export", f"{kind}s", "--game", game)
        assert result.exit_code == 2 and f"has no '{kind}s' files (did you mean '{kind}'?)" in result.stderr
        result = run("schema", "export", kind, "--game", game)
        assert result.exit_code == 0 and json.loads(result.stdout)["title"]


@pytest.mark.parametrize("game", [g for g in with_sample("deck") if get(g).has("deck")])
def test_validating_a_deck_imports_no_other_pack(game: str) -> None:
    """Nothing of another pack but the commands it adds to ``kcal deck`` (entry points ``kcal.commands``,
    loaded to build the command group) and the packages that hold them."""
    from importlib.metadata import entry_points

    package = get(game).hooks["game"].partition(":")[0].rpartition(".")[0]
    added = [ep.value.partition(":")[0] for ep in entry_points(group="kcal.commands") if ep.name.startswith("deck.")]
    allowed = {".".join(m.split(".")[:k]) for m in added for k in range(1, m.count(".") + 2)}
    code = ("import sys; sys.argv = ['kcal', 'deck', 'validate', '--game', sys.argv[2], sys.argv[1]]\n"
            "from kcal.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "others = sorted(m for m in sys.modules if m.startswith('kcal.games.') and "
            f"m != {package!r} and not m.startswith({package + '.'!r}) and m not in {sorted(allowed)!r})\n"
            "print('OTHERS', others, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, str(samples(game)["deck"]), game], capture_output=True,
                         text=True, check=False)
    assert "OTHERS []" in out.stderr, out.stderr


@pytest.mark.parametrize("game", with_sample("catalog"))
def test_catalog_validate_of_two_games_never_says_drop_game_when_none_was_given(tmp_path: Path, game: str) -> None:
    """Issue 21, item 6: the second file's game differs from the first's; no --game was given."""
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_bytes(samples(game)["catalog"].read_bytes())
    second.write_bytes(samples(_another(game))["catalog"].read_bytes())
    result = run("catalog", "validate", str(first), str(second))
    assert result.exit_code == 2 and "--game" not in result.stderr
    assert f"the first file is a {game} file" in result.stderr
