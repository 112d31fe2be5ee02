"""Rule sheets for every pack: Jinja2 templates over the pack's data -> a tiny line markup -> ReportLab.

Templates render in the shared sandbox (:mod:`kcal.print.sandbox`: autoescaped, with limits on size,
output, time and the values they compute); data such as ``hot & dry desert`` arrives as ``&amp;``,
which is exactly what ReportLab's Paragraph wants. A pack gives its templates' folder, its data, its
directives and its icons; ``--templates DIR`` overrides any of its templates.

The markup the templates produce is line-based and checked before any flowable exists:
``# Heading`` / ``## Subheading`` / ``- bullet`` / a blank line ends a paragraph / ``| a | b |`` a
table row (a row of dashes ``|---|---|`` under the first row makes it a header; ``|`` inside data is
written with the ``cell`` filter) / ``@...`` a directive the pack reads (an icon beside the next
paragraph). Inline, only ``<b>``, ``<i>`` and ``<br/>`` are allowed; any other tag is an error
naming its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal import __version__
from kcal.core.errors import KcalError
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import MARGIN_MM, RULER_STRIP_MM, Paper, mm
from kcal.print.marks import ruler
from kcal.print.report import Report
from kcal.print.sandbox import (
    MAX_OUTPUT_CHARS,
    MAX_SECONDS,
    CpuTimeUp,
    Limits,
    TemplateLimit,
    TemplateProblem,
    environment,
    render_template,
    time_limit,
)

if TYPE_CHECKING:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import BaseDocTemplate, Table

    from kcal.print.output import Printed

__all__ = ["MAX_OUTPUT_CHARS", "MAX_SECONDS", "ALLOWED_TAGS", "Block", "Directive", "Limits", "TemplateLimit",
           "TemplateProblem", "environment", "render_template", "parse_markup", "render_sections", "build_story",
           "build_rulebook"]

ALLOWED_TAGS = {"b", "i", "br"}
#: what opens a tag, after its ``<``: spaces, a ``/`` for a closing tag, spaces, the name (the rest, up to
#: the first ``>``, is its attributes). Anchored and never failing, so reading a tag is linear.
_TAG_HEAD = re.compile(r"\s*(/?)\s*([A-Za-z0-9_:-]*)")
_SEPARATOR = re.compile(r"^\|(\s*:?-{3,}:?\s*\|)+$")

Block = tuple[str, Any, tuple]  #: (kind, markup, icon): h1, h2, li, p, or table (markup: rows of cells)


class Placed(str):
    """A block's markup (or a table cell's) that knows where its template wrote it, so an error found
    only when ReportLab lays it out still names the template's file, line and column."""

    where: tuple[str, int, int] = ("<template>", 1, 1)

    def __new__(cls, text: str, display: str, line: int, column: int = 1) -> Placed:
        placed = super().__new__(cls, text)
        placed.where = (display, line, column)
        return placed


def _where_of(markup: Any) -> tuple[str | None, int | None, int | None]:
    if isinstance(markup, list):  # a table: its first cell
        markup = next((c for row in markup for c in row), None)
    return getattr(markup, "where", (None, None, None))
Directive = Callable[[str, str, int], tuple]  #: (line, display, line number) -> icon spec


# --- markup -> blocks ----------------------------------------------------------------------------


def _no_directive(line: str, display: str, n: int) -> tuple:
    raise KcalError(f"unknown directive {line!r}", file=display, line=n)


def parse_markup(text: str, display: str, report: Report, directive: Directive = _no_directive) -> list[Block]:
    """Blocks (kind, markup, icon) with inline tags checked; kind is h1, h2, li, p or table."""
    blocks: list[Block] = []
    para: list[str] = []
    rows: list[list[str]] = []
    header = False
    icon: tuple = ()

    start = (1, 1)

    def flush() -> None:
        nonlocal para, icon, rows, header
        if para:
            blocks.append(("p", Placed(" ".join(para), display, *start), icon))
            icon = ()
        if rows:
            blocks.append(("table", rows, (header,)))
        para, rows, header = [], [], False

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            flush()
            continue
        column = len(raw) - len(raw.lstrip()) + 1
        _check_inline(line, display, n)
        line = printable(line, f"{display}:{n}", report)
        if line.startswith("|"):
            if para:
                flush()
            if _SEPARATOR.match(line):
                header = len(rows) == 1 or header
                continue
            rows.append([Placed(cell.strip(), display, n, column) for cell in line.strip("|").split("|")])
            continue
        if rows:
            flush()
        if line.startswith("## "):
            flush()
            blocks.append(("h2", Placed(line[3:], display, n, column + 3), ()))
        elif line.startswith("# "):
            flush()
            blocks.append(("h1", Placed(line[2:], display, n, column + 2), ()))
        elif line.startswith("- "):
            flush()
            blocks.append(("li", Placed(line[2:], display, n, column + 2), ()))
        elif line.startswith("@"):
            flush()
            icon = directive(line, display, n)
        else:
            if not para:
                start = (n, column)
            para.append(line)
    flush()
    return blocks


