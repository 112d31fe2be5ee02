"""``kcal catalog validate|list|show``: check a game's card data and look cards up."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import typer

from kcal.cli import complete
from kcal.cli.common import FormatOption, GameOption, OutputFormat, emit, guarded, pack_of
from kcal.cli.output import error_dict, print_problems
from kcal.core.errors import KcalError
from kcal.core.text import shown_path

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)

CatalogOption = typer.Option(
    None, "--catalog", "-c", help="An extra catalog file to load (repeatable).", metavar="PATH"
)
NoBuiltinOption = typer.Option(
    False, "--no-builtin", help="Leave out the built-in catalogs (use only --catalog files)."
)


@app.command("validate")
def validate(
    paths: list[Path] | None = typer.Argument(None, help="Catalog files (none: the built-in catalogs).",
                                              show_default=False),
    game: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Check catalog files (exit 0 valid, 2 not).

    Each problem is reported as file:line:column.
    """
    with guarded():
        pack = pack_of(game, paths[0]) if paths else pack_of(game)
        for path in (paths or [])[1:]:  # every file must be of the same game
            pack_of(pack.id, path, hint=None if game else f"the first file is a {pack.id} file: validate "
                    "each game's files on their own")
        module = pack.hook("catalog")
        result = module.validate_catalogs([str(p) for p in paths] if paths else None)
    problems = [KcalError(e["message"], file=e["file"] or report["catalog"], line=e["line"], column=e["column"],
                          code=e.get("code") or "error")
                for report in result["catalogs"] for e in report["errors"]]
    print_problems(problems)
    emit({**result, "errors": [error_dict(p) for p in problems]}, fmt, module.validate_text)
    if not result["valid"]:
        raise typer.Exit(2)


@app.command("list")
def list_(
    type_: list[str] | None = typer.Option(None, "--type", "-t", metavar="TYPE", show_default=False,
                                           autocompletion=complete.complete_type,
                                           help="kCaloria tile type (water, plant, herbivore, ...)."),
    class_: list[str] | None = typer.Option(None, "--class", metavar="CLASS", show_default=False,
                                            autocompletion=complete.complete_class,
                                            help="Classification (plant, mammal, insect, ...)."),
    rarity: list[str] | None = typer.Option(None, "--rarity", "-r", metavar="RARITY", show_default=False,
                                            autocompletion=complete.complete_rarity,
                                            help="Rarity (common, uncommon, exceptional, rare)."),
    biome: list[str] | None = typer.Option(None, "--biome", "-b", metavar="CODE", show_default=False,
                                           autocompletion=complete.complete_biome,
                                           help="Biome code (FF, LE, TD, ...)."),
    modifier: list[str] | None = typer.Option(None, "--modifier", "-m", metavar="NAME", show_default=False,
                                              autocompletion=complete.complete_modifier,
                                              help="Modifier name (nocturnal, biome_boost, ...)."),
    cost: list[str] | None = typer.Option(None, "--cost", metavar="COLOUR", show_default=False,
                                          autocompletion=complete.complete_colour,
                                          help="A colour some cost alternative uses (blue, green, ...)."),
    colour: list[str] | None = typer.Option(None, "--colour", "--color", metavar="COLOUR", show_default=False,
                                            help="Card colour, in games whose cards have one."),
    name: str | None = typer.Option(None, "--name", "-n", metavar="TEXT", show_default=False,
                                    help="Part of the name, common name or id."),
    catalogs: list[Path] | None = CatalogOption,
    no_builtin: bool = NoBuiltinOption,
    game: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """List the cards that match every filter given.

    Several values of one filter match any of them; several filters must all match.
    """
    asked = {"type": type_, "class": class_, "rarity": rarity, "biome": biome, "modifier": modifier,
             "cost": cost, "colour": colour, "name": name}
    with guarded():
        pack = pack_of(game)
        module = pack.hook("catalog")
        _refuse_unknown(asked, module.FILTERS, pack.info.name)
        result = module.list_cards({k: v for k, v in asked.items() if v}, catalogs, no_builtin)
    emit(result, fmt, module.list_text)


def _refuse_unknown(asked: dict[str, Any], filters: Iterable[str], game_name: str) -> None:
    from kcal.core.errors import UsageError

    for option, value in asked.items():
        if value and option not in filters:
            raise UsageError(f"--{option} does not apply to {game_name}; its filters are: "
                             + ", ".join(f"--{f}" for f in filters))


@app.command("show")
def show(
    card: list[str] = typer.Argument(..., help="A card's name, id or common name (quotes optional).",
                                     show_default=False, metavar="CARD", autocompletion=complete.complete_tile),
    catalogs: list[Path] | None = CatalogOption,
    no_builtin: bool = NoBuiltinOption,
    game: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Print one card with the rule text of everything on it."""
    with guarded():
        pack = pack_of(game)
        module = pack.hook("catalog")
        query = " ".join(card)
        try:
            detail = module.show(query, catalogs, no_builtin)
        except KcalError as err:
            if err.code not in ("unknown-card", "unknown-tile"):
                raise
            from kcal.core.suggest import in_other_game

            elsewhere = in_other_game(query, pack.id)  # a card of another installed game says so
            if not elsewhere:
                raise
            raise KcalError(f"{err.message}; {elsewhere}", code=err.code) from None
    emit(detail, fmt, module.show_text)


@app.command("browse")
def browse(
    out: Path = typer.Option(..., "--output", "-o", metavar="OUT.html", help="The page to write.",
                             show_default=False),
    catalogs: list[Path] | None = CatalogOption,
    no_builtin: bool = NoBuiltinOption,
    game: str | None = GameOption,
) -> None:
    """Write the catalog as one self-contained HTML page.

    Filters, search, every card as printed, and a deck panel (live legality, opening-hand odds,
    download as a deck file that 'kcal deck validate' reads).
    """
    with guarded():
        from kcal.viewer.catalog import page
        from kcal.viewer.output import write_page

        pack = pack_of(game)
        draw = pack.hook("draw")
        if not hasattr(draw, "catalog_page"):
            from kcal.core.errors import UsageError

            raise UsageError(f"{pack.info.name} ({pack.id}) has no catalog page yet")
        written = write_page(out, page(draw.catalog_page(catalogs, no_builtin)), inputs=tuple(catalogs or ()))
    typer.echo(f"wrote {shown_path(written)}", err=True)
