"""The ``deck_match`` hook: ``kcal sim match DECK DECK ...``, which the shared ``sim match`` reaches for a
game with tile decks (the match itself is :mod:`kcal.games.kcaloria.sim.deckmatch`). Only typer and light
kcal modules are imported here."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import OutputFormat, emit
from kcal.cli.options import interrupted_note, jobs_of, runner_of, save_target, say


def deck_match(decks: list[Path], games: int, bots: list[str], seed: int, jobs: int | None,
               save_game: int | None, record_out: Path | None, force: bool, catalog: list[Path], backend: str,
               dask_address: str | None, quiet: bool, fmt: OutputFormat) -> None:
    """``kcal sim match DECK DECK ...``: 2 to 4 kCaloria decks played by bots on the shared match runner
    (:mod:`kcal.games.kcaloria.sim.deckmatch`)."""
    from kcal.core.errors import UsageError
    from kcal.games.kcaloria.deck.check import playable_tiles
    from kcal.games.kcaloria.files.load import load_deck
    from kcal.games.kcaloria.sim.deckmatch import deck_match as play_match
    from kcal.games.kcaloria.sim.deckmatch import deck_match_text
    from kcal.sim.progress import Progress, wanted
    from kcal.sim.records import write_record

    if not 2 <= len(decks) <= 4:
        raise UsageError(f"a match takes 2 to 4 decks, not {len(decks)}")
    loaded = [load_deck(d, catalog) for d in decks]
    tile_lists = [playable_tiles(ld) for ld in loaded]
    names = [ld.deck.name for ld in loaded]
    inputs = [p for ld in loaded for p in ld.input_paths()]
    record_path = save_target(save_game, games, record_out, "match-game-{k}.yaml", inputs, force)
    show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
    with Progress(games, "match games", enabled=show) as bar:
        result = play_match(tile_lists, names=names, games=games, seed=seed, bots=bots, jobs=jobs_of(jobs),
                            save_game=save_game, on_progress=bar.update, runner=runner_of(backend, dask_address))
    interrupted_note(result.data)
    emit(result.data, fmt, deck_match_text)
    if result.record is not None and record_path is not None:
        write_record(result.record, record_path, comment=f"kcal sim match DECK DECK, seed {seed}: game {save_game}"
                     f"\nreplay with: kcal rules replay {record_path}", inputs=inputs, force=force)
        say(f"saved game {save_game} to {record_path}")
    if result.interrupted:
        raise typer.Exit(130)
