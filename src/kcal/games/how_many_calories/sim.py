"""The pack's own figures for ``sim match``: integer counters per finished game (``tally``), summed by
the runner over games and turned into rates (``summarize``) and text (``summary_lines``).

Definitions:

- a player *goes out* when a card taken in puts them above the limit;
- the limit *decides* a round when at least one player went out in it (their round score is 0);
- a round is *cut short* when it ends with at most one player still in while that player still holds
  cards (a round whose last trick empties the hands is played out, however many went out in it);
- a *+5 play* is a card of another colour than the trick's first card (it counts number + 5);
- an *equal-value trick* holds a leader-colour n and another colour's n - 5 (ruling "ties");
- a game is *won on the tie-break* when the highest totals tie and the final round's highest card
  decides; *shared* when it does not.
"""

from __future__ import annotations

from typing import Any

from kcal.core.plural import count
from kcal.core.stats import proportion, share_text, sig
from kcal.games.how_many_calories.rules.scoring import start_candidates, winners
from kcal.games.how_many_calories.rules.state import CUT_SHORT, OVER, State, TrickResult

COUNTERS = ("games_finished", "rounds", "player_rounds", "outs", "rounds_limit_decided", "rounds_cut_short",
            "tricks", "cards_played", "plus_five_plays", "equal_value_tricks", "intake_kcal", "scored_kcal",
            "tiebreak_wins", "shared_wins")


def tally(game: Any, state: State) -> dict[str, int]:
    """Counters of one game (finished or not), all integers; ``outs_round_<k>`` per round number."""
    counts = dict.fromkeys(COUNTERS, 0)
    n = state.rules.n
    colour_of = state.rules.foods.colour_of
    outs_this_round = 0
    intake = [0] * n
    for event in state.events():
        kind = event[0]
        if kind in ("deal", "position"):
            outs_this_round = 0
            intake = [0] * n
        elif kind == "trick":
            t: TrickResult = event[1]
            counts["tricks"] += 1
            counts["cards_played"] += len(t.cards)
            lead = colour_of[t.cards[0][1]]
            counts["plus_five_plays"] += sum(1 for _, c in t.cards if colour_of[c] != lead)
            values = {v for v in t.values}
            counts["equal_value_tricks"] += len(values) < len(t.values)
            intake[t.winner] += t.kcal
            if t.went_out:
                outs_this_round += 1
            counts["rounds_cut_short"] += t.round_end == CUT_SHORT
        elif kind == "end":
            r = event[1] + 1
            counts["rounds"] += 1
            counts["player_rounds"] += n
            counts["outs"] += outs_this_round
            counts[f"outs_round_{r}"] = counts.get(f"outs_round_{r}", 0) + outs_this_round
            counts["rounds_limit_decided"] += outs_this_round > 0
            counts["intake_kcal"] += sum(intake)
            counts["scored_kcal"] += sum(event[2])
    if state.phase == OVER:
        counts["games_finished"] = 1
        if len(start_candidates(state.totals)) > 1:
            shared = len(winners(state.totals, state.won, state.out)) > 1
            counts["shared_wins" if shared else "tiebreak_wins"] += 1
    return counts


def summarize(totals: dict[str, int], games: int) -> dict[str, Any]:
    """Rates from counters summed over ``games`` games (95 % Wilson intervals for the shares)."""
    rounds = totals.get("rounds", 0)
    player_rounds = totals.get("player_rounds", 0)
    out_by_round = {k.removeprefix("outs_round_"): v for k, v in sorted(totals.items(),
                                                                        key=lambda kv: kv[0])
                    if k.startswith("outs_round_")}
    return {
        "games": games,
        "rounds": rounds,
        "out_rate_per_player_round": proportion(totals.get("outs", 0), player_rounds),
        "limit_decides_round": proportion(totals.get("rounds_limit_decided", 0), rounds),
        "round_cut_short": proportion(totals.get("rounds_cut_short", 0), rounds),
        "plus_five_share": proportion(totals.get("plus_five_plays", 0), totals.get("cards_played", 0)),
        "equal_value_tricks": proportion(totals.get("equal_value_tricks", 0), totals.get("tricks", 0)),
        "tiebreak_win": proportion(totals.get("tiebreak_wins", 0), games),
        "shared_win": proportion(totals.get("shared_wins", 0), games),
        "mean_intake_kcal_per_player_round": sig(totals.get("intake_kcal", 0) / player_rounds)
        if player_rounds else None,
        "mean_score_kcal_per_player_round": sig(totals.get("scored_kcal", 0) / player_rounds)
        if player_rounds else None,
        "mean_tricks_per_round": sig(totals.get("tricks", 0) / rounds) if rounds else None,
        "outs_by_round": out_by_round,
    }


def summary_lines(summary: dict[str, Any]) -> list[str]:
    def num(x: float | None) -> str:
        return "n/a" if x is None else f"{x:,.0f}"

    return [
        f"rounds: {summary['rounds']:,} in {count(summary['games'], 'game')}; "
        f"{summary['mean_tricks_per_round'] or 0:.2f} tricks a round",
        f"players going out: {share_text(summary['out_rate_per_player_round'])} of player-rounds "
        f"(by round: {', '.join(f'{k}: {v}' for k, v in summary['outs_by_round'].items()) or '-'})",
        f"the limit decides a round (someone goes out): {share_text(summary['limit_decides_round'])}; "
        f"cut short (one player left, still holding cards): {share_text(summary['round_cut_short'])}",
        f"mean intake {num(summary['mean_intake_kcal_per_player_round'])} kcal, mean round score "
        f"{num(summary['mean_score_kcal_per_player_round'])} kcal per player-round",
        f"+5 plays: {share_text(summary['plus_five_share'])} of cards; equal-value tricks: "
        f"{share_text(summary['equal_value_tricks'])}",
        f"games won on the final-round tie-break: {share_text(summary['tiebreak_win'])}; shared wins: "
        f"{share_text(summary['shared_win'])}",
    ]
