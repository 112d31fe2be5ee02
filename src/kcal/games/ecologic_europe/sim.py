"""The pack's own figures for ``sim match``: integer counters per game (``tally``), summed by the
runner and turned into rates (``summarize``) and text (``summary_lines``).

- score components: diversity points and card points, summed over players;
- survival: at each beginning of a season every consumer on a board is fed or dies; the share fed,
  by species type and season.

Per-card impact is not here: ``kcal balance cards --game ecologic-europe`` measures it for every game
with one definition (:mod:`kcal.balance.impact`, the pack's ``impact`` hook).
"""

from __future__ import annotations

from typing import Any

from kcal.core.results import amount
from kcal.core.stats import proportion, share_text, sig
from kcal.games.ecologic_europe.rules.domain import FOOD_TYPES, SEASONS
from kcal.games.ecologic_europe.rules.scoring import score_parts
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.tables import sp


def tally(game: Any, state: State) -> dict[str, int]:
    counts: dict[str, int] = {"games_finished": int(state.ended), "player_games": state.rules.n,
                              "diversity_points": 0, "card_points": 0}
    for s in range(state.rules.n):
        d, p, _ = score_parts(state, s)
        counts["diversity_points"] += d
        counts["card_points"] += p
    for e in state.log or ():
        if e[0] == "fed":
            t = FOOD_TYPES[sp(state, e[2]).type].value
            key = f"{'fed' if e[4] else 'died'}:{t}:{SEASONS[e[3]].value}"
            counts[key] = counts.get(key, 0) + 1
    return counts


def summarize(totals: dict[str, int], games: int) -> dict[str, Any]:
    players = totals.get("player_games", 0)
    survival: dict[str, dict[str, Any]] = {}
    for key in totals:
        if key.startswith("fed:") or key.startswith("died:"):
            _, t, season = key.split(":")
            if t in survival and season in survival[t]:
                continue
            k = totals.get(f"fed:{t}:{season}", 0)
            n = k + totals.get(f"died:{t}:{season}", 0)
            survival.setdefault(t, {})[season] = proportion(k, n)
    return {
        "games": games,
        "mean_diversity_points": sig(totals.get("diversity_points", 0) / players) if players else None,
        "mean_card_points": sig(totals.get("card_points", 0) / players) if players else None,
        "survival": {t: dict(sorted(v.items(), key=lambda kv: [s.value for s in SEASONS].index(kv[0])))
                     for t, v in sorted(survival.items())},
    }


def summary_lines(summary: dict[str, Any]) -> list[str]:
    lines = [f"score components per player: diversity {amount(summary['mean_diversity_points'], 2)}, card "
             f"points {amount(summary['mean_card_points'], 2)}"]
    lines.append("survival (fed at the beginning of a season), by type and season:")
    for t, seasons in summary["survival"].items():
        lines.append(f"  {t:<14} " + "; ".join(f"{s} {share_text(v, 0)}" for s, v in seasons.items()))
    lines.append("per-card impact: kcal balance cards --game ecologic-europe")
    return lines
