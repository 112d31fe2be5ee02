"""The game interface every pack implements: what kind of game it is, and its rules as pure functions.

Modelled on OpenSpiel's ``GameType``/``GameInfo`` (a game says what it is before any rule), on
boardgame.io (a game is data plus functions, the random generator travels in the state) and on
python-chess (one outcome with an enum reason). Shared code (the simulator, the conformance suite, the
CLI) talks to a game only through :class:`Game`; it never names a game.

The contract, in short:

- :meth:`Game.new_state` makes a state from a :class:`Setup` and a seed. Every later chance event
  (shuffles, die rolls) is drawn from a generator kept inside the state, so the same setup and seed give
  the same game, and a state copied with :meth:`Game.clone` goes on identically.
- :meth:`Game.to_move` names who must act now: one player, or several at once in a simultaneous step
  (passing cards). Each of them moves with :meth:`Game.apply`; the game resolves the step when the last
  one has moved. An empty tuple means the game is over.
- :meth:`Game.legal_moves` lists a player's moves; :meth:`Game.why_illegal` says in words why a move is
  illegal (None when it is legal) and comes from the same checks as :meth:`Game.apply`, which raises
  :class:`IllegalMove` with that reason.
- :meth:`Game.outcome` is None until the game ends, then an :class:`Outcome`.
- :meth:`Game.view` is what one player may see, as plain JSON data; :meth:`Game.determinize` redeals
  everything that player cannot see, consistently with what they have seen (the conformance suite checks
  that the view does not change under it; information-set search bots use it).
- :meth:`Game.encode_move` / :meth:`Game.decode_move` translate between a move and its record entry
  (the YAML mapping a game record holds); :meth:`Game.record` writes a game played so far as a record
  that ``kcal rules replay`` replays to the same state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypedDict, TypeVar, Unpack, cast

from kcal.core.errors import Exit, KcalError
from kcal.core.gameinfo import GameInfo, Variant
from kcal.core.text import players_problem

__all__ = ["Bot", "Extras", "Game", "GameInfo", "IllegalMove", "Outcome", "Setup", "Variant", "play", "win_shares"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class IllegalMove(KcalError):
    """A move that the rules do not allow; exit code 1 (a finding), with the reason in words."""

    exit_code = Exit.FINDINGS

    def __init__(self, reason: str, *, move: object = None, **where: Any) -> None:
        super().__init__(reason, code="illegal-move", **where)
        self.reason = reason
        self.move = move


@dataclass(frozen=True)
class Setup:
    """Everything a new game needs besides its seed: the players in turn order, a variant, and the
    pack's own options (kCaloria: the players' decks; How many Calories?: the calorie limit...)."""

    players: tuple[str, ...]
    variant: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        problem = players_problem(self.players)  # every pack's players: text names, each once
        if problem is not None:
            raise KcalError(problem, code="setup")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the reason (a pack's enum), every player's score, and the winners (a tie
    lists several; empty: nobody won)."""

    end_reason: Enum
    scores: Mapping[str, float]
    winners: tuple[str, ...]

    @property
    def reason(self) -> str:
        return str(self.end_reason.value)


#: A bot: given the game, a state, the player to decide for and its own generator, return a legal move.
Bot = Callable[["Game[Any, Any]", Any, str, Any], Any]


class Game(Protocol, Generic[StateT, MoveT]):
    """The rules of one game. Stateless: every method takes the state it works on."""

    info: GameInfo

    def new_state(self, setup: Setup, seed: int) -> StateT: ...

    def clone(self, state: StateT) -> StateT: ...

    def to_move(self, state: StateT) -> tuple[str, ...]: ...

    def legal_moves(self, state: StateT, player: str) -> Sequence[MoveT]:
        """The moves ``player`` may make now (empty when it is not their turn): a list, or any
        read-only sequence (a pack may build some moves only when they are asked for)."""
        ...

    def why_illegal(self, state: StateT, player: str, move: MoveT) -> str | None: ...

    def apply(self, state: StateT, player: str, move: MoveT) -> None: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def view(self, state: StateT, player: str) -> dict[str, Any]: ...

    def determinize(self, state: StateT, player: str, seed: int) -> StateT: ...

    def encode_move(self, move: MoveT) -> dict[str, Any]: ...

    def decode_move(self, entry: Mapping[str, Any]) -> MoveT: ...

    def record(self, state: StateT) -> dict[str, Any]: ...

    def bots(self) -> Mapping[str, Bot]: ...


class Extras(TypedDict, total=False):
    """The optional attributes of a :class:`Game` that the shared code reads, declared here and nowhere
    else (``RulesGame(..., **extras)`` takes them; :func:`extras` reads them off any game):

    ``max_moves``      the move cap of ``sim match`` (default :data:`kcal.sim.match.DEFAULT_MAX_MOVES`)
    ``default_bot``    the bot a match seats when none is named (default: ``greedy``, else the first)
    ``strongest_bot``  the strongest bot of the bot ladder (docs/balance.md)
    ``rollout_bot``    the searcher's playout bot: one of ``bots()`` by name, or a bot of its own
    ``rollout_depth``  how many moves a playout runs before ``evaluate`` judges it
    ``rollout_cut``    ``cut(state)``: a playout may stop early where this is true (a turn's start)
    ``prior_bot``      the bot whose move the searcher's root favours
    ``evaluate``       ``evaluate(state)``: each player's share of the win now (:func:`win_shares`)
    """

    max_moves: int
    default_bot: str
    strongest_bot: str
    rollout_bot: str | Bot
    rollout_depth: int
    rollout_cut: Callable[[Any], bool]
    prior_bot: str | Bot
    evaluate: Callable[[Any], Mapping[str, float]]


