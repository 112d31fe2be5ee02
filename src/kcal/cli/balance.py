"""``kcal balance``: the balance lab (docs/balance.md) -- bot ladders, per-card impact, what-if patches and
parameter sweeps, for every pack, on the shared simulator (local processes or a Dask cluster).

Each command is thin: it checks its options, calls one function of :mod:`kcal.balance` and hands the
plain-data result to :func:`kcal.cli.common.emit`; ``--chart FILE.png|svg`` draws it
(:func:`kcal.print.charts.save_chart`).
"""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded
from kcal.cli.sim import AddressOption as AddressOption
from kcal.cli.sim import BackendOption as BackendOption
from kcal.cli.sim import JobsOption as JobsOption
from kcal.cli.sim import QuietOption as QuietOption
from kcal.cli.sim import SeedOption as SeedOption

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)

ChartOption = typer.Option(None, "--chart", metavar="FILE.png|svg",
                           help="Also draw the result as a chart (PNG or SVG, by the file's suffix).")
BalanceGameOption = typer.Option(..., "--game", "-g", metavar="ID", help="Game pack id (kcal games lists them).")


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


@app.callback()
def _balance() -> None:
    """Bot ladders, per-card impact, what-if patches and parameter sweeps."""


PlayersOption = typer.Option(None, "--players", "-p", min=1,
                             help="Players (default: the game's fewest, at least 2).")
BotsOption = typer.Option([], "--bots", "-b", metavar="BOTS",
                          help="The bot of every seat, or one per seat (comma-separated or repeated). Default: the "
                               "strongest bot the pack names, else its default bot.")


def _bots(bots: list[str]) -> list[str] | None:
    from kcal.cli.sim import _bot_names

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
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    chart: Path | None = ChartOption,
    quiet: bool = QuietOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """What a patch changes, from paired games on the same seeds.

    With 95% intervals: each seat's win rate, the mean game length and the end reasons, base against patched; a sequential
    test (SPRT) stops when every seat's answer is clear, --games is the cap. Exit 2 on bad input (the
    patch's file:line:column), 130 on Ctrl-C (with the figures of the finished games).
    """
    from kcal.balance.whatif import draw_what_if, what_if_text
    from kcal.balance.whatif import what_if as run
    from kcal.cli.sim import _runner
    from kcal.sim.progress import Progress, wanted

    with guarded():
        target = chart_target(chart)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(games * 2, "what-if games", enabled=show) as bar:
            data = run(game, patch, players=players, games=games, seed=seed, bots=_bots(bots), jobs=_jobs(jobs),
                       runner=_runner(backend, dask_address), on_done=lambda k: bar.update(2 * k))
        emit(data, fmt, what_if_text)
        if target is not None:
            draw_what_if(data, target)
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
    quiet: bool = QuietOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Win rates as a rule parameter steps over a range.

    Each seat's win rate and the game length at each value. The range is checked before any game (in the declared range, not empty, at most 64 values). Exit 2
    on bad input, 130 on Ctrl-C.
    """
    from kcal.balance.sweep import draw_sweep, parse_range, sweep_text
    from kcal.balance.sweep import sweep as run
    from kcal.cli.sim import _runner
    from kcal.core import registry
    from kcal.sim.progress import Progress, wanted

    with guarded():
        target = chart_target(chart)
        _, values = parse_range(registry.get(game), param)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(games * len(values), "sweep games", enabled=show) as bar:
            data = run(game, param, players=players, games=games, seed=seed, bots=_bots(bots), jobs=_jobs(jobs),
                       runner=_runner(backend, dask_address), on_done=bar.update)
        emit(data, fmt, sweep_text)
        if target is not None and data["points"]:
            draw_sweep(data, target)
        if data["interrupted"]:
            raise typer.Exit(130)
