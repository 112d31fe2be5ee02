"""Rulebook sheets: Jinja2 templates + the schema's data -> a tiny line markup -> ReportLab flowables.

Templates render in a :class:`~jinja2.sandbox.SandboxedEnvironment` with ``StrictUndefined`` and
autoescaping (data such as ``hot & dry desert`` arrives as ``&amp;``, which is exactly what
ReportLab's Paragraph wants), with a cap on output size and on time. The markup they produce is
line-based and checked before any flowable exists:

``# Heading`` / ``## Subheading`` / ``- bullet`` / a blank line ends a paragraph /
``@cube COLOUR N``, ``@biome CODE``, ``@modifier NAME`` put that icon beside the next paragraph.
Inline, only ``<b>``, ``<i>`` and ``<br/>`` are allowed; any other tag is an error naming its line.

Sections come from the schema (24 biomes, 37 modifiers...), so a new modifier appears in the
rulebook without editing a template. ``--templates DIR`` replaces any of the built-in templates.
"""

from __future__ import annotations

import re
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from kcal.core.errors import KcalError
from kcal.games.kcaloria.domain import (
    BIOMES,
    COLOR_POINTS,
    CUBE_SUPPLY,
    DECK_SIZE,
    DICE_PER_DECK,
    HAND_SIZE,
    TYPE_COLOR,
    Biome,
    Color,
)
from kcal.games.kcaloria.modifiers import MODIFIER_NAMES, MODIFIERS
from kcal.games.kcaloria.print import icons, palette
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.layout import MARGIN_MM, RULER_STRIP_MM, mm
from kcal.print.report import Report
from kcal.print.sheets import SheetOptions, ruler

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates"
SECTIONS = ("setup", "turn", "placement", "collapse", "winning", "solo", "biomes", "modifiers")
MAX_OUTPUT_CHARS = 500_000  #: per template
MAX_SECONDS = 5.0  #: per template
ALLOWED_TAGS = {"b", "i", "br"}
_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z0-9_:-]*)([^>]*)>")


def template_data() -> dict:
    """Everything templates may use: plain data built from the schema."""
    from kcal.games.kcaloria.print.palette import BIOME_GROUP

    return {
        "components": {"deck_size": DECK_SIZE, "hand_size": HAND_SIZE, "dice": DICE_PER_DECK, "max_copies": 5},
        "colors": [{"name": c.value, "points": COLOR_POINTS[c], "supply": CUBE_SUPPLY[c],
                    "producers": [t.value for t, col in TYPE_COLOR.items() if col is c]} for c in Color],
        "biomes": [{"number": BIOMES[b].number, "code": b.value, "name": BIOMES[b].name,
                    "group": BIOME_GROUP[b]} for b in Biome],
        "modifiers": [{"name": n, "title": MODIFIERS[n].title, "code": icons.MODIFIER_CODES[n],
                       "shape": MODIFIERS[n].shape.value, "summary": MODIFIERS[n].summary,
                       "rule": MODIFIERS[n].rule, "params": list(MODIFIERS[n].params)} for n in MODIFIER_NAMES],
    }


class TemplateProblem(KcalError):
    pass


def _contained_loader_class():
    from jinja2 import FileSystemLoader

    class ContainedLoader(FileSystemLoader):
        """A folder loader that refuses templates reached through a link out of the folder."""

        def get_source(self, environment, template):
            source, filename, uptodate = super().get_source(environment, template)
            root = Path(self.searchpath[0]).resolve()
            real = Path(filename).resolve()
            if root not in real.parents or not real.is_file():
                raise KcalError(f"template {template!r} leads outside the templates folder; refused",
                                file=filename)
            return source, filename, uptodate

    return ContainedLoader


def _ContainedLoader(path: str):  # noqa: N802 - a factory that reads like the class it returns
    return _contained_loader_class()(path)


def _environment(user_dir: Path | None):
    from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    loaders = []
    if user_dir is not None:
        if not user_dir.is_dir():
            raise KcalError(f"{user_dir}: templates folder not found")
        loaders.append(_ContainedLoader(str(user_dir)))
    loaders.append(FileSystemLoader(str(TEMPLATE_DIR)))
    return SandboxedEnvironment(loader=ChoiceLoader(loaders), undefined=StrictUndefined, autoescape=True,
                                trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True)


