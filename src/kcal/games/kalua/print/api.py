"""The ``print`` hook of Kalua: the cards, the board and the reference sheets as PDFs.

``print_cards`` prints the 50 action cards and the 5 player help cards at a real card size (poker,
63 x 88 mm, by default), fronts and (with ``backs``) their backs: the bonus deck and the disaster deck
have different backs, a help card's back is its god's colour. The decks share sheets (each card's back is
printed behind it), so the cards fill every sheet but the last; ``only`` and ``copies`` reprint one card or
one deck (:mod:`kcal.print.selection`). The shared sheet conventions apply (cut lines, crop marks, ruler, bleed,
duplex backs, the alignment page, split files, cut files). ``print_board`` prints the board (the
happiness track and the island, 380 x 480 mm) tiled across Letter or A4 sheets with glue strips and
cut lines (:mod:`.board`). ``print_rulebook`` prints the reference sheets from the pack's templates.
Each loads and checks its inputs first, writes atomically, and returns a
:class:`~kcal.print.output.Printed` with every warning.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from kcal.core.errors import UsageError
from kcal.games.kalua.files.cardset import CardSet
from kcal.games.kalua.print.faces import (
    Context,
    draw_action,
    draw_bonus_back,
    draw_disaster_back,
    draw_help,
    draw_help_back,
)
from kcal.games.kalua.rules.domain import GAME_ID, GAME_NAME, Kind
from kcal.print.cardgrid import DEFAULT_CARD, DEFAULT_CORNER_MM, CardSize
from kcal.print.cardsheet import write_card_sheets
from kcal.print.export import ExportSet
from kcal.print.output import PdfMeta, Printed, write_pdf
from kcal.print.pictures import CREDIT
from kcal.print.report import Report
from kcal.print.sheets import Box, Face, FaceDraw
from kcal.print.sourced import sourced


def _action(c: Any, box: Any, *, entry: Any, ctx: Any) -> None:
    draw_action(c, box, entry, ctx)


def _help(c: Any, box: Any, *, help_card: Any, index: int, ctx: Any) -> None:
    draw_help(c, box, help_card, index, ctx)


def _help_back(c: Any, box: Any, *, help_card: Any, title: str, report: Any) -> None:
    draw_help_back(c, box, help_card, title, report)

def load_doc(catalog: str | Path | None) -> tuple[CardSet, Path, Any]:
    """The card set (built-in when None), its file, and the file as parsed (for positions)."""
    from kcal.games.kalua.files.load import BUILTIN_PATH, load_catalog, read_set_file

    cardset = load_catalog(catalog)
    path = BUILTIN_PATH if catalog is None or str(catalog) == "builtin" else Path(catalog)
    doc, _ = read_set_file(path)
    # the set's name as written in the file: a character the font lacks in it is reported there, on any sheet
    return replace(cardset, name=sourced(cardset.name, doc, ("set", "name"), "set name")), path, doc


def load_set(catalog: str | Path | None) -> tuple[CardSet, Path, Any]:
    """The card set (built-in when None) and where each of its cards' fields is written."""
    cardset, path, doc = load_doc(catalog)
    index = {c.name: i for i, c in enumerate(cardset.model.cards)}

    def locate(name: str, key: str) -> str:
        if name in ("set", "board island"):  # the set's name, the island's name (the board)
            line, column = doc.pos(("set", key) if name == "set" else ("board", "island", key))
            return f"{doc.path}:{line}:{column}: {'card set' if name == 'set' else name} {key}"
        if name.startswith("help card "):
            n = int(name.rsplit(" ", 1)[1]) - 1
            field, _, item = key.partition("[")
            loc: tuple[str | int, ...] = ("help_cards", n, field) + ((int(item.rstrip("]")),) if item else ())
            line, column = doc.pos(loc)
            return f"{doc.path}:{line}:{column}: {name} {key}"
        line, column = doc.pos(("cards", index.get(name, 0), key))
        return f"{doc.path}:{line}:{column}: card {name} {key}"

    return cardset, path, locate


