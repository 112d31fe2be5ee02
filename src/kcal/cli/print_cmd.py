"""``kcal print``: print-and-play PDFs (deck, catalog proofs, cards, rulebook) and tile previews.

``print cards``, ``print rulebook`` and ``print board`` serve every pack: they dispatch to the pack's
``print`` hook (``--game ID``, else the default game). The packs add their own print commands (kCaloria:
``print deck|catalog|tile|alignment``, its hex tiles). Only typer and light kcal modules are imported here; ReportLab and
Pillow load inside the commands.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from kcal.cli.common import ForceOption as ForceOption
from kcal.cli.common import (
    FormatOption,
    GameOption,
    OutputFormat,
    contribute,
    emit,
    guarded,
    pack_of,
    writing,
)
from kcal.cli.complete import complete_card
from kcal.core.errors import UsageError
from kcal.core.text import shown_path

app = typer.Typer(no_args_is_help=True, help="Render print-and-play PDFs and previews.")


class PaperChoice(StrEnum):
    letter = "letter"
    a4 = "a4"


class FlipChoice(StrEnum):
    long = "long"
    short = "short"


OutOption = typer.Option(..., "--output", "-o", help="File to write (written atomically; kcal replaces its own "
                         "earlier output, anything else only with --force; an input never).")
PaperOption = typer.Option(PaperChoice.letter, "--paper", help="Paper size.")
BacksOption = typer.Option(False, "--backs", help="Add a back page after each front page, mirrored for duplex.")
FlipOption = typer.Option(FlipChoice.long, "--flip", help="Duplex flip edge of your printer (long or short).")
OffsetOption = typer.Option("0,0", "--back-offset", metavar="X,Y",
                            help="Move the backs by X,Y millimetres as seen from the front (x right, y up) "
                                 "to cancel printer drift; read it off the alignment test sheet.")
BleedOption = typer.Option(0.0, "--bleed", metavar="MM",
                           help="Bleed around each face in millimetres: the art runs past the cut line (e.g. 3; "
                                "0: none).")
TileSizeOption = typer.Option(64.0, "--size", metavar="MM", help="Tile size across the flats, in millimetres.")
SplitOption = typer.Option(None, "--split", metavar="N", help="Write a new file every N pages (OUT-1.pdf, OUT-2.pdf...).")
AlignOption = typer.Option(False, "--alignment-page", help="Start with a duplex alignment test sheet.")
CutOption = typer.Option(True, "--cut-lines/--no-cut-lines", help="Draw the cut line around each tile.")
CropOption = typer.Option(True, "--crop-marks/--no-crop-marks", help="Draw crop ticks at the tiles' corners.")
CatalogOption = typer.Option([], "--catalog", "-c", metavar="PATH", help="Extra catalog file (repeatable).")
FontOption = typer.Option(None, "--font", metavar="TTF",
                          help="Print with this TrueType font instead of DejaVu Sans (e.g. one with CJK glyphs).")
BoldFontOption = typer.Option(None, "--bold-font", metavar="TTF", help="Bold face to go with --font (default: --font).")
CutSvgOption = typer.Option(False, "--cut-svg", help="Also write OUT-cut-N.svg: sheet N's cut lines for a cutting machine.")
DeckArgument = typer.Argument(..., help="Deck file (YAML).")
CatalogsArgument = typer.Argument(None, help="Catalog files (default: the built-in catalogs).")
TemplatesOption = typer.Option(None, "--templates", help="Folder of your own .j2 templates (sandboxed).")
NameArgument = typer.Argument(..., metavar="NAME", autocompletion=complete_card,
                              help="Tile name, id or common name (case and spacing do not matter).")
DpiOption = typer.Option(200, "--dpi", help="Resolution of the PNG.")
CardSizeOption = typer.Option("poker", "--size", metavar="SIZE",
                              help="poker (63x88), bridge (57x89), tarot (70x120), mini (44x63), square (70x70), "
                                   "or WxH in millimetres.")
GutterOption = typer.Option(0.0, "--gutter", metavar="MM", help="Extra space between cards (cards share cut lines at 0).")
CardCutOption = typer.Option(True, "--cut-lines/--no-cut-lines", help="Draw the cut line around each card.")
CardCropOption = typer.Option(True, "--crop-marks/--no-crop-marks", help="Draw crop marks outside the card grid.")
OnlyOption = typer.Option([], "--only", metavar="NAME|KIND",
                          help="Print only this card (one of it, by any of its names) or this kind of card (as the "
                               "set has it); repeatable. Reprints a lost card.")
TileOnlyOption = typer.Option([], "--only", metavar="NAME|KIND",
                              help="Print only this tile (one of it, by its name, common name or id) or this tile "
                                   "type (water, plant...; every such tile as the deck or catalog has it); "
                                   "repeatable. Reprints a lost tile.")
BoardOnlyOption = typer.Option([], "--only", metavar="NAME|KIND",
                               help="Print only this board (one of it, by its id, e.g. B07, or its habitats); "
                                    "repeatable. Reprints a lost board (games whose boards are separate sheets).")
CopiesOption = typer.Option(1, "--copies", metavar="N", help="Print what you chose N times (1 to 20).")
CardSetOption = typer.Option(None, "--card-set", metavar="PATH",
                             help="A card-set file of the game to print instead of its built-in set (a house rule).")


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset expects X,Y in millimetres (e.g. 0.5,-1), not {text!r}") from None
    return x, y


def _report(result: Any, fmt: OutputFormat, what: str) -> None:
    data = result.as_dict()
    from kcal.cli.output import warn

    for w in data["warnings"]:
        warn(w)  # "warning: ...", yellow on a terminal

    def text(d: dict) -> str:
        files = ", ".join(shown_path(f) for f in d["files"])
        count = d.get("tiles", d.get(what, 0)) if what else 0
        noun = what[:-1] if count == 1 and what.endswith("s") else what
        extra = f", {count} {noun}" if count else ""
        sheets = f"{d.get('sheets')} sheet{'s' if d.get('sheets') != 1 else ''}"
        duplex = f" on {sheets}: print double-sided" if d.get("duplex") else ""
        return f"wrote {files}: {d['pages']} page{'s' if d['pages'] != 1 else ''}{extra}{duplex}"

    emit(data, fmt, text)


def _sheet_kwargs(paper: PaperChoice, backs: bool, flip: FlipChoice, back_offset: str, bleed: float,
                  tile_size: float, alignment_page: bool, cut_lines: bool,
                  crop_marks: bool) -> dict[str, Any]:
    """The tile-sheet options of a print command, ``--bleed`` checked under its name."""
    from kcal.print.options import MAX_BLEED_MM, check_length

    bleed = check_length(bleed, "--bleed", MAX_BLEED_MM)
    return dict(paper=paper.value, backs=backs, flip=flip.value, back_offset=_offset(back_offset), bleed=bleed,
                tile_size=tile_size, alignment_page=alignment_page, cut_lines=cut_lines, crop_marks=crop_marks)


@app.command("cards")
def cards_cmd(
    output: Path = OutOption,
    game: str | None = GameOption,
    paper: PaperChoice = PaperOption,
    backs: bool = BacksOption,
    flip: FlipChoice = FlipOption,
    back_offset: str = OffsetOption,
    bleed: float = BleedOption,
    card_size: str = CardSizeOption,
    gutter: float = GutterOption,
    split: int | None = SplitOption,
    alignment_page: bool = AlignOption,
    cut_lines: bool = CardCutOption,
    crop_marks: bool = CardCropOption,
    cut_svg: bool = CutSvgOption,
    font: Path | None = FontOption,
    bold_font: Path | None = BoldFontOption,
    card_set: Path | None = CardSetOption,
    only: list[str] = OnlyOption,
    copies: int = CopiesOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Every card of a game at true size, fronts and backs.

    --only NAME|KIND and --copies N reprint one card, one kind, or several sets; the cards fill the sheets.
    """
    with guarded(), writing(force):
        result = pack_of(game).hook("print").print_cards(
            output, paper=paper.value, backs=backs, flip=flip.value, bleed=bleed, split=split, size=card_size,
            back_offset=_offset(back_offset), gutter=gutter, catalog=card_set, cut_lines=cut_lines,
            crop_marks=crop_marks, alignment_page=alignment_page, cut_svg=cut_svg, fonts=(font, bold_font),
            only=tuple(only), copies=copies)
        _report(result, fmt, "cards")


