"""The pack's registration: metadata only on import, hooks that resolve, the entry point."""

from __future__ import annotations

import subprocess
import sys

from kcal.core import registry
from kcal.games.how_many_calories import PACK


def test_pack_metadata_describes_the_game():
    info = PACK.info
    assert (info.id, info.name, info.min_players, info.max_players) == ("how-many-calories",
                                                                         "How many Calories?", 3, 4)
    assert info.simultaneous and info.hidden_information and info.chance
    assert info.file_kinds == ("catalog", "deck", "game")
    assert info.rulebook == "how-many-calories-rules.txt"
    assert "print" in info.supports and PACK.hook("print").print_cards is not None


def test_every_hook_resolves():
    for name in PACK.hooks:
        assert PACK.hook(name) is not None
    game = PACK.hook("game")
    assert game.info == PACK.info
    assert callable(PACK.hook("replay").replay) and callable(PACK.hook("sim").tally)
    assert PACK.hook("schema").KINDS == ("catalog", "deck", "game")


def test_the_entry_point_names_the_pack():
    assert registry.get("how-many-calories").info == PACK.info


def test_importing_the_pack_imports_nothing_heavy():
    code = ("import sys; import kcal.games.how_many_calories as p; "
            "heavy = [m for m in sys.modules if m.startswith(('pydantic', 'ruamel', 'kcal.games.how_many_calories.'))]; "
            "print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
