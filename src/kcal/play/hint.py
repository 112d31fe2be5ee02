"""A hint: the shared searcher's move for a seat (:mod:`kcal.sim.search`) and the share of the search's
visits it got, from that seat's point of view only (the searcher redeals what the seat cannot see)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kcal.core.rng import Rng
from kcal.core.seeding import derive_seed
from kcal.sim import search

#: the hint's default budget: iterations of the shared searcher (``mcts:N``)
DEFAULT_ITERATIONS = 200


@dataclass(frozen=True)
class Hint:
    entry: dict[str, Any]
    words: str
    share: float
    iterations: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "hint", "entry": self.entry, "words": self.words, "share": round(self.share, 3),
                "iterations": self.iterations}


def hint(game: Any, state: Any, player: str, seed: int, iterations: int = DEFAULT_ITERATIONS,
         words: Any = str) -> Hint:
    """The searcher's move for ``player`` in ``state`` (a copy it may keep) and its visit share; the same
    search as the ``mcts:N`` bot makes (UCB1 over determinized worlds), with its root counted."""
    rng = Rng(derive_seed(seed, "play-hint"))
    legal = list(game.legal_moves(state, player))
    if len(legal) == 1:
        return Hint(game.encode_move(legal[0]), words(legal[0]), 1.0, 0)
    root = search._Node(None, None)
    playout = search.playout_of(game)
    root.prior = search._prior(game, state, player, rng, playout, legal)
    for _ in range(iterations):
        search._iterate(game, state, player, root, rng, playout)
    best, rank = legal[0], (-1, -1.0)
    for m in legal:
        child = root.children.get(search._key(game, m))
        if child is not None and child.visits and (child.visits, child.reward / child.visits) > rank:
            best, rank = m, (child.visits, child.reward / child.visits)
    visits = sum(c.visits for c in root.children.values()) or 1
    return Hint(game.encode_move(best), words(best), max(rank[0], 0) / visits, iterations)
