"""``kcal sim``: goldfish statistics, solo games and bot matches."""

from __future__ import annotations

from pathlib import Path

import typer

from .common import FormatOption, OutputFormat, emit, guarded

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)

SeedOption = typer.Option(0, "--seed", "-s", min=0, help="Master seed; every game's seed derives from it.")
JobsOption = typer.Option(
    None, "--jobs", "-j", min=1, help="Worker processes (default: all cores). Output is the same for any N."
)
QuietOption = typer.Option(False, "--quiet", "-q", help="No progress bar.")
CatalogOption = typer.Option([], "--catalog", "-c", help="Extra catalog file(s) to load.")


@app.callback()
def _sim() -> None:
    """Simulate opening hands, solo games and bot matches."""


def _jobs(jobs: int | None) -> int:
    from kcal.sim.parallel import default_jobs

    return jobs if jobs is not None else default_jobs()


def _interrupted_note(result: dict) -> None:
    if result.get("interrupted"):
        typer.echo("interrupted: the figures cover the work finished before Ctrl-C", err=True)


@app.command()
def goldfish(
    deck: Path = typer.Argument(..., help="Deck file (YAML).", show_default=False),
    hands: int = typer.Option(100_000, "--hands", "-n", min=1, help="Opening sequences to simulate."),
    games: int = typer.Option(
        5_000, "--games", min=0, help="Solitaire games of the placement model (turns 1 onwards); 0 skips it."
    ),
    turns: int = typer.Option(10, "--turns", min=1, max=60, help="Turns per placement-model game."),
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    catalog: list[Path] = CatalogOption,
    quiet: bool = QuietOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Opening-hand odds (exact beside simulated) and turn-by-turn placement chances.

    Exit 2 on bad input, including a deck with no water tile (no hand could ever be kept).
    """
    from kcal.sim.goldfish import simulate_goldfish
    from kcal.sim.profile import load_profile
    from kcal.sim.progress import Progress, wanted
    from kcal.sim.render import goldfish_text

    with guarded():
        profile = load_profile(deck, catalog)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(hands + games, "goldfish", enabled=show) as bar:
            result = simulate_goldfish(
                profile, hands=hands, games=games, turns=turns, seed=seed, jobs=_jobs(jobs), on_progress=bar.update
            )
        _interrupted_note(result)
        emit(result, fmt, goldfish_text)
        if result.get("interrupted"):
            raise typer.Exit(130)
