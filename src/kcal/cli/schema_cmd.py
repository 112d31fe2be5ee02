"""``kcal schema export KIND [--game ID]``: JSON Schemas for editors, on stdout or into a file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from kcal.cli.common import ForceOption, GameOption, OutputFormat, guarded, pack_of, writing
from kcal.cli.output import say
from kcal.core.text import shown_path

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)


@app.command("export")
def export(
    kind: str = typer.Argument(..., metavar="KIND", show_default=False,
                               help="Which file's schema: catalog, deck or game (what the game has)."),
    game: str | None = GameOption,
    output: Path | None = typer.Option(None, "--output", "-o",
                                       help="Write to this file instead of stdout ('-' is stdout).",
                                       show_default=False),
    force: bool = ForceOption,
    fmt: OutputFormat = typer.Option(OutputFormat.json, "--format", "-f",
                                     help="Accepted for uniformity: a schema is JSON either way."),
) -> None:
    """Print the JSON Schema of one kind of file.

    Draft 2020-12, for a game's catalog, deck or game record files.
    """
    del fmt  # the output is one JSON document in both formats

    with guarded():
        pack = pack_of(game)
        kinds = pack.info.file_kinds
        if kind not in kinds:
            from kcal.core.errors import UsageError
            from kcal.core.suggest import did_you_mean

            raise UsageError(f"KIND: {pack.info.name} has no {kind!r} files{did_you_mean(kind, kinds)}; "
                             f"expected one of: {', '.join(kinds)}")
        text = json.dumps(pack.hook("schema").export(kind), indent=2, ensure_ascii=False) + "\n"
        if output is None or str(output) == "-":  # '-' is stdout, as for kcal deck import -o -
            sys.stdout.write(text)
            return
        from kcal.core.atomic import atomic_write_text

        with writing(force):
            atomic_write_text(output, text)
        say(f"wrote {shown_path(output)}")
