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
    move, done, share = search.search_share(game, state, player, rng, search.Budget(iterations=iterations))
    return Hint(game.encode_move(move), words(move), share, done)
