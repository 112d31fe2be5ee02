"""``kcal sim``: goldfish statistics, solo games and bot matches."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import ForceOption as ForceOption
from kcal.cli.common import FormatOption, OutputFormat, contribute, deck_match_of, emit, guarded
from kcal.cli.complete import complete_bot
from kcal.cli.options import (
    AddressOption,
    BackendOption,
    CatalogOption,
    JobsOption,
    QuietOption,
    RecordOption,
    SaveGameOption,
    SeedOption,
    bot_names,
    interrupted_note,
    jobs_of,
    runner_of,
    save_target,
)
from kcal.cli.output import say

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)

@app.callback()
def _sim() -> None:
    """Simulate opening hands, solo games and bot matches."""


GameOption = typer.Option(None, "--game", "-g", metavar="ID", help="Game pack id (kcal games lists them); without it, "
                          "DECK files play a kCaloria deck match.")
PlayersOption = typer.Option(None, "--players", "-p", min=1,
                             help="Players (with --game; default: the game's fewest, at least 2).")
BotsOption = typer.Option([], "--bots", "-b", metavar="BOTS", autocompletion=complete_bot,
                          help="Bots, comma-separated or repeated: one for every seat (or deck) or one per "
                          "seat (bot k sits in seat (k + game) mod N). Default: the greedy bot.")
VariantOption = typer.Option(None, "--variant", help="A rule variant of the pack (with --game).")
OptionOption = typer.Option([], "--option", "-O", help="KEY=VALUE, or KEY=V1,V2,... to sweep (with --game); "
                            "repeatable.")
LimitOption = typer.Option(None, "--limit", help="Shorthand for --option limit=VALUE[,VALUE...] (How many "
                           "Calories?: the calorie limit in kcal; a list sweeps it).")


# the commands the installed packs add to ``kcal sim`` (kCaloria: goldfish, solo), listed before match
contribute(app, "sim")


@app.command()
def match(
    decks: list[Path] | None = typer.Argument(None, help="2 to 4 kCaloria deck files (YAML).", show_default=False,
                                              metavar="DECK"),
    game: str | None = GameOption,
    players: int | None = PlayersOption,
    games: int = typer.Option(100, "--games", "-n", min=1, help="Games to play (seats rotate)."),
    bots: list[str] = BotsOption,
    variant: str | None = VariantOption,
    option: list[str] = OptionOption,
    limit: str | None = LimitOption,
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
    """Bots play a match: win rates with 95% intervals.

    Per seat and per bot, with scores and game length.

    kcal sim match DECK DECK [DECK DECK]: 2 to 4 kCaloria decks. kcal sim match --game ID [--players N]:
    any pack (default: its fewest players, at least 2, as the balance commands), with --variant, --option KEY=VALUE (KEY=V1,V2 sweeps and names the value with the
    most even seats). Exit 2 on bad input, 130 on Ctrl-C (with the figures of the finished games).
    """
    from kcal.core import registry
    from kcal.core.errors import UsageError

    with guarded():
        names = bot_names(bots)
        # deck files play a deck match of a game with tile decks (the default game, or --game's)
        deck_match = bool(decks) and (game is None or registry.get(game).has("deck_match"))
        if deck_match or game is None:
            if variant is not None or option or limit is not None:
                raise UsageError("--variant, --option and --limit go with --game ID (a pack's options)")
            if players is not None and players != len(decks or ()):
                raise UsageError(f"--players {players} with {len(decks or ())} deck files")
            if not decks:
                raise UsageError("give 2 to 4 kCaloria deck files, or --game ID --players N")
            _deck_match(list(decks), games, names or ["greedy"], seed, jobs, save_game, record_out, force, catalog,
                        backend, dask_address, quiet, fmt)
            return
        if decks:
            raise UsageError(f"--game {game} plays without deck files")
        if catalog:  # the pack's own cards: an extra catalog would be ignored without a word
            raise UsageError(f"--catalog goes with deck files; --game {game} plays the pack's own cards")
        if players is None:
            from kcal.sim.match import default_players, load_game

            players = default_players(load_game(registry.get(game)).info)
        _game_match(game, players, games, names, variant, option, limit, seed, jobs, save_game, record_out,
                    force, backend, dask_address, quiet, fmt)


def _game_match(game: str, players: int, games: int, names: list[str] | None, variant: str | None,
                option: list[str], limit: str | None, seed: int, jobs: int | None, save_game: int | None,
                record_out: Path | None, force: bool, backend: str, dask_address: str | None, quiet: bool,
                fmt: OutputFormat) -> None:
    """``--game ID``: the shared runner over any pack."""
    from kcal.sim.match import save_record, simulate
    from kcal.sim.options import parse_options, sweep_blocks
    from kcal.sim.progress import Progress, wanted

    options = parse_options(option, {"limit": limit})
    record_path = save_target(save_game, games, record_out, "match-game-{k}.yaml", [], force)
    blocks = len(sweep_blocks(options)[1])
    show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
    with Progress(games * blocks, "match games", enabled=show) as bar:
        result = simulate(game, players, games, seed, names, jobs_of(jobs), save_game, options, variant,
                          runner=runner_of(backend, dask_address), on_done=bar.update)
    interrupted_note(result.to_json())
    emit(result.to_json(), fmt, lambda _: result.to_text())
    if save_game is not None and record_path is not None:
        save_record(result, save_game, record_path, force=force)
        say(f"saved game {save_game} to {record_path}")
    if result.interrupted:
        raise typer.Exit(130)


def _deck_match(decks: list[Path], games: int, bots: list[str], seed: int, jobs: int | None,
                save_game: int | None, record_out: Path | None, force: bool, catalog: list[Path], backend: str,
                dask_address: str | None, quiet: bool, fmt: OutputFormat) -> None:
    """``DECK DECK ...``: the deck match of the decks' game (its ``deck_match`` hook)."""
    deck_match_of(None, decks[0], "sim match DECK DECK").deck_match(
        decks, games, bots, seed, jobs, save_game, record_out, force, catalog, backend, dask_address, quiet, fmt)
