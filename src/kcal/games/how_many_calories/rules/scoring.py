"""Scores, the next round's start player and the winner.

- A round score is the kcal a player took in, or 0 for a player out (above the limit).
- The next round's start player has the highest total so far. The rulebook settles a tie by
  rock-paper-scissors; kcal draws it from the game's generator (the seed), unless a record names the
  start player of that round (``rounds[].start``: the table's rock-paper-scissors), who must be one of
  the tied (ruling "start-player-tie"; the draw is :func:`kcal.games.how_many_calories.rules.flow.pick_start`).
- After the last round the highest total wins. A tie goes to the tied player who took in the
  highest-number card in the final round (players out in that round excluded); if none of them took a
  card, the win is shared (ruling "winner").
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from kcal.core.game import Outcome
from kcal.core.suggest import did_you_mean
from kcal.games.how_many_calories.rules.state import OVER, State


class EndReason(str, Enum):
    """Why a game ended. There is one way: every round was played."""

    ROUNDS_COMPLETE = "rounds_complete"


def round_scores(intake: Sequence[int], out: Sequence[bool]) -> list[int]:
    return [0 if gone else kcal for kcal, gone in zip(intake, out, strict=True)]


def start_candidates(totals: Sequence[int]) -> list[int]:
    """The seats with the highest total, in turn order."""
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best]


def start_problem(round_index: int, player: str, totals: Sequence[int] | None, players: Sequence[str]
                  ) -> str | None:
    """A named start player of a later round must be one of those with the highest total."""
    if player not in players:
        return f"{player!r} is not one of the players ({', '.join(players)}){did_you_mean(player, players)}"
    if round_index == 0 or totals is None:
        return None
    tied = [players[s] for s in start_candidates(totals)]
    if player not in tied:
        return (f"the start player of round {round_index + 1} has the highest total: "
                f"{', '.join(tied)}, not {player}")
    return None


def winners(totals: Sequence[int], won_last: Sequence[Sequence[int]], out_last: Sequence[bool]) -> tuple[int, ...]:
    """The winning seats: highest total, then the highest card taken in the final round."""
    tied = start_candidates(totals)
    if len(tied) == 1:
        return (tied[0],)
    best = {s: max(won_last[s]) for s in tied if not out_last[s] and won_last[s]}
    if not best:
        return tuple(tied)
    top = max(best.values())
    return tuple(s for s in tied if best.get(s) == top)


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    players = state.rules.players
    seats = winners(state.totals, state.won, state.out)
    return Outcome(EndReason.ROUNDS_COMPLETE, {p: state.totals[s] for s, p in enumerate(players)},
                   tuple(players[s] for s in seats))