@contextmanager
def _time_limit(seconds: float, what: str):
    """Interrupt a template that runs too long (main thread only; elsewhere the output cap remains)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def _alarm(signum, frame):
        raise TemplateProblem(f"{what}: template took longer than {seconds:g} s; stopped")

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def render_template(name: str, user_dir: Path | None = None, data: dict | None = None) -> tuple[str, str]:
    """Render one section's template to markup text; return (display name, text)."""
    from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError, UndefinedError
    from jinja2.sandbox import SecurityError

    env = _environment(user_dir)
    fname = f"{name}.j2"
    display = str(user_dir / fname) if user_dir is not None and (user_dir / fname).is_file() else f"templates/{fname}"
    try:
        tmpl = env.get_template(fname)
    except TemplateNotFound:
        raise KcalError(f"{display}: template not found") from None
    except TemplateSyntaxError as exc:
        raise KcalError(f"template syntax error: {exc.message}", file=display, line=exc.lineno) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise KcalError(f"{display}: cannot read template: {exc}") from None
    out: list[str] = []
    size = 0
    started = time.monotonic()
    try:
        with _time_limit(MAX_SECONDS, display):
            for chunk in tmpl.generate(**(data if data is not None else template_data())):
                size += len(chunk)
                if size > MAX_OUTPUT_CHARS:
                    raise KcalError(f"{display}: template output exceeds {MAX_OUTPUT_CHARS:,} characters; stopped")
                if time.monotonic() - started > MAX_SECONDS:
                    raise KcalError(f"{display}: template took longer than {MAX_SECONDS:g} s; stopped")
                out.append(chunk)
    except KcalError:
        raise
    except SecurityError as exc:
        raise KcalError(f"unsafe template operation refused: {exc}", file=display, line=_template_line(exc, fname)) from None
    except UndefinedError as exc:
        raise KcalError(f"undefined name in template: {exc.message}", file=display, line=_template_line(exc, fname)) from None
    except (TemplateError, TypeError, ValueError, ArithmeticError, AttributeError, KeyError, IndexError,
            RecursionError, MemoryError, OverflowError) as exc:
        raise KcalError(f"template failed: {type(exc).__name__}: {exc}", file=display,
                        line=_template_line(exc, fname)) from None
    return display, "".join(out)


def _template_line(exc: BaseException, fname: str) -> int | None:
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(fname):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


# --- markup -> blocks ----------------------------------------------------------------------------


def parse_markup(text: str, display: str, report: Report) -> list[tuple[str, str, tuple]]:
    """Blocks (kind, markup, icon) with inline tags checked; kind is h1, h2, li, p."""
    blocks: list[tuple[str, str, tuple]] = []
    para: list[str] = []
    icon: tuple = ()
    para_line = 0

    def flush() -> None:
        nonlocal para, icon
        if para:
            blocks.append(("p", " ".join(para), icon))
            icon = ()
        para = []

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            flush()
            continue
        _check_inline(line, display, n)
        line = printable(line, f"{display}:{n}", report)
        if line.startswith("## "):
            flush()
            blocks.append(("h2", line[3:], ()))
        elif line.startswith("# "):
            flush()
            blocks.append(("h1", line[2:], ()))
        elif line.startswith("- "):
            flush()
            blocks.append(("li", line[2:], ()))
        elif line.startswith("@"):
            flush()
            icon = _icon_directive(line, display, n)
        else:
            if not para:
                para_line = n
            para.append(line)
    flush()
    _ = para_line
    return blocks


def _check_inline(line: str, display: str, n: int) -> None:
    for m in _TAG.finditer(line):
        tag = m.group(2).lower()
        attrs = m.group(3).strip().rstrip("/").strip()
        if tag not in ALLOWED_TAGS or attrs:
            raise KcalError(f"tag {m.group(0)!r} is not allowed in rulebook text (only <b>, <i>, <br/>)",
                            file=display, line=n, column=m.start() + 1)
    stack: list[str] = []
    for m in _TAG.finditer(line):
        closing, tag = m.group(1), m.group(2).lower()
        if tag == "br":
            continue
        if not closing:
            stack.append(tag)
        elif not stack or stack.pop() != tag:
            raise KcalError(f"unbalanced </{tag}> in rulebook text", file=display, line=n, column=m.start() + 1)
    if stack:
        raise KcalError(f"unclosed <{stack[-1]}> in rulebook text (tags must close on the same line)",
                        file=display, line=n)
    if re.search(r"&(?!(amp|lt|gt|quot|#\d+|#x[0-9a-fA-F]+|apos|#39);)", line):
        raise KcalError("a bare '&' in template text: write &amp;", file=display, line=n)


