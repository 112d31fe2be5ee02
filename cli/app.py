"""The ``kcal`` command: a root Typer app with one sub-app per command group.

Sub-app modules import only typer and kcal's light modules at their top; reportlab, PIL and numpy
are imported inside the commands that need them, so ``kcal deck validate`` stays fast.
"""

from __future__ import annotations

import importlib

import typer

from kcal import __version__

app = typer.Typer(
    name="kcal",
    help="kCaloria toolkit: card catalogs, deck checking, rules engine, simulator, print-and-play.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

#: (module under kcal.cli, group name, help). A module that is not there yet is skipped.
GROUPS = [
    ("deck", "deck", "Validate, import, compare and summarise decks."),
    ("catalog", "catalog", "Validate, list and show tiles of card catalogs."),
    ("schema_cmd", "schema", "Export JSON Schemas for editors."),
    ("rules", "rules", "Replay game records and explain rules."),
    ("sim", "sim", "Simulate opening hands, solo games and bot matches."),
    ("print_cmd", "print", "Render print-and-play PDFs and previews."),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kcal {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """kCaloria toolkit."""


for module_name, group, help_text in GROUPS:
    try:
        module = importlib.import_module(f"kcal.cli.{module_name}")
    except ModuleNotFoundError as exc:  # a group still being written
        if exc.name != f"kcal.cli.{module_name}":
            raise
        continue
    app.add_typer(module.app, name=group, help=help_text)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
