"""Bad input: rule-sheet templates that make huge values (issue 21, item 3). The sandbox bounded ``*``,
``**`` and ``+`` but not ``~``, ``%``, ``|format`` or a filter's result: doubling a string with ``~`` made
3.2 GB in 7 s, and a 1 GiB string was accepted. Each is refused now, before or as soon as the value passes
the output limit, with a message at the template's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.print.rulebook import render_template
from kcal.print.sandbox import Limits
from tests.timeguard import bounded

LIMITS = Limits(output_chars=100_000, seconds=10)


def render(tmp_path: Path, text: str) -> str:
    (tmp_path / "s.j2").write_text(text, encoding="utf-8")
    return render_template("s", tmp_path, None, {"data": {str(i): i for i in range(10)}}, LIMITS)[1]


@pytest.mark.parametrize(("template", "what"), [
    ('{% set s = namespace(v="x") %}{% for i in range(40) %}{% set s.v = s.v ~ s.v %}{% endfor %}{{ s.v|length }}',
     "a string doubled with ~"),
    ('{{ "%999999999d" % 1 }}', "a %-format width"),
    ('{{ "%.999999999f" % 1.0 }}', "a %-format precision"),
    ('{{ "%999999999s"|format("x") }}', "a |format width"),
    ('{{ "{:>999999999}".format("x") }}', "a {}-format width"),
    ('{% set s = namespace(v="x") %}{% for i in range(40) %}{% set s.v = (s.v ~ s.v)|upper %}{% endfor %}',
     "a filter's result"),
])
def test_a_template_cannot_make_a_huge_value(tmp_path: Path, template: str, what: str) -> None:
    with bounded(20, what), pytest.raises(KcalError, match="unsafe template operation refused|exceeds"):
        render(tmp_path, template)


def test_ordinary_templates_still_render(tmp_path: Path) -> None:
    out = render(tmp_path, '{{ "a" ~ "b" }} {{ "%3d" % 7 }} {{ "%s-%s"|format(1, 2) }} {{ "{:>4}".format("x") }} '
                           "{{ data|dictsort|length }}")
    assert out == "ab   7 1-2    x 10"


def test_a_template_that_is_not_utf8_is_named_at_its_byte(tmp_path: Path) -> None:
    """Issue 21, item 6: the line and column of the bad byte, in kcal's words (it was Python's
    "'utf-8' codec can't decode byte 0xff in position 20")."""
    (tmp_path / "s.j2").write_bytes(b"# Setup\nok line\nbad \xff here\n")
    with pytest.raises(KcalError) as err:
        render_template("s", tmp_path, None, {}, LIMITS)
    assert str(err.value) == "templates/s.j2:3:5: invalid UTF-8 byte 0xFF; save the file as UTF-8"
