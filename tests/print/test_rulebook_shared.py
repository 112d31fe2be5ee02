"""The rule-sheet pipeline every pack uses: the sandbox and its limits, the line markup, the pages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kcal.core.errors import KcalError
from kcal.print import rulebook
from kcal.print.layout import PAPERS
from kcal.print.report import Report
from tests.print.pdfprobe import pdf_text
from tests.timeguard import bounded

SHARED = Path(rulebook.__file__).resolve().parent


def _dir(tmp_path: Path, **templates: str) -> Path:
    d = tmp_path / "tpl"
    d.mkdir(exist_ok=True)
    for name, body in templates.items():
        (d / f"{name}.j2").write_text(body, encoding="utf-8")
    return d


class TestSandboxLimits:
    """BAD-INPUT.md rows 19 and 23: a template may not cost minutes or gigabytes."""

    @pytest.mark.parametrize("expr,match", [
        ("{{ 'x' * 2000000000 }}", "repeating a value 2,000,000,000 times"),
        ("{{ [1] * 100000000 }}", "repeating a value"),
        ("{{ 9 ** (9 ** 9) }}", r"9 \*\* 387420489 is too large"),
        ("{{ 'x'|center(2000000000) }}", "an argument of 2,000,000,000"),
        ("{{ 'x'.ljust(2000000000) }}", "an argument of 2,000,000,000"),
        ("{% set ns = namespace(x=2) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}{% endfor %}{{ ns.x }}",
         "more than 4096 bits"),
    ])
    def test_huge_values_are_refused_quickly_at_their_line(self, tmp_path, expr, match):
        d = _dir(tmp_path, intro=f"# Title\n\n{expr}\n")
        with bounded(30, f"refusing {expr}"), pytest.raises(KcalError, match=match) as info:
            rulebook.render_template("intro", d, None, {})
        assert info.value.where.line == 3 and info.value.where.file == "templates/intro.j2"

    def test_a_template_too_large_is_refused_before_compiling(self, tmp_path):
        d = _dir(tmp_path, intro="# Big\n" + "x" * 300_000)
        with pytest.raises(KcalError, match="larger than 256,000 bytes"):
            rulebook.render_template("intro", d, None, {})

    def test_output_cap(self, tmp_path):
        d = _dir(tmp_path, intro="{% for i in range(100000) %}{% for j in range(100) %}xxxxxxxxxx{% endfor %}{% endfor %}")
        with pytest.raises(KcalError, match="output exceeds"):
            rulebook.render_template("intro", d, None, {}, rulebook.Limits(output_chars=100_000))

    def test_lipsum_is_not_offered(self, tmp_path):
        d = _dir(tmp_path, intro="{{ lipsum() }}")
        with pytest.raises(KcalError, match="undefined"):
            rulebook.render_template("intro", d, None, {})

    def test_attribute_escapes_are_refused(self, tmp_path):
        d = _dir(tmp_path, intro="{{ ''.__class__.__mro__[1].__subclasses__() }}")
        with pytest.raises(KcalError, match="unsafe"):
            rulebook.render_template("intro", d, None, {})

    def test_user_folder_comes_first_and_data_is_escaped(self, tmp_path):
        builtin = _dir(tmp_path, intro="# Built in\n")
        user = tmp_path / "mine"
        user.mkdir()
        (user / "intro.j2").write_text("# Mine\n{{ name }}\n", encoding="utf-8")
        display, text = rulebook.render_template("intro", builtin, user, {"name": "R&D <b>x</b>"})
        assert display == str(user / "intro.j2")
        assert "R&amp;D &lt;b&gt;x&lt;/b&gt;" in text


class TestMarkup:
    def test_blocks(self):
        text = "# Head\n## Sub\n- item\nline one\nline two\n\n@icon\nafter icon\n"
        blocks = rulebook.parse_markup(text, "t.j2", Report(), lambda line, d, n: ("icon", n))
        assert blocks == [("h1", "Head", ()), ("h2", "Sub", ()), ("li", "item", ()), ("p", "line one line two", ()),
                          ("p", "after icon", ("icon", 7))]

    def test_table_rows_and_header(self):
        text = "| A | B |\n|---|---|\n| <b>1</b> | x &amp; y |\n| 2 | z |\nafter\n"
        blocks = rulebook.parse_markup(text, "t.j2", Report())
        assert blocks[0] == ("table", [["A", "B"], ["<b>1</b>", "x &amp; y"], ["2", "z"]], (True,))
        assert blocks[1] == ("p", "after", ())

    def test_cell_filter_keeps_a_pipe_in_data_inside_its_cell(self, tmp_path):
        d = _dir(tmp_path, t="| {{ v | cell }} | end |\n")
        _, text = rulebook.render_template("t", d, None, {"v": "a | <b>"})
        blocks = rulebook.parse_markup(text, "t.j2", Report())
        assert blocks == [("table", [["a &#124; &lt;b&gt;", "end"]], (False,))]

    @pytest.mark.parametrize("line,match", [("<img src=x>", "not allowed"), ("<b>open", "unclosed"),
                                            ("a & b", "bare '&'"), ("@what", "unknown directive")])
    def test_bad_lines_name_their_line(self, line, match):
        with pytest.raises(KcalError, match=match) as info:
            rulebook.parse_markup(f"ok\n{line}\n", "t.j2", Report())
        assert info.value.where.line == 2


def test_sheets_render_data_literally_with_a_running_footer(tmp_path):
    d = _dir(tmp_path, a="# Title\nData: {{ name }}\n\n| Card | Food |\n|---|---|\n| 1 | {{ name | cell }} |\n")
    blocks = rulebook.render_sections(["a"], d, None, {"name": "R&D <b>x</b> | y"}, Report())
    out = tmp_path / "r.pdf"
    pages = rulebook.build_rulebook(str(out), PAPERS["a4"], blocks, invariant=True, title="T", running_title="Test game",
                                    accent="#884400")
    text = " ".join(pdf_text(out)[0].split())
    assert pages == 1
    assert "Data: R&D <b>x</b> | y" in text
    assert "Card Food 1 R&D <b>x</b> | y" in text
    assert "Test game · page 1 · a4" in text


def test_shared_print_modules_import_no_game():
    """Shared code never names a game: no module under print/ imports a pack."""
    for path in SHARED.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith("kcal.games"), (path.name, name)
