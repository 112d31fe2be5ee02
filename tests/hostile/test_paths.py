"""Path classes (BAD-INPUT.md 15, 20, 25-27; issue 32, items 12, 13 and 16) against every command that
takes or writes a path, for every pack that has the command: the parameters come from the CLI
(:mod:`tests.hostile.surface`), the names from :data:`tests.cli.test_hostile_paths.hostile_names`.

- 26: a file name with any character that acts on a terminal or breaks a line, given to any path
  parameter (a missing input, or an output in a missing folder): exit 2, the name shown escaped, no raw
  character on stdout or stderr (in a pipe, on a terminal, with ``--format json``), nothing written.
- 20 and 27: an output that is a file the command reads (the very file, or a link to it), for every
  writing parameter and every file the command line gives: refused even with ``--force``, the input
  byte-identical.
- 15: an asset path written in a file (``../..``, absolute, a drive, NUL, a symbolic link out, a loop, a
  directory, a device) resolves inside the file's folder to a regular file, or is refused in words.
- 25 (racing writers) runs real processes: ``tests/cli/test_racing_writers.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.core.text import shown
from kcal.print.images import ArtProblem, resolve_art
from tests.cli.test_hostile_paths import MODES, _fs, _safe, hostile_names
from tests.hostile import surface
from tests.hostile.strategies import PHASES, snapshot
from tests.hypothesis_profile import PROFILE_SUPPRESSED

CASES = surface.path_inputs()
#: a hostile name, or one longer than a file name may be (the file system's ENAMETOOLONG, not a traceback)
names = st.one_of(hostile_names, hostile_names.map(lambda n: (n * (300 // len(n) + 1))[:300]))
ROLE_SUFFIX = {"deck": ".yaml", "record": ".yaml", "catalog": ".yaml", "patch": ".yaml", "font": ".ttf",
               "templates": "", "profile": ".icc", "list": ".txt", "output": ""}


def test_every_path_parameter_has_a_role() -> None:
    assert surface.unknown_roles() == []
    assert {surface.command(c).role(surface.param(surface.command(c), p)) for c, p, _ in CASES} >= {
        "deck", "record", "catalog", "patch", "font", "templates", "output"}


@pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{p}-{g}" for c, p, g in CASES])
@settings(max_examples=2, phases=PHASES, suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(name=names, mode=st.sampled_from(sorted(MODES)))
def test_a_hostile_path_is_shown_escaped_by_every_command(tmp_path_factory: pytest.TempPathFactory,
                                                          command: str, param: str, game: str, name: str,
                                                          mode: str) -> None:
    tmp = _fs(tmp_path_factory.mktemp("paths"))
    c = surface.command(command)
    p = surface.param(c, param)
    role = c.role(p)
    assert role is not None
    if role == "output":  # a new output in a folder that does not exist
        path = tmp / name / surface.out_name(c, p)
        named = name
    else:  # an input that does not exist
        path = tmp / f"{name}{ROLE_SUFFIX.get(role, '')}"
        named = path.name
    env, extra = MODES[mode]
    args = surface.invocation(c, game, p, path, tmp)
    assert args is not None
    if p.name == "record_out":
        args += ["--save-game", "0"]
    if "--format" not in c.options:
        extra = []
    before = snapshot(tmp)
    result = surface.run([*args, *extra], env)
    context = (result.exit_code, result.stderr[-1500:], result.stdout[-500:], repr(result.exception))
    assert result.exit_code == 2, context
    assert result.exception is None or isinstance(result.exception, SystemExit), context
    assert snapshot(tmp) == before, "written"
    _safe(result.stderr)
    _safe(result.stdout)
    # the message names the path given, or the output named after it (deck import's LIST.yaml)
    if shown(os.path.normpath(Path(named).stem)) not in result.stderr:
        legal = surface.legal_file(c, p, game)
        assert surface.refused_whatever_the_file(args, path, legal, result.stderr, env), context
        return
    if extra:
        document = json.loads(result.stdout)
        assert document["errors"], document


def _writers() -> list[tuple[str, str, str, str]]:
    """(command, output parameter, input parameter, pack): every output against every file the same
    command line reads."""
    out = []
    for c, p, g in surface.path_inputs(("output",)):
        cmd = surface.command(c)
        for q in cmd.paths():
            if cmd.role(q) in surface.YAML_ROLES and (c, q.name, g) in surface.yaml_inputs():
                out.append((c, p, q.name, g))
    return out


WRITERS = _writers()


@pytest.mark.parametrize(("command", "out", "source", "game"), WRITERS,
                         ids=[f"{c}-{o}-onto-{s}-{g}" for c, o, s, g in WRITERS])
@pytest.mark.parametrize("how", ["the file", "a link to it", "a path through ..", "force"])
def test_no_command_writes_over_a_file_it_reads(tmp_path: Path, command: str, out: str, source: str, game: str,
                                                how: str) -> None:
    c = surface.command(command)
    src = surface.param(c, source)
    role = c.role(src)
    assert role is not None
    tmp = tmp_path
    given = tmp / "input.yaml"
    given.write_bytes(surface.files(game)[role].read_bytes())
    target = {"a link to it": tmp / "link.yaml", "a path through ..": tmp / "sub" / ".." / "input.yaml"}.get(
        how, given)
    if how == "a link to it":
        target.symlink_to(given)
    (tmp / "sub").mkdir()
    args = surface.invocation(c, game, src, given, tmp)
    assert args is not None
    o = surface.param(c, out)
    assert o.opt is not None
    if o.opt in args:
        args[args.index(o.opt) + 1] = str(target)
    else:
        args += [o.opt, str(target)]
    args += ["--force"] if how == "force" and "--force" in c.options else []
    if "--save-game" in c.options and out == "record_out":
        args += ["--save-game", "0"]
    before = snapshot(tmp)
    result = surface.run(args)
    context = (result.exit_code, result.stderr[-1500:], repr(result.exception))
    assert result.exit_code == 2, context
    assert "Traceback" not in result.stderr, context
    assert snapshot(tmp) == before, "written"
    assert "overwrite" in result.stderr or "input" in result.stderr or surface.refused_whatever_the_file(
        args, given, surface.files(game)[role], result.stderr), context


# --- 15: asset paths written in a file ------------------------------------------------------------------

_SEGMENTS = ["..", ".", "art", "art.png", "dir", "out-link", "loop", "zero", "", "C:", "\\", "\x00", "~",
             "%2e%2e", "\u2025", "inside-link"]


@pytest.fixture(scope="module")
def art_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("art")
    folder = root / "catalog"
    (folder / "dir").mkdir(parents=True)
    (folder / "art.png").write_bytes(b"\x89PNG not really")
    (folder / "dir" / "art.png").write_bytes(b"\x89PNG")
    (root / "outside.png").write_bytes(b"secret")
    (folder / "out-link").symlink_to(root / "outside.png")
    (folder / "inside-link").symlink_to(folder / "art.png")
    (folder / "loop").symlink_to(folder / "loop")
    (folder / "zero").symlink_to("/dev/zero")
    return folder


@settings(max_examples=300, suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(parts=st.lists(st.sampled_from(_SEGMENTS), min_size=1, max_size=6),
       sep=st.sampled_from(["/", "\\", "//"]), lead=st.sampled_from(["", "/", "C:\\", "\\\\host\\share\\"]))
def test_an_asset_path_stays_in_its_folder_or_is_refused(art_tree: Path, parts: list[str], sep: str,
                                                         lead: str) -> None:
    art = lead + sep.join(parts)
    try:
        target = resolve_art(art_tree, art)
    except ArtProblem as problem:
        assert str(problem)
        return
    assert target.is_file() and not target.is_symlink()
    target.relative_to(art_tree.resolve())
    assert target.read_bytes().startswith(b"\x89PNG")
