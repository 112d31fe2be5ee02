"""One error hierarchy and one exit-code table for all of kcal.

Expected failures raise :class:`KcalError`; the CLI turns it into one line per problem on stderr,
``file:line:column: message``, and the exit code below. Nothing else prints a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any


class Exit(IntEnum):
    OK = 0
    FINDINGS = 1  # an illegal deck, an illegal move: the input was read fine, the verdict is "no"
    ERROR = 2  # unreadable or invalid input, usage error


@dataclass(frozen=True)
class Where:
    """A position in an input file (1-based line and column; either may be unknown)."""

    file: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        from kcal.core.text import shown

        parts = [shown(self.file) if self.file else "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            parts.append(str(self.column if self.column is not None else 1))
        return ":".join(parts)


class KcalError(Exception):
    """An expected failure with an optional position. Exit code 2 unless a subclass says otherwise."""

    exit_code: int = Exit.ERROR

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        line: int | None = None,
        column: int | None = None,
        code: str = "error",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.where = Where(str(file) if file is not None else None, line, column)
        self.code = code

    @property
    def problems(self) -> list[KcalError]:
        return [self]

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract's error object: ``file``, ``line``, ``column``, ``message``, ``code``."""
        return {"file": self.where.file, "line": self.where.line, "column": self.where.column,
                "message": self.message, "code": self.code}

    def __str__(self) -> str:
        if self.where.file is None and self.where.line is None:
            return self.message
        return f"{self.where}: {self.message}"


class UsageError(KcalError):
    """The command line itself is wrong (a missing option, an output that is an input)."""


#: The problems of one file that kcal reports; past them one line says how many more there are
#: (:class:`MoreErrors`, docs/cli.md "Many errors"), so a file of half a million errors is read, counted
#: and reported in bounded time and memory, as a compiler's ``-fmax-errors`` does.
MAX_SHOWN = 100


class MoreErrors(KcalError):
    """The line after the first :data:`MAX_SHOWN` problems of a file: how many more it has, at the first
    one not shown; in JSON an error object with ``code`` ``more-errors`` and the count under ``more``."""

    def __init__(self, more: int, *, file: str | Path | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        from kcal.core.plural import count

        super().__init__(f"{count(more, 'more error')} in this file not shown (kcal reports the first "
                         f"{MAX_SHOWN} of a file)", file=file, line=line, column=column, code="more-errors")
        self.more = more

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "more": self.more}


def capped(errors: Iterable[KcalError], limit: int = MAX_SHOWN) -> list[KcalError]:
    """``errors`` with at most ``limit`` problems a file, in their order; a file's problems past them
    (and the counts of any :class:`MoreErrors` already among them) become one :class:`MoreErrors` at
    the first problem left out. Files keep the order of their first problem."""
    by_file: dict[str | None, tuple[list[KcalError], list[int], list[KcalError]]] = {}
    for e in errors:
        shown, more, first_out = by_file.setdefault(e.where.file, ([], [0], []))
        if len(shown) < limit and not isinstance(e, MoreErrors):
            shown.append(e)
            continue
        more[0] += e.more if isinstance(e, MoreErrors) else 1
        if not first_out:
            first_out.append(e)
    out: list[KcalError] = []
    for file, (shown, more, first_out) in by_file.items():
        out += shown
        if more[0]:
            at = first_out[0].where
            out.append(MoreErrors(more[0], file=file, line=at.line, column=at.column))
    return out


def problem_count(dicts: Iterable[Mapping[str, Any]]) -> int:
    """How many problems a list of JSON error objects stands for (a ``more-errors`` object for its count)."""
    return sum(int(e.get("more") or 0) if e.get("code") == "more-errors" else 1 for e in dicts)


def from_dict(e: Mapping[str, Any]) -> KcalError:
    """The problem a JSON error object describes (:meth:`KcalError.to_dict`, :meth:`MoreErrors.to_dict`)."""
    if e.get("code") == "more-errors" and isinstance(e.get("more"), int):
        return MoreErrors(e["more"], file=e["file"], line=e["line"], column=e["column"])
    return KcalError(e["message"], file=e["file"], line=e["line"], column=e["column"], code=e["code"])


class KcalErrors(KcalError):
    """Several problems found in one input; each is reported on its own line, at most :data:`MAX_SHOWN`
    a file (:func:`capped`)."""

    def __init__(self, errors: Iterable[KcalError]) -> None:
        self.errors = capped(errors)
        first = self.errors[0] if self.errors else KcalError("unknown error")
        super().__init__(first.message, file=first.where.file, line=first.where.line,
                         column=first.where.column, code=first.code)

    @property
    def problems(self) -> list[KcalError]:
        return self.errors

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


def raise_all(errors: list[KcalError]) -> None:
    """Raise nothing, one error, or all of them at once."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise KcalErrors(errors)


def problem_dicts(exc: KcalError) -> list[dict[str, Any]]:
    """Each problem of ``exc`` as a JSON error object: ``file``, ``line``, ``column``, ``message``, ``code``
    (what a per-file report such as ``catalog validate`` lists)."""
    return [p.to_dict() for p in exc.problems]


def raise_problem_dicts(dicts: Iterable[Mapping[str, Any]]) -> None:
    """Raise the problems :func:`problem_dicts` wrote, all at once (nothing when there are none)."""
    raise_all([from_dict(e) for e in dicts])
