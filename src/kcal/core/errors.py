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


class KcalErrors(KcalError):
    """Several problems found in one input; each is reported on its own line."""

    def __init__(self, errors: Iterable[KcalError]) -> None:
        self.errors = list(errors)
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
    raise_all([KcalError(e["message"], file=e["file"], line=e["line"], column=e["column"], code=e["code"])
               for e in dicts])
