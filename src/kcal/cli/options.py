"""The options and helpers of kcal's commands that a pack's own commands use too (kCaloria's ``deck
build``, ``sim goldfish``, ``print deck``...): public, and apart from the command groups, so that a
pack's commands import this module and :mod:`kcal.cli.common`, never a group's module (which imports
the packs' commands in turn) nor its private names."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from kcal.cli.common import ForceOption as ForceOption
from kcal.cli.common import OutputFormat, emit
from kcal.cli.complete import complete_bot, complete_card
from kcal.cli.output import say as say
from kcal.core.errors import UsageError
from kcal.core.text import shown_path

SeedOption = typer.Option(0, "--seed", "-s", min=0, help="Master seed; every game's seed derives from it.")
JobsOption = typer.Option(
    None, "--jobs", "-j", min=1, help="Worker processes (default: all cores). Output is the same for any N."
)
QuietOption = typer.Option(False, "--quiet", "-q", help="No progress bar.")
CatalogOption = typer.Option([], "--catalog", "-c", metavar="PATH", help="Extra catalog file(s) to load.")
BackendOption = typer.Option(
    "local", "--backend", help="local (processes on this machine) or dask (optional; same output)."
)
AddressOption = typer.Option(None, "--scheduler", metavar="ADDRESS",
                             help="Dask scheduler address, with --backend dask (default: a local Dask pool).")


def runner_of(backend: str, address: str | None) -> Callable[..., Any]:
    from kcal.sim.backends import choose

    return choose(backend, address)


def jobs_of(jobs: int | None) -> int:
    from kcal.sim.parallel import default_jobs

    return jobs if jobs is not None else default_jobs()


def interrupted_note(result: dict) -> None:
    if result.get("interrupted"):
        say("interrupted: the figures cover the work finished before Ctrl-C")


SaveGameOption = typer.Option(None, "--save-game", min=0, help="Save game K (0-based) as a game record.")
RecordOption = typer.Option(None, "--output", "-o", metavar="PATH",
                            help="Where --save-game writes (default: solo-game-K.yaml or match-game-K.yaml).")

BotOption = typer.Option("greedy", "--bots", "-b", metavar="BOT", autocompletion=complete_bot,
                         help="The bot: greedy, random or lookahead (one-ply with mobility).")


def output_needs_save_game(out: Path | None, save_game: object | None) -> None:
    """``-o`` of a command that writes only with ``--save-game`` (``sim solo``, ``sim match``, ``play``):
    alone it would write nothing and say nothing, so it is refused (exit 2, before any game)."""
    if out is not None and save_game is None:
        raise UsageError("--output goes with --save-game K: it names the file game K's record is saved to; "
                         "without --save-game nothing is written")


def save_target(save_game: int | None, games: int, out: Path | None, default_name: str,
                 inputs: Iterable[str | Path], force: bool = False) -> Path | None:
    """Check ``--save-game``/``--output`` before any game is played; the path to write, or None."""
    from kcal.core.atomic import check_output_path
    from kcal.core.errors import UsageError

    output_needs_save_game(out, save_game)
    if save_game is None:
        return None
    if not 0 <= save_game < max(games, 1):
        raise UsageError(f"--save-game {save_game}: games are numbered 0 to {games - 1}")
    path = out if out is not None else Path(default_name.format(k=save_game))
    return check_output_path(path, inputs=inputs, force=force)


def save_game_record(record_fn: Callable[[int], dict[str, Any]], save_game: int | None, path: Path | None,
                     inputs: Iterable[str | Path], force: bool) -> None:
    """Write game ``save_game`` as a game record (``record_fn(k)``: game k's; ``kcal rules replay`` replays
    it); without ``force`` the file is created exclusively (:func:`kcal.sim.records.write_record`)."""
    from kcal.sim.records import write_record

    if save_game is None or path is None:
        return
    write_record(record_fn(save_game), path, comment=f"kcal sim game {save_game}; replay with: kcal rules replay "
                 f"{path}", inputs=inputs, force=force)
    say(f"saved game {save_game} to {path}")


def bot_names(bots: list[str]) -> list[str] | None:
    """``--bots a,b --bots c``: the names in order (None: none given)."""
    from kcal.core.errors import UsageError

    names = [b.strip() for given in bots for b in given.split(",")]
    if any(not b for b in names):
        raise UsageError(f"--bots {','.join(bots)!r}: an empty bot name")
    return names or None


class PaperChoice(StrEnum):
    letter = "letter"
    a4 = "a4"


class FlipChoice(StrEnum):
    long = "long"
    short = "short"


OutOption = typer.Option(..., "--output", "-o", help="File to write (written atomically; kcal replaces its own "
                         "earlier output, anything else only with --force; an input never).")
PaperOption = typer.Option(PaperChoice.letter, "--paper", help="Paper size.")
BacksOption = typer.Option(False, "--backs", help="Add a back page after each front page, mirrored for duplex.")
FlipOption = typer.Option(FlipChoice.long, "--flip", help="Duplex flip edge of your printer (long or short).")
OffsetOption = typer.Option("0,0", "--back-offset", metavar="X,Y",
                            help="Move the backs by X,Y millimetres as seen from the front (x right, y up) "
                                 "to cancel printer drift; read it off the alignment test sheet.")
BleedOption = typer.Option(0.0, "--bleed", metavar="MM",
                           help="Bleed around each face in millimetres: the art runs past the cut line (e.g. 3; "
                                "0: none).")
TileSizeOption = typer.Option(64.0, "--size", metavar="MM", help="Tile size across the flats, in millimetres.")
SplitOption = typer.Option(None, "--split", metavar="N", help="Write a new file every N pages (OUT-1.pdf, OUT-2.pdf...).")
AlignOption = typer.Option(False, "--alignment-page", help="Start with a duplex alignment test sheet.")
CutOption = typer.Option(True, "--cut-lines/--no-cut-lines", help="Draw the cut line around each tile.")
CropOption = typer.Option(True, "--crop-marks/--no-crop-marks", help="Draw crop ticks at the tiles' corners.")
PrintCatalogOption = typer.Option([], "--catalog", "-c", metavar="PATH", help="Extra catalog file (repeatable).")
FontOption = typer.Option(None, "--font", metavar="TTF",
                          help="Print with this TrueType font instead of DejaVu Sans (e.g. one with CJK glyphs).")
BoldFontOption = typer.Option(None, "--bold-font", metavar="TTF", help="Bold face to go with --font (default: --font).")
CutSvgOption = typer.Option(False, "--cut-svg", help="Also write OUT-cut-N.svg: sheet N's cut lines for a cutting machine.")
DeckArgument = typer.Argument(..., help="Deck file (YAML).")
CatalogsArgument = typer.Argument(None, help="Catalog files (default: the built-in catalogs).")
TemplatesOption = typer.Option(None, "--templates", help="Folder of your own .j2 templates (sandboxed).")
NameArgument = typer.Argument(..., metavar="NAME", autocompletion=complete_card,
                              help="Tile name, id or common name (case and spacing do not matter).")
DpiOption = typer.Option(200, "--dpi", help="Resolution of the PNG.")
CardSizeOption = typer.Option("poker", "--size", metavar="SIZE",
                              help="poker (63x88), bridge (57x89), tarot (70x120), mini (44x63), square (70x70), "
                                   "or WxH in millimetres.")
GutterOption = typer.Option(0.0, "--gutter", metavar="MM", help="Extra space between cards (cards share cut lines at 0).")
CardCutOption = typer.Option(True, "--cut-lines/--no-cut-lines", help="Draw the cut line around each card.")
CardCropOption = typer.Option(True, "--crop-marks/--no-crop-marks", help="Draw crop marks outside the card grid.")
OnlyOption = typer.Option([], "--only", metavar="NAME|KIND",
                          help="Print only this card (one of it, by any of its names) or this kind of card (as the "
                               "set has it); repeatable. Reprints a lost card.")
TileOnlyOption = typer.Option([], "--only", metavar="NAME|KIND",
                              help="Print only this tile (one of it, by its name, common name or id) or this tile "
                                   "type (water, plant...; every such tile as the deck or catalog has it); "
                                   "repeatable. Reprints a lost tile.")
BoardOnlyOption = typer.Option([], "--only", metavar="NAME|KIND",
                               help="Print only this board (one of it, by its id, e.g. B07, or its habitats); "
                                    "repeatable. Reprints a lost board (games whose boards are separate sheets).")
CopiesOption = typer.Option(1, "--copies", metavar="N", help="Print what you chose N times (1 to 20).")
CardSetOption = typer.Option(None, "--card-set", metavar="PATH",
                             help="A card-set file of the game to print instead of its built-in set (a house rule).")


def back_offset_of(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset expects X,Y in millimetres (e.g. 0.5,-1), not {text!r}") from None
    return x, y


def report_printed(result: Any, fmt: OutputFormat, what: str) -> None:
    data = result.as_dict()
    from kcal.cli.output import warn

    for w in data["warnings"]:
        warn(w)  # "warning: ...", yellow on a terminal

    def text(d: dict) -> str:
        files = ", ".join(shown_path(f) for f in d["files"])
        from kcal.core.plural import count

        n = d.get("tiles", d.get(what, 0)) if what else 0
        singular = what[:-1] if what.endswith("s") else what
        extra = f", {count(n, singular)}" if n else ""
        duplex = f" on {count(d.get('sheets') or 0, 'sheet')}: print double-sided" if d.get("duplex") else ""
        pictures = all(str(f).lower().endswith(".png") for f in d["files"]) and d["files"]
        return f"wrote {files}: {count(d['pages'], 'picture' if pictures else 'page')}{extra}{duplex}"

    emit(data, fmt, text)


def sheet_kwargs(paper: PaperChoice, backs: bool, flip: FlipChoice, back_offset: str, bleed: float,
                  tile_size: float, alignment_page: bool, cut_lines: bool,
                  crop_marks: bool) -> dict[str, Any]:
    """The tile-sheet options of a print command, ``--bleed`` checked under its name."""
    from kcal.print.options import MAX_BLEED_MM, check_length

    bleed = check_length(bleed, "--bleed", MAX_BLEED_MM)
    return dict(paper=paper.value, backs=backs, flip=flip.value, back_offset=back_offset_of(back_offset), bleed=bleed,
                tile_size=tile_size, alignment_page=alignment_page, cut_lines=cut_lines, crop_marks=crop_marks)


ChartOption = typer.Option(None, "--chart", metavar="FILE.png|svg",
                           help="Also draw the result as a chart (PNG or SVG, by the file's suffix).")


def chart_target(chart: Path | None) -> Path | None:
    """Check ``--chart`` before any game is played (its suffix, its folder, the overwrite policy)."""
    from kcal.core.atomic import check_output_path
    from kcal.core.errors import UsageError
    from kcal.print.charts import chart_suffix_problem

    if chart is None:
        return None
    problem = chart_suffix_problem(chart)
    if problem is not None:
        raise UsageError(problem)
    return check_output_path(chart)


#: a lab run's default time limit: the defaults finish in minutes on 2 cores; --minutes 0 for the long runs
DEFAULT_MINUTES = 5.0
MinutesOption = typer.Option(DEFAULT_MINUTES, "--minutes", min=0.0, metavar="M",
                             help="Time limit: no new games start after M minutes (default 5, so a run at its "
                                  "defaults ends in minutes on 2 cores; the games under way finish and the figures "
                                  "cover the games played). 0: no limit, every game however long.")


@contextmanager
def lab_limit(minutes: float) -> Iterator[Any]:
    """A lab command's run under ``--minutes`` (:func:`kcal.sim.parallel.time_limit`)."""
    from kcal.core.errors import UsageError
    from kcal.sim.parallel import time_limit

    if not 0 <= minutes <= 10_000_000:
        raise UsageError(f"--minutes {minutes:g}: give 0 (no limit) to 10,000,000")
    with time_limit(minutes * 60) as limit:
        yield limit


def mark_limit(data: dict[str, Any], limit: Any, minutes: float, played: int | None = None) -> None:
    """Say in the result whether the run stopped at its time limit (``minutes``, ``time_limit_reached``):
    then the run was not interrupted, and stderr says so with the games played."""
    data["minutes"] = minutes
    data["time_limit_reached"] = bool(limit.reached)
    if limit.reached:
        if "interrupted" in data:
            data["interrupted"] = False
        from kcal.core.plural import count

        games = f"the {count(played, 'game')} played" if played is not None else "the games played"
        say(f"stopped at the time limit (--minutes {minutes:g}): the figures cover {games}; "
            "--minutes 0 plays every game")
