"""Bad input: rule-sheet markup that makes the tag check backtrack (issue 21, item 3). The pattern the
check used (``<\\s*(/?)\\s*([A-Za-z0-9_:-]*)([^>]*)>``) took 91 s on 3,000 spaces after a ``<``; the check
now reads each tag from its ``<`` to the first ``>``, and it runs inside the template's time limit."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.print import rulebook
from kcal.print.report import Report
from kcal.print.sandbox import Limits
from tests.timeguard import bounded

OLD_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z0-9_:-]*)([^>]*)>")


def old_tags(line: str) -> list[tuple[int, str, str, str, str]]:
    return [(m.start(), m.group(0), m.group(1), m.group(2), m.group(3)) for m in OLD_TAG.finditer(line)]


@settings(max_examples=2000)
@given(st.text(alphabet="<>/ \tbri:_-xX1&;\u00a0", max_size=40))
def test_the_linear_tag_reading_agrees_with_the_old_pattern(line: str) -> None:
    assert list(rulebook._tags(line)) == old_tags(line)


@pytest.mark.parametrize("line", [
    "<" + " " * 1_000_000,
    "<" + " " * 500_000 + "/" + " " * 500_000,
    "< " * 500_000,
    "<b" + " " * 1_000_000 + "x",
    "<<<<" * 250_000,
])
def test_a_megabyte_of_markup_is_checked_in_linear_time(line: str) -> None:
    with bounded(20, "the markup check"):
        try:
            rulebook._check_inline(line, "t.j2", 1)
        except KcalError:
            pass  # refusing it is fine; taking minutes is not


def test_the_markup_check_counts_against_the_templates_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "s.j2").write_text("some text\n", encoding="utf-8")

    def slow(*args: object, **kwargs: object) -> list[object]:
        time.sleep(2)
        return []

    monkeypatch.setattr(rulebook, "parse_markup", slow)
    with pytest.raises(KcalError, match="took longer than 0.2 s"):
        rulebook.render_sections(["s"], tmp_path, None, {}, Report(), limits=Limits(seconds=0.2))
