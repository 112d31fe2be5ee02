"""``kcal deck``: validate decks and card sets; the packs add their own deck commands (kCaloria: import,
diff, stats, hand, report)."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import (
    FormatOption,
    GameOption,
    OutputFormat,
    contribute,
    emit,
    exit_with,
    guarded,
    pack_of,
)
from kcal.cli.output import error_dict, paint_findings, print_problems
from kcal.core import examples
from kcal.core.errors import Exit, KcalError

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)


@app.command()
def validate(
    decks: list[Path] = typer.Argument(..., help="Deck files (YAML), or the name of a deck the game ships "
                                                 "(its file name without .yaml).", show_default=False,
                                   metavar="DECK"),
    catalog: list[Path] = typer.Option([], "--catalog", "-c", metavar="PATH", help="Extra catalog file(s) to load."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors (exit 1)."),
    game: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Check decks against the game's rules, then give advice.

    Also checks a game's card-set files. kCaloria: 60 tiles, at most 5 of a name, every name known. Each file's 'game:' key names its game.

    Exit 0: every deck legal (warnings allowed unless --strict); 1: a deck is illegal;
    2: a file cannot be read or is invalid.
    """
    results = []
    problems: list[KcalError] = []
    for path in decks:
        try:
            path = examples.resolve(pack_of(game), path, examples.DECKS)  # a shipped deck by its name
            check = pack_of(game, path).hook("deck")
            results.append((check, check.validate_deck_file(path, catalog)))
        except KcalError as err:
            problems.extend(err.problems)
    data: dict = {"decks": [r.to_json(strict=strict) for _, r in results]}
    if problems:  # every deck that could not be read is in the one JSON document too
        data["errors"] = [error_dict(p) for p in problems]
        print_problems(problems)
    with guarded():
        emit(data, fmt,
             lambda _: paint_findings("\n".join(check.format_report(r, strict=strict) for check, r in results)))
    if problems:
        exit_with(Exit.ERROR)
    illegal = any(not r.passes(strict=strict) for _, r in results)
    exit_with(Exit.FINDINGS if illegal else Exit.OK)


# the commands the installed packs add to ``kcal deck`` (kCaloria: import, diff, stats, report, hand)
contribute(app, "deck")
