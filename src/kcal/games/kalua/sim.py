"""The pack's own figures for ``sim match``: integer counters per finished game (``tally``), summed by
the runner over games and turned into rates (``summarize``) and text (``summary_lines``).

Definitions:

- *length in turns*: the turns begun (the runner's own length counts moves);
- *decided*: the game has a winner (every end reason but ``turn_limit`` and ``all_eliminated``);
- *stopped at the turn limit*: the game reached kcal's house-rule turn limit (``turn_limit``, default
  300) unfinished; the limit is reported with the share, as the game was played with it;
- *per-card impact*: over decided games, for each card, the *god-games* (one god in one game) in which
  that god played the card at least once (as the active god or as an answer), and the wins among them
  (a win shared by k gods counts 1/k). Its win rate, with a 95 % Wilson interval, is set against the win
  rate of every other god-game; ``impact`` is the difference. Gods who play cards live longer, so
  every raw impact leans positive; each card is therefore also set against the *typical played card*
  (all plays pooled): a card whose interval lies wholly above it is *strong*, wholly below *weak* --
  what a designer looks at first.
"""

from __future__ import annotations

from typing import Any

from kcal.core.results import amount
from kcal.core.stats import proportion, sig
from kcal.games.kalua.rules.domain import LEADER_ACTIONS, PROTECTION_COST
from kcal.games.kalua.rules.flow import TURN_LIMIT
from kcal.games.kalua.rules.state import State

UNIT = 60  # a win in units: 1/k of a win is an integer for k = 1..5
TURN_BIN = 10
_LEADER = {a.value for a in LEADER_ACTIONS}


def tally(game: Any, state: State) -> dict[str, int]:
    """Counters of one game (finished or not), all integers."""
    n = state.rules.n
    counts: dict[str, int] = {"turns": state.turn, f"turns_bin_{state.turn // TURN_BIN * TURN_BIN}": 1}
    decided = bool(state.winners)
    counts["decided"] = int(decided)
    counts[f"turn_limit_{state.rules.turn_limit}"] = 1
    counts["stopped_at_turn_limit"] = int(state.end_reason == TURN_LIMIT)
    played: list[set[str]] = [set() for _ in range(n)]
    for event in state.events():
        kind = event[0]
        if kind == "play":
            name = state.card_name(event[2])
            played[event[1]].add(name)
            counts[f"plays:{name}"] = counts.get(f"plays:{name}", 0) + 1
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
    if decided:
        share = UNIT // len(state.winners)
        counts["god_games"] = n
        counts["god_wins"] = UNIT
        for seat in range(n):
            for name in played[seat]:
                counts[f"played:{name}"] = counts.get(f"played:{name}", 0) + 1
                if seat in state.winners:
                    counts[f"won:{name}"] = counts.get(f"won:{name}", 0) + share
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
    god_games = totals.get("god_games", 0)
    god_wins = totals.get("god_wins", 0)
    rows = []
    for key, played in totals.items():
        if not key.startswith("played:"):
            continue
        name = key.removeprefix("played:")
        won = totals.get(f"won:{name}", 0)
        rest_games = god_games - played
        rest = proportion((god_wins - won) / UNIT, rest_games) if rest_games else None
        rows.append((name, played, won, proportion(won / UNIT, played), rest))
    # gods who play cards survive longer, so every card's raw impact is positive: compare each card
    # with the typical played card (all plays pooled) to see which cards stand out
    pooled_played = sum(r[1] for r in rows)
    typical = sum(r[2] for r in rows) / UNIT / pooled_played if pooled_played else None
    cards = []
    for name, played, _won, mine, rest in rows:
        impact = None if rest is None or rest["value"] is None else sig(mine["value"] - rest["value"])
        flag = ""
        if typical is not None and mine["ci95"][0] is not None:
            flag = "strong" if mine["ci95"][0] > typical else "weak" if mine["ci95"][1] < typical else ""
        cards.append({"card": name, "plays": totals.get(f"plays:{name}", 0), "god_games": played,
                      "win_rate": mine["value"], "win_ci95": mine["ci95"],
                      "rest_win_rate": None if rest is None else rest["value"], "impact": impact,
                      "vs_typical": None if typical is None else sig(mine["value"] - typical), "flag": flag})
    cards.sort(key=lambda r: (-(r["vs_typical"] if r["vs_typical"] is not None else -9), r["card"]))
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
        "typical_card_win_rate": None if typical is None else sig(typical),
        "card_impact": cards,
    }


def _turn_limit(totals: dict[str, int]) -> int | None:
    """The house-rule turn limit the games were played with (None when blocks pooled several)."""
    limits = [int(k.removeprefix("turn_limit_")) for k, v in totals.items()
              if k.startswith("turn_limit_") and v]
    return limits[0] if len(limits) == 1 else None


def _pct(share: dict[str, Any] | None) -> str:
    if share is None or share["value"] is None:
        return "n/a"
    low, high = share["ci95"]
    return f"{100 * share['value']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def summary_lines(summary: dict[str, Any]) -> list[str]:
    limit = summary["turn_limit"]
    lines = [
        f"decided games: {_pct(summary['decided'])}; stopped unfinished at the turn limit "
        f"({'several limits' if limit is None else f'{limit:,} turns'}, kcal's house rule): "
        f"{_pct(summary['stopped_at_turn_limit'])}",
        f"length in turns: mean {amount(summary['mean_turns'])}, median in {summary['median_turns_bin']}-"
        f"{(summary['median_turns_bin'] or 0) + TURN_BIN - 1}; "
        + ", ".join(f"{h['from']}-{h['to']}: {h['games']}" for h in summary["turns_histogram"][:12]),
        f"per game: {amount(summary['answers_per_game'])} answers, {amount(summary['bought_per_game'])} cards "
        f"bought, {amount(summary['eliminations_per_game'])} gods eliminated; protected global disasters: "
        f"{summary['protected_globals']}; Amulets used: {summary['amulets_used']}",
        "leader actions: " + ", ".join(f"{k} {v}" for k, v in summary["leader_actions"].items()),
        "per-card impact (win rate of the god who played it vs the rest, 95% interval; strong/weak: the "
        f"interval clears the typical played card's {100 * (summary['typical_card_win_rate'] or 0):.1f}%):",
    ]
    width = max((len(r["card"]) for r in summary["card_impact"]), default=4)
    for r in summary["card_impact"]:
        if r["win_rate"] is None:
            continue
        low, high = r["win_ci95"]
        rest = r["rest_win_rate"]
        lines.append(f"  {r['card']:<{width}}  {100 * r['win_rate']:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"
                     f"  rest {100 * rest:5.1f}%  impact {100 * (r['impact'] or 0):+5.1f}  n={r['god_games']}"
                     f"{'  ' + r['flag'].upper() if r['flag'] else ''}" if rest is not None else
                     f"  {r['card']:<{width}}  {100 * r['win_rate']:5.1f}%  n={r['god_games']}")
    return lines
