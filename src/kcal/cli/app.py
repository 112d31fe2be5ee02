"""The ``kcal`` command: a root Typer app with one sub-app per command group.

Sub-app modules import only typer and kcal's light modules at their top; reportlab, PIL and numpy
are imported inside the commands that need them, so ``kcal deck validate`` stays fast.
"""

from __future__ import annotations

import importlib
import sys

import typer

from kcal import __version__


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kcal {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """kcal: toolkit for food-chain card and tile games."""


#: (module under kcal.cli, group name, help)
GROUPS = [
    ("deck", "deck", "Validate, import, compare and summarise decks."),
    ("catalog", "catalog", "Validate, list and show tiles of card catalogs."),
    ("schema_cmd", "schema", "Export JSON Schemas for editors."),
    ("rules", "rules", "Replay game records and explain rules."),
    ("sim", "sim", "Simulate opening hands, solo games and bot matches."),
    ("print_cmd", "print", "Render print-and-play PDFs and previews."),
    ("export", "export", "Export cards for Tabletop Simulator and print-on-demand shops."),
    ("balance", "balance", "Measure balance: bot ladders, card impact, what-if patches, sweeps."),
    ("games", "games", "List the installed games."),
    ("play", "play", "Play a game in the browser, against bots or friends."),
]


def build_app(only: str | None = None) -> typer.Typer:
    """The root app; with ``only``, just that command group is imported (a faster start)."""
    from kcal.cli.coercion import install
    from kcal.cli.output import KcalGroup

    install()

    root = typer.Typer(
        name="kcal",
        cls=KcalGroup,
        context_settings={"help_option_names": ["-h", "--help"]},
        help="Toolkit for food-chain card and tile games (kcal games lists them): card catalogs, deck checking, rules engines, simulators, print-and-play.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    root.callback()(_root)
    for module_name, group, help_text in GROUPS:
        if only is not None and group != only:
            continue
        module = importlib.import_module(f"kcal.cli.{module_name}")
        root.add_typer(module.app, name=group, help=help_text)
    return root


_FULL: typer.Typer | None = None


def __getattr__(name: str) -> typer.Typer:
    """``kcal.cli.app.app``: the full app with every group, built on first use (tests, ``--help``)."""
    global _FULL
    if name == "app":
        if _FULL is None:
            _FULL = build_app()
        return _FULL
    raise AttributeError(name)


def main() -> None:
    """Entry point: import only the command group named on the command line."""
    words = [a for a in sys.argv[1:] if not a.startswith("-")]
    named = {group for _, group, _ in GROUPS}
    only = words[0] if words and words[0] in named and not {"-h", "--help"} & set(sys.argv[1:2]) else None
    build_app(only)()


if __name__ == "__main__":
    main()
