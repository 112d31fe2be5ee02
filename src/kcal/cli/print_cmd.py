"""``kcal print``: print-and-play PDFs (deck, catalog proofs, cards, rulebook) and tile previews.

``print cards``, ``print rulebook`` and ``print board`` serve every pack: they dispatch to the pack's
``print`` hook (``--game ID``, else the default game). The packs add their own print commands (kCaloria:
``print deck|catalog|tile|alignment``, its hex tiles). Only typer and light kcal modules are imported here; ReportLab and
Pillow load inside the commands.
"""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import ForceOption as ForceOption
from kcal.cli.common import (
    FormatOption,
    GameOption,
    OutputFormat,
    contribute,
    guarded,
    pack_of,
    writing,
)
from kcal.cli.options import (
    AlignOption,
    BacksOption,
    BleedOption,
    BoardOnlyOption,
    BoldFontOption,
    CardCropOption,
    CardCutOption,
    CardSetOption,
    CardSizeOption,
    CopiesOption,
    CutSvgOption,
    FlipChoice,
    FlipOption,
    FontOption,
    GutterOption,
    OffsetOption,
    OnlyOption,
    OutOption,
    PaperChoice,
    PaperOption,
    SplitOption,
    TemplatesOption,
    back_offset_of,
    report_printed,
)
from kcal.core.errors import UsageError

app = typer.Typer(no_args_is_help=True, help="Render print-and-play PDFs and previews.")


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
            back_offset=back_offset_of(back_offset), gutter=gutter, catalog=card_set, cut_lines=cut_lines,
            crop_marks=crop_marks, alignment_page=alignment_page, cut_svg=cut_svg, fonts=(font, bold_font),
            only=tuple(only), copies=copies)
        report_printed(result, fmt, "cards")


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
        report_printed(hook.print_rulebook(output, paper=paper.value, templates=templates, catalog=card_set),
                       fmt, "")


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
        report_printed(hook.print_board(output, paper=paper.value, catalog=card_set, split=split,
                                        only=tuple(only), copies=copies), fmt, "")


# the commands the installed packs add to ``kcal print`` (kCaloria: deck, catalog, tile, alignment)
contribute(app, "print")
