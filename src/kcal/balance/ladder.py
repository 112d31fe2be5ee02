"""``kcal balance bots --game ID``: the bot ladder. Every bot of a pack, and the shared searcher at a few
strengths, meet in seat-rotated round robins on the shared simulator; one rating per bot, on the Elo
scale, with a 95 % interval; and the skill spread, the strongest bot's rating minus random's (how much
skill matters in the game). docs/balance.md explains the figures and the choice of model.

- **Matchups.** With ``n`` seats and ``m`` entrants every set of ``n`` different entrants plays (every
  pair when ``n`` = 2); with fewer entrants than seats, every multiset that is not one bot alone. A
  matchup plays ``games`` games, rounded up to a multiple of ``n`` so that every bot sits in every seat
  equally often (:mod:`kcal.sim.match` rotates the seats), and every matchup deals the same games (the
  same seed: the bots, not the cards, differ between matchups).
- **Model.** The Luce choice model, Bradley-Terry's extension to several players (Hunter 2004): in a
  game of bots ``S`` bot ``i`` wins with probability ``e^t_i / sum_{j in S} e^t_j``. A win shared by
  ``k`` counts ``1/k`` to each; a game nobody won counts for nobody. The strengths ``t`` are fitted by
  Newton's method to the maximum a posteriori under a weak normal prior (sd :data:`PRIOR_SD_ELO`), so
  a bot that won every game still gets a finite rating. Ratings are ``400 log10 e^t`` (Elo points: 400
  means 10 to 1 odds in a two-player game), shifted so that random is 0; the interval is the rating
  +- 1.96 standard errors of its difference from random (the inverse of the posterior's Hessian).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any

import numpy as np

from kcal.core.errors import UsageError
from kcal.core.plural import count

if TYPE_CHECKING:
    from kcal.core.game import Game

__all__ = ["DEFAULT_GAMES", "DEFAULT_SEARCHERS", "METHOD", "draw_ladder", "fit", "ladder", "ladder_text",
           "planned_games"]

#: the searcher's strengths the ladder adds to a pack's bots (iterations: reproducible)
DEFAULT_SEARCHERS = ("mcts:25", "mcts:100")
DEFAULT_GAMES = 24
ANCHOR = "random"
ELO = 400 / math.log(10)
PRIOR_SD_ELO = 600.0
Z95 = 1.959963984540054
METHOD = "elo-bradley-terry"
METHODS = (f"Luce/Bradley-Terry strengths fitted to the win shares of every matchup (a win shared by k counts "
           f"1/k), maximum a posteriori under a normal prior of sd {PRIOR_SD_ELO:g} Elo; ratings in Elo points "
           f"(400 = 10 to 1 odds between two bots), random = 0; 95 % intervals from the posterior's curvature; "
           f"seats rotate, every matchup deals the same games")
MAX_ENTRANTS = 12
MAX_MATCHUPS = 500


@dataclass(frozen=True)
class Matchup:
    """The entrants (indices) of one round of games, a win total per slot, and the games played."""

    slots: tuple[int, ...]
    wins: tuple[Fraction, ...]
    games: int


def _entrants(game: Game[Any, Any], bots: Sequence[str] | None) -> list[str]:
    from kcal.sim.match import resolve_bots

    names = list(bots) if bots else [*game.bots(), *DEFAULT_SEARCHERS]
    out: list[str] = []
    for name in names:
        resolved = resolve_bots(game, [name], 1)[0]
        if resolved in out:
            raise UsageError(f"--bots: {resolved!r} is given twice")
        out.append(resolved)
    if not 2 <= len(out) <= MAX_ENTRANTS:
        raise UsageError(f"a ladder needs 2 to {MAX_ENTRANTS} bots, not {len(out)}")
    return out


def _matchups(m: int, n: int) -> list[tuple[int, ...]]:
    if m >= n:
        return list(combinations(range(m), n))
    return [c for c in combinations_with_replacement(range(m), n) if len(set(c)) > 1]


def fit(m: int, matchups: Sequence[Matchup], anchor: int) -> tuple[list[float], list[float]]:
    """Each entrant's rating (Elo points, ``anchor`` = 0) and its standard error against the anchor."""
    theta = np.zeros(m)
    prior = (ELO / PRIOR_SD_ELO) ** 2  # the prior's precision in natural units
    for _ in range(100):
        grad, hess = -prior * theta, -prior * np.eye(m)
        for mu in matchups:
            total = float(sum(mu.wins))
            if total <= 0:
                continue
            e = np.exp(theta[list(mu.slots)] - theta[list(mu.slots)].max())
            q = np.zeros(m)
            np.add.at(q, list(mu.slots), e / e.sum())
            won = np.zeros(m)
            np.add.at(won, list(mu.slots), [float(w) for w in mu.wins])
            grad += won - total * q
            hess -= total * (np.diag(q) - np.outer(q, q))
        step = np.linalg.solve(hess, grad)
        theta -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    cov = np.linalg.inv(-hess)
    ratings = [float((theta[i] - theta[anchor]) * ELO) for i in range(m)]
    ses = [float(math.sqrt(max(0.0, cov[i, i] + cov[anchor, anchor] - 2 * cov[i, anchor])) * ELO) for i in range(m)]
    return ratings, ses


