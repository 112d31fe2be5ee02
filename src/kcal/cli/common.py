"""What every command shares: the output format option, error-to-exit mapping, result rendering.

Commands stay thin: declare options, call one library function, hand the plain-data result to
:func:`emit`. Expected errors (:class:`kcal.core.errors.KcalError`) become one stderr line each and
exit code 2 in :func:`guarded`; nothing prints a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import Any, NoReturn

import typer

from kcal.core.errors import Exit, KcalError


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


FormatOption = typer.Option(
    OutputFormat.text, "--format", "-f", help="text for people, json for tools (one document on stdout)."
)


ForceOption = typer.Option(
    False, "--force", help="Replace an existing file that kcal did not write, or that was changed since "
    "(kcal replaces its own outputs without asking; an input of the command is never replaced).",
)


@contextmanager
def writing(force: bool) -> Iterator[None]:
    """The block's outputs follow kcal's one overwrite policy, ``--force`` given or not (docs/cli.md,
    "Writing files"; :mod:`kcal.core.atomic`), however deep in a pack the file is written."""
    from kcal.core.atomic import forced

    with forced(force):
        yield


def fail(err: KcalError) -> NoReturn:
    from kcal.cli.output import report_problems  # JSON on stdout with --format json, else stderr lines

    report_problems(err.problems)
    raise typer.Exit(err.exit_code)


@contextmanager
def guarded() -> Iterator[None]:
    """Map kcal's expected errors (and a few OS ones) to messages and exit codes."""
    _forget_checks()  # a command checks its outputs afresh (kcal.core.atomic: names free when checked)
    try:
        yield
    except KcalError as err:
        fail(err)
    except KeyboardInterrupt:
        from kcal.cli.output import report_problems

        report_problems([KcalError("interrupted", code="interrupted")])
        raise typer.Exit(130) from None
    except BrokenPipeError:
        raise typer.Exit(0) from None
    except OSError as exc:  # the file system refused what no check foresaw (a full disk, a read-only mount)
        where = exc.filename if exc.filename is not None else None
        fail(KcalError(exc.strerror or str(exc), file=where, code="os-error"))
    finally:
        _forget_checks()


def _forget_checks() -> None:
    atomic = sys.modules.get("kcal.core.atomic")  # not imported: nothing was checked (and nothing new loads)
    if atomic is not None:
        atomic.forget_checks()


def emit(result: Any, fmt: OutputFormat, render_text: Callable[[Any], str]) -> None:
    """Print a plain-data result as JSON or as text for people."""
    if fmt is OutputFormat.json:
        write_json(result)
    else:
        from kcal.core.text import shown_data

        write_text((render_text(shown_data(result)),))


#: characters written to stdout at a time: it encodes what it is given whole, so a long text written at
#: once held its bytes beside it (a 100,000-move replay's 8 MB)
TEXT_CHUNK = 1 << 16


def write_text(pieces: Iterable[str]) -> None:
    """The text the ``pieces`` make, on stdout, ended by a newline unless it is empty or ends with one;
    written a chunk at a time, so neither the whole text nor its bytes need be held at once."""
    buffer: list[str] = []
    size = 0
    last = ""
    for piece in pieces:
        if piece:
            last = piece
            buffer.append(piece)
            size += len(piece)
            if size >= TEXT_CHUNK:
                _write_chunks("".join(buffer))
                buffer.clear()
                size = 0
    if last and not last.endswith("\n"):
        buffer.append("\n")
    if buffer:
        _write_chunks("".join(buffer))


def _write_chunks(text: str) -> None:
    from kcal.cli.output import use_colour
    from kcal.core.text import shown_text

    # a report's own line breaks and tabs stay, and ESC only when kcal coloured it for a terminal;
    # every other character that would act on a terminal is written escaped
    text = shown_text(text, "\n\t\x1b" if use_colour(sys.stdout) else "\n\t")
    for start in range(0, len(text), TEXT_CHUNK):
        sys.stdout.write(text[start:start + TEXT_CHUNK])


