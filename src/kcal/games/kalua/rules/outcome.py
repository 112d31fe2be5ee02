"""How a game ends, and its outcome.

The rulebook's two end conditions and kcal's rulings for what it leaves open (docs/rulings.md):

``one_religion``     just after phase 5, only one religion has families left: it wins (gods with only
                     their leader do not count)
``global_disaster``  a new global disaster leaves every religion without families: the one with the
                     most families when it was played wins; tied religions share the win
``last_standing``    just after phase 5, every other god is out of the game (no family, no leader) and
                     the last one has no family either: it wins (ruling "last-standing")
``all_eliminated``   every god is out of the game: nobody wins (ruling "all-eliminated")
``turn_limit``       kcal's house rule: no winner after the turn limit; the game stops unfinished and
                     nobody wins (ruling "turn-limit")

A god's score is their families at the end (what the goal counts).
"""

from __future__ import annotations

from enum import Enum

from kcal.core.game import Outcome
from kcal.games.kalua.rules.state import OVER, State


class EndReason(str, Enum):
    ONE_RELIGION = "one_religion"
    GLOBAL_DISASTER = "global_disaster"
    LAST_STANDING = "last_standing"
    ALL_ELIMINATED = "all_eliminated"
    TURN_LIMIT = "turn_limit"


def outcome(state: State) -> Outcome | None:
    if state.step != OVER:
        return None
    players = state.rules.players
    return Outcome(EndReason(state.end_reason), {p: state.families[s] for s, p in enumerate(players)},
                   tuple(players[s] for s in state.winners))
