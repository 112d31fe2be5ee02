"""``kcal balance``: the balance lab (docs/balance.md) -- bot ladders, per-card impact, what-if patches and
parameter sweeps, for every pack, on the shared simulator (local processes or a Dask cluster).

Each command is thin: it checks its options, calls one function of :mod:`kcal.balance` and hands the
plain-data result to :func:`kcal.cli.common.emit`; ``--chart FILE.png|svg`` draws it
(:func:`kcal.print.charts.save_chart`).
"""

from __future__ import annotations

from pathlib import Path

import typer

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
