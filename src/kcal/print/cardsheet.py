"""Card sheets from a pack's faces: what every pack's ``print cards`` does after it has made its faces.

A pack gives its :class:`~kcal.print.sheets.Face` list (a ``draw(canvas, box)`` per card, and its back);
:func:`write_card_sheets` lays them out, writes the PDF (and the cut files) atomically with the fonts the
user gave, and returns what the summary reports (the files, pages, grid, sheets); :func:`card_printer`
makes a whole ``print_cards`` of the ``print`` hook (:class:`kcal.core.hooks.PrintHook`) from a function
that gives the faces, for a pack with nothing else to print (docs/packs.md, "Printing").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from kcal.print.cardgrid import DEFAULT_CARD, DEFAULT_CORNER_MM, CardSize, grid_shape
from kcal.print.output import PdfMeta, Printed
from kcal.print.sheets import Face, SheetOptions

Fonts = tuple[str | Path | None, str | Path | None]


class CardSheets(NamedTuple):
    """What :func:`write_card_sheets` wrote: the files (PDFs, then cut files), the page count, the grid
    (``cols``, ``rows``, ``turned`` when the cards lie sideways), the cards a sheet holds and the sheets."""

    files: list[Path]
    pages: int
    cols: int
    rows: int
    turned: bool
    per_sheet: int
    sheets: int

    def grid(self, *, turned_mark: bool = True) -> str:
        """``"3 x 3"``, with `` (turned)`` when the cards lie sideways and ``turned_mark``."""
        return f"{self.cols} x {self.rows}" + (" (turned)" if self.turned and turned_mark else "")


def write_card_sheets(output: str | Path, faces: Sequence[Face], opts: SheetOptions, *, game_name: str,
                      title: str, inputs: Sequence[Path], fonts: Fonts = (None, None), split: int | None = None,
                      cut_svg: bool = False, invariant: bool = True, pair: bool = False,
                      more_pages: Callable[[], list[Any]] | None = None) -> CardSheets:
    """Lay ``faces`` out on sheets and write them: the PDF to ``output`` (``pair``: split files keep a
    front and its back together), the cut files beside it with ``cut_svg``; ``more_pages()`` gives pages
    printed after the cards (EcoLogic's token sheets). Nothing in ``inputs`` is ever replaced."""
    from kcal.print.cutfile import card_cut_files, write_cut_files
    from kcal.print.fonts import override
    from kcal.print.output import write_pdf
    from kcal.print.sheets import chunk_faces, face_pages

    with override(*fonts):
        pages = face_pages(list(faces), opts) if faces else []
        if more_pages is not None:
            pages += more_pages()
        svgs = card_cut_files(list(faces), opts, output, list(inputs)) if cut_svg and faces else []
        paper_size = opts.paper_size
        meta = PdfMeta(title=title, subject=f"{game_name}: {len(faces)} cards",
                       pagesize=(paper_size.width, paper_size.height), invariant=invariant)
        written = write_pdf(pages, output, meta, inputs=list(inputs), split_every=split, pair=pair)
    files = [*written.files, *write_cut_files(svgs, list(inputs))]
    layout, chunks = chunk_faces(list(faces), opts)
    cols, rows = grid_shape(layout)
    return CardSheets(files, written.pages, cols, rows, layout.slots[0].rotated, layout.per_page, len(chunks))


#: a pack's faces: ``faces(catalog, report)`` -> (every face in print order, the files they were made from)
FacesOf = Callable[[str | Path | None, Any], tuple[list[Face], list[Path]]]


def card_printer(game_id: str, game_name: str, faces_of: FacesOf) -> Callable[..., Printed]:
    """A ``print_cards`` for the ``print`` hook: the faces ``faces_of`` gives, with every option every
    pack's cards take (paper, backs, bleed, size, ``--only``, ``--copies``...)."""

    def print_cards(output: str | Path, paper: str = "letter", backs: bool = False, flip: str = "long",
                    bleed: float = 0.0, split: int | None = None, size: str | CardSize = DEFAULT_CARD, *,
                    back_offset: tuple[float, float] = (0.0, 0.0), gutter: float = 0.0,
                    corner: float = DEFAULT_CORNER_MM, catalog: str | Path | None = None, cut_lines: bool = True,
                    crop_marks: bool = True, alignment_page: bool = False, cut_svg: bool = False,
                    fonts: Fonts = (None, None), invariant: bool = True, only: Sequence[str] = (),
                    copies: int = 1) -> Printed:
        from kcal.print.fonts import font_inputs
        from kcal.print.options import card_sheet_options
        from kcal.print.pictures import CREDIT
        from kcal.print.report import Report
        from kcal.print.selection import check_copies, select_faces

        check_copies(copies)
        title = f"{game_name} cards"
        opts = card_sheet_options(paper=paper, size=size, bleed=bleed, backs=backs, flip=flip,
                                  back_offset=back_offset, gutter=gutter, corner=corner, cut_lines=cut_lines,
                                  crop_marks=crop_marks, alignment_page=alignment_page,
                                  title=title)._replace(credit=CREDIT)
        report = Report()
        everything, inputs = faces_of(catalog, report)
        faces = select_faces(everything, only, copies, game=game_name)
        sheets = write_card_sheets(output, faces, opts, game_name=game_name, title=title,
                                   inputs=[*inputs, *font_inputs(fonts)], fonts=fonts, split=split,
                                   cut_svg=cut_svg, invariant=invariant, pair=backs or alignment_page)
        assert opts.card is not None  # card_sheet_options always sets the card size
        kinds = sorted({f.kind for f in faces if f.kind})
        extra = {"game": game_id, "card_size": opts.card.label, "per_sheet": sheets.per_sheet,
                 "grid": sheets.grid(), "sheets": sheets.sheets,
                 **{f"{k.replace(' ', '_')}s": sum(f.kind == k for f in faces) for k in kinds}}
        return Printed(sheets.files, sheets.pages, len(faces), "cards", report.warnings, extra)

    return print_cards
