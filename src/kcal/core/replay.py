"""Replaying a game record on the game interface, the same way for every pack (``kcal rules replay``).

A pack's record loader gives the start state and the recorded moves, each with its index, the key path
of its entry (``loc``) and the player; :func:`replay_moves` checks each move with ``why_illegal`` (and an
optional pack check that comes first), applies the legal ones, and stops at the first illegal move with
its reason and ``file:line:column``. :class:`Replay` holds the result and writes SPEC's JSON; each pack
adds its scores, its position (in the shape of its ``start:``) and its readable account.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, Protocol, TypeVar

from kcal.core.errors import Exit, KcalError
from kcal.core.game import Game
from kcal.core.text import shown
from kcal.core.validation import format_loc
from kcal.core.yamlsafe import YamlDoc

S = TypeVar("S")
P = ParamSpec("P")
T = TypeVar("T")


def collector_paused(replay: Callable[P, T]) -> Callable[P, T]:
    """Run ``replay`` with Python's cyclic garbage collector paused (as it was before, afterwards).

    A replay reads a record into plain data and plays it on one state: everything it makes stays
    alive to the end, so each collection the allocations trigger walks the whole record and board
    again, only to free nothing, and the cost of a move grew with the moves before it (kCaloria:
    66 us a move at 1,000 moves, 159 us at 50,000, of which the collector took 5 and 68 us).
    Reference counting still frees what a move drops; the collector catches up when it resumes."""

    @functools.wraps(replay)
    def paused(*args: P.args, **kwargs: P.kwargs) -> T:
        was_on = gc.isenabled()
        gc.disable()
        try:
            return replay(*args, **kwargs)
        finally:
            if was_on:
                gc.enable()

    return paused


class RecordedMove(Protocol):
    """One move of a record: its index among the moves, where it is in the file, who made it, and the
    decoded move."""

    @property
    def index(self) -> int: ...

    @property
    def loc(self) -> tuple[str | int, ...]: ...

    @property
    def player(self) -> str: ...

    @property
    def move(self) -> Any: ...


@dataclass(frozen=True)
class IllegalAt:
    """The first illegal move: its index, the reason (the rule and the numbers), where it is written
    (None for a record given as data, not read from a file) and the key path of its entry."""

    index: int
    reason: str
    line: int | None
    column: int | None
    at: str


@dataclass
class Replay(Generic[S]):
    """What replaying a record gave: the state reached, how many moves applied, the first illegal one."""

    game: Game[S, Any]
    path: str
    state: S
    moves_applied: int = 0
    illegal: IllegalAt | None = None
    notes: list[str] = field(default_factory=list)
    #: every file the record loaded (its catalogs, its card set): an output must never replace one
    inputs: list[Path] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return self.illegal is None

    @property
    def exit_code(self) -> int:
        return int(Exit.OK if self.legal else Exit.FINDINGS)

    def spec_json(self, scores: Mapping[str, float], position: dict[str, Any]) -> dict[str, Any]:
        """SPEC's replay JSON: ``game``, ``record``, ``legal``, ``moves_applied``, ``illegal_move``,
        ``ended``, ``end_reason``, ``winners`` (a list), ``scores``, ``to_move`` and ``state``."""
        outcome = self.game.outcome(self.state)
        ill = self.illegal
        return {
            "game": self.game.info.id,
            "record": self.path,
            "legal": self.legal,
            "moves_applied": self.moves_applied,
            "illegal_move": None if ill is None else {
                "index": ill.index, "reason": ill.reason, "line": ill.line, "column": ill.column, "at": ill.at},
            "ended": outcome is not None,
            "end_reason": outcome.reason if outcome else None,
            "winners": list(outcome.winners) if outcome else [],
            "scores": dict(scores),
            "to_move": list(self.game.to_move(self.state)),
            "state": position,
        }

    if TYPE_CHECKING:  # every pack's result writes its own
        def to_json(self) -> dict[str, Any]: ...

        def to_text(self) -> str: ...

    def streamed_text(self) -> Iterable[str]:
        """What ``rules replay`` writes for people: :meth:`to_text` in pieces, which a pack may make as
        they are written (a long game's account is not held twice, as its lines and as one string)."""
        return (self.to_text(),)

    def streamed_json(self) -> dict[str, Any]:
        """What ``rules replay --format json`` writes: :meth:`to_json`'s document, whose long arrays a
        pack may give as :class:`~kcal.core.jsonstream.Streamed` (made as they are written: a long
        board is not held whole in dicts)."""
        return self.to_json()

    def account_text(self, table: str, story: Iterable[str], summary: str) -> str:
        """The replay told for people, as every pack's ``to_text`` tells it: ``path: table`` (who plays
        what), the ``story`` line by line, the illegal move if there is one, and the ``summary``."""
        return "\n".join([f"{shown(self.path)}: {table}", *story, *self.illegal_line(), summary])

    def illegal_line(self) -> list[str]:
        """``file:line:column: move N (at) is illegal: reason``, or nothing."""
        ill = self.illegal
        if ill is None:
            return []
        return [f"{shown(self.path)}:{ill.line}:{ill.column}: move {ill.index + 1} ({ill.at}) is illegal: {ill.reason}"]


R = TypeVar("R", bound=Replay[Any])


def replay_moves(result: R, doc: YamlDoc | None, moves: Iterable[RecordedMove], *,
                 precheck: Callable[[Any, Any], str | None] | None = None,
                 apply_error: Callable[[Any, Any, KcalError], KcalError] | None = None,
                 check: Callable[[Any, Any], str | None] | None = None,
                 play: Callable[[Any, Any], None] | None = None,
                 after: Callable[[Any, Any], None] | None = None) -> R:
    """Apply ``moves`` to ``result.state`` until the first illegal one.

    ``precheck(state, move)`` may refuse a move before the game's own ``why_illegal``; ``apply_error``
    turns an error raised while applying a legal move (bad input the game found late) into the
    positioned error to raise. A record whose moves the game interface would not take as they stand
    (kCaloria's: a tile owner's rescue at any point) gives its own ``check(state, move)`` and
    ``play(state, move)`` in place of ``why_illegal`` and ``apply``; ``after(state, move)`` runs after
    each applied move (the words of a readable account). ``doc`` is None for a record given as data."""
    game, state = result.game, result.state
    for rm in moves:
        reason = (precheck(state, rm) if precheck else None) or (
            check(state, rm) if check else game.why_illegal(state, rm.player, rm.move))
        if reason is not None:
            line, column = doc.pos(rm.loc) if doc is not None else (None, None)
            result.illegal = IllegalAt(rm.index, reason, line, column, format_loc(rm.loc))
            break
        try:
            if play is not None:
                play(state, rm)
            else:
                game.apply(state, rm.player, rm.move)
        except KcalError as exc:
            if apply_error is None:
                raise
            raise apply_error(state, rm, exc) from None
        result.moves_applied += 1
        if after is not None:
            after(state, rm)
    return result


def start_state(game: Game[S, Any], doc: YamlDoc, setup: Any, seed: int) -> S:
    """The record's start state; a setup the game refuses is bad input, placed at the top of the file."""
    try:
        return game.new_state(setup, seed)
    except KcalError as exc:
        raise doc.error(exc.message, (), code=exc.code) from None
