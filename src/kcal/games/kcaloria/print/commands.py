"""kCaloria's own ``kcal print`` commands: ``deck``, ``catalog`` (proof sheets), ``tile`` (a PNG preview)
and ``alignment`` (the duplex test sheet) print hex tiles, which only this game has. The pack contributes
them to ``kcal print`` (the ``kcal.commands`` entry point ``print.kcaloria``), beside the ``print cards``,
``print rulebook`` and ``print board`` every pack has. Only typer and light kcal modules are imported
here; ReportLab and Pillow load inside the commands.
"""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, guarded, refuse_other_game, writing
from kcal.cli.options import (
    AlignOption,
    BacksOption,
    BleedOption,
    BoldFontOption,
    CatalogsArgument,
    CopiesOption,
    CropOption,
    CutOption,
    CutSvgOption,
    DeckArgument,
    DpiOption,
    FlipChoice,
    FlipOption,
    FontOption,
    ForceOption,
    NameArgument,
    OffsetOption,
    OutOption,
    PaperChoice,
    PaperOption,
    PrintCatalogOption,
    SplitOption,
    TileOnlyOption,
    TileSizeOption,
    back_offset_of,
    report_printed,
    sheet_kwargs,
)
from kcal.games.kcaloria import PACK

app = typer.Typer(rich_markup_mode=None)


@app.command("deck")
def deck_cmd(
    deck: Path = DeckArgument,
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    backs: bool = BacksOption,
    flip: FlipChoice = FlipOption,
    back_offset: str = OffsetOption,
    bleed: float = BleedOption,
    tile_size: float = TileSizeOption,
    split: int | None = SplitOption,
    alignment_page: bool = AlignOption,
    cut_lines: bool = CutOption,
    crop_marks: bool = CropOption,
    cut_svg: bool = CutSvgOption,
    font: Path | None = FontOption,
    bold_font: Path | None = BoldFontOption,
    catalog: list[Path] = PrintCatalogOption,
    only: list[str] = TileOnlyOption,
    copies: int = CopiesOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Print every tile of DECK at true size, ready to cut.

    --only NAME|KIND and --copies N reprint one lost tile, one tile type, or the deck several times.
    """
    with guarded(), writing(force):
        refuse_other_game(deck, PACK, "print deck")
        from kcal.games.kcaloria.print.api import render_deck_pdf

        result = render_deck_pdf(deck, output, catalogs=catalog, split_every=split, cut_svg=cut_svg,
                                 fonts=(font, bold_font), only=tuple(only), copies=copies,
                                 **sheet_kwargs(paper, backs, flip, back_offset, bleed,
                                                 tile_size, alignment_page, cut_lines, crop_marks))
        report_printed(result, fmt, "tiles")


@app.command("catalog")
def catalog_cmd(
    catalogs: list[Path] = CatalogsArgument,
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    backs: bool = BacksOption,
    flip: FlipChoice = FlipOption,
    back_offset: str = OffsetOption,
    bleed: float = BleedOption,
    tile_size: float = TileSizeOption,
    split: int | None = SplitOption,
    cut_lines: bool = CutOption,
    crop_marks: bool = CropOption,
    cut_svg: bool = CutSvgOption,
    font: Path | None = FontOption,
    bold_font: Path | None = BoldFontOption,
    only: list[str] = TileOnlyOption,
    copies: int = CopiesOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Proof sheets: one of each tile, grouped by tile type.

    --only NAME|KIND and --copies N print one tile, one tile type, or several of each.
    """
    with guarded(), writing(force):
        from kcal.games.kcaloria.print.api import render_catalog_pdf

        result = render_catalog_pdf(catalogs or None, output, split_every=split, cut_svg=cut_svg,
                                    fonts=(font, bold_font), only=tuple(only), copies=copies,
                                    **sheet_kwargs(paper, backs, flip, back_offset, bleed,
                                                    tile_size, False, cut_lines, crop_marks))
        report_printed(result, fmt, "tiles")


@app.command("tile")
def tile_cmd(
    name: str = NameArgument,
    output: Path = OutOption,
    dpi: int = DpiOption,
    tile_size: float = TileSizeOption,
    font: Path | None = FontOption,
    bold_font: Path | None = BoldFontOption,
    catalog: list[Path] = PrintCatalogOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """A PNG preview of one tile, for sharing."""
    with guarded(), writing(force):
        from kcal.games.kcaloria.print.api import render_tile_png

        report_printed(render_tile_png(name, output, catalogs=catalog, dpi=dpi, tile_size=tile_size,
                                fonts=(font, bold_font)), fmt, "tile")


@app.command("alignment")
def alignment_cmd(
    output: Path = OutOption,
    paper: PaperChoice = PaperOption,
    flip: FlipChoice = FlipOption,
    back_offset: str = OffsetOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Just the duplex alignment test sheet (front and back)."""
    with guarded(), writing(force):
        from kcal.games.kcaloria.print.api import render_alignment_pdf

        report_printed(render_alignment_pdf(output, paper=paper.value, flip=flip.value,
                                     back_offset=back_offset_of(back_offset)), fmt, "")
