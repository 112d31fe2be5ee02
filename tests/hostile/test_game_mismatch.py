"""Class 24 (BAD-INPUT.md; issue 32, item 16): a file of one game handed to another game's command, or a
file whose ``game:`` is unknown or misspelled, for every command and YAML parameter of the CLI
(:mod:`tests.hostile.surface`) and every pack: exit 2, one positioned line naming the file that says
which game it is and what the command expected (with a did-you-mean for a misspelling), no traceback,
nothing written."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.core.registry import get, ids
from tests.hostile import surface
from tests.hostile.strategies import PHASES, assert_refused, snapshot
from tests.hypothesis_profile import PROFILE_SUPPRESSED

CASES = surface.yaml_inputs()


def _others(game: str, role: str) -> list[str]:
    return [g for g in ids() if g != game and role in surface.files(g)]


def _misspelled(game: str) -> st.SearchStrategy[str]:
    """``game`` with one letter dropped, doubled or swapped with the next."""
    def change(i: int, how: str) -> str:
        i = i % (len(game) - 1)
        if how == "drop":
            return game[:i] + game[i + 1:]
        if how == "double":
            return game[:i] + game[i] + game[i:]
        return game[:i] + game[i + 1] + game[i] + game[i + 2:]
    return st.builds(change, st.integers(0, 50), st.sampled_from(["drop", "double", "swap"])).filter(
        lambda g: g not in ids())


@pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{p}-{g}" for c, p, g in CASES])
@settings(max_examples=2, phases=PHASES,
          suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(data=st.data(), json_mode=st.booleans())
def test_a_file_of_another_game_is_named_for_what_it_is(tmp_path_factory: pytest.TempPathFactory, command: str,
                                                        param: str, game: str, data: st.DataObject,
                                                        json_mode: bool) -> None:
    c, p, role, legal_path = surface.probed(command, param, game)
    legal = legal_path.read_text(encoding="utf-8")
    kinds = ["misspelled", "unknown"] + (["another game's file"] if _others(game, role) else [])
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "another game's file":
        other = data.draw(st.sampled_from(_others(game, role)), label="other")
        text = surface.files(other)[role].read_text(encoding="utf-8")
        words: tuple[str, ...] = (other, get(other).info.name)
    else:
        wrong = data.draw(_misspelled(game) if kind == "misspelled" else st.from_regex(r"[a-z]{4,10}", fullmatch=True)
                          .filter(lambda g: g not in ids()), label="game:")
        body = re.sub(r"(?m)^game:.*\n", "", legal)
        text = f"game: {wrong}\n" + body
        words = (f"did you mean {game!r}", f"did you mean '{game}'", game) if kind == "misspelled" else (wrong,)
    tmp = tmp_path_factory.mktemp("game")
    path = tmp / "other.yaml"
    path.write_text(text, encoding="utf-8")
    args, json_mode, before, result = surface.run_with(c, p, game, path, tmp, json_mode)
    if result.exit_code == 2 and str(path) not in result.stderr:
        assert surface.refused_whatever_the_file(args, path, surface.files(game)[role], result.stderr)
        return
    assert_refused(result, path, before, snapshot(tmp), json_mode=json_mode, words=words)
