"""Shell completion: card names, the values of ``catalog list`` filters, rule topics, bots.

Each completer is a Typer ``autocompletion`` callback. It asks the pack of the command's ``--game`` (the
default game without it) through its hooks, so no game and none of a game's words are named here: the
``catalog`` hook's optional ``completions(kind) -> list[str]`` (``kind``: ``card``, or a filter's name as
the pack's ``FILTERS`` spells it), the ``explain`` hook's ``topics()``, the ``game`` hook's ``bots()``.
A completer never raises: a shell prompt is no place for a traceback, so any failure completes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer


def _pack(ctx: Any) -> Any:
    from kcal.core.registry import DEFAULT_GAME, get

    game = None
    while ctx is not None and game is None:
        game = (ctx.params or {}).get("game") or (ctx.params or {}).get("game_id")
        ctx = ctx.parent
    return get(game if isinstance(game, str) else DEFAULT_GAME)


def _matching(words: list[str], incomplete: str) -> list[str]:
    """Words that start with what was typed, ignoring case, kept in the case the user typed it.

    Typer keeps only candidates that start with the typed text as typed, and kcal's names and values
    are matched without regard to case, so what was typed keeps its case and the rest comes from the name.
    """
    key = incomplete.casefold()
    out = [incomplete + w[len(incomplete):] for w in words if w.casefold().startswith(key)]
    return list(dict.fromkeys(out))


def _safe(fetch: Callable[[], list[str]]) -> list[str]:
    try:
        return list(fetch())
    except Exception:  # completion must never break the shell
        return []


def catalog_values(ctx: typer.Context | None, kind: str) -> list[str]:
    """What the pack's catalog hook offers for ``kind`` (``card``, or one of its filters)."""
    def fetch() -> list[str]:
        module = _pack(ctx).hook("catalog")
        values = getattr(module, "completions", None)
        return list(values(kind)) if values is not None else []

    return _safe(fetch)


def completer(kind: str) -> Callable[[typer.Context, str], list[str]]:
    """The completion callback of the values of ``kind`` (``card``, or a ``catalog list`` filter's name)."""
    def complete_values(ctx: typer.Context, incomplete: str) -> list[str]:
        return _matching(catalog_values(ctx, kind), incomplete)

    return complete_values


complete_card = completer("card")


def complete_topic(ctx: typer.Context, incomplete: str) -> list[str]:
    return _matching(_safe(lambda: list(_pack(ctx).hook("explain").topics())), incomplete)


def complete_bot(ctx: typer.Context, incomplete: str) -> list[str]:
    from kcal.sim.match import bot_names

    return _matching(_safe(lambda: bot_names(_pack(ctx).hook("game"))), incomplete)
