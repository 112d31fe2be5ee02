"""``kcal catalog validate|list|show``: check card catalogs and look tiles up."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded
from kcal.games.kcaloria.domain import Color, Rarity, TileType


def _choices(enum) -> str:
    return ", ".join(m.value for m in enum)


app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)

CatalogOption = typer.Option(
    None, "--catalog", "-c", help="An extra catalog file to load (repeatable).", metavar="PATH"
)
NoBuiltinOption = typer.Option(
    False, "--no-builtin", help="Leave out the built-in catalogs (use only --catalog files)."
)


def _library(catalogs: list[Path] | None, no_builtin: bool):
    from kcal.core.errors import UsageError
    from kcal.games.kcaloria.load import BUILTIN, load_library

    specs: list[str | Path] = [] if no_builtin else [BUILTIN]
    specs.extend(catalogs or [])
    if not specs:
        raise UsageError("--no-builtin needs at least one --catalog PATH")
    return load_library(specs, base=Path.cwd())


@app.command("validate")
def validate(
    paths: list[Path] | None = typer.Argument(None, help="Catalog files (none: the built-in catalogs).",
                                       show_default=False),
    fmt: OutputFormat = FormatOption,
) -> None:
    """Check catalog files: exit 0 when valid, 2 when not (each problem as file:line:column)."""
    from kcal.games.kcaloria.query import validate_catalogs

    with guarded():
        result = validate_catalogs([str(p) for p in paths] if paths else None)
    for report in result["catalogs"]:
        for e in report["errors"]:
            where = ":".join(str(x) for x in (e["file"] or report["catalog"], e["line"], e["column"])
                             if x is not None)
            typer.echo(f"{where}: {e['message']}", err=True)
    emit(result, fmt, _validate_text)
    if not result["valid"]:
        raise typer.Exit(2)


def _validate_text(result: dict) -> str:
    lines = []
    for r in result["catalogs"]:
        if r["valid"]:
            lines.append(f"{r['catalog']}: ok ({r['set']['code']}, {r['tiles']} tiles)")
        else:
            n = len(r["errors"])
            lines.append(f"{r['catalog']}: {n} problem{'s' if n != 1 else ''}")
    return "\n".join(lines)


@app.command("list")
def list_(
    type_: list[str] | None = typer.Option(None, "--type", "-t", metavar="TYPE", show_default=False,
                                           help=f"Tile type: {_choices(TileType)}."),
    class_: list[str] | None = typer.Option(None, "--class", metavar="CLASS", show_default=False,
                                            help="Classification (plant, mammal, insect, ...)."),
    rarity: list[str] | None = typer.Option(None, "--rarity", "-r", metavar="RARITY", show_default=False,
                                            help=f"Rarity: {_choices(Rarity)}."),
    biome: list[str] | None = typer.Option(None, "--biome", "-b", metavar="CODE", show_default=False,
                                           help="Biome code (FF, LE, TD, ...)."),
    modifier: list[str] | None = typer.Option(None, "--modifier", "-m", metavar="NAME", show_default=False,
                                              help="Modifier name (nocturnal, biome_boost, ...)."),
    cost: list[str] | None = typer.Option(None, "--cost", metavar="COLOUR", show_default=False,
                                          help=f"A colour some cost alternative uses: {_choices(Color)}."),
    name: str | None = typer.Option(None, "--name", "-n", metavar="TEXT", show_default=False,
                                    help="Part of the name, common name or id."),
    catalogs: list[Path] | None = CatalogOption,
    no_builtin: bool = NoBuiltinOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """List tiles; several values of one filter match any of them, several filters must all match."""
    from kcal.games.kcaloria.query import filter_tiles, format_rows, parse_filter, tile_row

    with guarded():
        flt = parse_filter(types=type_, classes=class_, rarities=rarity, biomes=biome,
                           modifiers=modifier, cost_colors=cost, text=name)
        library = _library(catalogs, no_builtin)
        rows = [tile_row(t) for t in filter_tiles(library.tiles, flt)]
    emit({"count": len(rows), "tiles": rows}, fmt, lambda r: format_rows(r["tiles"]))


@app.command("show")
def show(
    tile: list[str] = typer.Argument(..., help="A tile's name, id or common name (quotes optional).",
                                     show_default=False, metavar="TILE"),
    catalogs: list[Path] | None = CatalogOption,
    no_builtin: bool = NoBuiltinOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Print one tile with the rule text of each of its modifiers."""
    from kcal.games.kcaloria.query import find_tile, format_detail, tile_detail

    with guarded():
        library = _library(catalogs, no_builtin)
        found = find_tile(library, " ".join(tile))
        detail = tile_detail(found, library)
    emit(detail, fmt, format_detail)
