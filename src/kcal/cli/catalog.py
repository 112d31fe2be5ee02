"""``kcal catalog validate|list|show``: check a game's card data and look cards up."""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand

from kcal.cli import complete
from kcal.cli.common import (
    ForceOption,
    FormatOption,
    GameOption,
    OutputFormat,
    emit,
    guarded,
    pack_of,
    writing,
)
from kcal.cli.output import error_dict, print_problems, say
from kcal.core.errors import KcalError, from_dict
from kcal.core.gameinfo import CatalogFilter
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
    problems = [from_dict({**e, "file": e["file"] or report["catalog"], "code": e.get("code") or "error"})
                for report in result["catalogs"] for e in report["errors"]]
    print_problems(problems)
    emit({**result, "errors": [error_dict(p) for p in problems]}, fmt, module.validate_text)
    if not result["valid"]:
        raise typer.Exit(2)


def _filter(*names: str, metavar: str, help: str) -> Any:
    """A ``catalog list`` filter: the values are the game's own (``kcal catalog list --help`` lists each
    game's filters; Tab completes their values, asked of the game's catalog hook)."""
    return typer.Option(None, *names, metavar=metavar, show_default=False,
                        autocompletion=complete.completer(names[0].lstrip("-")),
                        help=help + " The game's own words; repeat for any of several.")


class _FiltersCommand(TyperCommand):
    """``catalog list --help`` ends with each installed game's filters, asked of its catalog hook."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        super().format_epilog(ctx, formatter)
        rows = _filters_by_game()
        if rows:
            with formatter.section("Filters of each game"):
                formatter.write_dl(rows)


def _filters_by_game() -> list[tuple[str, str]]:
    """``(game id, its filters with a few of their values)`` for every installed game."""
    from kcal.core.registry import packs

    rows = []
    for pack in packs():
        try:
            module = pack.hook("catalog")
            values = getattr(module, "completions", None)
            shown_filters = []
            for f in module.FILTERS:
                words = list(values(f)) if values is not None else []
                more = ", ..." if len(words) > 4 else ""
                shown_filters.append(f"--{f}" + (f" ({', '.join(words[:4])}{more})" if words else ""))
        except Exception:  # help must show even when one pack cannot load
            continue
        rows.append((pack.id, "; ".join(shown_filters)))
    return rows


def catalog_filters() -> tuple[CatalogFilter, ...]:
    """The ``catalog list`` filters: the words kcal's games share, then each installed game's own
    (``Pack.filters``), each word once; reading them imports each pack's metadata only."""
    from kcal.core.gameinfo import CATALOG_FILTERS
    from kcal.core.registry import packs

    found = {f.name: f for f in CATALOG_FILTERS}
    try:
        own = [f for pack in packs() for f in pack.filters]
    except KcalError:  # a broken pack must not take the other games' filters with it
        own = []
    for f in own:
        found.setdefault(f.name, f)
    return tuple(found.values())


def _param_name(f: CatalogFilter) -> str:
    """The filter's parameter name: its word, with ``_`` after a Python keyword or builtin (``type_``)."""
    import builtins
    import keyword

    word = f.name.replace("-", "_")
    return f"{word}_" if keyword.iskeyword(word) or hasattr(builtins, word) else word


def _parameter(f: CatalogFilter) -> inspect.Parameter:
    names = (f"--{f.name}", f.short) if f.short else (f"--{f.name}",)
    if f.text:
        option = typer.Option(None, *names, metavar=f.metavar, show_default=False, help=f.help)
    else:
        option = _filter(*names, metavar=f.metavar, help=f.help)
    return inspect.Parameter(_param_name(f), inspect.Parameter.KEYWORD_ONLY, default=option,
                             annotation=str | None if f.text else list[str] | None)


def _list_command() -> Any:
    """``catalog list``, with one option per filter of :func:`catalog_filters`."""
    filters = catalog_filters()

    def list_(**values: Any) -> None:
        """List the cards that match every filter given.

        Several values of one filter match any of them; several filters must all match.
        """
        asked = {f.name: values[_param_name(f)] for f in filters}
        with guarded():
            pack = pack_of(values["game"])
            module = pack.hook("catalog")
            _refuse_unknown(asked, module.FILTERS, pack.info.name)
            result = module.list_cards({k: v for k, v in asked.items() if v}, values["catalogs"],
                                       values["no_builtin"])
        emit(result, values["fmt"], module.list_text)

    keyword = inspect.Parameter.KEYWORD_ONLY
    params = [_parameter(f) for f in filters] + [
        inspect.Parameter("catalogs", keyword, default=CatalogOption, annotation=list[Path] | None),
        inspect.Parameter("no_builtin", keyword, default=NoBuiltinOption, annotation=bool),
        inspect.Parameter("game", keyword, default=GameOption, annotation=str | None),
        inspect.Parameter("fmt", keyword, default=FormatOption, annotation=OutputFormat)]
    list_.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    list_.__annotations__ = {p.name: p.annotation for p in params} | {"return": None}
    return list_


app.command("list", cls=_FiltersCommand)(_list_command())


def _refuse_unknown(asked: dict[str, Any], filters: Iterable[str], game_name: str) -> None:
    from kcal.core.errors import UsageError

    for option, value in asked.items():
        if value and option not in filters:
            raise UsageError(f"--{option} does not apply to {game_name}; its filters are: "
                             + ", ".join(f"--{f}" for f in filters))


@app.command("show")
def show(
    card: list[str] = typer.Argument(..., help="A card's name, id or common name (quotes optional).",
                                     show_default=False, metavar="CARD", autocompletion=complete.complete_card),
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
            if err.code != "unknown-card":
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
    force: bool = ForceOption,
) -> None:
    """Write the catalog as one self-contained HTML page.

    Filters, search, every card as printed, and a deck panel (live legality, opening-hand odds,
    download as a deck file that 'kcal deck validate' reads).
    """
    with guarded(), writing(force):
        from kcal.viewer.catalog import page
        from kcal.viewer.output import write_page

        pack = pack_of(game)
        draw = pack.hook("draw")
        if not hasattr(draw, "catalog_page"):
            from kcal.core.errors import UsageError

            raise UsageError(f"{pack.info.name} ({pack.id}) has no catalog page yet")
        written = write_page(out, page(draw.catalog_page(catalogs, no_builtin)), inputs=tuple(catalogs or ()))
    say(f"wrote {shown_path(written)}")
