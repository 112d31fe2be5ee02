"""YAML text classes (BAD-INPUT.md 1-4, 7-12, 21, 22; issue 32, item 16) against every command that reads
a YAML file of a game, for every pack that has the command: each parameter of the CLI that names a deck,
a card set, a record or a patch (:mod:`tests.hostile.surface` reads them from the Typer app) gets a legal
file of its pack broken by a strategy of :mod:`tests.hostile.strategies`, the rest of the command line
legal. Whatever the class and the command: exit 2, a ``file:line:column:`` line naming the file (at the
wrong character where the class fixes it), no traceback, nothing written, and with ``--format json`` one
JSON error document.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile import surface
from tests.hostile.strategies import PHASES, YAML_CLASSES, assert_refused, name_spots, snapshot
from tests.hypothesis_profile import PROFILE_SUPPRESSED

CASES = surface.yaml_inputs()
CLASSES = sorted(YAML_CLASSES)


def test_the_surface_has_every_yaml_reader() -> None:
    """The commands come from the CLI: every file parameter has a role, and the readers of each role are
    there for every pack (a pack without a file of a role is named here, not skipped silently)."""
    assert surface.unknown_roles() == []
    readers = {(c, p) for c, p, _ in CASES}
    assert ("rules replay", "game") in readers and ("catalog validate", "paths") in readers
    assert len(readers) >= 20, readers


def _yaml_class_test(klass: int) -> Any:
    """The test of one class against every reader. One test function a class, not one parametrized over
    the classes too: Hypothesis's pytest plugin wraps a parametrized test's settings once more for each of
    its cases, and under the CI profile (``CI`` set: derandomized, no database) reading a setting walks
    that chain, which passed Python's recursion limit at about 950 cases of one function."""

    @pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{p}-{g}" for c, p, g in CASES])
    @settings(max_examples=1, phases=PHASES,
              suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
    @given(data=st.data(), json_mode=st.booleans())
    def test(tmp_path_factory: pytest.TempPathFactory, command: str, param: str, game: str,
             data: st.DataObject, json_mode: bool) -> None:
        _refused_at_its_position(tmp_path_factory, command, param, game, klass, data, json_mode)

    test.__name__ = test.__qualname__ = f"test_yaml_class_{klass}_is_refused_at_its_position_by_every_reader"
    return test


def _refused_at_its_position(tmp_path_factory: pytest.TempPathFactory, command: str, param: str, game: str,
                             klass: int, data: st.DataObject, json_mode: bool) -> None:
    c, p, _, legal = surface.probed(command, param, game)
    if klass == 22 and not name_spots(legal.read_text(encoding="utf-8").split("\n")):
        return  # this kind of file names nothing (no player, no card name): class 22 has no place in it
    probe = data.draw(YAML_CLASSES[klass](legal.read_text(encoding="utf-8")), label="probe")
    tmp = tmp_path_factory.mktemp("yaml")
    path = tmp / "hostile.yaml"
    path.write_bytes(probe.data)
    args, json_mode, before, result = surface.run_with(c, p, game, path, tmp, json_mode)
    if result.exit_code == 2 and str(path) not in result.stderr:
        # refused before the file was read? then the legal file is refused in the same words
        assert surface.refused_whatever_the_file(args, path, legal, result.stderr)
        assert before == snapshot(tmp)
        return
    assert_refused(result, path, before, snapshot(tmp), json_mode=json_mode, at=probe.at, words=probe.words,
                   positioned=probe.klass != 12)


for _klass in CLASSES:
    globals()[f"test_yaml_class_{_klass}_is_refused_at_its_position_by_every_reader"] = _yaml_class_test(_klass)