def _tags(line: str) -> Iterator[tuple[int, str, str, str, str]]:
    """Each tag of ``line``: (offset, the tag as written, ``/`` or nothing, its name, its attributes).

    A tag runs from a ``<`` to the first ``>`` after it; a ``<`` with no ``>`` after it opens none. Each
    character is looked at a bounded number of times (the pattern this replaces backtracked: 3,000
    spaces after a ``<`` took 91 s)."""
    pos = 0
    while True:
        start = line.find("<", pos)
        if start < 0:
            return
        end = line.find(">", start + 1)
        if end < 0:
            return
        head = _TAG_HEAD.match(line, start + 1, end)
        assert head is not None  # every part of the pattern may be empty
        yield start, line[start:end + 1], head.group(1), head.group(2), line[head.end():end]
        pos = end + 1


def _check_inline(line: str, display: str, n: int) -> None:
    tags = list(_tags(line))
    for start, whole, _closing, name, attributes in tags:
        tag = name.lower()
        attrs = attributes.strip().rstrip("/").strip()
        if tag not in ALLOWED_TAGS or attrs:
            raise KcalError(f"tag {whole!r} is not allowed in rulebook text (only <b>, <i>, <br/>)",
                            file=display, line=n, column=start + 1)
    stack: list[str] = []
    for start, _whole, closing, name, _attributes in tags:
        tag = name.lower()
        if tag == "br":
            continue
        if not closing:
            stack.append(tag)
        elif not stack or stack.pop() != tag:
            raise KcalError(f"unbalanced </{tag}> in rulebook text", file=display, line=n, column=start + 1)
    if stack:
        raise KcalError(f"unclosed <{stack[-1]}> in rulebook text (tags must close on the same line)",
                        file=display, line=n)
    if re.search(r"&(?!(amp|lt|gt|quot|#\d+|#x[0-9a-fA-F]+|apos|#39);)", line):
        raise KcalError("a bare '&' in template text: write &amp;", file=display, line=n)


def render_sections(sections: Sequence[str], builtin_dir: Path, user_dir: Path | None, data: dict, report: Report,
                    directive: Directive = _no_directive, limits: Limits = Limits()) -> list[Block]:
    """Every section's template rendered and parsed, in order. A data value that knows where its file
    wrote it (:class:`kcal.print.sourced.Sourced`) is checked for characters the font lacks there, when the
    template reads it; the rendered text, at the template's lines (:func:`parse_markup`)."""
    blocks: list[Block] = []
    for name in sections:
        display, text = render_template(name, builtin_dir, user_dir, data, limits, report)
        with time_limit(limits.seconds, display):  # the markup check counts against the template's time
            blocks.extend(parse_markup(text, display, report, directive))
    return blocks


# --- flowables ----------------------------------------------------------------------------------


IconFactory = Callable[[tuple], Any]  #: icon spec -> a Flowable with a ``w`` attribute


def _plain(markup: str) -> str:
    return re.sub(r"<[^>]*>", "", markup).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")


def _layout_error(where: tuple[str | None, int | None, int | None], exc: BaseException | None) -> KcalError:
    """An error ReportLab found in laying a block out, in kcal's words at the block's template line
    (``exc`` None: the block used up the CPU-time limit of the bounded child)."""
    text = str(exc)
    if exc is None:
        what = ("laying this block out reached the limit of CPU time for templates and their layout (shorten "
                "it, or split it into paragraphs)")
    elif "availWidth" in text or "availHeight" in text or "too large" in text or "too wide" in text:
        what = "this text or table does not fit the page's width or height (shorten it, or split the table)"
    elif "paraparser" in text:
        reason = text.split("paraparser:", 1)[1].split("\n", 1)[0].strip().rstrip(":")
        what = f"the markup cannot be read ({reason}): write <b>, <i> and <br/> only, and &amp; for '&'"
    else:
        what = "this block cannot be laid out on the page"
    file, line, column = where
    return KcalError(f"rule sheet layout: {what}", file=file, line=line, column=column)


