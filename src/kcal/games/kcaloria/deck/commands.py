"""kCaloria's own ``kcal deck`` commands: ``import``, ``diff``, ``stats``, ``hand`` and ``report`` work on
hex-tile decks, which only this game has. The pack contributes them to ``kcal deck`` (the ``kcal.commands``
entry point ``deck.kcaloria``: :func:`kcal.cli.common.contribute`), so shared code names no game.

Each is a plain function with Typer defaults: it parses options, calls one library function of the pack,
and renders the plain-data result as text or JSON. Only typer and light kcal modules are imported here.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from enum import Enum, StrEnum
from pathlib import Path

import typer

from kcal.cli.common import ForceOption, FormatOption, OutputFormat, emit, guarded, refuse_other_game, writing
from kcal.cli.complete import complete_bot
from kcal.cli.options import (
    AddressOption,
    BackendOption,
    ChartOption,
    JobsOption,
    MinutesOption,
    QuietOption,
    SeedOption,
    say,
)
from kcal.core.text import shown_path
from kcal.games.kcaloria import PACK

app = typer.Typer(rich_markup_mode=None)


class DeckFormat(str, Enum):
    standard = "standard"
    solo = "solo"


CatalogOption = typer.Option(
    None, "--catalog", "-c", help="An extra catalog file to resolve names against (repeatable).",
    metavar="PATH",
)


# --- import ---------------------------------------------------------------------------------------


def import_(
    source: Path = typer.Argument(..., help="A tile list: '4 Bayou', '4x Bayou' or 'Bayou x4' per line, or a "
                                            "Moxfield or Archidekt export (section headers, '1x Bayou (ETPW) "
                                            "001 [Water]'); '#' and '//' start comments; '-' reads standard "
                                            "input. Sideboard sections are reported, not added.",
                                  show_default=False, metavar="LIST"),
    output: Path | None = typer.Option(None, "--output", "-o", metavar="PATH",
                                       help="Deck file to write (default: LIST with .yaml); '-' prints it.",
                                       show_default=False),
    name: str | None = typer.Option(None, "--name", help="Deck name (default: from the file name).",
                                    show_default=False),
    deck_format: DeckFormat = typer.Option(DeckFormat.standard, "--deck-format",
                                           help="The deck's format: standard or solo."),
    catalogs: list[Path] | None = CatalogOption,
    no_builtin: bool = typer.Option(False, "--no-builtin",
                                    help="Resolve names against the --catalog files only."),
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Turn a tile list (text, Moxfield, Archidekt) into deck YAML.

    A deck file kcal wrote and nobody changed since is replaced; any other file only with --force.
    """
    from kcal.core.atomic import atomic_write_text, check_output_path
    from kcal.core.errors import UsageError
    with guarded():
        from kcal.games.kcaloria.deck.importer import MAX_LIST_BYTES, STDIN, import_deck
        from kcal.games.kcaloria.files.load import BUILTIN, display_path, load_library

        from_stdin = str(source) == STDIN
        to_stdout = output is not None and str(output) == "-"
        target = _import_target(source, output, fmt, from_stdin, to_stdout)
        # the list and the catalogs: never overwritten, even with --force
        inputs = [*([] if from_stdin else [source]), *(catalogs or [])]
        if target is not None:  # refuse early, before any work, when the output is not writable
            check_output_path(target, inputs=inputs, force=force)
        if no_builtin and not catalogs:
            raise UsageError("--no-builtin needs at least one --catalog PATH")
        builtin = [] if no_builtin else [BUILTIN]
        library = load_library([*builtin, *(catalogs or [])], base=Path.cwd())
        deck_catalogs = _deck_catalogs(builtin, catalogs, target)
        raw = sys.stdin.buffer.read(MAX_LIST_BYTES + 1) if from_stdin else None
        result = import_deck(source, library, name=name, format=deck_format.value, catalogs=deck_catalogs,
                             display="<stdin>" if from_stdin else display_path(source), raw=raw)
        if target is not None:
            atomic_write_text(target, result.text, inputs=inputs, force=force)
    data = {"game": "kcaloria", "files": [str(target)] if target is not None else [], **result.to_dict()}
    if to_stdout:
        sys.stdout.write(result.text)
        for note in result.notes:
            say(f"note: {note}")
        return
    emit({**data, "yaml": result.text}, fmt, _import_text)


def _import_target(source: Path, output: Path | None, fmt: OutputFormat, from_stdin: bool,
                   to_stdout: bool) -> Path | None:
    """Where ``deck import`` writes (None: standard output); the combinations that cannot work refused."""
    from kcal.core.errors import UsageError

    if to_stdout and fmt is OutputFormat.json:
        raise UsageError("--output - prints the deck YAML on stdout; it cannot go with --format json")
    if from_stdin and output is None:
        raise UsageError("reading the list from standard input: name the deck file with -o PATH "
                         "(or -o - to print it)")
    return None if to_stdout else (output if output is not None else source.with_suffix(".yaml"))


