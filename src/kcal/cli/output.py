"""How every command reports problems: one place for JSON errors, colour and usage errors.

- **JSON mode.** With ``--format json`` (or ``-f json``) anywhere on the command line, every outcome is
  one JSON document on stdout, errors included: ``{"errors": [{"file", "line", "column", "message",
  "code"}]}``. The root group (:class:`KcalGroup`) notes the mode before any option is parsed, so usage
  errors (a missing option, a mistyped choice) come out as JSON too.
- **Colour.** Errors are red and warnings yellow when the stream is a terminal. ``NO_COLOR`` (set and
  not empty) turns colour off; ``FORCE_COLOR`` (set, not empty and not ``0``) turns it on even into a
  pipe, and wins over ``NO_COLOR`` because it is the more specific request.
- **Usage errors** are one plain line: ``kcal print deck: --paper: unknown value 'a3'; expected one of:
  letter, a4``, with a did-you-mean when a choice is close, then where to find help.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from typing import IO, Any

import typer
from typer.core import TyperGroup

from kcal.core.errors import KcalError

_JSON: ContextVar[bool] = ContextVar("kcal_json_errors", default=False)

_RED, _YELLOW, _BOLD, _RESET = "\033[31m", "\033[33m", "\033[1m", "\033[0m"


def json_mode() -> bool:
    return _JSON.get()


def wants_json(argv: Sequence[str]) -> bool:
    """Whether a command line asks for ``--format json`` (before a ``--`` that ends the options)."""
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            return False
        if word in ("--format", "-f") and i + 1 < len(words) and words[i + 1].strip().lower() == "json":
            return True
        if word.lower() in ("--format=json", "-fjson", "-f=json"):
            return True
    return False


def use_colour(stream: IO[str] | None = None) -> bool:
    """Colour on a terminal; ``FORCE_COLOR`` forces it on, ``NO_COLOR`` off (FORCE_COLOR wins)."""
    force = os.environ.get("FORCE_COLOR", "")
    if force and force.strip().lower() not in ("0", "false", "no"):
        return True
    if os.environ.get("NO_COLOR", ""):
        return False
    stream = stream if stream is not None else sys.stderr
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def paint(text: str, colour: str, stream: IO[str] | None = None) -> str:
    return f"{colour}{text}{_RESET}" if text and use_colour(stream) else text


def error_dict(err: KcalError) -> dict[str, Any]:
    """One error in the JSON contract's shape (a usage error without a code of its own: ``usage``)."""
    from kcal.core.errors import UsageError

    out = err.to_dict()
    if isinstance(err, UsageError) and err.code == "error":
        out["code"] = "usage"
    return out


def json_errors(problems: Iterable[KcalError], **extra: Any) -> str:
    from kcal.core.text import json_safe

    return json_safe(json.dumps({**extra, "errors": [error_dict(p) for p in problems]}, indent=2,
                                ensure_ascii=False)) + "\n"


def say(message: object, colour: str | None = None) -> None:
    """One line on stderr, the only way kcal prints one: every character that would act on a terminal or
    break the line (a path's ESC, BEL, CR, LF, bidi or C1 character) written escaped
    (:func:`kcal.core.text.shown_line`), so a message is always one line, whatever it shows; then
    coloured on a terminal."""
    from kcal.core.text import shown_line

    text = shown_line(message)
    typer.echo(paint(text, colour, sys.stderr) if colour else text, err=True, color=use_colour(sys.stderr))


def _error_text(problem: KcalError, stream: IO[str]) -> str:
    """``file:line:column: message``, the position bold and the message red on a terminal."""
    from kcal.core.text import shown_line

    text = shown_line(problem)
    if not use_colour(stream):
        return text
    where = f"{problem.where}: " if (problem.where.file is not None or problem.where.line is not None) else ""
    if where and text.startswith(where) and "\n" not in text:
        return f"{_BOLD}{where}{_RESET}{_RED}{text[len(where):]}{_RESET}"
    return f"{_RED}{text}{_RESET}"


def report_problems(problems: Sequence[KcalError]) -> None:
    """One line each on stderr; in JSON mode also the one JSON document on stdout."""
    if json_mode():
        sys.stdout.write(json_errors(problems))
        sys.stdout.flush()
    print_problems(problems)


def print_problems(problems: Sequence[KcalError]) -> None:
    """One line per problem on stderr (coloured on a terminal)."""
    for problem in problems:
        typer.echo(_error_text(problem, sys.stderr), err=True, color=use_colour(sys.stderr))


def warn(message: str) -> None:
    """A warning on stderr, yellow on a terminal."""
    say(f"warning: {message}", _YELLOW)