def _para(markup: Any, style: Any, **kwargs: Any) -> Any:
    """A Paragraph of ``markup`` (ReportLab reads its tags here): an error names the template's line."""
    from reportlab.platypus import Paragraph

    try:
        return _placed(Paragraph(markup, style, **kwargs), markup)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise _layout_error(_where_of(markup), exc) from None
    except CpuTimeUp:
        raise _layout_error(_where_of(markup), None) from None


def _placed(flowable: Any, markup: Any) -> Any:
    flowable._kcal_where = _where_of(markup)
    return flowable


def _table(rows: list[list[str]], header: bool, width: float, cell: ParagraphStyle,
           head: ParagraphStyle) -> Table:
    from reportlab.platypus import Table, TableStyle

    from kcal.print.text import width as text_width

    ncols = max(len(r) for r in rows)
    rows = [r + [""] * (ncols - len(r)) for r in rows]
    natural = [max(text_width(_plain(r[i]), BOLD if header and j == 0 else REGULAR, cell.fontSize) + 8
                   for j, r in enumerate(rows)) for i in range(ncols)]
    total = sum(natural)
    if total > width:
        widths = [width * w / total for w in natural]
    else:
        widths = natural[:-1] + [natural[-1] + width - total]
    data = [[_para(c, head if header and j == 0 else cell) for c in r] for j, r in enumerate(rows)]
    t = Table(data, colWidths=widths, repeatRows=1 if header else 0)
    # FONTNAME: a Table sets its cells' font (Helvetica by default) even when they hold Paragraphs
    style = [("FONTNAME", (0, 0), (-1, -1), REGULAR), ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 3),
             ("RIGHTPADDING", (0, 0), (-1, -1), 3), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5), ("LINEBELOW", (0, 0), (-1, -1), 0.25, "#9a9a9a")]
    if header:
        style += [("BACKGROUND", (0, 0), (-1, 0), "#e6e6e6"), ("LINEBELOW", (0, 0), (-1, 0), 0.8, "#1a1a1a")]
    t.setStyle(TableStyle(style))
    return t


def build_story(blocks: Sequence[Block], width: float, *, accent: str, icon: IconFactory | None = None) -> list:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import CondPageBreak, Spacer, Table, TableStyle

    # bulletFontName: ReportLab draws bullets in Helvetica (not embedded) unless told otherwise
    base = ParagraphStyle("body", fontName=REGULAR, bulletFontName=REGULAR, fontSize=9.5, leading=12.5,
                          spaceAfter=5)
    h1 = ParagraphStyle("h1", parent=base, fontName=BOLD, fontSize=17, leading=21, spaceBefore=4, spaceAfter=8,
                        textColor=accent)
    h2 = ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=12, leading=15, spaceBefore=6, spaceAfter=4)
    li = ParagraphStyle("li", parent=base, leftIndent=12, bulletIndent=2, spaceAfter=3)
    cell = ParagraphStyle("cell", parent=base, spaceAfter=0)
    tcell = ParagraphStyle("tcell", parent=base, fontSize=8.5, leading=10.5, spaceAfter=0)
    thead = ParagraphStyle("thead", parent=tcell, fontName=BOLD)

    story: list = []
    for kind, markup, spec in blocks:
        if kind == "h1":
            if story:
                story.append(CondPageBreak(mm(60)))
            story.append(_para(markup, h1))
        elif kind == "h2":
            story.append(_para(markup, h2))
        elif kind == "li":
            story.append(_para(markup, li, bulletText="•"))
        elif kind == "table":
            story.append(_placed(_table(markup, spec[0], width, tcell, thead), markup))
            story.append(Spacer(1, 5))
        elif spec and icon is not None:
            ic = icon(spec)
            t = Table([[ic, _para(markup, cell)]], colWidths=[ic.w + mm(3), width - ic.w - mm(3)])
            t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), REGULAR),
                                   ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]))
            story.append(_placed(t, markup))
        else:
            story.append(_para(markup, base))
    story.append(Spacer(1, 1))
    return story