def _deck_catalogs(builtin: list[str], catalogs: list[Path] | None, target: Path | None) -> list[str] | None:
    """The deck's ``catalogs:``: the --catalog files relative to the deck file written (None: none given)."""
    if not catalogs:
        return None
    base = (target.parent if target is not None else Path.cwd()).resolve()
    return builtin + [Path(os.path.relpath(c.resolve(), base)).as_posix() for c in catalogs]


def _import_text(d: dict) -> str:
    lines = [f"wrote {shown_path(d['files'][0])}: {d['name']!r}, {d['tiles']} tiles, {d['distinct']} names"]
    lines += [f"note: {n}" for n in d["notes"]]
    return "\n".join(lines)


# --- diff -----------------------------------------------------------------------------------------


def diff(
    a: Path = typer.Argument(..., help="The deck before.", show_default=False, metavar="A"),
    b: Path = typer.Argument(..., help="The deck after.", show_default=False, metavar="B"),
    catalogs: list[Path] | None = CatalogOption,
    exit_code: bool = typer.Option(False, "--exit-code", help="Exit 1 when the decks differ."),
    fmt: OutputFormat = FormatOption,
) -> None:
    """Show tile count changes from deck A to deck B.

    Names are compared case-insensitively.
    """
    with guarded():
        refuse_other_game(a, PACK, "deck diff")
        from kcal.games.kcaloria.deck.diff import diff_decks
        from kcal.games.kcaloria.files.load import load_deck

        extra = list(catalogs or [])
        result = diff_decks(load_deck(a, extra), load_deck(b, extra))
    emit(result.to_dict(), fmt, _diff_text)
    if exit_code and not result.identical:
        raise typer.Exit(1)


def _diff_text(d: dict) -> str:
    t = d["tiles"]
    lines = [f"--- {d['a']} ({t['a']} tiles)", f"+++ {d['b']} ({t['b']} tiles)"]
    if d["identical"]:
        lines.append("no changes")
        return "\n".join(lines)
    rows = ([("+", r["name"], f"{r['count']}", "") for r in d["added"]]
            + [("-", r["name"], f"{r['count']}", "") for r in d["removed"]]
            + [("~", r["name"], f"{r['from']} -> {r['to']}", f"({r['delta']:+d})") for r in d["changed"]])
    width = max(len(r[1]) for r in rows)
    for sign, name, count, delta in rows:
        lines.append(f"{sign} {name.ljust(width)}  {count} {delta}".rstrip())
    tot = d["totals"]
    lines.append(f"{len(d['added'])} added (+{tot['added']}), {len(d['removed'])} removed "
                 f"(-{tot['removed']}), {len(d['changed'])} changed (+{tot['increased']} "
                 f"-{tot['decreased']}), {d['unchanged']} unchanged; tiles {t['a']} -> {t['b']} "
                 f"({t['delta']:+d})")
    return "\n".join(lines)


# --- stats ----------------------------------------------------------------------------------------


