"""The example pack of docs/packs.md (``docs/examples/food_chain``), installed as a fifth game, passes the
shared suite: the skeleton, the conformance checks and every command ``kcal games`` lists for it, run by the
same tests that run the four games (parametrized over the registry, with the pack's own samples). The
pack stays small: the goal of issue 31 is a whole game in under 400 lines."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.examplepack import GAME_ID, ROOT, SOURCE

#: the hostile-input classes (BAD-INPUT.md) against every command of every pack (tests/hostile's other
#: file, images and markup, tries library functions no pack names)
HOSTILE = ("tests/hostile/test_game_mismatch.py", "tests/hostile/test_paths.py",
           "tests/hostile/test_templates_fonts.py", "tests/hostile/test_yaml_text.py")
#: the shared "every pack" tests the example pack must pass
SHARED = ("tests/test_pack_skeleton.py", "tests/conformance/test_conformance.py",
          "tests/cli/test_games_commands.py", "tests/cli/test_examples.py", "tests/sim/test_search.py",
          "tests/cli/test_catalog_filters_of_each_game.py", "tests/core/test_replay_collector.py",
          "tests/cli/test_results_vocabulary.py", "tests/core/test_players_and_turns.py",
          "tests/print/test_every_print_option.py", "tests/print/test_no_paper_wasted.py",
          "tests/core/test_seed_range.py", "tests/cli/test_catalog_show_lookups.py",
          "tests/core/test_yaml_json_written.py", "tests/cli/test_paths_shown_escaped.py",
          "tests/cli/test_game_dispatch.py", "tests/core/test_game_suggestion.py", "tests/core/test_plural.py",
          "tests/sim/test_match_cli.py", "tests/play/test_table.py", "tests/play/test_table_pictures.py", "tests/cli/test_vocabulary.py", *HOSTILE)
#: the shared tests that skip the pack, each with the reason it must give (a pack without a hook, or
#: without a sample, is skipped saying so, never left out in silence)
SKIPS = {"tests/viewer/test_refused_mark.py": "food-chain has no draw hook",
         "tests/viewer/test_pictures_never_over_inputs.py": "food-chain has no draw hook",
         "tests/core/test_plural.py": "food-chain has no patch hook"}


def test_the_example_pack_passes_the_shared_suite() -> None:
    env = {**os.environ, "KCAL_EXAMPLE_PACK": "1"}
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-rA",
                        "--durations=0", "-k", GAME_ID, *SHARED, *sorted(set(SKIPS) - set(SHARED))], cwd=ROOT,
                       env=env, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    passed = [line for line in r.stdout.splitlines() if line.startswith("PASSED ")]
    ran = {line.split("::")[0].removeprefix("PASSED ") for line in passed}
    assert ran == set(SHARED), ran  # the skeleton, conformance and command checks all ran on the pack
    assert len(passed) >= 20, passed
    skipped = [line for line in r.stdout.splitlines() if line.startswith("SKIPPED ")]
    for line in skipped:  # "SKIPPED [n] tests/x.py:LINE: reason"
        where, reason = line.split("] ", 1)[1].split(": ", 1)
        assert SKIPS.get(where.split(":")[0], "\0") in reason, line
    assert {line.split("] ", 1)[1].split(":")[0] for line in skipped} == set(SKIPS), skipped


def test_the_example_pack_is_a_game_in_under_400_lines() -> None:
    code = sorted((SOURCE / "food_chain").rglob("*.py"))
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in code)
    assert lines < 400, f"{lines} lines in {len(code)} files"


def test_the_example_pack_is_not_installed_for_the_other_tests() -> None:
    """The four games' tests see four games unless the example pack is asked for (tests/conftest.py)."""
    from kcal.core.registry import ids

    assert (GAME_ID in ids()) == (os.environ.get("KCAL_EXAMPLE_PACK") == "1")
    assert Path(SOURCE / "food_chain" / "__init__.py").is_file()