def _title(cardset: CardSet) -> str:
    return cardset.name if cardset.variant else GAME_NAME


def card_groups(cardset: CardSet, ctx: Context, help_cards: bool = True) -> list[tuple[str, list[Face]]]:
    """Every face in print order, by deck: the bonus deck, the disaster deck (local, then global), the
    player help cards. Every copy is a face; copies share one drawing."""
    title = _title(cardset)
    report = ctx.report

    def bonus_back(c: Any, box: Box) -> None:
        draw_bonus_back(c, box, title, report)

    def disaster_back(c: Any, box: Box) -> None:
        draw_disaster_back(c, box, title, report)

    def faces_of(kinds: Sequence[Kind], back: FaceDraw, back_key: str, deck: str) -> list[Face]:
        out: list[Face] = []
        for kind in kinds:
            for d in cardset.by_kind(kind):
                face = Face(key=f"kalua-{d.index}", draw=functools.partial(_action, entry=d.entry, ctx=ctx),
                            back=back, back_key=back_key, label=d.name, kind=deck)
                out += [face] * d.copies
        return out

    groups = [("bonus deck", faces_of([Kind.BONUS], bonus_back, "kalua-back-bonus", "bonus deck")),
              ("disaster deck", faces_of([Kind.LOCAL, Kind.GLOBAL], disaster_back, "kalua-back-disaster",
                                         "disaster deck"))]
    if help_cards and cardset.model.help_cards:
        helps = [Face(key=f"kalua-help-{i}", draw=functools.partial(_help, help_card=h, index=i, ctx=ctx),
                      back=functools.partial(_help_back, help_card=h, title=title, report=report),
                      back_key=f"kalua-help-back-{h.colour}", label=f"help card {h.colour}",
                      kind="player help card")
                 for i, h in enumerate(cardset.model.help_cards)]
        groups.append(("player help cards", helps))
    return [(label, faces) for label, faces in groups if faces]


def print_cards(output: str | Path, paper: str = "letter", backs: bool = False, flip: str = "long",
                bleed: float = 0.0, split: int | None = None, size: str | CardSize = DEFAULT_CARD, *,
                back_offset: tuple[float, float] = (0.0, 0.0), gutter: float = 0.0,
                corner: float = DEFAULT_CORNER_MM, catalog: str | Path | None = None, help_cards: bool = True,
                cut_lines: bool = True, crop_marks: bool = True, alignment_page: bool = False,
                cut_svg: bool = False, fonts: tuple[str | Path | None, str | Path | None] = (None, None),
                invariant: bool = True, only: Sequence[str] = (), copies: int = 1) -> Printed:
    """Print every action card of the set (each copy) and the player help cards at ``size``; ``only`` and
    ``copies`` choose what (:func:`kcal.print.selection.select_faces`)."""
    from kcal.print.options import card_sheet_options
    from kcal.print.selection import check_copies, select_faces

    check_copies(copies)
    cardset, set_path, locate = load_set(catalog)
    title = f"{GAME_NAME} cards" + (f" ({cardset.code})" if cardset.variant else "")
    opts = card_sheet_options(paper=paper, size=size, bleed=bleed, backs=backs, flip=flip, back_offset=back_offset,
                              gutter=gutter, corner=corner, cut_lines=cut_lines, crop_marks=crop_marks,
                              alignment_page=alignment_page, title=title)._replace(credit=CREDIT)
    ctx = Context(Report(), locate)
    groups = card_groups(cardset, ctx, help_cards)
    faces = select_faces([f for _, group in groups for f in group], only, copies, game=GAME_NAME)
    sheets = write_card_sheets(output, faces, opts, game_name=GAME_NAME, title=title, inputs=[set_path], fonts=fonts,
                               split=split, cut_svg=cut_svg, invariant=invariant, pair=backs or alignment_page)
    counts = {label.replace(" ", "_"): sum(f.kind == group[0].kind for f in faces) for label, group in groups}
    extra = {"game": GAME_ID, "card_size": opts.card.label if opts.card else "", "per_sheet": sheets.per_sheet,
             "grid": sheets.grid(), "sheets": sheets.sheets,
             "action_cards": sum(f.kind != "player help card" for f in faces), **counts}
    return Printed(sheets.files, sheets.pages, len(faces), "cards", ctx.report.warnings, extra)


