"""Templates bounded by the operating system (issue 32, item 14): rendering the templates and laying the
sheets out run in a child process with CPU-time and address-space limits (``resource.setrlimit``), so
no operator, filter, loop or layout escapes, C code included: each case below is one line, exit 2,
whatever made the cost. Limits are lowered here so each case stops in seconds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import get, ids
from kcal.print import sandbox
from tests.hypothesis_profile import PROFILE_SUPPRESSED

#: templates whose cost is made in C, past every check on a value (each is at most ~100 bytes)
COSTLY = {
    "join": '{{ (range(90000)|list)|join("x" * 6000)|length }}',
    "replace": '{% set s = "x" * 400000 %}{{ s|replace("x", s[:3000])|length }}',
    "percent": '{% set s = "%s" * 100000 %}{{ (s % ((s,) * 100000))|length }}',
    "format": '{{ ("{0}" * 400000).format("x" * 400000)|length }}',
    "loop": '{% set l = [] %}{% for i in range(90000) %}{% for j in range(90000) %}'
            '{% set _ = l.append(i) %}{% endfor %}{% endfor %}{{ l|length }}',
    "nested loops": "{% for i in range(90000) %}{% for j in range(90000) %}{% endfor %}{% endfor %}",
}


@pytest.fixture
def tight(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "MAX_CPU_SECONDS", 3)
    monkeypatch.setattr(sandbox, "MAX_MEMORY_BYTES", 300 << 20)
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 600.0)  # the SIGALRM bound out of the way: the OS's is tested


def _rulebook(tmp: Path, template: str, *extra: str) -> object:
    (tmp / "setup.j2").write_text(template, encoding="utf-8")
    return CliRunner().invoke(app, ["print", "rulebook", "--game", "kalua", "--templates", str(tmp), "-o",
                                    str(tmp / "r.pdf"), *extra])


@pytest.mark.parametrize("case", COSTLY)
def test_a_costly_template_is_stopped_by_the_system(tmp_path: Path, tight: None, case: str) -> None:
    result = _rulebook(tmp_path, COSTLY[case], "--format", "json")
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr
    message = json.loads(result.stdout)["errors"][0]["message"]
    assert any(w in message for w in ("CPU time", "MB of memory", "more memory", "refused", "exceeds", "took longer")), message
    assert not (tmp_path / "r.pdf").exists()


@settings(max_examples=6, suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["<", "<b>", "&", "<i>x", "<br/>", "x" * 50, "| a |", "# h", "- li", " "]),
       st.integers(min_value=1_000, max_value=60_000))
def test_layout_of_any_markup_is_bounded(tmp_path_factory: pytest.TempPathFactory, tight: None, unit: str,
                                         n: int) -> None:
    """What the markup check lets through reaches ReportLab's paragraph parser (quadratic in some
    markup: 20,000 ``<`` took 4 s): bounded all the same, and an error is one line at the template."""
    tmp = tmp_path_factory.mktemp("layout")
    result = _rulebook(tmp, "{{ '" + unit.replace("'", "\\'") + "' * " + str(n) + " }}\n")
    assert result.exit_code in (0, 2), (result.stdout, result.stderr, result.exception)
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) <= 1, result.stderr


@pytest.mark.parametrize("game", [g for g in ids() if get(g).offers("print", "print_rulebook")])
def test_the_shipped_templates_still_print(tmp_path: Path, game: str) -> None:
    result = CliRunner().invoke(app, ["print", "rulebook", "--game", game, "-o", str(tmp_path / f"{game}.pdf")])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / f"{game}.pdf").read_bytes().startswith(b"%PDF-")