def extras(game: object) -> Extras:
    """The optional attributes :class:`Extras` declares that ``game`` has (as attributes or methods)."""
    return cast(Extras, {name: getattr(game, name) for name in Extras.__annotations__ if hasattr(game, name)})


class RulesGame(Generic[StateT, MoveT]):
    """A :class:`Game` made of a pack's rule functions, each named once: the dispatch every pack would
    otherwise write out method by method. The functions are kept on the object, so ``GAME.legal_moves``
    costs what the rule function costs; :meth:`apply` checks with ``why_illegal`` and then plays with
    ``execute`` (a pack whose moves can skip the check, such as moves its own move list built, gives
    its own ``apply``). ``extra`` are the optional attributes the shared code reads (:class:`Extras`)."""

    def __init__(self, info: GameInfo, *, new_state: Callable[[Setup, int], StateT],
                 clone: Callable[[StateT], StateT], to_move: Callable[[StateT], tuple[str, ...]],
                 legal_moves: Callable[[StateT, str], Sequence[MoveT]],
                 why_illegal: Callable[[StateT, str, MoveT], str | None],
                 execute: Callable[[StateT, str, MoveT], None], outcome: Callable[[StateT], Outcome | None],
                 view: Callable[[StateT, str], dict[str, Any]],
                 determinize: Callable[[StateT, str, int], StateT],
                 encode_move: Callable[[MoveT], dict[str, Any]],
                 decode_move: Callable[[Mapping[str, Any]], MoveT],
                 record: Callable[[StateT], dict[str, Any]], bots: Callable[[], Mapping[str, Bot]],
                 apply: Callable[[StateT, str, MoveT], None] | None = None, **extra: Unpack[Extras]) -> None:
        self.info = info
        self.new_state = new_state
        self.clone = clone
        self.to_move = to_move
        self.legal_moves = legal_moves
        self.why_illegal = why_illegal
        self.execute = execute
        self.outcome = outcome
        self.view = view
        self.determinize = determinize
        self.encode_move = encode_move
        self.decode_move = decode_move
        self.record = record
        self.bots = bots
        if apply is not None:
            self.apply = apply  # type: ignore[assignment, method-assign]
        for name, value in extra.items():
            setattr(self, name, value)

    def apply(self, state: StateT, player: str, move: MoveT) -> None:
        """Play ``move``; an illegal move raises :class:`IllegalMove` before anything changes."""
        reason = self.why_illegal(state, player, move)
        if reason is not None:
            raise IllegalMove(reason, move=move)
        self.execute(state, player, move)


def win_shares(points: Mapping[str, float], scale: float) -> dict[str, float]:
    """Each player's estimated share of the win from their ``points`` now (any unit where more is
    better): a softmax at ``scale`` points (a lead of ``scale`` over one rival is worth e : 1), so the
    shares are in [0, 1] and add up to 1, as an :class:`Outcome`'s winners share a win. The optional
    ``evaluate(state)`` hook of a :class:`Game` (docs/packs.md) returns these."""
    top = max(points.values())
    weights = {p: math.exp((v - top) / scale) for p, v in points.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def not_a_player(name: object, players: Sequence[str]) -> str:
    """Why ``name`` cannot act or be named here: it is none of ``players``."""
    return f"{name!r} is not a player of this game ({', '.join(players)})"


def seat_in(seat_of: Mapping[str, int], players: Sequence[str], player: str) -> int:
    """The seat of ``player``; a usage error naming the players when there is none."""
    found = seat_of.get(player)
    if found is None:
        raise KcalError(not_a_player(player, players), code="usage")
    return found


def random_mover(game: Game[StateT, MoveT], rng: Any) -> Callable[[StateT, str], MoveT]:
    """A ``choose`` for :func:`play` that picks uniformly among the legal moves with ``rng`` (anything
    with ``below(n)``, such as :class:`kcal.core.rng.Rng`): random playouts, as the benches run them."""

    def choose(state: StateT, player: str) -> MoveT:
        legal = game.legal_moves(state, player)
        return legal[rng.below(len(legal))]

    return choose


def play(game: Game[StateT, MoveT], state: StateT, choose: Callable[[StateT, str], MoveT],
         max_moves: int) -> int:
    """Drive a state to its end (boardgame.io's Simulate loop): ask ``choose`` for a move of each player
    to act, apply it, stop at an outcome or after ``max_moves``. Returns the number of moves applied."""
    moves = 0
    while moves < max_moves:
        acting: Sequence[str] = game.to_move(state)
        if not acting:
            break
        for player in acting:
            game.apply(state, player, choose(state, player))
            moves += 1
    return moves
