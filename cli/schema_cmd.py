"""``kcal schema export catalog|deck|game``: JSON Schemas for editors, on stdout or into a file."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

import typer

from kcal.cli.common import OutputFormat, guarded

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)


class SchemaKind(str, Enum):
    catalog = "catalog"
    deck = "deck"
    game = "game"


@app.command("export")
def export(
    kind: SchemaKind = typer.Argument(..., help="Which file's schema: catalog, deck or game.",
                                      show_default=False),
    output: Path | None = typer.Option(None, "--output", "-o",
                                       help="Write to this file instead of stdout ('-' is stdout).",
                                       show_default=False),
    force: bool = typer.Option(False, "--force", help="Replace an existing --output file."),
    fmt: OutputFormat = typer.Option(OutputFormat.json, "--format", "-f",
                                     help="Accepted for uniformity: a schema is JSON either way."),
) -> None:
    """Print the JSON Schema (draft 2020-12) of a catalog, deck or game record file."""
    from kcal.games.kcaloria.export import schema_text

    del fmt  # the output is one JSON document in both formats

    with guarded():
        text = schema_text(kind.value)
        if output is None or str(output) == "-":  # '-' is stdout, as for kcal deck import -o -
            sys.stdout.write(text)
            return
        from kcal.core.atomic import atomic_write_text

        atomic_write_text(output, text, force=force)
        typer.echo(f"wrote {output}", err=True)