def build_rulebook(out_path: str, paper: Paper, blocks: Sequence[Block], *, invariant: bool, title: str,
                   running_title: str, accent: str, icon: IconFactory | None = None) -> int:
    """Lay the blocks out on ``paper`` pages with the ruler and a running footer
    (``running_title · page N · paper``) into ``out_path`` (a temp file); return the page count."""
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
    from reportlab.platypus.doctemplate import LayoutError

    from kcal.print.fonts import register_fonts
    from kcal.print.output import set_page_boxes

    register_fonts()
    margin = mm(MARGIN_MM + 9)
    bottom = mm(MARGIN_MM + RULER_STRIP_MM + 4)
    frame_w = paper.width - 2 * margin
    frame = Frame(margin, bottom, frame_w, paper.height - bottom - margin, id="body", showBoundary=0)

    def decorate(c: Canvas, doc: BaseDocTemplate) -> None:
        set_page_boxes(c)  # rule sheets are not cut: trim and bleed are the page
        c.saveState()
        ruler(c, mm(MARGIN_MM + 2), mm(MARGIN_MM + 1.5), f"{running_title} · page {doc.page} · {paper.name}")
        c.restoreState()

    class Doc(BaseDocTemplate):
        """Notes the flowable being laid out, so a failure names its template line."""

        current: Any = None
        #: the template line of the flowable being laid out (a piece ReportLab split off one has none:
        #: it keeps the line of the flowable it came from)
        where: tuple[str | None, int | None, int | None] = (None, None, None)

        def handle_flowable(self, flowables: list[Any]) -> None:
            if flowables:
                self.current = flowables[0]
                self.where = getattr(self.current, "_kcal_where", None) or self.where
            super().handle_flowable(flowables)

    doc = Doc(out_path, pagesize=(paper.width, paper.height), invariant=1 if invariant else 0,
                          title=title, author="kcal", creator=f"kcal {__version__}", pageCompression=1,
                          initialFontName=REGULAR)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=decorate)])
    story = build_story(blocks, frame_w, accent=accent, icon=icon)
    try:
        doc.build(story)
    except (ValueError, LayoutError, TypeError, KeyError, IndexError, AttributeError,
            ZeroDivisionError) as exc:  # markup that slipped through, a block taller or wider than a page
        raise _layout_error(doc.where, exc) from None
    except CpuTimeUp:
        raise _layout_error(doc.where, None) from None
    return doc.page


def bounded_draw(draw: Callable[[], int], report: Report) -> int:
    """Render the templates and lay the sheets out (``draw()``: the page count) in a child process the
    system stops past its CPU time and memory (:func:`kcal.print.sandbox.run_bounded`); the warnings it
    noted come back into ``report``."""
    from kcal.print.sandbox import run_bounded

    def job() -> tuple[int, list[str]]:
        return draw(), list(report.warnings)

    pages, warnings = run_bounded(job, "rule sheets")
    for w in warnings:
        report.warn(w)
    return int(pages)


#: what a pack's ``print_rulebook`` hands :func:`reference_sheets`: the files its sheets are made from,
#: and ``draw(out_path, paper, report, template_dir) -> pages``
Drawing = tuple[list[Path], Callable[[str, Paper, Report, Path | None], int]]


def reference_sheets(output: str | Path, paper: str, templates: str | Path | None, game_id: str,
                     prepare: Callable[[], Drawing]) -> Printed:
    """A pack's ``print rulebook``: check the paper and the output's suffix, then ``prepare()`` (load the
    pack's data), then draw into a temporary file committed atomically (never over an input: the data
    files and the user's ``*.j2`` templates); a write error is a plain message. Returns the
    :class:`~kcal.print.output.Printed`."""
    from kcal.core.atomic import atomic_output
    from kcal.print.layout import PAPERS
    from kcal.print.options import check_paper
    from kcal.print.output import Printed, binary_streams, require_suffix, writing

    paper_size = PAPERS[check_paper(paper)]
    require_suffix(output, ".pdf")
    inputs, draw = prepare()
    report = Report()
    template_dir = Path(templates) if templates else None
    inputs = [*inputs, *(sorted(template_dir.glob("*.j2")) if template_dir and template_dir.is_dir() else [])]
    with writing(output), atomic_output(output, inputs=inputs) as tmp, binary_streams():
        pages = bounded_draw(lambda: draw(str(tmp), paper_size, report, template_dir), report)
    return Printed([Path(output)], pages, 0, "", report.warnings, {"game": game_id})
