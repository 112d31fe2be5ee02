"""``kcal rules``: replay game records and explain rules (thin: parse, call the pack, render)."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import FormatOption, GameOption, OutputFormat, emit, exit_with, guarded, pack_of

app = typer.Typer(no_args_is_help=True, help="Replay game records and explain rules.")

GameArgument = typer.Argument(..., help="A game record (YAML); its 'game:' key names the game.")
TopicArgument = typer.Argument(None, help="A rule topic (none: list the topics of the game).",
                               show_default=False)


@app.command("replay")
def replay_cmd(
    game: Path = GameArgument,
    game_id: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Replay GAME move by move: exit 0 if every move is legal, 1 at the first illegal move, 2 on bad input."""
    with guarded():
        result = pack_of(game_id, game).hook("replay").replay(game)
        emit(result.to_json(), fmt, lambda _: result.to_text())
    exit_with(result.exit_code)


@app.command("explain")
def explain_cmd(
    topic: list[str] | None = TopicArgument,
    game_id: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Print the rule text of TOPIC and how kcal applies it (rulings included)."""
    with guarded():
        module = pack_of(game_id).hook("explain")
        if not topic:
            emit({"topics": list(module.topics())}, fmt, lambda d: "topics:\n" + "\n".join(
                f"  {t}" for t in d["topics"]))
            return
        emit(module.explain(" ".join(topic)), fmt, module.explain_text)
