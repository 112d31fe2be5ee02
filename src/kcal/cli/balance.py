"""``kcal balance``: the balance lab (docs/balance.md) -- bot ladders, per-card impact, what-if patches and
parameter sweeps, for every pack, on the shared simulator (local processes or a Dask cluster).

Each command is thin: it checks its options, calls one function of :mod:`kcal.balance` and hands the
plain-data result to :func:`kcal.cli.common.emit`; ``--chart FILE.png|svg`` draws it
(:func:`kcal.print.charts.save_chart`).
"""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import ForceOption, FormatOption, OutputFormat, emit, guarded, writing
from kcal.cli.options import AddressOption as AddressOption
from kcal.cli.options import BackendOption as BackendOption
from kcal.cli.options import ChartOption as ChartOption
from kcal.cli.options import JobsOption as JobsOption
from kcal.cli.options import MinutesOption as MinutesOption
from kcal.cli.options import QuietOption as QuietOption
from kcal.cli.options import SeedOption as SeedOption
from kcal.cli.options import chart_target as chart_target
from kcal.cli.options import lab_limit as lab_limit
from kcal.cli.options import mark_limit as mark_limit
from kcal.cli.output import say

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)

BalanceGameOption = typer.Option(..., "--game", "-g", metavar="ID", help="Game pack id (kcal games lists them).")


@app.callback()
def _balance() -> None:
    """Bot ladders, per-card impact, what-if patches and parameter sweeps."""


