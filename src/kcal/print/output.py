"""Writing page functions to PDF files: atomic, optionally split, reproducible.

Every file is written to a temp file beside its target and renamed only when *all* parts rendered, so
a failure leaves no partial PDF and an existing file byte-identical. A target that is one of the
inputs (also through a link) is refused before any work. ``invariant`` PDFs carry a fixed date and
ID: the same input gives the same bytes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from kcal import __version__
from kcal.core.atomic import OutputTransaction, check_output_path
from kcal.core.errors import KcalError, UsageError
from kcal.print.fonts import REGULAR, register_fonts

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PageFn = Callable[[object], None]


class PdfMeta(NamedTuple):
    title: str = "kcal print-and-play"
    subject: str = ""
    pagesize: tuple[float, float] = (612.0, 792.0)
    invariant: bool = True


class Printed:
    """What a pack's print command made: the files, the pages, how many faces (``count`` of ``noun``;
    no noun, no count), every warning, and any figures of the pack's own (``extra``); :meth:`as_dict`
    is the JSON."""

    def __init__(self, files: list[Path], pages: int, count: int = 0, noun: str = "cards",
                 warnings: list[str] | None = None, extra: dict | None = None) -> None:
        self.files = files
        self.pages = pages
        self.count = count
        self.noun = noun
        self.warnings: list[str] = [] if warnings is None else warnings
        self.extra: dict = {} if extra is None else extra

    def __repr__(self) -> str:
        return (f"Printed(files={self.files!r}, pages={self.pages}, count={self.count}, noun={self.noun!r}, "
                f"warnings={self.warnings!r})")

    def as_dict(self) -> dict:
        counted = {self.noun.replace(" ", "_"): self.count} if self.noun else {}  # a JSON key: "board_sides"
        return {**self.extra, "files": [str(f) for f in self.files], "pages": self.pages, **counted,
                "warnings": list(self.warnings)}


class Written:
    def __init__(self, files: list[Path] | None = None, pages: int = 0) -> None:
        self.files: list[Path] = [] if files is None else files
        self.pages = pages

    def __repr__(self) -> str:
        return f"Written(files={self.files!r}, pages={self.pages!r})"


def part_paths(out: Path, parts: int) -> list[Path]:
    if parts <= 1:
        return [out]
    return [out.with_name(f"{out.stem}-{i}{out.suffix or '.pdf'}") for i in range(1, parts + 1)]


def require_suffix(out: str | Path, suffix: str) -> Path:
    """The output path, if it names the file type that will be written (``.pdf``, ``.png``)."""
    path = Path(out)
    if path.suffix.lower() != suffix:
        kind = suffix.lstrip(".").upper()
        raise UsageError(f"{out}: this writes a {kind} file; name the output with {suffix}")
    return path


def split_points(npages: int, every: int | None, pair: bool) -> list[tuple[int, int]]:
    """Page ranges of each part; with duplex pairs a part always holds whole front/back pairs."""
    if every is not None and every < 1:
        raise UsageError(f"--split must be 1 or more pages, not {every}")
    if every is None or every >= npages:
        return [(0, npages)]
    if pair and every % 2:
        every += 1
    return [(i, min(npages, i + every)) for i in range(0, npages, every)]


Rect = tuple[float, float, float, float]  #: x0, y0, x1, y1 in points


def set_page_boxes(c: Canvas, trim: Rect | None = None, bleed: float = 0.0) -> None:
    """Give the page being drawn a TrimBox and a BleedBox (print shops and imposition tools read them).

    ``trim``: where the sheet is cut, i.e. the box around the faces' cut lines (None: the whole page,
    for pages that are not cut: rule sheets, reports, the alignment test). The BleedBox is the TrimBox
    grown by ``bleed`` on every side, kept on the page. ReportLab keeps a box for the following pages,
    so :func:`write_pdf` resets both before every page.
    """
    w, h = c._pagesize
    x0, y0, x1, y1 = trim if trim is not None else (0.0, 0.0, w, h)
    x0, y0, x1, y1 = max(0.0, x0), max(0.0, y0), min(w, x1), min(h, y1)
    grown = (max(0.0, x0 - bleed), max(0.0, y0 - bleed), min(w, x1 + bleed), min(h, y1 + bleed))
    c.setTrimBox(tuple(round(v, 3) for v in (x0, y0, x1, y1)))
    c.setBleedBox(tuple(round(v, 3) for v in grown))


@contextlib.contextmanager
def writing(target: str | Path) -> Iterator[None]:
    """An operating-system error while a file is being written (a full disk, a quota, an I/O error)
    becomes ``cannot write TARGET: No space left on device``, exit 2, like every other print output."""
    try:
        yield
    except OSError as exc:
        raise KcalError(f"cannot write {target}: {exc.strerror or exc}") from None


@contextlib.contextmanager
def binary_streams() -> Iterator[None]:
    """Compressed streams without the ASCII85 layer: 20 % smaller files, and much faster to write."""
    from reportlab import rl_config

    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = old


def write_pdf(pages: Sequence[PageFn], out: str | Path, meta: PdfMeta, *, inputs: Sequence[str | Path] = (),
              split_every: int | None = None, pair: bool = False, tx: OutputTransaction | None = None) -> Written:
    """Render ``pages`` into ``out`` (or ``out-1.pdf``, ``out-2.pdf``... when split).

    The parts are one :class:`~kcal.core.atomic.OutputTransaction`: all land, or none does. Pass ``tx``
    to add them to a transaction of the caller's (which then commits them with its other files)."""
    from reportlab.pdfgen.canvas import Canvas

    if not pages:
        raise KcalError("nothing to print")

    check_output_path(out, inputs=inputs)  # an input or a directory is the graver mistake: say it first
    out = require_suffix(out, ".pdf")
    ranges = split_points(len(pages), split_every, pair)
    targets = part_paths(out, len(ranges))
    for t in targets:  # every check before any work
        check_output_path(t, inputs=inputs)
    register_fonts()
    written = Written()
    with contextlib.ExitStack() as stack:
        stack.enter_context(binary_streams())
        if tx is None:
            tx = stack.enter_context(OutputTransaction(inputs=inputs))
        for target, (a, b) in zip(targets, ranges, strict=True):
            tmp = tx.add(target)
            c = Canvas(str(tmp), pagesize=meta.pagesize, invariant=1 if meta.invariant else 0,
                       pageCompression=1, initialFontName=REGULAR)
            c.setTitle(meta.title if len(ranges) == 1 else f"{meta.title} (part {targets.index(target) + 1}/{len(ranges)})")
            c.setAuthor("kcal")
            c.setCreator(f"kcal {__version__}")
            c.setSubject(meta.subject)
            for page in pages[a:b]:
                set_page_boxes(c)  # a page that cuts faces narrows them to its cut lines
                page(c)
                c.showPage()
                written.pages += 1
            try:
                c.save()
            except OSError as exc:
                raise KcalError(f"cannot write {target}: {exc.strerror or exc}") from None
            written.files.append(target)
    return written