@app.command("rulebook")
def rulebook_cmd(
    output: Path = OutOption,
    game: str | None = GameOption,
    paper: PaperChoice = PaperOption,
    templates: Path | None = TemplatesOption,
    card_set: Path | None = CardSetOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Rulebook and reference sheets from the game's templates.

    Rendered from the game's Jinja2 templates (or --templates) and its data.
    """
    with guarded(), writing(force):
        pack = pack_of(game)
        hook = pack.hook("print")
        if not hasattr(hook, "print_rulebook"):
            raise UsageError(f"{pack.info.name} ({pack.id}) has no rulebook to print")
        _report(hook.print_rulebook(output, paper=paper.value, templates=templates, catalog=card_set), fmt, "")


@app.command("board")
def board_cmd(
    output: Path = OutOption,
    game: str | None = GameOption,
    paper: PaperChoice = PaperOption,
    split: int | None = SplitOption,
    card_set: Path | None = CardSetOption,
    only: list[str] = BoardOnlyOption,
    copies: int = CopiesOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """A game's board or boards at full size.

    A board larger than the paper is tiled across sheets with glue strips, cut lines, sheet names and a
    ruler. --only NAME and --copies N reprint one board where a game has several, each a sheet of its own.
    """
    with guarded(), writing(force):
        pack = pack_of(game)
        hook = pack.hook("print")
        if not hasattr(hook, "print_board"):
            raise UsageError(f"{pack.info.name} ({pack.id}) has no board to print")
        _report(hook.print_board(output, paper=paper.value, catalog=card_set, split=split, only=tuple(only),
                                 copies=copies), fmt, "")


# the commands the installed packs add to ``kcal print`` (kCaloria: deck, catalog, tile, alignment)
contribute(app, "print")
