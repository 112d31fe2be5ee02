"""``kcal play``: a table in the browser for any game, the rules kept by the engine (docs/play.md).

Imports only typer and light kcal modules at its top; uvicorn and Starlette load when the server starts.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from kcal.cli.common import ForceOption, FormatOption, OutputFormat, emit, guarded, write_text
from kcal.cli.complete import complete_bot
from kcal.cli.options import output_needs_save_game
from kcal.cli.output import say

app = typer.Typer(pretty_exceptions_enable=False, rich_markup_mode=None, subcommand_metavar="",
                  context_settings={"allow_interspersed_args": True})  # DECK files and options in any order

DEFAULT_PORT = 8765


@app.callback(invoke_without_command=True)
def play(
    decks: list[Path] | None = typer.Argument(None, help="kCaloria-style deck files: one per seat (one: a solo "
                                              "game).", show_default=False, metavar="DECK"),
    game: str | None = typer.Option(None, "--game", "-g", metavar="ID", help="Game pack id (kcal games lists them)."),
    players: int | None = typer.Option(None, "--players", "-p", min=1, help="Players (default: the game's fewest)."),
    bots: list[str] = typer.Option([], "--bots", "-b", metavar="BOTS", autocompletion=complete_bot,
                                   help="Bots for the seats nobody takes, comma-separated or repeated: one for all "
                                   "or one per bot seat (any bot sim match takes, mcts:N included)."),
    seat: list[str] = typer.Option([], "--seat", metavar="NAME", help="A seat a person takes (repeatable; default: "
                                   "the first seat, or the seats --bots leaves)."),
    start: Path | None = typer.Option(None, "--start", metavar="RECORD", help="Go on from a game record (or a "
                                      "start: position), its game, players and moves as kcal rules replay reads "
                                      "them."),
    variant: str | None = typer.Option(None, "--variant", help="A rule variant of the game."),
    option: list[str] = typer.Option([], "--option", "-O", help="KEY=VALUE, a game option (repeatable)."),
    seed: int | None = typer.Option(None, "--seed", "-s", min=0, help="The game's seed (default: a random one)."),
    host: str | None = typer.Option(None, "--host", metavar="ADDRESS", help="Listen on this address (default "
                                    "127.0.0.1: this machine only) and print one invitation link per seat."),
    port: int = typer.Option(DEFAULT_PORT, "--port", min=0, max=65535, help="The port to listen on."),
    open_browser: bool = typer.Option(True, "--open/--no-open", help="Open the table in the browser."),
    data: Path | None = typer.Option(None, "--data", metavar="DIR", help="The folder of the table database "
                                     "(default: $XDG_DATA_HOME/kcal or ~/.local/share/kcal)."),
    list_: bool = typer.Option(False, "--list", help="List the saved tables and exit."),
    resume: str | None = typer.Option(None, "--resume", metavar="ID", help="Resume a saved table."),
    pace: float = typer.Option(0.8, "--pace", min=0.0, max=60.0, help="Seconds between bot moves."),
    save_game: str | None = typer.Option(None, "--save-game", metavar="ID", help="Save table ID as a game record "
                                         "(to --output) and exit."),
    output: Path | None = typer.Option(None, "--output", "-o", metavar="PATH",
                                       help="Where --save-game writes (default: play-ID.yaml)."),
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Play a game in the browser: people at some seats, bots at the others.

    kcal play --game ID [--players N] [--bots B,...] [--seat NAME]; kcal play DECK DECK (kCaloria);
    kcal play DECK (a solo deck). --list, --resume ID, --save-game ID. Exit 2 on bad input, a port in
    use, an unwritable data folder or a damaged database (never overwritten).
    """
    from kcal.play.store import Store

    with guarded():
        output_needs_save_game(output, save_game)
        store = Store(data)
        if list_:
            from kcal.play.launch import list_tables, list_text

            rows = list_tables(store)
            emit({"tables": rows}, fmt, lambda d: list_text(d["tables"]))
            return
        if save_game is not None:
            from kcal.play.launch import save_table_record

            path = save_table_record(store, save_game, output or Path(f"play-{save_game}.yaml"), force=force)
            say(f"saved table {save_game} to {path}")
            return
        from kcal.play.launch import bind

        sock = bind(host or "127.0.0.1", port)  # a port in use is found before any table is made
        table = _table(store, resume, decks, game, players, bots, seat, variant, option, seed, start)
        _run(store, table, sock, host, open_browser, pace)


def _table(store, resume, decks, game, players, bots, seat, variant, option, seed, start):  # type: ignore[no-untyped-def]
    from kcal.core.errors import UsageError
    from kcal.play.launch import NewTable, create_table
    from kcal.play.table import Table

    if resume is not None:
        if decks or game or players or bots or seat or variant or option or seed is not None or start:
            raise UsageError("--resume ID takes the table as it was saved; give no other game options")
        return Table.restore(store.load(resume), store)
    from kcal.cli.options import bot_names as _bot_names
    from kcal.sim.options import parse_options

    options = parse_options(option, {})
    if any(isinstance(v, list) for v in options.values()):
        raise UsageError("--option takes one value per key at a table (a list sweeps only in sim match)")
    return create_table(NewTable(game, players, _bot_names(bots), seat, variant, options, tuple(decks or ()), seed,
                                 start), store)


def _run(store, table, sock, host: str | None, open_browser: bool, pace: float) -> None:  # type: ignore[no-untyped-def]
    from kcal.play.launch import serve
    from kcal.play.server import Hub, invitation

    shown_host = host or "127.0.0.1"
    if shown_host in ("0.0.0.0", "::"):
        import socket

        shown_host = socket.gethostname()
    base = f"http://{'[' + shown_host + ']' if ':' in shown_host else shown_host}:{sock.getsockname()[1]}"
    hub = Hub(store, pace=pace)
    hub.add(table)
    humans = table.humans()
    lines = [f"table {table.id}: {table.game.info.name}, {len(table.played)} moves; Ctrl-C stops "
             f"(resume with: kcal play --resume {table.id})\n"]
    links = [(s.player, invitation(base, table, s)) for s in humans]
    lines += [f"seat {player}: {link}\n"
              for player, link in (links if (host is not None or len(links) > 1) else links[:1])]
    lines.append(f"spectators: {base}/t/{table.id}\n")
    write_text(lines)
    sys.stdout.flush()

    def ready() -> None:
        if open_browser and links:
            import webbrowser

            webbrowser.open(links[0][1])

    try:
        serve(hub, sock, on_ready=ready)
    except KeyboardInterrupt:  # uvicorn stopped cleanly and passes Ctrl-C on
        pass
    store.close()
    say(f"stopped; every move is saved (kcal play --resume {table.id})")