_FINDING = re.compile(r"(?P<kind>error|warning)(?P<code>\[[a-z0-9-]+\]:)")


def paint_findings(text: str, stream: IO[str] | None = None) -> str:
    """Colour the ``error[code]:`` / ``warning[code]:`` words of a report printed to ``stream``."""
    stream = stream if stream is not None else sys.stdout
    if not use_colour(stream):
        return text

    def repl(m: re.Match[str]) -> str:
        colour = _RED if m.group("kind") == "error" else _YELLOW
        return f"{colour}{m.group('kind')}{m.group('code')}{_RESET}"

    return _FINDING.sub(repl, text)


# --- usage errors (Click's) ---------------------------------------------------------------------


def _choices(param: Any) -> list[str]:
    desc = getattr(param, "type_descriptor", None)
    choices = getattr(desc, "choices", None) if desc is not None else None
    if choices is None:
        choices = getattr(getattr(param, "type", None), "choices", None)
    return [str(getattr(c, "value", c)) for c in choices or ()]


def _param_name(param: Any) -> str:
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
    if opts:
        return opts[0]
    return str(getattr(param, "metavar", None) or getattr(param, "name", "") or "value").upper()


def usage_message(exc: Exception, argv: Sequence[str] = ()) -> str:
    """A Click usage error as one plain sentence (mistyped choices get a did-you-mean; an option of another
    command names the commands that have it; ``--game`` on a command of one game says which game it
    serves and what to use instead)."""
    from typer._click import exceptions as cx

    from kcal.core.suggest import did_you_mean

    param = getattr(exc, "param", None)
    if isinstance(exc, cx.MissingParameter) and param is not None:
        kind = "option" if getattr(param, "param_type_name", "") == "option" else "argument"
        return f"missing {kind} {_param_name(param)}"
    if isinstance(exc, cx.BadParameter) and param is not None:
        choices = _choices(param)
        value = _bad_value(exc)
        if choices and value is not None:
            return (f"{_param_name(param)}: unknown value {value!r}{did_you_mean(value, choices)}; "
                    f"expected one of: {', '.join(choices)}")
        message = re.sub(r"^Value error, ", "", str(exc.message))
        return f"{_param_name(param)}: {message}"
    if isinstance(exc, cx.NoSuchOption):
        elsewhere = _option_elsewhere(exc, argv)
        if elsewhere is not None:
            return elsewhere
        known = [o for p in (exc.ctx.command.params if exc.ctx else ()) for o in getattr(p, "opts", ())]
        hint = did_you_mean(exc.option_name, known) if not exc.possibilities else (
            " (did you mean " + " or ".join(repr(p) for p in sorted(exc.possibilities)) + "?)")
        return f"no such option {exc.option_name}{hint}"
    message = str(getattr(exc, "message", exc))
    m = re.match(r"^No such command '(?P<name>.*)'\.(?: Did you mean (?P<hint>.*)\?)?$", message)
    if m:  # Typer's wording, in kcal's: lower case, the did-you-mean in brackets
        hint = f" (did you mean {m.group('hint')}?)" if m.group("hint") else ""
        return f"no such command {m.group('name')!r}{hint}"
    return message.rstrip(".")


