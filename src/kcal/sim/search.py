"""The shared searching bot ``mcts``: information-set Monte Carlo tree search on the :class:`Game`
interface alone, for every pack.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree Search";
OpenSpiel's ``ISMCTSBot`` is the same algorithm). One tree is grown from the searching player's point of
view; every iteration

1. samples a world consistent with what the searcher has seen (:meth:`Game.determinize`),
2. walks down the tree with UCB1 among the children whose moves are legal in that world (each child
   counts how often it was *available*, so a move seldom legal is not punished for it); at the root of
   a pack that names a ``prior_bot``, that bot's move (asked once, in a world sampled like the
   iterations', never in the real position, whose hidden cards it would read) gets a
   progressive bias, :data:`PRIOR_WEIGHT` * sqrt(N) / (1 + n), so the search keeps
   visiting it and the decision leaves it only on clear evidence,
3. adds one child for a move not tried yet (the root's prior first; elsewhere the playout bot's move
   first, then others at random, and no more than ``1 + WIDENING * sqrt(visits)`` children, so a node
   of many moves searches a few well), plays the game on with the pack's ``rollout_bot`` (its
   ``random`` bot one move in ten; uniformly random legal moves when it has neither), and
4. adds to every node on the path the acting player's reward: their share of the win in the
   :class:`Outcome` (``1/k`` to each of ``k`` winners, 0 to the others and to everyone when a playout
   is cut). A pack with an ``evaluate`` hook cuts playouts after ``rollout_depth`` moves (default
   :data:`ROLLOUT_DEPTH`), or at the first state past them where its ``rollout_cut`` says a playout may
   stop (such as the start of a turn), and its evaluation (each player's estimated share of the win)
   is the reward.

A node belongs to the player who acts there, so opponents pick their own best replies (a paranoid tree is
not assumed) and any number of players works, 1 to 7. A simultaneous step is walked one player at a time in
:meth:`Game.to_move` order, as :func:`kcal.core.game.play` applies it; the world is redealt every
iteration, so the searcher does not learn a move hidden from it.

The decision is the most visited root move (ties: the better mean, then the first in the legal order).
The budget is a number of iterations (``mcts:ITER``, and plain ``mcts`` = :data:`DEFAULT_ITERATIONS`):
every draw comes from the bot's :class:`~kcal.core.rng.Rng`, so the same seed gives the same decisions on
any machine; or a time (``mcts:0.1s``): CPU time of the deciding thread, so a machine busy with other
work does not weaken the bot, but not reproducible (a faster machine searches more).
"""

from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from kcal.core.errors import UsageError
from kcal.core.game import extras

if TYPE_CHECKING:
    from kcal.core.game import Game

__all__ = ["DEFAULT_ITERATIONS", "NAME", "Budget", "Playout", "mcts_bot", "parse_spec", "playout_of", "search"]

#: the searcher's name in every pack (``mcts``, ``mcts:ITER``, ``mcts:SECONDSs``)
NAME = "mcts"
DEFAULT_ITERATIONS = 100
#: UCB1's exploration constant, for rewards in [0, 1] (sqrt 2 / 2: the usual choice at that scale)
EXPLORATION = 0.7
#: a playout stops after this many moves; nobody wins it then
ROLLOUT_CAP = 5_000
#: a playout of a pack with an ``evaluate`` hook stops after this many moves (unless the pack says
#: ``rollout_depth``), and the evaluation judges where it stopped
ROLLOUT_DEPTH = 8
#: progressive widening: a node visited v times tries at most 1 + WIDENING * sqrt(v) of its moves, so
#: that a node with more moves than the budget has iterations searches a few moves well
WIDENING = 1.0
#: the progressive bias towards the root's prior move (the prior bot's choice): a bonus of PRIOR_WEIGHT *
#: sqrt(root visits) / (1 + the move's visits) to its UCB1 score, so that the search keeps visiting it
#: and the most visited move is another only on clear evidence; 0 turns the prior off
PRIOR_WEIGHT = 1.0
#: a playout move is the pack's random bot's with this chance (numerator, denominator)
NOISE = (1, 10)
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 600.0