def write_json(result: Any) -> None:
    """``result`` as indented JSON on stdout, written as it is encoded, a few thousand pieces at a time:
    ``json.dumps`` with an indent holds every piece in a list before joining them (a 100,000-move replay's
    33 MB of JSON took some 300 MB at its peak). The bytes are ``json.dumps(result, indent=2,
    ensure_ascii=False)``'s, in about half its time (:class:`kcal.core.jsonstream.IndentedWriter`)."""
    from kcal.core.jsonstream import IndentedWriter
    from kcal.core.text import json_safe

    IndentedWriter(lambda text: sys.stdout.write(json_safe(text))).dump(result)
    sys.stdout.write("\n")


def exit_with(code: int | Exit) -> None:
    if int(code) != 0:
        raise typer.Exit(int(code))


def _complete_game(incomplete: str) -> list[str]:
    from kcal.core.registry import ids

    return [i for i in ids() if i.startswith(incomplete)]


GameOption = typer.Option(
    None, "--game", "-g", metavar="ID", show_default=False, autocompletion=_complete_game,
    help="The game (kcal games lists them); files name theirs with a top-level 'game:' key.",
)


def _for_tile_decks(command: str, pack: Any, path: str | Path | None = None) -> Exception:
    """The refusal of a command only games with tile decks have; a file's game is named at the file's
    ``game:`` (the file is what the user gave, so the message is positioned on it)."""
    from kcal.core.errors import KcalError, UsageError

    message = f"kcal {command} is for games with tile decks; {pack.info.name} ({pack.id}) has none"
    if path is None:
        return UsageError(message)
    from kcal.core.gamefile import game_position

    line, column = game_position(path)
    return KcalError(f"this file is a {pack.id} file: {message}", file=str(path), line=line, column=column,
                     code="wrong-game")


def deck_match_of(game: str | None, path: str | Path | None, command: str) -> Any:
    """The ``deck_match`` hook of the pack of ``path`` (or ``--game``, or the default game): the deck match
    of ``sim match DECK DECK``, which only some games have, refused in words for the others."""
    pack = pack_of(game, path)
    if not pack.has("deck_match"):
        raise _for_tile_decks(command, pack, path if game is None else None)
    return pack.hook("deck_match")


def refuse_other_game(path: str | Path | None, pack: Any, command: str) -> None:
    """A command a pack contributes (one only its game has), given a file of another game: refused in
    the words :func:`deck_match_of` uses."""
    if path is not None:
        other = pack_of(None, path)
        if other.id != pack.id:
            raise _for_tile_decks(command, other, path)


#: ``"group command"`` -> the id of the pack that contributed it (:func:`contribute`)
CONTRIBUTED: dict[str, str] = {}


def contribute(app: typer.Typer, group: str) -> None:
    """Add to the command group ``app`` (``kcal deck``, ``kcal print``, ``kcal sim``) the commands the
    installed packs contribute to it (the ``kcal.commands`` entry points ``GROUP.PACK``: a Typer app each),
    noting which pack each came from (a command of one game's, refused ``--game`` in words)."""
    from kcal.core.registry import contributors

    for pack_id, sub in contributors(group):
        app.registered_commands.extend(sub.registered_commands)
        for info in sub.registered_commands:
            name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
            CONTRIBUTED[f"{group} {name}"] = pack_id


def pack_of(game: str | None, path: str | Path | None = None, *, hint: str | None = None) -> Any:
    """The pack a command works on: the file's ``game:`` (checked against ``--game``), else ``--game``,
    else the default game. ``hint`` says what to do about a file of another game (default: drop
    ``--game``)."""
    from kcal.core.registry import DEFAULT_GAME, get

    if path is not None:
        from kcal.core.gamefile import game_of

        return get(game_of(path, game, hint=hint))
    return get(game or DEFAULT_GAME)