def _players(game: Game[Any, Any], players: int | None) -> int:
    info = game.info
    n = players if players is not None else min(max(info.min_players, 2), info.max_players)
    info.check_players(n, None)
    return n


def _plan(game_id: str, players: int | None, games: int, bots: Sequence[str] | None
          ) -> tuple[int, list[str], list[tuple[int, ...]], int]:
    """Checked before any game: the seats, the entrants, the matchups and the games per matchup."""
    from kcal.core import registry
    from kcal.sim.match import load_game
    from kcal.sim.parallel import MAX_GAMES, check_count

    game = load_game(registry.get(game_id))
    n = _players(game, players)
    entrants = _entrants(game, bots)
    rounds = _matchups(len(entrants), n)
    if len(rounds) > MAX_MATCHUPS:
        raise UsageError(f"{len(entrants)} bots at {n} seats make {len(rounds)} matchups; at most {MAX_MATCHUPS}")
    check_count("games", games, MAX_GAMES, least=1)
    per = -(-games // n) * n
    check_count("games in all matchups", per * len(rounds), MAX_GAMES, least=1)
    return n, entrants, rounds, per


def planned_games(game_id: str, players: int | None, games: int, bots: Sequence[str] | None) -> int:
    """How many games :func:`ladder` will play (a progress bar's total); checks the inputs."""
    _, _, rounds, per = _plan(game_id, players, games, bots)
    return per * len(rounds)


def ladder(game_id: str, *, players: int | None = None, games: int = DEFAULT_GAMES, seed: int = 0,
           bots: Sequence[str] | None = None, jobs: int = 1, runner: Callable[..., Any] | None = None,
           on_done: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The ladder of ``game_id`` as plain data (SPEC's ``balance bots`` keys, and more): ``games`` per
    matchup (rounded up to a multiple of the players), seats rotating, on ``runner`` (the shared chunk
    runner, local processes or Dask)."""
    from kcal.core import registry
    from kcal.sim.match import load_game, match_tally
    from kcal.sim.match_tally import win_unit

    game = load_game(registry.get(game_id))
    n, entrants, rounds, per = _plan(game_id, players, games, bots)
    played, interrupted = [], False
    for slots in rounds:
        tally, _, stopped = match_tally(game_id, n, per, seed, [entrants[k] for k in slots], jobs, runner, on_done)
        played.append(Matchup(slots, tuple(Fraction(w, win_unit(n)) for w in tally.bot_wins), tally.games))
        if stopped:
            interrupted = True
            break
    return _report(game, entrants, played, n, per, seed, interrupted)


def _report(game: Game[Any, Any], entrants: list[str], played: list[Matchup], n: int, per: int, seed: int,
            interrupted: bool) -> dict[str, Any]:
    anchor = entrants.index(ANCHOR) if ANCHOR in entrants else 0  # without random: the first bot given
    ratings, ses = fit(len(entrants), played, anchor)
    rows = []
    for i, name in enumerate(entrants):
        games = sum(mu.games * mu.slots.count(i) for mu in played)
        wins = sum((w for mu in played for k, w in zip(mu.slots, mu.wins, strict=True) if k == i), Fraction(0))
        rows.append({"bot": name, "rating": round(ratings[i], 1),
                     "rating_ci95": [round(ratings[i] - Z95 * ses[i], 1), round(ratings[i] + Z95 * ses[i], 1)],
                     "games": games, "win_rate": round(float(wins) / games, 4) if games else None})
    order = sorted(range(len(entrants)), key=lambda i: (-ratings[i], i))
    top = order[0]
    spread = ci = None
    if entrants[anchor] == ANCHOR:
        spread = round(ratings[top] - ratings[anchor], 1)
        ci = [round(spread - Z95 * ses[top], 1), round(spread + Z95 * ses[top], 1)]
    return {
        "game": game.info.id, "name": game.info.name, "players": n, "seed": seed,
        "games": sum(mu.games for mu in played), "games_per_matchup": per, "method": METHOD,
        "anchor": entrants[anchor],
        "bots": [rows[i] for i in order],
        "strongest": entrants[top], "skill_spread": spread, "skill_spread_ci95": ci,
        "matchups": [{"bots": [entrants[k] for k in mu.slots], "games": mu.games,
                      "wins": [round(float(w), 4) for w in mu.wins]} for mu in played],
        "interrupted": interrupted, "methods": METHODS,
    }


def ladder_text(data: dict[str, Any]) -> str:
    """The ladder as a table, strongest first."""
    lines = [f"bot ladder: {data['name']} ({data['game']}), {data['players']} players, seed {data['seed']}: "
             f"{count(len(data['matchups']), 'matchup')} of {count(data['games_per_matchup'], 'game')} "
             f"({count(data['games'], 'game')})",
             f"  {'rank':>4} {'bot':<14} {'rating':>7}  {'95% interval':<17} {'games':>6} {'win rate':>8}"]
    for rank, row in enumerate(data["bots"], 1):
        low, high = row["rating_ci95"]
        rate = "-" if row["win_rate"] is None else f"{100 * row['win_rate']:.1f}%"
        lines.append(f"  {rank:>4} {row['bot']:<14} {row['rating']:>7.1f}  [{low:>6.1f}, {high:>6.1f}] "
                     f"{row['games']:>6} {rate:>8}")
    if data["skill_spread"] is not None:
        low, high = data["skill_spread_ci95"]
        lines.append(f"  skill spread {data['skill_spread']:.1f} Elo [95% CI {low:.1f}, {high:.1f}]: "
                     f"{data['strongest']} minus random")
    else:
        lines.append(f"  skill spread: none (random is not on the ladder); ratings are against {data['anchor']}")
    lines.append(f"  method: {data['methods']}")
    return "\n".join(lines)


def draw_ladder(data: dict[str, Any]) -> Callable[[Any, Any], None]:
    """The chart: one row per bot, its rating and interval, strongest at the top, random's 0 dashed."""
    from kcal.print.charts import interval_chart

    def draw(s: Any, box: Any) -> None:
        rows = [(r["bot"], r["rating"], r["rating_ci95"][0], r["rating_ci95"][1]) for r in reversed(data["bots"])]
        interval_chart(s, box, f"Bot ladder: {data['name']} ({data['players']} players, {count(data['games'], 'game')})",
                       rows, reference=0.0, x_fmt=lambda v: f"{v:.0f}", x_label="Elo (random = 0)")

    return draw