def print_board(output: str | Path, paper: str = "letter", *, catalog: str | Path | None = None,
                split: int | None = None, invariant: bool = True, only: Sequence[str] = (),
                copies: int = 1) -> Printed:
    """The board (happiness track and island, 380 x 480 mm) tiled across ``paper`` sheets.

    ``only`` and ``copies`` are refused: the sheets are pieces of one board, glued together, not boards a
    player loses one of (docs/printing.md, "Reprinting a board").
    """
    asked = [name for name, used in (("--only", bool(only)), ("--copies", copies != 1)) if used]
    if asked:
        raise UsageError(f"{', '.join(asked)}: {GAME_NAME} has one board, tiled across sheets you glue "
                         "together, so there is no board to choose; a sheet spoiled before gluing is a page of "
                         "the PDF (its name is on it): reprint that page with your printer's page range")
    from kcal.games.kalua.print.board import BOARD_H_MM, BOARD_W_MM, OVERLAP_MM, board_pages
    from kcal.print.layout import PAPERS
    from kcal.print.options import check_paper

    paper_size = PAPERS[check_paper(paper)]
    cardset, set_path, locate = load_set(catalog)
    report = Report()
    tiles, pages = board_pages(cardset.model.board, paper_size, cardset.name, report,
                               (locate("board island", "name"), locate("set", "name")))
    meta = PdfMeta(title=f"{GAME_NAME} board", subject=f"{GAME_NAME}: the board on {tiles.sheets} sheets",
                   pagesize=(tiles.paper.width, tiles.paper.height), invariant=invariant)
    written = write_pdf(pages, output, meta, inputs=[set_path], split_every=split)
    extra = {"game": GAME_ID, "board_mm": f"{BOARD_W_MM:g} x {BOARD_H_MM:g}", "grid": f"{tiles.rows} x {tiles.cols}",
             "sheets": tiles.sheets, "orientation": "landscape" if tiles.landscape else "portrait",
             "overlap_mm": OVERLAP_MM}
    return Printed(list(written.files), written.pages, 0, "", report.warnings, extra)


def print_rulebook(output: str | Path, paper: str = "letter", *, templates: str | Path | None = None,
                   catalog: str | Path | None = None, invariant: bool = True) -> Printed:
    """The reference sheets: the game, setup, a turn (the five phases), the end, the card list."""
    from kcal.games.kalua.print.rulebook import build
    from kcal.print.rulebook import Drawing, reference_sheets

    def prepare() -> Drawing:
        cardset, set_path, doc = load_doc(catalog)
        return [set_path], lambda out, size, report, tdir: build(out, size, cardset, report, tdir, invariant, doc)

    return reference_sheets(output, paper, templates, GAME_ID, prepare)


def export_cards(source: Path | None, *, size: str | None, bleed: float) -> ExportSet:
    """The cards to export (``kcal export tts|png``): the bonus deck, the disaster deck and the player help
    cards, each a deck, of the built-in set or the card-set file ``source``."""
    from kcal.print.options import card_sheet_options

    cardset, set_path, locate = load_set(source)
    ctx = Context(Report(), locate)
    title = _title(cardset)
    opts = card_sheet_options(size=size or DEFAULT_CARD, bleed=bleed, title=title)
    return ExportSet(GAME_ID, title, card_groups(cardset, ctx), opts, [set_path], ctx.report.warnings)