_SPEC = re.compile(r"^(\d+)$|^(\d+(?:\.\d*)?|\.\d+)s$")
_FORMS = f"{NAME}, {NAME}:ITERATIONS (such as {NAME}:200) or {NAME}:SECONDSs (such as {NAME}:0.1s)"


@dataclass(frozen=True)
class Budget:
    """How long the searcher thinks per decision: ``iterations`` (reproducible) or ``seconds``."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    @property
    def name(self) -> str:
        if self.seconds is not None:
            return f"{NAME}:{self.seconds:g}s"
        return f"{NAME}:{self.iterations}"  # plain mcts shows its budget too


def parse_spec(name: str) -> Budget | None:
    """The budget a bot name asks for: None when the name is not the searcher's; a usage error when it
    is (``mcts:...``) but the budget cannot be read."""
    text = name.strip().casefold()
    head, colon, rest = text.partition(":")
    if head != NAME:
        return None
    if not colon:
        return Budget()
    m = _SPEC.match(rest.strip())
    if m is None:
        raise UsageError(f"bot {name!r}: the searching bot is spelled {_FORMS}")
    if m.group(1) is not None:
        iterations = int(m.group(1))
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise UsageError(f"bot {name!r}: the iterations are 1 to {MAX_ITERATIONS:,}, not {iterations}")
        return Budget(iterations=iterations)
    seconds = float(m.group(2))
    if not 0 < seconds <= MAX_SECONDS:
        raise UsageError(f"bot {name!r}: the time per decision is over 0 and at most {MAX_SECONDS:g} s")
    return Budget(iterations=None, seconds=seconds)


class _Node:
    """A node of the tree: the move that led here, who made it, visits, reward total, availability, and
    the key of the move the search favours here (the root's prior, else None)."""

    __slots__ = ("avail", "children", "move", "player", "prior", "reward", "visits")

    def __init__(self, player: str | None, move: Any) -> None:
        self.player = player
        self.move = move
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.children: dict[Any, _Node] = {}
        self.prior: Any = None


def _key(game: Game[Any, Any], move: Any) -> Any:
    """A move as a dictionary key: the move itself when it is hashable (every pack's moves are frozen
    values), else its record entry as JSON."""
    try:
        hash(move)
    except TypeError:
        return json.dumps(game.encode_move(move), sort_keys=True, default=str)
    return move


def _rewards(game: Game[Any, Any], state: Any) -> dict[str, float]:
    """Each winner's share of the win (1/k of k winners); the others, and everyone in a playout that
    was cut, get 0 (the simulator counts a game at its move cap as won by nobody too)."""
    out = game.outcome(state)
    if out is None or not out.winners:
        return {}
    share = 1.0 / len(out.winners)
    return dict.fromkeys(out.winners, share)


@dataclass(frozen=True)
class Playout:
    """How the searcher plays a game on from a new node: ``bot`` (the pack's ``rollout_bot``, else its
    ``random`` bot, else None: uniformly random legal moves), with one move in :data:`NOISE` made by
    ``noise`` (the pack's ``random`` bot) instead, so that playouts of a deterministic bot still differ;
    cut after ``depth`` moves, at the first state past them where ``cut`` says so (when the pack has
    one), and valued by the pack's ``evaluate`` when it has one. ``prior`` is the bot whose move the
    root favours (the pack's ``prior_bot``; None without one)."""

    bot: Any
    noise: Any
    evaluate: Any
    depth: int
    cut: Any = None
    prior: Any = None


def _bot_named(game: Game[Any, Any], bots: dict[str, Any], hook: Literal["rollout_bot", "prior_bot"], default: Any) -> Any:
    """The bot a pack's optional ``hook`` names: one of its ``bots()`` by name, or a bot itself (a
    ``bot(game, state, player, rng)`` the pack keeps for the searcher alone); ``default`` without it."""
    named = extras(game).get(hook)
    if named is None:
        return default
    if callable(named):
        return named
    return bots.get(named, default)


def playout_of(game: Game[Any, Any]) -> Playout:
    """The playouts ``game`` asks for through its optional hooks (docs/packs.md): ``rollout_bot``, one of
    its bots by name (or a bot of its own); ``evaluate(state)``, each player's estimated share of the
    win; ``rollout_depth``, the moves played before ``evaluate`` judges (default :data:`ROLLOUT_DEPTH`);
    ``rollout_cut(state)``, true where a playout past ``rollout_depth`` may stop (such as the start of a
    turn); and ``prior_bot``, the bot whose move the root favours (default: none)."""
    bots = dict(game.bots())
    noise = bots.get("random")
    bot = _bot_named(game, bots, "rollout_bot", noise)
    found = extras(game)
    evaluate = found.get("evaluate")
    depth = int(found.get("rollout_depth", ROLLOUT_DEPTH)) if evaluate is not None else ROLLOUT_CAP
    cut = found.get("rollout_cut") if evaluate is not None else None
    prior = _bot_named(game, bots, "prior_bot", None)
    return Playout(bot, noise if bot is not noise else None, evaluate, min(depth, ROLLOUT_CAP), cut, prior)


def _value(game: Game[Any, Any], state: Any, playout: Playout) -> dict[str, float]:
    """The rewards of a state where a walk or a playout stops: the win shares of a game over, else the
    pack's evaluation, else nothing (a cut playout is won by nobody)."""
    if playout.evaluate is not None and game.to_move(state):
        return dict(playout.evaluate(state))
    return _rewards(game, state)


def _rollout(game: Game[Any, Any], state: Any, rng: Any, playout: Playout) -> None:
    bot, noise, cut, depth = playout.bot, playout.noise, playout.cut, playout.depth
    for moved in range(ROLLOUT_CAP):
        if moved >= depth and (cut is None or cut(state)):
            return
        acting = game.to_move(state)
        if not acting:
            return
        player = acting[0]
        legal = game.legal_moves(state, player)
        if not legal:  # a bot asked for a move where there is none would fail: the playout stops here
            return
        chosen = noise if noise is not None and rng.below(NOISE[1]) < NOISE[0] else bot
        game.apply(state, player, legal[rng.below(len(legal))] if chosen is None else chosen(game, state, player, rng))


def _expansion(game: Game[Any, Any], world: Any, player: str, rng: Any, playout: Playout, node: _Node,
               untried: list[tuple[Any, Any]], tried: int) -> tuple[Any, Any]:
    """The move a node tries next: the root's prior first; elsewhere the playout bot's choice first
    (where no move of the node is tried in this world), so the search starts from the bot's move and
    leaves it only for a move that does better; then one of the untried moves at random."""
    if node.prior is not None:
        for pair in untried:
            if pair[0] == node.prior:
                return pair
    if not tried and playout.bot is not None:
        move = playout.bot(game, world, player, rng)
        k = _key(game, move)
        for pair in untried:
            if pair[0] == k:
                return pair
    return untried[rng.below(len(untried))]


def _select(node: _Node, available: list[tuple[Any, _Node]]) -> _Node:
    """UCB1 with availability counts among the children legal in this world; the node's prior move
    gets the progressive bias :data:`PRIOR_WEIGHT` * sqrt(node visits) / (1 + its visits)."""
    best, best_score = available[0][1], -math.inf
    bias = PRIOR_WEIGHT * math.sqrt(node.visits) if node.prior is not None else 0.0
    for k, child in available:
        score = child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
        if bias and k == node.prior:
            score += bias / (1 + child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


def _iterate(game: Game[Any, Any], state: Any, me: str, root: _Node, rng: Any, playout: Playout) -> None:
    world = game.determinize(state, me, rng.next64() >> 1)
    node, path = root, [root]
    while True:
        acting = game.to_move(world)
        if not acting:
            break
        # the root is the searcher's decision, even when others act in the same simultaneous step
        player = me if node is root and me in acting else acting[0]
        legal = game.legal_moves(world, player)
        if not legal:
            break
        children = node.children
        untried, available = [], []
        for m in legal:
            k = _key(game, m)
            child = children.get(k)
            if child is None:
                untried.append((k, m))
            else:
                child.avail += 1
                available.append((k, child))
        tried = len(available)
        if untried and tried < 1 + WIDENING * math.sqrt(node.visits):
            k, m = _expansion(game, world, player, rng, playout, node, untried, tried)
            child = children[k] = _Node(player, m)
            child.avail = 1
            game.apply(world, player, m)
            path.append(child)
            _rollout(game, world, rng, playout)
            break
        node = _select(node, available)
        game.apply(world, player, node.move)
        path.append(node)
    rewards = _value(game, world, playout)
    for n in path:
        n.visits += 1
        if n.player is not None:
            n.reward += rewards.get(n.player, 0.0)


def _prior(game: Game[Any, Any], state: Any, player: str, rng: Any, playout: Playout, legal: list[Any]) -> Any:
    """The key of the move the root favours: the prior bot's choice in a world consistent with what
    ``player`` has seen (:meth:`Game.determinize`, seeded from a copy of ``rng``, so the draws of the
    search are the ones it made before), never the real state, whose hidden cards the prior would read;
    None without a prior bot or with :data:`PRIOR_WEIGHT` 0."""
    if playout.prior is None or not PRIOR_WEIGHT:
        return None
    world = game.determinize(state, player, rng.copy().next64() >> 1)
    k = _key(game, playout.prior(game, world, player, rng))
    return k if any(_key(game, m) == k for m in legal) else None


def search(game: Game[Any, Any], state: Any, player: str, rng: Any, budget: Budget) -> tuple[Any, int]:
    """The move the searcher makes for ``player`` in ``state`` and the iterations it ran. ``state`` is
    not changed; ``rng`` (a :class:`~kcal.core.rng.Rng`) gives every draw."""
    move, done, _share = search_share(game, state, player, rng, budget)
    return move, done


def search_share(game: Game[Any, Any], state: Any, player: str, rng: Any, budget: Budget
                 ) -> tuple[Any, int, float]:
    """:func:`search`, and the share of the root's visits its move got (1.0 for a lone legal move): what a
    hint shows (``kcal play``)."""
    if player not in game.to_move(state):
        raise UsageError(f"the {NAME} bot decides for a player to move; {player} is not to move")
    legal = list(game.legal_moves(state, player))
    if not legal:
        raise UsageError(f"the {NAME} bot has no legal move for {player}")
    if len(legal) == 1:
        return legal[0], 0, 1.0
    root = _Node(None, None)
    playout = playout_of(game)
    done = 0
    start = time.thread_time()  # the prior bot's decision is in a time budget
    root.prior = _prior(game, state, player, rng, playout, legal)
    if budget.seconds is not None:
        deadline = start + budget.seconds
        while done == 0 or time.thread_time() < deadline:
            _iterate(game, state, player, root, rng, playout)
            done += 1
    else:
        for _ in range(budget.iterations or DEFAULT_ITERATIONS):
            _iterate(game, state, player, root, rng, playout)
            done += 1
    best, best_rank = legal[0], (-1, -math.inf)
    for m in legal:
        child = root.children.get(_key(game, m))
        if child is None or not child.visits:
            continue
        rank = (child.visits, child.reward / child.visits)
        if rank > best_rank:
            best, best_rank = m, rank
    visits = sum(c.visits for c in root.children.values()) or 1
    return best, done, max(best_rank[0], 0) / visits


def mcts_bot(budget: Budget) -> Any:
    """The searcher as a bot (``bot(game, state, player, rng)``), with ``budget`` per decision."""

    def bot(game: Game[Any, Any], state: Any, player: str, rng: Any) -> Any:
        return search(game, state, player, rng, budget)[0]

    bot.__name__ = budget.name.replace(":", "_").replace(".", "_")
    return bot
