"""kCaloria's own ``kcal sim`` commands: ``goldfish`` (opening-hand odds and the placement model) and
``solo`` (the rulebook's solo mode played by a bot) work on hex-tile decks, which only this game has. The
pack contributes them to ``kcal sim`` (the ``kcal.commands`` entry point ``sim.kcaloria``); the deck match
of ``kcal sim match DECK DECK`` is the pack's ``deck_match`` hook (:mod:`kcal.games.kcaloria.match`). Only
typer and light kcal modules are imported here.
"""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded, refuse_other_game
from kcal.cli.options import (
    AddressOption,
    BackendOption,
    BotOption,
    CatalogOption,
    ForceOption,
    JobsOption,
    QuietOption,
    RecordOption,
    SaveGameOption,
    SeedOption,
    interrupted_note,
    jobs_of,
    runner_of,
    save_game_record,
    save_target,
)
from kcal.games.kcaloria import PACK

app = typer.Typer(rich_markup_mode=None)


@app.command("goldfish")
def goldfish(
    deck: Path = typer.Argument(..., help="Deck file (YAML).", show_default=False, metavar="DECK"),
    hands: int = typer.Option(100_000, "--hands", min=1, help="Opening sequences to simulate."),
    games: int = typer.Option(
        5_000, "--games", min=0, help="Solitaire games of the placement model (turns 1 onwards); 0 skips it."
    ),
    turns: int = typer.Option(10, "--turns", min=1, max=60, help="Turns per placement-model game."),
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    catalog: list[Path] = CatalogOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    quiet: bool = QuietOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Opening-hand odds and turn-by-turn placement chances.

    Exact odds beside simulated ones.

    Exit 2 on bad input, including a deck with no water tile (no hand could ever be kept).
    """
    from kcal.sim.progress import Progress, wanted

    with guarded():
        refuse_other_game(deck, PACK, "sim goldfish")
        from kcal.games.kcaloria.sim.goldfish import simulate_goldfish
        from kcal.games.kcaloria.sim.profile import load_profile
        from kcal.games.kcaloria.sim.render import goldfish_text

        profile = load_profile(deck, catalog)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(hands + games, "goldfish", enabled=show) as bar:
            result = simulate_goldfish(
                profile, hands=hands, games=games, turns=turns, seed=seed, jobs=jobs_of(jobs), on_progress=bar.update,
                runner=runner_of(backend, dask_address),
            )
        interrupted_note(result)
        emit(result, fmt, goldfish_text)
        if result.get("interrupted"):
            raise typer.Exit(130)


@app.command("solo")
def solo(
    deck: Path = typer.Argument(..., help="Deck file (YAML).", show_default=False),
    games: int = typer.Option(200, "--games", "-n", min=1, help="Solo games to play."),
    bot: str = BotOption,
    seed: int = SeedOption,
    jobs: int | None = JobsOption,
    save_game: int | None = SaveGameOption,
    record_out: Path | None = RecordOption,
    force: bool = ForceOption,
    catalog: list[Path] = CatalogOption,
    backend: str = BackendOption,
    dask_address: str | None = AddressOption,
    quiet: bool = QuietOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Play solo games with a bot: scores, stagnation, stuck tiles.

    Solo mode: seven piles, refilled, no discards.
    """
    from kcal.sim.progress import Progress, wanted

    with guarded():
        refuse_other_game(deck, PACK, "sim solo")
        from kcal.games.kcaloria.deck.check import colour_balance, playable_tiles
        from kcal.games.kcaloria.files.load import load_deck
        from kcal.games.kcaloria.files.record import state_to_record
        from kcal.games.kcaloria.sim.render import solo_text
        from kcal.games.kcaloria.sim.report import report_advice
        from kcal.games.kcaloria.sim.solo import replay_solo_game, simulate_solo

        loaded = load_deck(deck, catalog)
        tiles = playable_tiles(loaded)  # no water: an error that names the file, as goldfish's does
        inputs = loaded.input_paths()
        record_path = save_target(save_game, games, record_out, "solo-game-{k}.yaml", inputs, force)
        show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
        with Progress(games, "solo games", enabled=show) as bar:
            result = simulate_solo(tiles, deck_name=loaded.deck.name, games=games, seed=seed, bot=bot,
                                   jobs=jobs_of(jobs), on_progress=bar.update, runner=runner_of(backend, dask_address))
        interrupted_note(result)
        advice = report_advice({"solo": result, "colours": colour_balance(tiles)})
        emit({**result, "advice": advice}, fmt,
             lambda r: solo_text(r) + "".join(f"\n  advice: {a}" for a in r["advice"]))
        save_game_record(lambda k: state_to_record(replay_solo_game(tiles, bot, seed, k)), save_game, record_path,
                         inputs, force)
        if result.get("interrupted"):
            raise typer.Exit(130)
