"""Shared by the conformance checks (:mod:`kcal.conformance`): the run's :class:`Report`, the
failure message, a move's identity, a state's observable snapshot, the JSON test, player names."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from kcal.core.game import Game, Setup

#: a string no game uses (garbage probes, unknown ids)
JUNK = "\u2603 no such thing"


@dataclass
class Report:
    """What a run checked: for a summary line, and so a caller can see the checks were not empty."""

    games: int = 0
    moves: int = 0
    legal_checked: int = 0
    illegal_probes: int = 0
    refused_applies: int = 0
    determinizations: int = 0
    hidden_changes: int = 0
    #: bot decisions compared between a state and a determinized copy (kcal.conformance.hidden)
    hidden_decisions: int = 0
    replays: int = 0
    start_round_trips: int = 0
    end_reasons: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    #: (setup, state) met during the random games (clones), for the view, clone and bot checks
    samples: list[tuple[Setup, Any]] = field(default_factory=list, repr=False)
    #: (setup, seed, final state, moves) of one finished game per configuration, for the replay check
    finished: list[tuple[Setup, int, Any, int]] = field(default_factory=list, repr=False)


def fail(where: str, message: str) -> NoReturn:
    """Raise the AssertionError of a failed check, saying where."""
    raise AssertionError(f"{where}: {message}")


def key(game: Game[Any, Any], move: Any) -> str:
    """A move's identity: its record entry as canonical JSON."""
    return json.dumps(game.encode_move(move), sort_keys=True, default=repr)


def plain(value: Any, what: str, where: str) -> None:
    """``value`` is JSON data that survives a round trip through ``json`` unchanged."""
    try:
        same = json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError) as exc:
        fail(where, f"{what} is not JSON data: {exc}")
    if not same:
        fail(where, f"{what} is not plain JSON data (a tuple, a non-string key...): {value!r:.300}")


def snapshot(game: Game[Any, Any], state: Any, players: Sequence[str]) -> tuple[Any, ...]:
    """Everything observable about a state: its record, every view, who moves, the outcome."""
    return (json.dumps(game.record(state), sort_keys=True, default=repr),
            tuple(json.dumps(game.view(state, p), sort_keys=True) for p in players),
            game.to_move(state), repr(game.outcome(state)))


def players_for(count: int) -> tuple[str, ...]:
    return tuple(f"p{k + 1}" for k in range(count))