def _commands(command: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every command under ``command`` with its path (``"sim match"``)."""
    subs = getattr(command, "commands", None)
    if not subs:
        return [(path, command)] if path else []
    return [found for name, sub in subs.items() for found in _commands(sub, f"{path} {name}".strip())]


def _whole_tree(root: Any) -> Any:
    """Every command group, not only the one a fast start imported (``build_app(only=...)``): the error
    path may import them all."""
    import typer

    from kcal.cli.app import build_app

    try:
        return typer.main.get_command(build_app())
    except Exception:  # a usage message never fails: the groups already loaded will do
        return root


def _option_elsewhere(exc: Any, argv: Sequence[str]) -> str | None:
    """The one line for an option the command lacks but other commands have (None: no command has it)."""
    ctx = exc.ctx
    if ctx is None:
        return None
    name = exc.option_name
    words = []
    while ctx.parent is not None:  # the command's path below the root, however kcal was started
        words.append(ctx.info_name or "")
        ctx = ctx.parent
    here = " ".join(reversed(words))
    having = [path for path, cmd in _commands(_whole_tree(ctx.command))
              if path != here and any(name in getattr(p, "opts", ()) for p in cmd.params)]
    if not having:
        return None
    from kcal.cli.vocabulary import SHORT

    if SHORT.get(name, name) == "--game":
        return _no_game_here(here, name, argv, having)
    shown = " or ".join(f"kcal {p}" for p in having[:4]) + (" ..." if len(having) > 4 else "")
    return f"no such option {name}: kcal {here} does not take it; {shown} does"


def _no_game_here(here: str, name: str, argv: Sequence[str], having: list[str]) -> str:
    """``--game`` on a command of one game: the game it serves, and the commands that serve the one asked."""
    from kcal.cli.common import CONTRIBUTED
    from kcal.core.errors import KcalError
    from kcal.core.registry import get

    asked = _value_of(name, argv)
    owner = CONTRIBUTED.get(here)
    serves = "one game"
    if owner is not None:
        try:
            info = get(owner).info
            serves = f"{info.name} ({info.id}) only"
        except KcalError:
            serves = f"{owner} only"
    group = here.split(" ")[0]
    instead = [p for p in having if p.split(" ")[0] == group] or having
    if asked is not None and asked == owner:
        return f"kcal {here} serves {serves} and takes no --game: drop it"
    if asked is not None:
        try:
            asked = get(asked).id
        except KcalError as err:
            return err.message
    target = asked if asked is not None else "ID"
    uses = ", ".join(f"kcal {p}" for p in instead[:-1]) + (" or " if len(instead) > 1 else "") + f"kcal {instead[-1]}"
    return f"kcal {here} serves {serves} and takes no --game; for {target}, use {uses} with --game {target}"


def _value_of(option: str, argv: Sequence[str]) -> str | None:
    """The value given to ``option`` on the command line (``--game X`` or ``--game=X``), if any."""
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            break
        if word == option and i + 1 < len(words):
            return words[i + 1]
        if word.startswith(option + "=") and option.startswith("--"):
            return word[len(option) + 1:]
    return None


def _bad_value(exc: Exception) -> str | None:
    """The value the user typed, read back from the choice error's message."""
    m = re.search(r"'([^']*)' is not one of", str(getattr(exc, "message", "")))
    if m:
        return m.group(1)
    return None


def report_usage_error(exc: Any, argv: Sequence[str]) -> int:
    """Print a Click usage error (JSON in JSON mode); the exit code."""
    code = int(getattr(exc, "exit_code", 2) or 2)
    ctx = getattr(exc, "ctx", None)
    path = ctx.command_path if ctx is not None else "kcal"
    message = usage_message(exc, argv)
    if wants_json(argv) or json_mode():  # the JSON document on stdout; the same words on stderr
        sys.stdout.write(json_errors([KcalError(message, code="usage")]))
    say(f"{path}: {message}", _RED)
    say(f"Try '{path} -h' for help.")
    return code


def _report_escaped(exc: Exception) -> int:
    """A :class:`KcalError`, or an ``OSError`` the file system raised about a path (a name too long, a
    folder refused) that no command caught: reported as every problem is (one line, the path escaped;
    JSON with ``--format json``), never as a traceback. Returns the exit code."""
    import os

    if isinstance(exc, KcalError):
        report_problems(exc.problems)
        return exc.exit_code
    assert isinstance(exc, OSError)
    where = os.fsdecode(exc.filename) if exc.filename is not None else None
    report_problems([KcalError(exc.strerror or str(exc), file=where, code="os-error")])
    return 2


class KcalGroup(TyperGroup):
    """The root group: notes ``--format json`` first, and reports Click's usage errors kcal's way.

    Built with every command under it; :func:`kcal.cli.conventions.normalize` gives them one
    placeholder style.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from kcal.cli.conventions import normalize

        normalize(self)

    def add_command(self, cmd: Any, name: str | None = None) -> None:
        super().add_command(cmd, name)
        from kcal.cli.conventions import normalize

        normalize(cmd)

    def _new_spellings(self, argv: list[str]) -> list[str]:
        """The command line with old option spellings in the new ones, each named in a warning
        (:mod:`kcal.cli.vocabulary`)."""
        from kcal.cli.vocabulary import command_of, rewrite

        command, start = command_of(argv, lambda g: bool(getattr(self.commands.get(g), "commands", None)))
        return rewrite(argv, command, start, warn) if command else argv

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        from typer._click import exceptions as cx

        argv = self._new_spellings(list(sys.argv[1:] if args is None else args))
        token = _JSON.set(wants_json(argv))
        try:
            if not standalone_mode:
                return super().main(argv, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
            try:
                rv = super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
            except cx.NoArgsIsHelpError as exc:  # a bare group: its help, as Click shows it
                exc.show()
                sys.exit(exc.exit_code)
            except cx.ClickException as exc:
                sys.exit(report_usage_error(exc, argv))
            except typer.Abort:
                say("aborted")
                sys.exit(1)
            except BrokenPipeError:
                raise
            except (KcalError, OSError) as exc:  # raised outside a command's guarded block: kcal's words
                sys.exit(_report_escaped(exc))
            sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)
        finally:
            _JSON.reset(token)
