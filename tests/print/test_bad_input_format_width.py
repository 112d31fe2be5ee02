"""Bad input (BAD-INPUT.md, classes 19 and 23; issue 21, item 3): a ``{}``-format string's width is
refused *before* it formats. Jinja's sandbox hands out ``str.format`` wrapped, so the check that looked
for the string as the method's owner never ran: ``{{ "{:>999999999}".format("x") }}`` built a string of
a billion characters (1 GB, measured by bench/bench_bounded_inputs.py) and only its result was refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.print.rulebook import render_template
from kcal.print.sandbox import Limits


@pytest.mark.parametrize("template", [
    '{{ "{:>999999999}".format("x") }}',
    '{{ "{0:.999999999}".format("x") }}',
    '{{ "{a:^999999999}".format_map({"a": 1}) }}',
])
def test_a_format_width_is_refused_before_it_formats(tmp_path: Path, template: str) -> None:
    (tmp_path / "s.j2").write_text(template, encoding="utf-8")
    with pytest.raises(KcalError, match=r"a format of width 999999999 \(more than 500,000 characters\)"):
        render_template("s", tmp_path, None, {}, Limits())


def test_an_ordinary_format_still_renders(tmp_path: Path) -> None:
    (tmp_path / "s.j2").write_text('{{ "{:>4}|{:.2f}".format("x", 1.5) }}', encoding="utf-8")
    assert render_template("s", tmp_path, None, {}, Limits())[1].rstrip("\n") == "   x|1.50"
