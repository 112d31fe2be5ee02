"""``kcal deck report``: charts about a deck, to PDF (and PNG). Registered by ``cli/deck.py``.

With ``-f json`` the document carries every figure the charts show (``figures``: the goldfish odds
and turn-by-turn curves, cost and yield by colour, the solo summary) and the ``advice`` lines.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded, tools


class ReportPaper(StrEnum):
    a4 = "a4"
    letter = "letter"


def report(
    deck: Path = typer.Argument(..., help="Deck file (YAML).", show_default=False),
    out: Path = typer.Option(..., "--output", "-o", "--out", show_default=False,
                             help="Output file: .pdf (or .png for a PNG only; any other extension is refused)."),
    paper: ReportPaper = typer.Option(ReportPaper.a4, "--paper", help="Paper size of the report page."),
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
    """Charts about a deck: odds, placement, colours, scores.

    Opening-hand odds, turn-by-turn placement, colour curve, solo scores, cost and yield by colour.
    """
    from kcal.sim.parallel import default_jobs
    from kcal.sim.progress import Progress, wanted

    with guarded():
        t = tools(None, deck, "deck report")
        loaded = t.load_deck(deck, catalog)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(t.report_units(hands, games, solo_games), "deck report", enabled=show) as bar:
            result = t.render_deck_report(
                loaded, out, png=png, hands=hands, games=games, solo_games=solo_games, bot=bot, seed=seed,
                jobs=jobs if jobs is not None else default_jobs(), on_progress=bar.update, paper=paper.value,
            )
        data = result["data"]
        summary = {"deck": loaded.deck.name, "written": result["written"], "seed": seed, "hands": hands,
                   "games": games, "solo_games": solo_games, "paper": paper.value, "advice": data["advice"],
                   "figures": {"goldfish": data["goldfish"], "colours": data["colours"], "solo": data["solo"],
                               "solo_note": data["solo_note"]}}
        emit(summary, fmt, lambda r: "\n".join([*(f"wrote {p}" for p in r["written"]),
                                                *(f"advice: {a}" for a in r["advice"])]))
