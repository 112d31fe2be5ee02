"""What a chunk of match games adds up to, and the figures it gives.

A :class:`Tally` holds exact numbers only: integers, and scores as :class:`fractions.Fraction` (a
pack's score may be a float; its exact value is kept). A shared win counts ``1/k`` for each of the
``k`` winners, stored in units of ``1/lcm(1..n)`` so it stays an integer. Merging is addition, so
the figures do not depend on how the games were cut into chunks or which worker played them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.stats import proportion, sig

#: the end reason of a game stopped by the move cap
MOVE_LIMIT = "move_limit"
#: the end reason of a game where nobody is to move but the rules give no outcome (a pack bug)
NO_OUTCOME = "no_outcome"


def win_unit(n: int) -> int:
    """Units per whole win, so that ``1/k`` of a win is an integer for every ``k <= n``."""
    return math.lcm(*range(1, n + 1))


@dataclass
class Moments:
    """Count, sum and sum of squares of exact values."""

    count: int = 0
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)

    def add(self, value: Fraction) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        self.count += other.count
        self.total += other.total
        self.squares += other.squares

    def mean_se(self) -> tuple[float | None, float | None]:
        n = self.count
        if n == 0:
            return None, None
        mean = self.total / n
        if n < 2:
            return float(mean), 0.0
        var = (self.squares - self.total * self.total / n) / (n - 1)
        return float(mean), math.sqrt(float(max(var, Fraction(0))) / n)


@dataclass
class Tally:
    """Match figures for ``n`` seats and ``n`` bot slots."""

    n: int
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)
    bot_wins: list[int] = field(default_factory=list)
    seat_scores: list[Moments] = field(default_factory=list)
    bot_scores: list[Moments] = field(default_factory=list)
    #: seat_bot[s][k]: games in which bot slot k sat in seat s
    seat_bot: list[list[int]] = field(default_factory=list)
    lengths: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    shared: int = 0  # games with several winners
    no_winner: int = 0
    pack: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        n = self.n
        self.seat_wins = self.seat_wins or [0] * n
        self.bot_wins = self.bot_wins or [0] * n
        self.seat_scores = self.seat_scores or [Moments() for _ in range(n)]
        self.bot_scores = self.bot_scores or [Moments() for _ in range(n)]
        self.seat_bot = self.seat_bot or [[0] * n for _ in range(n)]

    def add_game(self, slot_of_seat: Sequence[int], winners: Sequence[int], scores: Sequence[Any] | None,
                 moves: int, reason: str, extra: Mapping[str, int] | None = None) -> None:
        """One game: the bot slot in each seat, the winning seats, each seat's score (None: no outcome)."""
        self.games += 1
        for s, k in enumerate(slot_of_seat):
            self.seat_bot[s][k] += 1
        if winners:
            share = win_unit(self.n) // len(winners)
            for s in winners:
                self.seat_wins[s] += share
                self.bot_wins[slot_of_seat[s]] += share
            if len(winners) > 1:
                self.shared += 1
        else:
            self.no_winner += 1
        if scores is not None:
            for s, score in enumerate(scores):
                value = exact(score)
                self.seat_scores[s].add(value)
                self.bot_scores[slot_of_seat[s]].add(value)
        self.lengths[moves] += 1
        self.reasons[reason] += 1
        for key, count in (extra or {}).items():
            if isinstance(count, bool) or not isinstance(count, int):
                raise KcalError(f"the pack's sim tally gave {key!r}: {count!r}; tallies are integers",
                                code="bad-pack")
            self.pack[str(key)] += count

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for s in range(self.n):
            self.seat_wins[s] += other.seat_wins[s]
            self.bot_wins[s] += other.bot_wins[s]
            self.seat_scores[s].merge(other.seat_scores[s])
            self.bot_scores[s].merge(other.bot_scores[s])
            for k in range(self.n):
                self.seat_bot[s][k] += other.seat_bot[s][k]
        self.lengths.update(other.lengths)
        self.reasons.update(other.reasons)
        self.shared += other.shared
        self.no_winner += other.no_winner
        self.pack.update(other.pack)

    def seat_rate(self, s: int) -> Fraction:
        return Fraction(self.seat_wins[s], win_unit(self.n) * self.games) if self.games else Fraction(0)

    def spread(self) -> Fraction:
        """Max minus min of the seats' win rates (0: perfectly even seats)."""
        rates = [self.seat_rate(s) for s in range(self.n)]
        return max(rates) - min(rates)


def exact(score: Any) -> Fraction:
    if isinstance(score, bool) or not isinstance(score, int | float | Fraction):
        raise KcalError(f"a pack's outcome gave the score {score!r}; scores are numbers", code="bad-pack")
    if isinstance(score, float) and not math.isfinite(score):
        raise KcalError(f"a pack's outcome gave the score {score!r}; scores are finite", code="bad-pack")
    return Fraction(score)


def _quantile(counts: Mapping[int, int], q: float) -> int | None:
    """Nearest rank over a histogram (as :func:`kcal.core.stats.quantile` over the expanded values)."""
    n = sum(counts.values())
    if n == 0:
        return None
    k = max(1, min(n, -(-int(round(q * n * 1_000_000)) // 1_000_000)))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= k:
            return value
    return None  # pragma: no cover - k <= n


def length_figures(t: Tally) -> dict[str, Any]:
    m = Moments()
    m.count = t.games
    m.total = Fraction(sum(v * c for v, c in t.lengths.items()))
    m.squares = Fraction(sum(v * v * c for v, c in t.lengths.items()))
    mean, se = m.mean_se()
    return {
        "mean_length": sig(mean),
        "mean_length_se": sig(se),
        "length_quantiles": {"p10": _quantile(t.lengths, 0.1), "p50": _quantile(t.lengths, 0.5),
                             "p90": _quantile(t.lengths, 0.9), "min": min(t.lengths, default=None),
                             "max": max(t.lengths, default=None)},
    }


def _player_figures(wins_units: int, games: int, scores: Moments, n: int) -> dict[str, Any]:
    wins = Fraction(wins_units, win_unit(n))
    p = proportion(float(wins), games)
    mean, se = scores.mean_se()
    return {"games": games, "wins": sig(float(wins)), "win_rate": p["value"], "win_se": p["se"],
            "win_ci95": p["ci95"], "mean_score": sig(mean), "mean_score_se": sig(se)}


def figures(t: Tally, players: Sequence[str], bots: Sequence[str],
            summarize: Callable[[dict[str, int], int], dict[str, Any]] | None) -> dict[str, Any]:
    """The plain-data figures of one block (or of every block pooled)."""
    n = t.n
    seat_bot = bots[0] if len(set(bots)) == 1 else "rotating"
    seats = [{"seat": s + 1, "player": players[s], "bot": seat_bot,
              **_player_figures(t.seat_wins[s], t.games, t.seat_scores[s], n),
              "games_by_bot": list(t.seat_bot[s])} for s in range(n)]
    slots = [{"slot": k + 1, "bot": bots[k],
              **_player_figures(t.bot_wins[k], t.games, t.bot_scores[k], n),
              "games_by_seat": [t.seat_bot[s][k] for s in range(n)]} for k in range(n)]
    totals = dict(sorted(t.pack.items()))
    return {
        "games": t.games,
        "seats": seats,
        "bots": slots,
        "seat_spread": sig(float(t.spread())) if t.games else None,
        "shared_wins": t.shared,
        "no_winner": t.no_winner,
        **length_figures(t),
        "end_reasons": dict(sorted(t.reasons.items())),
        "pack": summarize(totals, t.games) if summarize is not None and t.games else {},
    }
