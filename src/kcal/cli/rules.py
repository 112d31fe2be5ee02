"""``kcal rules``: replay game records and explain rules (thin: parse, call the pack, render)."""

from __future__ import annotations

from pathlib import Path

import typer

from kcal.cli.common import (
    ForceOption,
    FormatOption,
    GameOption,
    OutputFormat,
    emit,
    exit_with,
    guarded,
    pack_of,
    write_json,
    write_text,
    writing,
)
from kcal.cli.complete import complete_topic
from kcal.cli.output import say
from kcal.core.text import shown_path

app = typer.Typer(no_args_is_help=True, help="Replay game records and explain rules.")

GameArgument = typer.Argument(None, help="A game record (YAML); its 'game:' key names the game. A bare name "
                              "that is no file is an example the game ships (kcal rules examples).",
                              show_default=False, metavar="GAME")
TopicArgument = typer.Argument(None, help="A rule topic (none: list the topics of the game).",
                               show_default=False, metavar="TOPIC", autocompletion=complete_topic)


@app.command("replay")
def replay_cmd(
    game: Path | None = GameArgument,
    game_id: str | None = GameOption,
    example: str | None = typer.Option(None, "--example", "-e", metavar="NAME", show_default=False,
                                       help="Replay an example record the game ships (kcal rules examples "
                                            "lists them)."),
    fmt: OutputFormat = FormatOption,
    svg: Path | None = typer.Option(None, "--svg", metavar="OUT.svg", help="Draw the table (after --upto "
                                    "moves, else at the end) as an SVG picture.", show_default=False),
    png: Path | None = typer.Option(None, "--png", metavar="OUT.png", help="The same picture as a PNG.",
                                    show_default=False),
    html: Path | None = typer.Option(None, "--html", metavar="OUT.html", help="A self-contained page "
                                     "that steps through the game (arrow keys, slider).", show_default=False),
    upto: int | None = typer.Option(None, "--upto", min=0, metavar="N", help="Draw the table after N "
                                    "moves (--html: the page stops there).", show_default=False),
    coords: bool = typer.Option(False, "--coords", help="Write each cell's coordinates on the pictures."),
    force: bool = ForceOption,
) -> None:
    """Replay a game record move by move.

    Exit 0 if every move is legal, 1 at the first illegal move, 2 on bad input.
    """
    with guarded(), writing(force):
        from kcal.core.errors import UsageError

        if (upto is not None or coords) and not (svg or png or html):
            raise UsageError("--upto and --coords say what to draw: add --svg, --png or --html")
        game = _record(game, example, game_id)
        pack = pack_of(game_id, game)
        result = pack.hook("replay").replay(game)
        if svg or png or html:  # written before the report, so a refused output leaves stdout empty
            from kcal.core.atomic import check_output_path
            from kcal.viewer.output import write

            for out in (svg, png, html):  # refused before the pictures are drawn, not after
                if out is not None:
                    check_output_path(out, inputs=(game, *result.inputs))

            story = pack.hook("draw").story(game, upto=upto, coords=coords, every=html is not None,
                                            checked=result)
            # never over the record, nor over any file it loaded (its catalogs, its card set)
            for path in write(story, svg=svg, png=png, html=html, step=upto, inputs=(game, *result.inputs)):
                say(f"wrote {shown_path(path)}")
        # each output made as it is written (Replay.streamed_json, streamed_text): a long game's board
        # is two dicts a tile in JSON (100,000 moves: some 120 MB), and a line a tile in text
        if fmt is OutputFormat.json:
            write_json(result.streamed_json())
        else:
            write_text(result.streamed_text())
    exit_with(result.exit_code)


def _record(game: Path | None, example: str | None, game_id: str | None) -> Path:
    """The record to replay: GAME, or the shipped example ``--example NAME`` (or GAME as a bare name)."""
    from kcal.core import examples
    from kcal.core.errors import UsageError

    if game is not None and example is not None:
        raise UsageError("give a GAME record or --example NAME, not both")
    if example is not None:
        return examples.find(pack_of(game_id), example)
    if game is None:
        raise UsageError("give a GAME record to replay, or --example NAME (kcal rules examples lists them)")
    if examples.looks_like_a_name(game):
        return examples.resolve(pack_of(game_id), game, examples.EXAMPLES)
    return game


@app.command("examples")
def examples_cmd(
    game_id: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """List the example game records each game ships.

    Replay one with kcal rules replay --example NAME --game ID. Without --game, every installed game's.
    """
    with guarded():
        from kcal.core import examples
        from kcal.core.registry import packs

        chosen = [pack_of(game_id)] if game_id else packs()
        found = [e.to_json() for p in chosen for e in examples.shipped(p, examples.EXAMPLES)]
    emit({"examples": found}, fmt, _examples_text)


def _examples_text(result: dict) -> str:
    from kcal.core.text import shown

    lines = []
    for e in result["examples"]:
        lines.append(f"{e['game']:<18} {e['name']:<22} {e['summary']}")
        lines.append(f"{'':<18} {'':<22} kcal rules replay --example {e['name']} --game {e['game']}"
                     f"  ({shown(e['path'])})")
    return "\n".join(lines) if lines else "no examples"


@app.command("explain")
def explain_cmd(
    topic: list[str] | None = TopicArgument,
    game_id: str | None = GameOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Explain a rule topic, with kcal's rulings.

    Prints the rule text of TOPIC and how kcal applies it (rulings included); no TOPIC lists them.
    """
    with guarded():
        module = pack_of(game_id).hook("explain")
        if not topic:
            emit({"topics": list(module.topics())}, fmt, lambda d: "topics:\n" + "\n".join(
                f"  {t}" for t in d["topics"]))
            return
        emit(module.explain(" ".join(topic)), fmt, module.explain_text)
