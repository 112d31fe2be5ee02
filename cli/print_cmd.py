"""``kcal print``: print-and-play PDFs (deck, catalog proofs, player aids, rulebook) and tile previews.

Only typer and light kcal modules are imported here; ReportLab and Pillow load inside the commands.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded
from kcal.core.errors import UsageError

app = typer.Typer(no_args_is_help=True, help="Render print-and-play PDFs and previews.")


class PaperChoice(StrEnum):
    letter = "letter"
    a4 = "a4"


class FlipChoice(StrEnum):
    long = "long"
    short = "short"


OutOption = typer.Option(..., "--output", "-o", help="File to write (written atomically; an input is never overwritten).")
PaperOption = typer.Option(PaperChoice.letter, "--paper", help="Paper size.")
BacksOption = typer.Option(False, "--backs", help="Add a back page after each front page, mirrored for duplex.")
FlipOption = typer.Option(FlipChoice.long, "--flip", help="Duplex flip edge of your printer (long or short).")
OffsetOption = typer.Option("0,0", "--back-offset", metavar="X,Y",
                            help="Move the backs by X,Y millimetres as seen from the front (x right, y up) "
                                 "to cancel printer drift; read it off the alignment test sheet.")
BleedOption = typer.Option(False, "--bleed", help="Print a bleed around each tile (see --bleed-size).")
BleedSizeOption = typer.Option(3.0, "--bleed-size", metavar="MM", help="Bleed width when --bleed is on.")
TileSizeOption = typer.Option(64.0, "--tile-size", metavar="MM", help="Tile size across the flats, in millimetres.")
SplitOption = typer.Option(None, "--split", metavar="N", help="Write a new file every N pages (OUT-1.pdf, OUT-2.pdf...).")
AlignOption = typer.Option(False, "--alignment-page", help="Start with a duplex alignment test sheet.")
CutOption = typer.Option(True, "--cut-lines/--no-cut-lines", help="Draw the cut line around each tile.")
CropOption = typer.Option(True, "--crop-marks/--no-crop-marks", help="Draw crop ticks at the tiles' corners.")
CatalogOption = typer.Option([], "--catalog", metavar="PATH", help="Extra catalog file (repeatable).")
FontOption = typer.Option(None, "--font", metavar="TTF",
                          help="Print with this TrueType font instead of DejaVu Sans (e.g. one with CJK glyphs).")
BoldFontOption = typer.Option(None, "--bold-font", metavar="TTF", help="Bold face to go with --font (default: --font).")
CutSvgOption = typer.Option(False, "--cut-svg", help="Also write OUT-cut-N.svg: sheet N's cut lines for a cutting machine.")
DeckArgument = typer.Argument(..., help="Deck file (YAML).")
CatalogsArgument = typer.Argument(None, help="Catalog files (default: the built-in catalogs).")
TemplatesOption = typer.Option(None, "--templates", help="Folder of your own .j2 templates (sandboxed).")
NameArgument = typer.Argument(..., help="Tile name (case and spacing do not matter).")
DpiOption = typer.Option(200, "--dpi", help="Resolution of the PNG.")


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset expects X,Y in millimetres (e.g. 0.5,-1), not {text!r}") from None
    return x, y


def _report(result, fmt: OutputFormat, what: str) -> None:
    data = result.as_dict()
    for w in data["warnings"]:
        typer.echo(f"warning: {w}", err=True)

    def text(d: dict) -> str:
        files = ", ".join(d["files"])
        extra = f", {d['tiles']} {what}" if d["tiles"] else ""
        return f"wrote {files}: {d['pages']} page{'s' if d['pages'] != 1 else ''}{extra}"

    emit(data, fmt, text)


def _sheet_kwargs(paper, backs, flip, back_offset, bleed, tile_size, alignment_page, cut_lines, crop_marks) -> dict:
    return dict(paper=paper.value, backs=backs, flip=flip.value, back_offset=_offset(back_offset), bleed=bleed,
                tile_size=tile_size, alignment_page=alignment_page, cut_lines=cut_lines, crop_marks=crop_marks)


@app.command("deck")
def deck_cmd(
    deck: Path = DeckArgument,
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    backs: bool = BacksOption,
    flip: FlipChoice = FlipOption,
    back_offset: str = OffsetOption,
    bleed: bool = BleedOption,
    bleed_size: float = BleedSizeOption,
    tile_size: float = TileSizeOption,
    split: int | None = SplitOption,
    alignment_page: bool = AlignOption,
    cut_lines: bool = CutOption,
    crop_marks: bool = CropOption,
    cut_svg: bool = CutSvgOption,
    font: Path | None = FontOption,
    bold_font: Path | None = BoldFontOption,
    catalog: list[Path] = CatalogOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Print every tile of DECK at true size, ready to cut."""
    with guarded():
        from kcal.games.kcaloria.print.api import render_deck_pdf

        result = render_deck_pdf(deck, output, catalogs=catalog, split_every=split, cut_svg=cut_svg,
                                 fonts=(font, bold_font),
                                 **_sheet_kwargs(paper, backs, flip, back_offset, bleed_size if bleed else 0.0, tile_size,
                                                 alignment_page, cut_lines, crop_marks))
        _report(result, fmt, "tiles")


