"""The pack's own figures for ``sim match``: integer counters per finished game (``tally``), summed by
the runner over games and turned into rates (``summarize``) and text (``summary_lines``).

Definitions:

- *length in turns*: the turns begun (the runner's own length counts moves);
- *decided*: the game has a winner (every end reason but ``turn_limit`` and ``all_eliminated``);
- *stopped at the turn limit*: the game reached kcal's house-rule turn limit (``turn_limit``, default
  300) unfinished; the limit is reported with the share, as the game was played with it.

Per-card impact is not here: ``kcal balance cards --game kalua`` measures it for every game with one
definition (:mod:`kcal.balance.impact`, the pack's ``impact`` hook).
"""

from __future__ import annotations

from typing import Any

from kcal.core.results import amount
from kcal.core.stats import proportion, share_text, sig
from kcal.games.kalua.rules.domain import LEADER_ACTIONS, PROTECTION_COST
from kcal.games.kalua.rules.flow import TURN_LIMIT
from kcal.games.kalua.rules.state import State

TURN_BIN = 10
_LEADER = {a.value for a in LEADER_ACTIONS}


def tally(game: Any, state: State) -> dict[str, int]:
    """Counters of one game (finished or not), all integers."""
    counts: dict[str, int] = {"turns": state.turn, f"turns_bin_{state.turn // TURN_BIN * TURN_BIN}": 1}
    decided = bool(state.winners)
    counts["decided"] = int(decided)
    counts[f"turn_limit_{state.rules.turn_limit}"] = 1
    counts["stopped_at_turn_limit"] = int(state.end_reason == TURN_LIMIT)
    for event in state.events():
        kind = event[0]
        if kind == "play":
            counts["answers"] = counts.get("answers", 0) + int(event[4])
            counts["protected"] = counts.get("protected", 0) + int(event[3] == PROTECTION_COST and
                                                                   state.rules.cards.def_of(event[2]).kind == 2)
        elif kind == "leader" and event[2] in _LEADER:
            counts[f"leader:{event[2]}"] = counts.get(f"leader:{event[2]}", 0) + 1
        elif kind == "draw" and event[4]:
            counts["bought"] = counts.get("bought", 0) + 1
        elif kind == "eliminated":
            counts["eliminated"] = counts.get("eliminated", 0) + 1
        elif kind == "amulets":
            counts["amulets_used"] = counts.get("amulets_used", 0) + 1
    return counts


def _median_bin(bins: dict[int, int]) -> int | None:
    total = sum(bins.values())
    seen = 0
    for start in sorted(bins):
        seen += bins[start]
        if 2 * seen >= total:
            return start
    return None


def summarize(totals: dict[str, int], games: int) -> dict[str, Any]:
    """Rates from counters summed over ``games`` games (95 % Wilson intervals for the shares)."""
    decided = totals.get("decided", 0)
    bins = {int(k.removeprefix("turns_bin_")): v for k, v in totals.items() if k.startswith("turns_bin_")}
    leaders = {a: totals.get(f"leader:{a}", 0) for a in sorted(_LEADER)}
    return {
        "games": games,
        "decided": proportion(decided, games),
        "turn_limit": _turn_limit(totals),
        "stopped_at_turn_limit": proportion(totals.get("stopped_at_turn_limit", 0), games),
        "mean_turns": sig(totals.get("turns", 0) / games) if games else None,
        "median_turns_bin": _median_bin(bins),
        "turns_histogram": [{"from": b, "to": b + TURN_BIN - 1, "games": bins[b]} for b in sorted(bins)],
        "answers_per_game": sig(totals.get("answers", 0) / games) if games else None,
        "bought_per_game": sig(totals.get("bought", 0) / games) if games else None,
        "eliminations_per_game": sig(totals.get("eliminated", 0) / games) if games else None,
        "protected_globals": totals.get("protected", 0),
        "amulets_used": totals.get("amulets_used", 0),
        "leader_actions": leaders,
    }


def _turn_limit(totals: dict[str, int]) -> int | None:
    """The house-rule turn limit the games were played with (None when blocks pooled several)."""
    limits = [int(k.removeprefix("turn_limit_")) for k, v in totals.items()
              if k.startswith("turn_limit_") and v]
    return limits[0] if len(limits) == 1 else None


def summary_lines(summary: dict[str, Any]) -> list[str]:
    limit = summary["turn_limit"]
    return [
        f"decided games: {share_text(summary['decided'])}; stopped unfinished at the turn limit "
        f"({'several limits' if limit is None else f'{limit:,} turns'}, kcal's house rule): "
        f"{share_text(summary['stopped_at_turn_limit'])}",
        f"length in turns: mean {amount(summary['mean_turns'])}, median in {summary['median_turns_bin']}-"
        f"{(summary['median_turns_bin'] or 0) + TURN_BIN - 1}; "
        + ", ".join(f"{h['from']}-{h['to']}: {h['games']}" for h in summary["turns_histogram"][:12]),
        f"per game: {amount(summary['answers_per_game'])} answers, {amount(summary['bought_per_game'])} cards "
        f"bought, {amount(summary['eliminations_per_game'])} gods eliminated; protected global disasters: "
        f"{summary['protected_globals']}; Amulets used: {summary['amulets_used']}",
        "leader actions: " + ", ".join(f"{k} {v}" for k, v in summary["leader_actions"].items()),
        "per-card impact: kcal balance cards --game kalua",
    ]
