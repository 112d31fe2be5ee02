"""Issue 19's leftover, done with issue 20: the shared ``catalog list`` and shell completion name no game
and none of a game's words; they ask each pack (its catalog hook's ``FILTERS`` and ``completions``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import get, ids, packs

ROOT = Path(__file__).resolve().parents[2]
#: words of one game's catalog that shared code used to carry (filter help, completion examples)
ONE_GAMES_WORDS = ("kcaloria", "herbivore", "plant", "water", "mammal", "insect", "nocturnal", "biome_boost",
                   "exceptional", "heron", "tile")


def test_the_shared_catalog_command_and_completion_name_no_games_words() -> None:
    for name in ("catalog.py", "complete.py"):
        text = (ROOT / "src" / "kcal" / "cli" / name).read_text(encoding="utf-8").lower()
        found = [w for w in ONE_GAMES_WORDS if re.search(rf"\b{w}\b", text)]
        assert found == [], f"cli/{name} names {found}"


def test_catalog_list_help_lists_each_games_filters_asked_of_the_pack() -> None:
    r = CliRunner().invoke(app, ["catalog", "list", "--help"])
    assert r.exit_code == 0
    section = r.stdout.split("Filters of each game:", 1)[1]
    flat = " ".join(section.split())
    for pack in packs():
        filters = pack.hook("catalog").FILTERS
        assert pack.id in flat
        for f in filters:
            assert f"--{f}" in flat, (pack.id, f)
    assert "--type (water, plant, herbivore" in flat  # the values come from the pack's completions


def test_a_filter_completes_with_the_values_of_the_game_asked() -> None:
    from tests.cli.test_colour_and_completion import complete

    assert complete(["catalog", "list"], "cost", "gr") == ["green"]
    assert complete(["catalog", "list"], "class_", "mam") == ["mammal"]


@pytest.mark.parametrize("game", ids())
def test_every_filter_a_game_takes_is_an_option_of_catalog_list(game: str) -> None:
    """A game's filters are the shared words (kcal.core.gameinfo.CATALOG_FILTERS) or its own, declared on
    its pack (``Pack.filters``): ``catalog list`` takes each, with no change to the shared command."""
    from kcal.cli.catalog import catalog_filters

    pack = get(game)
    takes = set(pack.hook("catalog").FILTERS)
    assert takes <= {f.name for f in catalog_filters()}, takes
    assert {f.name for f in pack.filters} <= takes, "a filter declared on the pack that its catalog does not take"
    for f in takes:
        r = CliRunner().invoke(app, ["catalog", "list", "--game", game, f"--{f}", "zzz-no-such-value"])
        assert "does not apply" not in r.stderr and "No such option" not in r.stderr, (f, r.stderr)