@app.command("catalog")
def catalog_cmd(
    catalogs: list[Path] = CatalogsArgument,
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    backs: bool = BacksOption,
    flip: FlipChoice = FlipOption,
    back_offset: str = OffsetOption,
    bleed: bool = BleedOption,
    bleed_size: float = BleedSizeOption,
    tile_size: float = TileSizeOption,
    split: int | None = SplitOption,
    cut_lines: bool = CutOption,
    crop_marks: bool = CropOption,
    cut_svg: bool = CutSvgOption,
    font: Path | None = FontOption,
    bold_font: Path | None = BoldFontOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Proof sheets: one of each tile, grouped by tile type."""
    with guarded():
        from kcal.games.kcaloria.print.api import render_catalog_pdf

        result = render_catalog_pdf(catalogs or None, output, split_every=split, cut_svg=cut_svg,
                                    fonts=(font, bold_font),
                                    **_sheet_kwargs(paper, backs, flip, back_offset, bleed_size if bleed else 0.0, tile_size,
                                                    False, cut_lines, crop_marks))
        _report(result, fmt, "tiles")


@app.command("cards")
def cards_cmd(
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    backs: bool = BacksOption,
    flip: FlipChoice = FlipOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Player-aid cards at poker size (63 x 88 mm)."""
    with guarded():
        from kcal.games.kcaloria.print.api import render_cards_pdf

        _report(render_cards_pdf(output, paper=paper.value, backs=backs, flip=flip.value), fmt, "cards")


@app.command("rulebook")
def rulebook_cmd(
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    templates: Path | None = TemplatesOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Rulebook sheets from the Jinja2 templates and the schema's data."""
    with guarded():
        from kcal.games.kcaloria.print.api import render_rulebook_pdf

        _report(render_rulebook_pdf(output, paper=paper.value, templates=templates), fmt, "")


@app.command("tile")
def tile_cmd(
    name: str = NameArgument,
    output: Path = OutOption,
    dpi: int = DpiOption,
    tile_size: float = TileSizeOption,
    font: Path | None = FontOption,
    bold_font: Path | None = BoldFontOption,
    catalog: list[Path] = CatalogOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """A PNG preview of one tile, for sharing."""
    with guarded():
        from kcal.games.kcaloria.print.api import render_tile_png

        _report(render_tile_png(name, output, catalogs=catalog, dpi=dpi, tile_size=tile_size,
                                fonts=(font, bold_font)), fmt, "tile")


@app.command("alignment")
def alignment_cmd(
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    flip: FlipChoice = FlipOption,
    back_offset: str = OffsetOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Just the duplex alignment test sheet (front and back)."""
    with guarded():
        from kcal.games.kcaloria.print.api import render_alignment_pdf

        _report(render_alignment_pdf(output, paper=paper.value, flip=flip.value, back_offset=_offset(back_offset)),
                fmt, "")