@app.command()
def bots(
    game: str = BalanceGameOption,
    players: int | None = typer.Option(None, "--players", "-p", min=1,
                                       help="Seats per game (default: 2, or the game's least)."),
    games: int = typer.Option(24, "--games", "-n", min=1,
                              help="Games per matchup (a cap; rounded up to a multiple of the players)."),
    bot_names: list[str] = typer.Option([], "--bots", "-b", metavar="BOTS",
                                        help="The entrants, comma-separated or repeated (default: the game's "
                                        "bots and mcts:25, mcts:100)."),
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    quiet: bool = QuietOption,
    chart: Path | None = ChartOption,
    force: bool = ForceOption,
    minutes: float = MinutesOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Bot ladder: every bot's Elo rating, and the skill spread.

    Every bot of a game, and the searcher at a few strengths, in seat-rotated round robins; Elo
    ratings with 95% intervals and the skill spread (strongest minus random), docs/balance.md.
    Budget: at most --minutes of play (default 5 on any machine; --minutes 0 plays every game). Exit 2 on
    bad input, 130 on Ctrl-C (with the ratings of the matchups finished).
    """
    from kcal.balance.ladder import draw_ladder, ladder, ladder_text, planned_games
    from kcal.cli.options import bot_names as _bot_names
    from kcal.cli.options import jobs_of as _jobs
    from kcal.cli.options import runner_of as _runner
    from kcal.print.charts import save_chart
    from kcal.sim.progress import Progress, wanted

    with guarded(), writing(force), lab_limit(minutes) as limit:
        target = chart_target(chart)
        entrants = _bot_names(bot_names)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(games, "ladder games", enabled=show) as bar:  # shown while the game loads
            bar.total = planned_games(game, players, games, entrants)
            data = ladder(game, players=players, games=games, seed=seed, bots=entrants, jobs=_jobs(jobs),
                          runner=_runner(backend, dask_address), on_done=bar.update)
        mark_limit(data, limit, minutes, bar.done)
        emit(data, fmt, ladder_text)
        if target is not None:
            save_chart(target, 480, 90 + 22 * len(data["bots"]), draw_ladder(data))
    if data["interrupted"]:
        say("interrupted: the ratings cover the matchups finished before Ctrl-C")
        raise typer.Exit(130)


CorrectionOption = typer.Option("holm", "--correction", metavar="holm|bh",
                                help="Correct for the number of cards compared: holm (family-wise) or bh "
                                     "(Benjamini-Hochberg, false discovery rate).")
MarksCorrectionOption = typer.Option("holm", "--correction", metavar="holm|bh",
                                     help="Correct the marks for the number of figures compared: holm "
                                          "(family-wise) or bh (Benjamini-Hochberg, false discovery rate).")


@app.command()
def cards(
    game: str = BalanceGameOption,
    players: int | None = typer.Option(None, "--players", "-p", min=1,
                                       help="Players (default: the game's fewest, at least 2)."),
    bots: list[str] = typer.Option([], "--bots", "-b", metavar="BOTS",
                                   help="Bots, comma-separated or repeated: one for every seat or one per seat "
                                        "(default: the game's strongest)."),
    games: int = typer.Option(1000, "--games", "-n", min=1, help="Games to play (seats rotate)."),
    correction: str = CorrectionOption,
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    chart: Path | None = ChartOption,
    force: bool = ForceOption,
    quiet: bool = QuietOption,
    minutes: float = MinutesOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Per-card impact: a card's effect on its holder's win rate.

    Bots play seat-rotated games; for every card, the win rate of the players who had it (drawn, dealt or
    placed: the game's docs say which) against those who could have had it and did not, with intervals
    corrected for the number of cards compared; strong or weak cards are flagged. Budget: at most --minutes
    of play (default 5: 1000 games of a slow game with a searching bot take hours; --minutes 0 plays them
    all). Exit 2 on bad input, 130 on Ctrl-C (with the figures of the finished games).
    """
    from kcal.balance.impact import card_impact, chart_size, draw_chart, impact_text
    from kcal.cli.options import bot_names as _bot_names
    from kcal.cli.options import jobs_of as _jobs
    from kcal.cli.options import runner_of as _runner
    from kcal.print.charts import save_chart
    from kcal.sim.progress import Progress, wanted

    with guarded(), writing(force), lab_limit(minutes) as limit:
        target = chart_target(chart)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(games, "games", enabled=show) as bar:
            result = card_impact(game, games, seed, _bot_names(bots), players, correction.strip().lower(),
                                 _jobs(jobs), runner=_runner(backend, dask_address), on_done=bar.update)
        mark_limit(result, limit, minutes, result["games"])
        emit(result, fmt, impact_text)
        if target is not None:
            save_chart(target, *chart_size(result), draw_chart(result))
    if result["interrupted"]:
        raise typer.Exit(130)


PlayersOption = typer.Option(None, "--players", "-p", min=1,
                             help="Players (default: the game's fewest, at least 2).")
BotsOption = typer.Option([], "--bots", "-b", metavar="BOTS",
                          help="The bot of every seat, or one per seat (comma-separated or repeated). Default: the "
                               "strongest bot the pack names, else its default bot.")


def _bots(bots: list[str]) -> list[str] | None:
    from kcal.cli.options import bot_names as _bot_names

    return _bot_names(bots)


def _jobs(jobs: int | None) -> int:
    from kcal.sim.parallel import default_jobs

    return jobs if jobs is not None else default_jobs()


@app.command("params")
def params(
    game: str = BalanceGameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """The rule parameters a game declares, with their ranges.

    Name, type, range, default and meaning of each. A what-if patch sets them under params:; kcal balance sweep steps one over a range.
    """
    from kcal.balance.patch import params_json, params_text
    from kcal.core import registry

    with guarded():
        data = params_json(registry.get(game))
        emit(data, fmt, params_text)


@app.command("what-if")
def what_if(
    game: str = BalanceGameOption,
    patch: Path = typer.Option(..., "--patch", metavar="PATCH.yaml",
                               help="The patch: card changes and parameters (docs/balance.md)."),
    games: int = typer.Option(2000, "--games", "-n", min=2,
                              help="Most games per arm (the sequential test may stop sooner)."),
    players: int | None = PlayersOption,
    bots: list[str] = BotsOption,
    correction: str = MarksCorrectionOption,
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    chart: Path | None = ChartOption,
    force: bool = ForceOption,
    quiet: bool = QuietOption,
    minutes: float = MinutesOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """What a patch changes, from paired games on the same seeds.

    Each seat's win rate and score, the mean game length, the end reasons and the impact of each card the patch
    changes or adds, base against patched, with intervals corrected for the figures compared (a * marks a change);
    a sequential test (SPRT, fishtest's statistic) stops when every seat's answer is clear, looking first at 128
    games; --games is the cap. Budget: at most --minutes of play (default 5; 0: no limit). Exit 2 on bad input (the
    patch's file:line:column), 130 on Ctrl-C (with the figures of the finished games).
    """
    from kcal.balance.whatif import what_if as run
    from kcal.balance.whatif_text import draw_what_if, what_if_text
    from kcal.cli.options import runner_of as _runner
    from kcal.sim.progress import Progress, wanted

    with guarded(), writing(force), lab_limit(minutes) as limit:
        target = chart_target(chart)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(games * 2, "what-if games", enabled=show) as bar:
            data = run(game, patch, players=players, games=games, seed=seed, bots=_bots(bots), jobs=_jobs(jobs),
                       runner=_runner(backend, dask_address), on_done=lambda k: bar.update(2 * k),
                       correction=correction)
        mark_limit(data, limit, minutes, bar.done)
        emit(data, fmt, what_if_text)
        if target is not None:
            draw_what_if(data, target)
        if data["interrupted"]:
            raise typer.Exit(130)


@app.command("calibrate")
def calibrate(
    game: str = BalanceGameOption,
    runs: int = typer.Option(20, "--runs", min=1, help="What-ifs of each kind: two nulls and the stated change."),
    games: int = typer.Option(2000, "--games", "-n", min=2,
                              help="Most games per arm of each what-if (the what-if's default budget)."),
    effect: float = typer.Option(0.05, "--effect", metavar="SHARE",
                                 help="The stated change whose power is measured: seat A's win rate up by SHARE "
                                      "(0.05: 5 points)."),
    players: int | None = PlayersOption,
    bots: list[str] = BotsOption,
    correction: str = MarksCorrectionOption,
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    quiet: bool = QuietOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """How often what-if marks what is not there, and finds what is.

    Null what-ifs whose games diverge with no change of balance (the game against itself on other seeds; bots
    perturbed by an extra random draw) and what-ifs with a stated change (seat A's win rate up by --effect), each at
    the what-if's budget: the rate of runs with any mark, the SPRT's false accepts, each figure's false marks and the
    power, with 95% intervals (docs/balance.md). Up to 3 x --runs x --games game pairs: greedy bots and a few runs
    take minutes. Exit 2 on bad input, 130 on Ctrl-C (with the runs finished).
    """
    from kcal.balance.calibrate import calibrate as run
    from kcal.balance.calibrate import calibrate_text
    from kcal.cli.options import runner_of as _runner
    from kcal.sim.progress import Progress, wanted

    with guarded():
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(3 * runs * games * 2, "calibration games (at most)", enabled=show) as bar:
            data = run(game, runs=runs, games=games, effect=effect, players=players, seed=seed, bots=_bots(bots),
                       correction=correction, jobs=_jobs(jobs), runner=_runner(backend, dask_address),
                       on_done=lambda k: bar.update(2 * k))
        emit(data, fmt, calibrate_text)
        if data["interrupted"]:
            raise typer.Exit(130)


@app.command("sweep")
def sweep(
    game: str = BalanceGameOption,
    param: str = typer.Option(..., "--param", metavar="NAME=A:B:STEP",
                              help="A declared parameter (kcal balance params) from A to B in steps of STEP."),
    games: int = typer.Option(200, "--games", "-n", min=1, help="Games at each value (the same seeds for each)."),
    players: int | None = PlayersOption,
    bots: list[str] = BotsOption,
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    chart: Path | None = ChartOption,
    force: bool = ForceOption,
    quiet: bool = QuietOption,
    minutes: float = MinutesOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Win rates as a rule parameter steps over a range.

    Each seat's win rate and the game length at each value. The range is checked before any game (in the declared range, not empty, at most 64 values). Budget:
    at most --minutes of play (default 5; 0: no limit). Exit 2 on bad input, 130 on Ctrl-C.
    """
    from kcal.balance.sweep import draw_sweep, parse_range, sweep_text
    from kcal.balance.sweep import sweep as run
    from kcal.cli.options import runner_of as _runner
    from kcal.core import registry
    from kcal.sim.progress import Progress, wanted

    with guarded(), writing(force), lab_limit(minutes) as limit:
        target = chart_target(chart)
        _, values = parse_range(registry.get(game), param)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(games * len(values), "sweep games", enabled=show) as bar:
            data = run(game, param, players=players, games=games, seed=seed, bots=_bots(bots), jobs=_jobs(jobs),
                       runner=_runner(backend, dask_address), on_done=bar.update)
        mark_limit(data, limit, minutes, bar.done)
        emit(data, fmt, sweep_text)
        if target is not None and data["points"]:
            draw_sweep(data, target)
        if data["interrupted"]:
            raise typer.Exit(130)
