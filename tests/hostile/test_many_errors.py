"""A file of many errors (issue 32; docs/cli.md "Many errors"), against every command that reads a YAML file
of a game, for every pack that has the command (:func:`tests.hostile.surface.yaml_inputs`): the legal file
of the parameter's role with one of its lists or mappings made of hundreds to thousands of bad entries
(the biggest top-level one, or a list inside one entry: a card's, a move's). Whatever the command: exit 2,
no traceback, nothing written, at most :data:`~kcal.core.errors.MAX_SHOWN` positioned lines for the file,
then one positioned line counting the rest; shown plus counted is every error the file has; with
``--format json`` the same as error objects, the last with ``code`` ``more-errors`` and the count under
``more``.

The count is checked against the file's own rate, not against kcal's counting: the same command on the
file made with 3 and with 4 bad entries (under the cap, every error listed) gives a base and an
errors-per-entry rate, and the big file must have ``base + rate * entries`` errors, so the chunked counting
of :mod:`kcal.core.modelcheck` must agree with a plain listing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.core.errors import MAX_SHOWN
from kcal.core.modelcheck import LONG
from tests.hostile import surface
from tests.hostile.strategies import PHASES, problems_of, snapshot
from tests.hypothesis_profile import PROFILE_SUPPRESSED

CASES = surface.yaml_inputs()
MORE = re.compile(r"^(?P<n>[0-9,]+) more errors? in this file not shown")


def _extent(lines: list[str], i: int) -> int:
    end = i + 1
    while end < len(lines) and (lines[end][:1] in (" ", "\t") or not lines[end].strip()):
        end += 1
    return end


def many(text: str, n: int, item: str, nested: bool) -> str:
    """``text`` with ``n`` entries of ``item`` in the biggest top-level list or mapping (keeping its kind),
    or, ``nested``, in the first flow list inside it (a card's or a move's list field) when it has one."""
    lines = text.split("\n")
    best: tuple[int, int, int, str, str, str] | None = None
    for i, line in enumerate(lines):
        m = re.match(r"([A-Za-z_][\w-]*):(.*)$", line)
        if not m:
            continue
        end = _extent(lines, i)
        body = "\n".join([m.group(2), *lines[i + 1:end]])
        flat = re.sub(r"(?m)#.*$", "", body).strip()
        kind = ("list" if flat.startswith(("[", "- ")) else
                "map" if flat.startswith("{") or re.match(r"[^'\"\[{-][^:\n]*:(?: |\n|$)", flat) else "")
        if kind and (best is None or len(body) > best[0]):
            best = (len(body), i, end, m.group(1), kind, body)
    assert best is not None, text[:300]
    _, i, end, key, kind, _body = best
    if nested:
        for j in range(i + 1, end):
            inner = re.search(r"(\b[A-Za-z_]\w*: \[)([^\[\]{}]*)(\])", lines[j])
            if inner:
                lines[j] = lines[j][:inner.start(2)] + ", ".join([item] * n) + lines[j][inner.end(2):]
                return "\n".join(lines)
    entries = ", ".join([item] * n) if kind == "list" else ", ".join(f"k{j}: {item}" for j in range(n))
    new = f"{key}: [{entries}]" if kind == "list" else f"{key}: {{{entries}}}"
    return "\n".join([*lines[:i], new, *lines[end:]])


def _counted(result: Any, path: Path) -> tuple[int, int, list[re.Match[str]]]:
    """The file's positioned lines: how many problems are listed, how many the "more" line counts."""
    mine = [m for m in problems_of(result.stderr) if m["file"] == str(path)]
    more = [MORE.match(m["words"]) for m in mine]
    counted = sum(int(m["n"].replace(",", "")) for m in more if m)
    return sum(1 for m in more if not m), counted, mine


_RATES: dict[tuple[str, str, str, str, bool], tuple[int, int] | None] = {}


def _rate(command: str, param: str, game: str, item: str, nested: bool,
          factory: pytest.TempPathFactory) -> tuple[int, int] | None:
    key = (command, param, game, item, nested)
    if key not in _RATES:
        _RATES[key] = _measure(*key, factory.mktemp("rate"))
    return _RATES[key]


def _measure(command: str, param: str, game: str, item: str, nested: bool, tmp: Path) -> tuple[int, int] | None:
    """(base, errors per entry) of the file at 3 and 4 entries, every error listed; None when the command
    refuses the file before reading it."""
    c, p, _, legal = surface.probed(command, param, game)
    counts = []
    for n in (3, 4):
        path = tmp / f"rate-{n}.yaml"
        path.write_text(many(legal.read_text(encoding="utf-8"), n, item, nested), encoding="utf-8")
        _, _, _, result = surface.run_with(c, p, game, path, tmp, False)
        if result.exit_code == 2 and str(path) not in result.stderr:
            return None
        listed, more, _ = _counted(result, path)
        assert more == 0 and listed < MAX_SHOWN, (n, result.stderr[-2000:])
        counts.append(listed)
    return counts[0] - 3 * (counts[1] - counts[0]), counts[1] - counts[0]


@pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{p}-{g}" for c, p, g in CASES])
@settings(max_examples=3, phases=PHASES,
          suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(entries=st.integers(LONG + 1, 3 * LONG) | st.integers(MAX_SHOWN + 1, LONG),
       item=st.sampled_from(["[]", "[[]]"]), nested=st.booleans(), json_mode=st.booleans())
def test_a_file_of_many_errors_shows_the_first_and_counts_the_rest(
        tmp_path_factory: pytest.TempPathFactory, command: str, param: str, game: str, entries: int, item: str,
        nested: bool, json_mode: bool) -> None:
    c, p, _, legal = surface.probed(command, param, game)
    rate = _rate(command, param, game, item, nested, tmp_path_factory)
    tmp = tmp_path_factory.mktemp("many")
    path = tmp / "many.yaml"
    path.write_text(many(legal.read_text(encoding="utf-8"), entries, item, nested), encoding="utf-8")
    args, json_mode, before, result = surface.run_with(c, p, game, path, tmp, json_mode)
    context = (entries, item, nested, rate, result.exit_code, result.stderr[-1500:], repr(result.exception))
    if rate is None:  # refused before the file was read: the legal file is refused in the same words
        assert surface.refused_whatever_the_file(args, path, legal, result.stderr), context
        return
    base, per_entry = rate
    expected = base + per_entry * entries
    assert result.exit_code == 2, context
    assert result.exception is None or isinstance(result.exception, SystemExit), context
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, context
    assert before == snapshot(tmp), "written"
    listed, more, mine = _counted(result, path)
    assert listed <= MAX_SHOWN, context
    assert listed + more == expected, (expected, listed, more, context)
    if expected > MAX_SHOWN:
        assert listed == MAX_SHOWN and MORE.match(mine[-1]["words"]), context
    else:
        assert more == 0, context
    if json_mode:
        errors = [e for e in json.loads(result.stdout)["errors"] if e["file"] == str(path)]
        shown = [e for e in errors if e["code"] != "more-errors"]
        extra = [e for e in errors if e["code"] == "more-errors"]
        assert len(shown) == listed and sum(e["more"] for e in extra) == more, errors[-3:]
        assert all(e["line"] and e["column"] for e in errors), errors[-3:]
        assert not extra or errors[-1] is extra[-1]