def stats(
    deck: Path = typer.Argument(..., help="A deck file.", show_default=False, metavar="DECK"),
    catalogs: list[Path] | None = CatalogOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Count a deck's tiles by type, colour, rarity and more.

    By type, colour, rarity, biome, class and modifier; total costs and yields.
    """
    with guarded():
        refuse_other_game(deck, PACK, "deck stats")
        from kcal.games.kcaloria.deck.stats import biome_label, deck_stats
        from kcal.games.kcaloria.files.load import load_deck

        result = deck_stats(load_deck(deck, list(catalogs or [])))
    emit(result, fmt, lambda d: _stats_text(d, biome_label))


def _stats_text(d: dict, biome_label: Callable[[str], str]) -> str:
    def block(title: str, counts: dict[str, int], label: Callable[[str], str] = str) -> list[str]:
        if not counts:
            return [f"{title}: none"]
        width = max(len(label(k)) for k in counts)
        return [f"{title}:"] + [f"  {label(k).ljust(width)}  {v:>3}" for k, v in counts.items()]

    lines = [f"{d['name']} ({d['deck']}): {d['tiles']} tiles, {d['distinct']} names, "
             f"format {d['format']}, hash {d['hash']}"]
    lines += block("by type", d["by_type"])
    lines += block("by colour", d["by_color"])
    lines += block("by rarity", d["by_rarity"])
    lines += block("by class", d["by_class"])
    lines += block("by biome", d["by_biome"], biome_label)
    lines += block("by modifier", d["by_modifier"])
    colours = list(d["yield"])
    width = max(len(c) for c in colours)
    lines.append("kCalories:".ljust(width + 2) + "  cost(cheapest)  cost(all alts)  payable  yield")
    for c in colours:
        lines.append(f"  {c.ljust(width)}  {d['cost_cheapest'][c]:>14}  {d['cost_all_alternatives'][c]:>14}"
                     f"  {d['payable_with'][c]:>7}  {d['yield'][c]:>5}")
    lines.append(f"free tiles {d['free_tiles']}; mean cost {d['mean_cost']:.2f} cubes "
                 f"({d['mean_cost_points']:.2f} points); mean yield {d['mean_yield']:.2f}; "
                 f"yield points {d['yield_points']}")
    return "\n".join(lines)


# --- hand -----------------------------------------------------------------------------------------


def hand(
    deck: Path = typer.Argument(..., help="A deck file.", show_default=False, metavar="DECK"),
    seed: int = typer.Option(0, "--seed", "-s", min=0, metavar="N", help="Seed of the shuffle (and of the bot)."),
    turns: int = typer.Option(3, "--turns", min=1, max=10, metavar="N", help="Turns to play after the deal."),
    bot: str = typer.Option("greedy", "--bots", "-b", metavar="BOT", autocompletion=complete_bot,
                            help="The bot that picks each turn's move: greedy, random or lookahead."),
    catalogs: list[Path] | None = CatalogOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Deal a sample opening hand and show what turns 1-3 can play.

    The opening 7 after the Setup's reshuffles, then each turn: the hand, the tiles with a legal
    placement (on how many cells), the bot's move and the draw. The same seed gives the same hand.
    """
    with guarded():
        refuse_other_game(deck, PACK, "deck hand")
        from kcal.games.kcaloria.deck.check import playable_tiles
        from kcal.games.kcaloria.deck.hand import hand_text, sample_hand
        from kcal.games.kcaloria.files.load import load_deck

        loaded = load_deck(deck, list(catalogs or []))
        result = sample_hand(playable_tiles(loaded), seed=seed, turns=turns, bot=bot,
                             deck_name=loaded.deck.name)
    emit({"file": loaded.display, **result}, fmt, hand_text)


# --- report ---------------------------------------------------------------------------------------


class ReportPaper(StrEnum):
    a4 = "a4"
    letter = "letter"


def report(
    deck: Path = typer.Argument(..., help="Deck file (YAML).", show_default=False),
    out: Path = typer.Option(..., "--output", "-o", show_default=False,
                             help="Output file: .pdf (or .png for a PNG only; any other extension is refused)."),
    paper: ReportPaper = typer.Option(ReportPaper.a4, "--paper", help="Paper size of the report page."),
    png: Path | None = typer.Option(None, "--png", metavar="OUT.png", show_default=False,
                                    help="Also write the report as a PNG, to this file."),
    hands: int = typer.Option(200_000, "--hands", min=1, help="Opening sequences to simulate."),
    games: int = typer.Option(5_000, "--games", min=0, help="Placement-model games (turn-by-turn charts)."),
    solo_games: int = typer.Option(40, "--solo-games", min=0, help="Solo games for the score histogram (0 skips)."),
    bot: str = typer.Option("greedy", "--bots", "-b", metavar="BOT", autocompletion=complete_bot,
                            help="The bot of the solo games: greedy, random or lookahead."),
    seed: int = typer.Option(0, "--seed", "-s", min=0, help="Master seed."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores)."),
    catalog: list[Path] = typer.Option([], "--catalog", "-c", help="Extra catalog file(s) to load."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Charts about a deck: odds, placement, colours, scores.

    Opening-hand odds, turn-by-turn placement, colour curve, solo scores, cost and yield by colour.
    """
    from kcal.sim.parallel import default_jobs
    from kcal.sim.progress import Progress, wanted

    with guarded(), writing(force):
        refuse_other_game(deck, PACK, "deck report")
        from kcal.games.kcaloria.files.load import load_deck
        from kcal.games.kcaloria.sim.report import render_deck_report, report_units

        loaded = load_deck(deck, catalog)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(report_units(hands, games, solo_games), "deck report", enabled=show) as bar:
            result = render_deck_report(
                loaded, out, png=png if png is not None else False, hands=hands, games=games,
                solo_games=solo_games, bot=bot, seed=seed,
                jobs=jobs if jobs is not None else default_jobs(), on_progress=bar.update, paper=paper.value,
            )
        data = result["data"]
        summary = {"game": "kcaloria", "deck": loaded.deck.name, "files": result["written"], "seed": seed, "hands": hands,
                   "games": games, "solo_games": solo_games, "paper": paper.value, "advice": data["advice"],
                   "figures": {"goldfish": data["goldfish"], "colours": data["colours"], "solo": data["solo"],
                               "solo_note": data["solo_note"]}}
        emit(summary, fmt, lambda r: "\n".join([*(f"wrote {shown_path(p)}" for p in r["files"]),
                                                *(f"advice: {a}" for a in r["advice"])]))


# --- build ----------------------------------------------------------------------------------------


# kept whole: a Typer command declares each option as a parameter; the body only checks and hands them on
def build(
    output: Path = typer.Option(..., "--output", "-o", metavar="DIR", show_default=False,
                                help="The folder to write the archive's deck files into (cell-I-J.yaml)."),
    gauntlet: list[Path] = typer.Option([], "--gauntlet", metavar="DECK", show_default=False,
                                        help="A deck to beat: a deck file or a shipped deck's name (repeatable; "
                                             "default: the shipped standard decks)."),
    features: str = typer.Option("water,mean-cost", "--features", metavar="A,B",
                                 help="The map's two axes: water, mean-cost, mean-yield, free, humans, names, "
                                      "type:TYPE, class:CLASS, biome:CODE."),
    bins: int = typer.Option(6, "--bins", min=2, max=20, metavar="N", help="Cells along each axis of the map."),
    evaluations: int = typer.Option(160, "--evaluations", min=1, metavar="N",
                                    help="Candidate decks to evaluate (the search's budget)."),
    games: int = typer.Option(8, "--games", "-n", min=1, metavar="N",
                              help="Games of each candidate against each gauntlet deck (seats rotate) in its first "
                                   "round; up to 4 times as many while it could still beat its cell's best deck."),
    bots: list[str] = typer.Option([], "--bots", "-b", metavar="BOTS", autocompletion=complete_bot,
                                   help="The bot of the candidates and of the gauntlet (one, or two "
                                        "comma-separated). Default: greedy."),
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    catalogs: list[Path] | None = CatalogOption,
    chart: Path | None = ChartOption,
    quiet: bool = QuietOption,
    force: bool = ForceOption,
    minutes: float = MinutesOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Search for legal decks that beat a gauntlet (MAP-Elites).

    Keeps the best deck in each cell of a map over two deck features, writes them as deck files and
    prints their win rates with 95% intervals. The same seed gives the same decks for any --jobs.
    Budget: at most --minutes of play (default 5; the archive found by then is written; --minutes 0 runs
    every evaluation). Exit 2 on bad input, 130 on Ctrl-C (the archive so far is written).
    """
    from kcal.cli.options import bot_names, chart_target, jobs_of, lab_limit, mark_limit, runner_of
    from kcal.sim.progress import Progress, wanted

    with guarded(), writing(force), lab_limit(minutes) as limit:
        from kcal.core import examples
        from kcal.games.kcaloria.deck.build import (
            build_decks,
            check_build,
            load_gauntlet,
            load_space,
            to_json,
        )
        from kcal.games.kcaloria.deck.buildout import (
            build_text,
            check_folder,
            save_build_chart,
            write_archive,
        )
        from kcal.games.kcaloria.deck.features import parse_features

        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        # the bar starts before the catalogs and the gauntlet load, so a terminal sees it within a second
        with Progress(evaluations, "deck build decks", enabled=show) as bar:
            for path in gauntlet:  # another game's deck: refused in words, as every command of tile decks does
                refuse_other_game(examples.resolve(PACK, path, examples.DECKS), PACK, "deck build")
            pair = parse_features(features)
            extra = list(catalogs or [])
            space, lib_inputs = load_space(extra)
            opponents, deck_inputs = load_gauntlet(list(gauntlet), extra)
            inputs = [*lib_inputs, *deck_inputs]
            spec = check_build(space, opponents, pair, bins=bins, evaluations=evaluations, games=games, seed=seed,
                               bots=bot_names(bots))
            check_folder(output, bins, inputs)
            chart_path = chart_target(chart)
            bar.total = len(opponents) + evaluations
            result = build_decks(spec, jobs=jobs_of(jobs), runner=runner_of(backend, dask_address),
                                 on_progress=bar.update)
        data = to_json(result, output)
        mark_limit(data, limit, minutes)
        write_archive(result, output, extra, inputs)
        if chart_path is not None:
            save_build_chart(result, data, chart_path, inputs)
            data["files"].append(str(chart_path))
        emit(data, fmt, build_text)
    if result.interrupted and not limit.reached:
        raise typer.Exit(130)


app.command("import")(import_)
app.command("diff")(diff)
app.command("stats")(stats)
app.command("report")(report)
app.command("hand")(hand)
app.command("build")(build)
