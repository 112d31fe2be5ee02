"""Data values that know where their file wrote them (:mod:`kcal.print.sourced`): a character the font lacks
is reported at the value's ``file:line:column`` whichever print path draws it, a card face
(:func:`kcal.print.fonts.printable`) or a template that reads it (:func:`kcal.print.sandbox.checked`); what
a template writes itself stays reported at the template's line (BAD-INPUT.md 14)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from kcal.print import rulebook
from kcal.print.fonts import printable
from kcal.print.report import Report
from kcal.print.sourced import Sourced, place, sourced

WHERE = place("cards.yaml", 12, 11, "card Festival name")


def _dir(tmp_path: Path, body: str) -> Path:
    d = tmp_path / "tpl"
    d.mkdir(exist_ok=True)
    (d / "cards.j2").write_text(body, encoding="utf-8")
    return d


def test_a_face_reports_a_sourced_value_where_the_file_wrote_it() -> None:
    report = Report()
    out = printable(Sourced("Fe😀stival", WHERE), "card Festival name", report)
    assert out == "Fe?stival" and isinstance(out, Sourced) and out.where == WHERE  # fitting it reports there too
    assert report.warnings == [f"{WHERE}: a character not in the font, printed instead: "
                               "'😀' (U+1F600 GRINNING FACE) at position 3 as '?'"]


def test_a_plain_value_is_reported_where_the_caller_says() -> None:
    report = Report()
    printable("Fe😀stival", "card Festival name", report)
    assert report.warnings[0].startswith("card Festival name: ")


def test_a_sourced_value_keeps_its_position_through_a_bounded_child() -> None:
    back = pickle.loads(pickle.dumps(Sourced("Festival", WHERE)))
    assert isinstance(back, Sourced) and back == "Festival" and back.where == WHERE


class _Doc:
    path = "set.yaml"

    def pos(self, loc: object, *, key: bool = False) -> tuple[int, int]:
        return (7, 9)


def test_sourced_names_the_position_and_leaves_other_values() -> None:
    value = sourced("Salmon", _Doc(), ("cards", 0, "food"), "card red 8 food")
    assert isinstance(value, Sourced) and value.where == "set.yaml:7:9: card red 8 food"
    assert sourced(8, _Doc(), ("cards", 0, "number"), "card red 8 number") == 8


@pytest.mark.parametrize("body", [
    "| {{ card.name | cell }} |\n",  # an attribute, then a filter
    "# {{ card['name'] | upper }}\n",  # an item, then a filter that makes a new string
    "{% for n in names %}- {{ n }}\n{% endfor %}",  # a list of values, iterated
    "{{ name }}\n",  # a value given to the template as it is
])
def test_a_template_reads_a_sourced_value_and_it_is_reported_at_the_file(tmp_path: Path, body: str) -> None:
    value = Sourced("Fe😀stival", WHERE)
    report = Report()
    blocks = rulebook.render_sections(["cards"], _dir(tmp_path, body), None,
                                      {"card": {"name": value}, "names": [value], "name": value}, report)
    assert blocks
    assert [w.split(": a character")[0] for w in report.warnings] == [WHERE], report.warnings


def test_what_the_template_writes_is_reported_at_the_template_line(tmp_path: Path) -> None:
    report = Report()
    rulebook.render_sections(["cards"], _dir(tmp_path, "# Cards\n\nFe😀stival {{ name }}\n"), None,
                             {"name": Sourced("plain", WHERE)}, report)
    assert len(report.warnings) == 1 and report.warnings[0].startswith("templates/cards.j2:3: "), report.warnings
