"""One command-line convention for every command, applied once to the whole Click tree.

Placeholders are upper-case words (``DECK``, ``PATH``, ``N``, ``X,Y``); a choice shows its values
(``[letter|a4]``). An argument is written ``DECK`` when required, ``[DECK]`` when optional, with
``...`` when it repeats. Commands declare their own metavars where a word says more than the type
(``--seed N``, ``--bot BOT``); :func:`normalize` gives every other value a placeholder from its type
and rewrites a placeholder off the style (``OUT.svg`` -> ``OUT``), so a new option cannot bring a
second style in. ``tests/cli/test_conventions.py`` walks the tree and checks the result.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args

#: a placeholder: upper-case words, or a pair like X,Y; a choice lists its values in brackets
PLACEHOLDER = re.compile(r"^(?:[A-Z][A-Z0-9_]*(?:,[A-Z][A-Z0-9_]*)*|\[[A-Za-z0-9_.+-]+(?:\|[A-Za-z0-9_.+-]+)*\])$")

_BY_TYPE: dict[Any, str] = {Path: "PATH", int: "N", float: "NUMBER", str: "TEXT"}


def _base_type(annotation: Any) -> Any:
    args = get_args(annotation)
    if args:  # list[Path], Path | None
        for a in args:
            if a is not type(None):
                return _base_type(a)
    return annotation


def _choices(param: Any) -> list[str] | None:
    desc = getattr(param, "type_descriptor", None)
    choices = getattr(desc, "choices", None) if desc is not None else None
    return [str(getattr(c, "value", c)) for c in choices] if choices else None


def placeholder(param: Any) -> str:
    """The placeholder a parameter should show, in the house style."""
    choices = _choices(param)
    if choices:
        return "[" + "|".join(choices) + "]"
    given = getattr(param, "metavar", None)
    if given:
        if PLACEHOLDER.match(given):
            return str(given)
        stem = re.sub(r"\.[A-Za-z0-9]+$", "", str(given))  # OUT.svg -> OUT, LIST.txt -> LIST
        return re.sub(r"[^A-Za-z0-9_,]", "_", stem).upper() or "VALUE"
    if getattr(param, "param_type_name", "") == "argument":
        return re.sub(r"[^A-Za-z0-9_]", "_", str(param.name)).upper()
    desc = getattr(param, "type_descriptor", None)
    base = _base_type(getattr(desc, "annotation", None))
    return _BY_TYPE.get(base, "VALUE")


def _fix_argument(arg: Any) -> None:
    arg.metavar = placeholder(arg)
    shown = arg.metavar + ("..." if arg.nargs != 1 else "")
    usage = shown if arg.required else f"[{arg.metavar}]" + ("..." if arg.nargs != 1 else "")
    original = arg.get_help_record

    def help_record(ctx: Any) -> tuple[str, str] | None:
        record = original(ctx)
        return (shown, record[1]) if record else record

    arg.get_usage_pieces = lambda ctx: [usage]
    arg.get_help_record = help_record


def _fix_option(opt: Any) -> None:
    if getattr(opt, "is_flag", False) or getattr(opt, "count", False):
        return
    opt.metavar = placeholder(opt)


def normalize(command: Any) -> None:
    """Apply the placeholder style to ``command`` and every command under it (once)."""
    if getattr(command, "_kcal_normalized", False):
        return
    command._kcal_normalized = True
    for param in getattr(command, "params", ()):
        kind = getattr(param, "param_type_name", "")
        if kind == "argument":
            _fix_argument(param)
        elif kind == "option":
            _fix_option(param)
    for sub in getattr(command, "commands", {}).values():
        normalize(sub)
