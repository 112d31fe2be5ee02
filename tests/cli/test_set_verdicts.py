"""Card-set checks that agree with themselves (issue 20, item 5): a broken set never calls itself the
published composition, the built-in sets say they are kcal's reconstruction wherever they are checked,
every game writes its findings with their codes as kCaloria does (``error[deck-size]``), and a game
record handed to ``deck validate`` (or a card set to ``rules replay``) is named for what it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from tests.packs import samples, with_sample

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "kcal" / "games"
TESTS = ROOT / "tests" / "games"


def run(*args: str | Path):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_a_broken_set_is_not_the_published_composition() -> None:
    r = run("deck", "validate", TESTS / "how_many_calories" / "fixtures" / "bad" / "set-31-cards.yaml")
    assert r.exit_code == 1
    header = r.stdout.splitlines()[0]
    assert header.endswith("ILLEGAL (31 cards, not the published composition)")
    r = run("deck", "validate", TESTS / "kalua" / "fixtures" / "bad" / "set-composition.yaml")
    assert r.exit_code == 1 and r.stdout.splitlines()[0].endswith("; not the published composition)")


@pytest.mark.parametrize("game", with_sample("published_set"))
def test_the_built_in_set_says_it_is_kcals_reconstruction(game: str) -> None:
    """The pack's ``published_set`` sample: its built-in card set, a game of one published composition."""
    r = run("deck", "validate", samples(game)["published_set"])
    assert r.exit_code == 0 and "kcal's reconstruction of the published composition)" in r.stdout
    r = run("catalog", "validate", "--game", game)
    assert r.exit_code == 0 and "kcal's reconstruction)" in r.stdout


def test_a_users_set_that_matches_is_the_published_composition(tmp_path: Path) -> None:
    copy = tmp_path / "mine.yaml"
    copy.write_text((GAMES / "kalua" / "data" / "cards.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("deck", "validate", copy)
    assert r.exit_code == 0 and r.stdout.rstrip().endswith("; the published composition)")


@pytest.mark.parametrize("bad", [TESTS / "how_many_calories" / "fixtures" / "bad" / "set-31-cards.yaml",
                                 TESTS / "how_many_calories" / "fixtures" / "bad" / "set-duplicate-number.yaml",
                                 TESTS / "kalua" / "fixtures" / "bad" / "set-composition.yaml"])
def test_every_finding_carries_its_code(bad: Path) -> None:
    for strict in ((), ("--strict",)):
        r = run("deck", "validate", bad, *strict)
        findings = r.stdout.splitlines()[1:]
        assert findings and ": error: " not in r.stdout and ": warning: " not in r.stdout
        for line in findings:
            assert re.match(r"  .*:\d+:\d+: (error|warning)\[[a-z-]+\]( \(--strict\))?: ", line), line


RECORDS = [TESTS / "kcaloria" / "engine" / "fixtures" / "spec-example.yaml",
           TESTS / "how_many_calories" / "fixtures" / "examples" / "dealt-round.yaml",
           TESTS / "kalua" / "fixtures" / "examples" / "table-game.yaml",
           TESTS / "ecologic_europe" / "fixtures" / "meadow-spring.yaml"]


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.parent.name)
def test_deck_validate_names_a_game_record_in_every_game(record: Path) -> None:
    r = run("deck", "validate", record)
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and ":1:1: this looks like a game record (it has 'players'" in r.stderr


@pytest.mark.parametrize("card_set", [GAMES / "kalua" / "data" / "cards.yaml",
                                      GAMES / "how_many_calories" / "data" / "foods.yaml",
                                      GAMES / "ecologic_europe" / "data" / "species-base.yaml"],
                         ids=lambda p: p.parent.parent.name)
def test_rules_replay_names_a_card_set(card_set: Path) -> None:
    r = run("rules", "replay", card_set)
    assert r.exit_code == 2
    assert r.stderr.strip().endswith(":1:1: this looks like a card set (it has 'set' and no 'players'), "
                                     "not a game record: kcal deck validate checks it")
