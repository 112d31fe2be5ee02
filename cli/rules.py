"""``kcal rules``: replay game records and explain rules (thin: parse, call the engine, render)."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, exit_with, guarded

app = typer.Typer(no_args_is_help=True, help="Replay game records and explain rules.")

GameArgument = typer.Argument(..., help="A game record (YAML).")
TopicArgument = typer.Argument(..., help="A modifier, biome code, classification or rulebook section.")


@app.command("replay")
def replay_cmd(
    game: Path = GameArgument,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Replay GAME move by move: exit 0 if every move is legal, 1 at the first illegal move, 2 on bad input."""
    with guarded():
        from kcal.games.kcaloria.engine.replay import replay

        result = replay(game)
        emit(result.to_json(), fmt, lambda _: result.to_text())
    exit_with(result.exit_code)


@app.command("explain")
def explain_cmd(
    topic: list[str] = TopicArgument,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Print the rule text of TOPIC and what the engine does for it."""
    with guarded():
        from kcal.games.kcaloria.engine.explain import explain, explain_text

        emit(explain(" ".join(topic)), fmt, explain_text)
