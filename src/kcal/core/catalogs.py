"""What every pack's ``kcal catalog validate|list|show`` does the same way: check each card-set file
and report its problems per file, gather the sets a lookup searches (the built-in one unless
``--no-builtin``), and refuse a ``catalog list`` filter the game does not have. Each pack keeps what is
its own: how a set loads, its rows, its filters' meaning and its words."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from kcal.core.errors import KcalError, UsageError, problem_dicts, raise_problem_dicts
from kcal.core.suggest import did_you_mean

T = TypeVar("T")
S = TypeVar("S")


def validate_each(game_id: str, targets: Iterable[tuple[str, T]], blank: Mapping[str, Any],
                  check: Callable[[T], Mapping[str, Any]]) -> dict[str, Any]:
    """Every target checked, problems reported per file, nothing raised for a bad set:
    ``{"game", "valid", "catalogs": [{"catalog", **blank, "errors", **check(target)}]}``."""
    reports = []
    for name, target in targets:
        report: dict[str, Any] = {"catalog": name, **blank, "errors": []}
        try:
            report.update(check(target))
        except KcalError as exc:
            report["errors"] = problem_dicts(exc)
        reports.append(report)
    return {"game": game_id, "valid": not any(r["errors"] for r in reports), "catalogs": reports}


def raise_invalid(result: dict[str, Any]) -> dict[str, Any]:
    """:func:`validate_each`'s result, or every problem of every file raised together (exit 2)."""
    raise_problem_dicts(e for r in result["catalogs"] for e in r["errors"])
    return result


def card_sets(catalogs: Sequence[T] | None, no_builtin: bool, load: Callable[[T], S],
              builtin: Callable[[], S]) -> list[S]:
    """The sets a lookup searches: each ``--catalog`` file, then the built-in set unless ``no_builtin``."""
    sets = [load(p) for p in catalogs or []]
    if not no_builtin:
        sets.append(builtin())
    if not sets:
        raise UsageError("no card set to look in: --no-builtin needs a --catalog file")
    return sets


def check_filters(filters: Mapping[str, Any], known: Sequence[str]) -> None:
    """Refuse a ``catalog list`` filter the game does not have, with a did-you-mean."""
    unknown = [k for k, v in filters.items() if v and k not in known]
    if unknown:
        raise UsageError(f"unknown filter {unknown[0]!r}{did_you_mean(unknown[0], known)}")
