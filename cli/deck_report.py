"""``kcal deck report``: charts about a deck, to PDF (and PNG). Registered by ``cli/deck.py``."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded


def report(
    deck: Path = typer.Argument(..., help="Deck file (YAML).", show_default=False),
    out: Path = typer.Option(..., "--out", "-o", help="Output file: .pdf (or .png for a PNG only).", show_default=False),
    png: bool = typer.Option(False, "--png", help="Also write a PNG beside the PDF (same name, .png)."),
    hands: int = typer.Option(200_000, "--hands", min=1, help="Opening sequences to simulate."),
    games: int = typer.Option(5_000, "--games", min=0, help="Placement-model games (turn-by-turn charts)."),
    solo_games: int = typer.Option(40, "--solo-games", min=0, help="Solo games for the score histogram (0 skips)."),
    bot: str = typer.Option("greedy", "--bot", "-b", help="Bot for the solo games: greedy, random or lookahead."),
    seed: int = typer.Option(0, "--seed", "-s", min=0, help="Master seed."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores)."),
    catalog: list[Path] = typer.Option([], "--catalog", "-c", help="Extra catalog file(s) to load."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    fmt: OutputFormat = FormatOption,
) -> None:
    """Opening-hand odds, turn-by-turn placement, colour curve, solo scores, cost and yield by colour."""
    from kcal.games.kcaloria.load import load_deck
    from kcal.games.kcaloria.sim.report import render_deck_report, report_units
    from kcal.sim.parallel import default_jobs
    from kcal.sim.progress import Progress, wanted

    with guarded():
        loaded = load_deck(deck, catalog)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(report_units(hands, games, solo_games), "deck report", enabled=show) as bar:
            result = render_deck_report(
                loaded, out, png=png, hands=hands, games=games, solo_games=solo_games, bot=bot, seed=seed,
                jobs=jobs if jobs is not None else default_jobs(), on_progress=bar.update,
            )
        summary = {"deck": loaded.deck.name, "written": result["written"], "seed": seed, "hands": hands,
                   "games": games, "solo_games": solo_games}
        emit(summary, fmt, lambda r: "\n".join(f"wrote {p}" for p in r["written"]))
