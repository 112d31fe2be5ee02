"""Bots: small policies that pick one of the engine's legal moves.

A bot sees only the public engine API (``legal_moves``, ``push``/``pop``, ``scores``, ``outcome``)
and a seeded :class:`random.Random` of its own, so a game is a pure function of its seeds
(boardgame.io's enumerate-choose-apply loop). Each bot of :data:`BOTS` decides on the state with
everything its seat cannot see redealt (:func:`seat_only`, over
:func:`~kcal.games.kcaloria.rules.hidden.seat_view`): another player's hand, the tile a solo move turns
up, the order of the draw pile. What it pushes to judge a move (the tile it would draw, the opponent's
reply) is then a guess, never the real tile (issue 32).

* ``random``: a uniformly random placement; a random discard only when nothing can be placed.
* ``greedy``: one ply; the move that most raises its score over the best opponent's (solo: its
  score); placing beats discarding at equal value; ties broken at random. It tries at most
  :data:`MAX_PLACES` placements of each tile of its hand a decision (every discard and rescue besides):
  on a bigger frontier, a random set of that many, so a decision costs the same on any board and a
  game grows linearly with its deck.
* ``lookahead``: greedy plus what the position leaves: after each candidate it counts its own
  legal placements (mobility) and scores a stagnating position (solo: no move left) as a loss;
  ending the game is taken when it wins (or, solo, when little is left to play for).
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kcal.core.seeding import choice, shuffle
from kcal.games.kcaloria.rules.hidden import seat_view
from kcal.games.kcaloria.rules.scores import ScoreKeeper

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.moves import Move
    from kcal.games.kcaloria.rules.state import GameState

BOT_NAMES = ("greedy", "random", "lookahead")

_DISCARD_PENALTY = 0.5
_STAGNATION = -1_000.0
#: The most placements of one tile a greedy decision tries. Each is played and taken back (about
#: 30 µs), and a board's frontier grows with the deck: an all-water deck of 2,000 tiles offers 280
#: placements of its one tile a turn near its end, so a game grew quadratically with its deck (17.5 s
#: solo). The shipped decks' greedy games offer at most 49 placements of a tile (median 19, over 160
#: games), so their decisions are the same as without a bound (docs/performance.md).
MAX_PLACES = 64


Policy = Callable[["GameState", random.Random], Any]


#: each thread's generator that reads ahead of a bot's (:func:`_peek_seed`): made once a thread, as
#: making one costs a seeding; one per thread, as threads (a Dask pool) may decide at once
_TWINS = threading.local()


def _peek_seed(rng: random.Random) -> int:
    """The next 64 bits ``rng`` would give, without advancing it: the seed of a bot's redeal, so that a
    bot that never looks at a hidden tile decides with its generator exactly as it did before."""
    twin = getattr(_TWINS, "twin", None)
    if twin is None:
        twin = _TWINS.twin = random.Random(0)
    twin.setstate(rng.getstate())
    return twin.getrandbits(64)


def seat_only(policy: Policy) -> Policy:
    """``policy`` deciding for the turn player on what that seat may know: the hidden tiles redealt
    (canonically, from :func:`_peek_seed`) while it decides, then put back. Two states that look the
    same to the seat get the same decision from the same generator."""

    def bot(state: GameState, rng: random.Random) -> Any:
        redeal = random.Random(_peek_seed(rng))
        with seat_view(state, state.current, lambda items: shuffle(redeal, items)):
            return policy(state, rng)

    bot.__name__ = bot.__qualname__ = policy.__name__
    bot.__doc__ = policy.__doc__
    bot.__wrapped__ = policy  # type: ignore[attr-defined]
    return bot


def _own_moves(state: GameState) -> list[Move]:
    """The moves the turn player makes: its turn moves and the rescues of its own tiles."""
    me = state.turn_player
    return [m for m in state.legal_moves() if m.player == me]


def _margin(state: GameState, me: str) -> float:
    scores = state.scores()
    mine = scores.get(me, 0)
    others = [v for p, v in scores.items() if p != me]
    return mine - max(others) if others else mine


class _Followed(set):
    """A state's ``touched`` while a greedy bot's keeper follows the game: the cells changed since the
    keeper last counted, with the keeper riding along (``GameState.copy`` starts without one)."""

    __slots__ = ("keeper",)

    def __init__(self, keeper: ScoreKeeper) -> None:
        super().__init__()
        self.keeper = keeper


class _Margins:
    """The turn player's score margin after each candidate move: the board counted once per game
    (:class:`~kcal.games.kcaloria.rules.scores.ScoreKeeper`, left attached to the state so that the
    next decision recounts only the cells the moves between changed), then only the cells each pushed
    candidate touched; the same numbers as :func:`_margin`. Counting the board once per decision made
    a game quadratic in its board (a 2-player game of 2 x 1,000 water tiles: 2 million cells counted).
    A state whose ``touched`` another keeper follows gets it back from :meth:`close`."""

    def __init__(self, state: GameState) -> None:
        self._before = state.touched
        followed = state.touched
        if isinstance(followed, _Followed):
            followed.keeper.update(state)  # the cells the moves since the last decision changed
            self._keeper = followed.keeper
            return
        self._keeper = ScoreKeeper(state)
        if self._before is None:
            self._before = state.touched = _Followed(self._keeper)

    def after_push(self, state: GameState, me: str) -> float:
        touched = state.touched
        assert touched is not None  # attached by the keeper
        totals = self._keeper.totals_with(state, touched)
        i = state.players.index(me)
        others = [v for k, v in enumerate(totals) if k != i]
        return totals[i] - max(others) if others else totals[i]

    def close(self, state: GameState) -> None:
        state.touched = self._before


def _best(moves: list[Move], values: list[float], rng: random.Random) -> Move:
    top = max(values)
    best = [m for m, v in zip(moves, values, strict=True) if v >= top - 1e-9]
    return best[0] if len(best) == 1 else choice(rng, best)


@seat_only
def random_bot(state: GameState, rng: random.Random) -> Any:
    moves = _own_moves(state)
    places = [m for m in moves if m.kind == "place"]
    return choice(rng, places or moves)


def _bounded(moves: list[Move], rng: random.Random) -> list[Move]:
    """``moves`` with at most :data:`MAX_PLACES` placements of each tile: past that, a random set of them
    (drawn with the bot's own generator, so a game stays a function of its seeds), in the order given;
    every other move is kept. Under the bound the generator is not touched."""
    by_tile: dict[str | None, list[int]] = {}
    for i, m in enumerate(moves):
        if m.kind == "place":
            by_tile.setdefault(m.tile, []).append(i)
    over = [places for places in by_tile.values() if len(places) > MAX_PLACES]
    if not over:
        return moves
    dropped: set[int] = set()
    for places in over:
        shuffle(rng, places)
        dropped.update(places[MAX_PLACES:])
    return [m for i, m in enumerate(moves) if i not in dropped]


def _discards_alike(state: GameState) -> bool:
    """Whether every discard of a size is worth the same to the bots: a discard changes only the hand
    and the discard pile, then ends the turn (rulebook "A Turn": discard and draw up to 3 tiles), so the
    board every margin counts and whether the game ends (the hand's length decides whether the tiles are
    exhausted) are the same for all discards of a size; so is what comes next, as long as the turn passes
    to another player and no stagnation test (solo) looks at the tiles drawn
    (``tests/games/kcaloria/bots/test_greedy_discards.py``)."""
    return state.mode != "solo" and len(state.players) > 1


def _discard_size(m: Move) -> int:
    """The tiles a discard puts aside (0 for any other move)."""
    return len(m.discard) if m.kind == "discard" else 0


def _each_value(state: GameState, moves: Sequence[Move], value: Callable[[Move], float]) -> list[float]:
    """``value(m)`` for each move, a discard valued once for each size where :func:`_discards_alike`
    (half of a match's candidates were discards)."""
    by_size: dict[int, float] = {}
    sized = _discards_alike(state)
    values = []
    for m in moves:
        size = _discard_size(m) if sized else 0
        v = by_size.get(size) if size else None
        if v is None:
            v = value(m)
            if size:
                by_size[size] = v
        values.append(v)
    return values


def _greedy_values(state: GameState, moves: Sequence[Any]) -> list[float]:
    """Each move's value to the player to move, as the greedy bot judges it: the score margin after it,
    and a game lost to stagnation worth :data:`_STAGNATION` (each move pushed and popped; a discard once
    for each size, :func:`_each_value`)."""
    me = state.turn_player
    margins = _Margins(state)

    def value(m: Move) -> float:
        state.push(m)
        v = margins.after_push(state, me)
        out = state.outcome()
        if out is not None and out.end_reason == "stagnation":
            v += _STAGNATION
        state.pop()
        touched = state.touched
        assert touched is not None  # the keeper's
        touched.clear()  # the candidate's cells, pushed and popped: back as the keeper counted them
        return v

    try:
        return _each_value(state, moves, value)
    finally:
        margins.close(state)


@seat_only
def greedy_bot(state: GameState, rng: random.Random) -> Any:
    moves = _bounded(_own_moves(state), rng)
    values = [v - (_DISCARD_PENALTY if m.kind == "discard" else 0.0)
              for m, v in zip(moves, _greedy_values(state, moves), strict=True)]
    return _best(moves, values, rng)


def playout_bot(state: GameState, rng: random.Random) -> Any:
    """The shared searcher's playouts (not one of :data:`BOTS`): the greedy bot over its placements only
    (at most :data:`MAX_PLACES` of a tile), discarding at random only when nothing can be placed; the
    greedy bot also tries the discards (one of each size) and the rescues."""
    moves = _own_moves(state)
    places = _bounded([m for m in moves if m.kind == "place"], rng)
    if not places:
        return choice(rng, moves)
    return _best(places, _greedy_values(state, places), rng)


def _after(state: GameState, me: str, solo: bool) -> float:
    """What the lookahead bot sees in a position, for ``me``: the score margin; a game over worth
    +-100 (stagnation :data:`_STAGNATION`); on ``me``'s turn, ``me``'s mobility."""
    v = float(_margin(state, me))
    out = state.outcome()
    if out is not None:
        if out.end_reason == "stagnation":
            v += _STAGNATION
        elif not solo:
            v += 100.0 if me in out.winners and len(out.winners) == 1 else -100.0
    elif state.turn_player == me:
        mobility = sum(1 for x in state.legal_moves() if x.kind == "place" and x.player == me)
        v += _STAGNATION if (solo and mobility == 0) else 1.5 * math.log2(1 + mobility)
    return v


def _lookahead_values(state: GameState, moves: Sequence[Move]) -> list[float]:
    """Each move's value to the player to move, as the lookahead bot judges it (:func:`_after`, a
    discard less :data:`_DISCARD_PENALTY`; a discard once for each size, :func:`_each_value`)."""
    me = state.turn_player
    solo = state.mode == "solo"

    def value(m: Move) -> float:
        state.push(m)
        v = _after(state, me, solo)
        state.pop()
        return v - (_DISCARD_PENALTY if m.kind == "discard" else 0.0)

    return _each_value(state, moves, value)


@seat_only
def lookahead_bot(state: GameState, rng: random.Random) -> Any:
    moves = _own_moves(state)
    return _best(moves, _lookahead_values(state, moves), rng)


#: how many of the lookahead bot's best moves :func:`prior_bot` follows past the opponent's reply
PRIOR_TOP = 10


def prior_bot(state: GameState) -> Any:
    """The shared searcher's prior (not one of :data:`BOTS`): the lookahead bot's :data:`PRIOR_TOP` best
    moves, each followed by the opponent's reply as the greedy bot over placements makes it (its best
    margin, the first of equals), then judged as the lookahead bot judges a position; the best of
    them, the first of equals (in the lookahead bot's order). A move after which the game is over or
    the turn stays keeps the lookahead bot's value. The searcher hands it a copy of the game's state
    (``kcal.sim.search``); each move it looks at is pushed and popped, which a greedy bot's score keeper
    follows (:meth:`GameState.pop` tells it the cells that go back)."""
    moves = _own_moves(state)
    me = state.turn_player
    values = _lookahead_values(state, moves)
    best, best_value = moves[0], -math.inf
    for i in sorted(range(len(moves)), key=lambda i: -values[i])[:PRIOR_TOP]:
        move, v = moves[i], values[i]
        state.push(move)
        if state.outcome() is None and state.turn_player != me:
            replies = _own_moves(state)
            replies = [r for r in replies if r.kind == "place"] or replies
            margins = _greedy_values(state, replies)
            state.push(replies[max(range(len(replies)), key=margins.__getitem__)])
            v = _after(state, me, False)
            state.pop()
        state.pop()
        if v > best_value:
            best, best_value = move, v
    return best


BOTS: dict[str, Callable[[Any, random.Random], Any]] = {
    "greedy": greedy_bot,
    "random": random_bot,
    "lookahead": lookahead_bot,
}


def get_bot(name: str) -> Callable[[Any, random.Random], Any]:
    from kcal.core.errors import UsageError

    try:
        return BOTS[name.strip().lower()]
    except KeyError:
        from kcal.core.suggest import did_you_mean

        raise UsageError(f"unknown bot {name!r}{did_you_mean(name.strip(), BOT_NAMES)} "
                         f"(choose from: {', '.join(BOT_NAMES)})") from None