def _icon_directive(line: str, display: str, n: int) -> tuple:
    parts = line[1:].split()
    try:
        kind = parts[0]
        if kind == "cube" and len(parts) == 3:
            return ("cube", Color(parts[1]), int(parts[2]))
        if kind == "biome" and len(parts) == 2:
            return ("biome", Biome(parts[1]))
        if kind == "modifier" and len(parts) == 2 and parts[1] in MODIFIERS:
            return ("modifier", parts[1])
    except (ValueError, IndexError):
        pass
    raise KcalError(f"unknown directive {line!r} (use @cube COLOUR N, @biome CODE, @modifier NAME)",
                    file=display, line=n)


# --- flowables ----------------------------------------------------------------------------------


def _story(blocks, width: float):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

    base = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=12.5, spaceAfter=5)
    h1 = ParagraphStyle("h1", parent=base, fontName=BOLD, fontSize=17, leading=21, spaceBefore=4, spaceAfter=8,
                        textColor=palette.BACK)
    h2 = ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=12, leading=15, spaceBefore=6, spaceAfter=4)
    li = ParagraphStyle("li", parent=base, leftIndent=12, bulletIndent=2, spaceAfter=3)
    cell = ParagraphStyle("cell", parent=base, spaceAfter=0)

    class Icon(Flowable):
        def __init__(self, spec: tuple):
            super().__init__()
            self.spec = spec
            self.w = mm(14) if spec[0] == "biome" else mm(8)
            self.h = mm(7)

        def wrap(self, aw, ah):
            return self.w, self.h

        def draw(self):
            kind = self.spec[0]
            if kind == "cube":
                icons.cube(self.canv, self.w / 2, self.h / 2, mm(6.5), self.spec[1], self.spec[2])
            elif kind == "biome":
                icons.biome_badge(self.canv, self.w / 2, self.h / 2, mm(13), mm(5), self.spec[1])
            else:
                icons.modifier_icon(self.canv, self.w / 2, self.h / 2, mm(6.5), self.spec[1])

    story = []
    for kind, markup, icon in blocks:
        if kind == "h1":
            if story:
                from reportlab.platypus import CondPageBreak

                story.append(CondPageBreak(mm(60)))
            story.append(Paragraph(markup, h1))
        elif kind == "h2":
            story.append(Paragraph(markup, h2))
        elif kind == "li":
            story.append(Paragraph(markup, li, bulletText="•"))
        elif icon:
            ic = Icon(icon)
            t = Table([[ic, Paragraph(markup, cell)]], colWidths=[ic.w + mm(3), width - ic.w - mm(3)])
            t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]))
            story.append(t)
        else:
            story.append(Paragraph(markup, base))
    story.append(Spacer(1, 1))
    return story


def build_rulebook(out_path: str, opts: SheetOptions, report: Report, user_dir: Path | None, invariant: bool,
                   title: str) -> int:
    """Render every section into ``out_path`` (a temp file); return the page count."""
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

    from kcal.print.fonts import register_fonts

    register_fonts()
    data = template_data()
    blocks = []
    for name in SECTIONS:
        display, text = render_template(name, user_dir, data)
        blocks.extend(parse_markup(text, display, report))
    paper = opts.paper_size
    margin = mm(MARGIN_MM + 9)
    bottom = mm(MARGIN_MM + RULER_STRIP_MM + 4)
    frame_w = paper.width - 2 * margin
    frame = Frame(margin, bottom, frame_w, paper.height - bottom - margin, id="body", showBoundary=0)

    def decorate(c, doc):
        c.saveState()
        ruler(c, mm(MARGIN_MM + 2), mm(MARGIN_MM + 1.5), f"kCaloria rules · page {doc.page} · {opts.paper}")
        c.restoreState()

    doc = BaseDocTemplate(out_path, pagesize=(paper.width, paper.height), invariant=1 if invariant else 0,
                          title=title, author="kcal", creator="kcal", pageCompression=1,
                          initialFontName=REGULAR)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=decorate)])
    from reportlab.platypus.doctemplate import LayoutError

    try:
        doc.build(_story(blocks, frame_w))
    except ValueError as exc:  # Paragraph markup that slipped through
        raise KcalError(f"rulebook markup error: {exc}") from None
    except LayoutError as exc:  # one block taller than a page
        raise KcalError(f"rulebook text cannot be laid out (a block is taller than a page?): {exc}") from None
    return doc.page
