"""Paired figures and a sequential test on them: the statistics of ``kcal balance what-if``.

Both arms of a what-if play the same seeds (common random numbers), so each game index ``i`` gives a
pair ``(base_i, patched_i)`` of every figure (a seat's share of the win, the game's length, whether it
ended by a given reason). The change of a figure is the mean of the differences ``d_i = patched_i -
base_i``; its 95 % interval is ``mean(d) +- z * sd(d) / sqrt(n)``. Because the two games of a pair share
their deal and their bots' random draws, ``sd(d)`` is smaller than the spread of two independent arms,
and the interval narrower for the same games (bench/bench_whatif.py measures how much).

Sums are kept as exact integers (values arrive in integer units), so the figures are the same bytes
however the games were spread over processes or machines.

**The sequential test (SPRT).** After each look (a fixed schedule of game counts, :data:`LOOKS`), every
seat's win-rate change is tested, as chess engines' test farms (fishtest) test an engine patch on the
outcomes of game pairs: Wald's sequential probability ratio test on fishtest's exact generalized
log-likelihood ratio (:mod:`kcal.balance.glr`) over the counts of each possible difference ``d`` of the
seat's share of the win (the grid of every share a game can give, its empty bins regularized as fishtest
does).

H0: the patch does not change the seat's win rate (``delta = 0``); H1: it changes it by
:data:`EFFECT` (5 points) one way or the other. The two one-sided tests (``+EFFECT`` and ``-EFFECT``)
share alpha = beta = 0.05, split over both directions and over the seats (Bonferroni), so the family of
tests keeps its error rates: bounds ``A = ln((1 - beta) / alpha')`` and ``B = ln(beta / (1 - alpha'))``
with ``alpha' = alpha / (2 * seats)``. A seat is decided for H1 when either LLR reaches ``A``, for H0
when both fall to ``B``. No seat is decided before the first look (:data:`FIRST_LOOK` pairs: a run capped
below it ends undecided). The what-if stops (``stopped: "sprt"``) at the first look where every seat is
decided, else at the cap (``--games``, ``stopped: "cap"``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kcal.balance.glr import llr, regularize
from kcal.core.stats import Z95, sig

ALPHA = 0.05
BETA = 0.05
#: the change of a seat's win rate H1 names (a share: 0.05 is 5 points)
EFFECT = 0.05
#: the games played before each look of the sequential test (after the last, every 1,024 more)
LOOKS = (128, 384, 896, 1920)
LOOK_STEP = 1024
#: no seat is decided on fewer pairs than this
FIRST_LOOK = LOOKS[0]


def looks(cap: int) -> list[int]:
    """The game counts at which the test looks, up to ``cap`` (the last is the cap itself)."""
    out = [n for n in LOOKS if n < cap]
    n = LOOKS[-1]
    while n + LOOK_STEP < cap:
        n += LOOK_STEP
        out.append(n)
    return [*out, cap]


#: a figure's value: an integer in units (wins, moves) or an exact score
Num = int | Fraction


@dataclass
class Paired:
    """Exact sums of one figure over game pairs; values are integers in ``unit``s of the figure, or exact
    fractions (scores)."""

    unit: int = 1
    n: int = 0
    base: Num = 0
    patched: Num = 0
    diff: Num = 0
    diff_sq: Num = 0
    base_sq: Num = 0
    patched_sq: Num = 0
    #: how many pairs gave each difference (in units)
    hist: Counter[Num] = field(default_factory=Counter)

    def add(self, base: Num, patched: Num) -> None:
        d = patched - base
        self.hist[d] += 1
        self.n += 1
        self.base += base
        self.patched += patched
        self.diff += d
        self.diff_sq += d * d
        self.base_sq += base * base
        self.patched_sq += patched * patched

    def _var(self, total: Num, squares: Num) -> Fraction:
        if self.n < 2:
            return Fraction(0)
        return (Fraction(squares) - Fraction(total * total, self.n)) / (self.n - 1) / (self.unit * self.unit)

    def var_diff(self) -> Fraction:
        """The sample variance of the differences, in the figure's own units."""
        return self._var(self.diff, self.diff_sq)

    def var_arms(self) -> Fraction:
        """The variance a difference of two independent games would have: var(base) + var(patched)."""
        return self._var(self.base, self.base_sq) + self._var(self.patched, self.patched_sq)

    def means(self) -> tuple[float, float, float]:
        u = self.unit * self.n
        return (float(Fraction(self.base, u)), float(Fraction(self.patched, u)), float(Fraction(self.diff, u)))

    def change(self, figure: str) -> dict[str, Any]:
        """SPEC's ``changes`` entry: the base and patched means, their difference and its paired 95 %
        interval (null with fewer than two pairs)."""
        if self.n == 0:
            return {"figure": figure, "base": None, "patched": None, "diff": None, "diff_ci95": [None, None],
                    "se": None}
        base, patched, diff = self.means()
        se = math.sqrt(float(self.var_diff()) / self.n) if self.n >= 2 else None
        ci = [sig(diff - Z95 * se), sig(diff + Z95 * se)] if se is not None else [None, None]
        return {"figure": figure, "base": sig(base), "patched": sig(patched), "diff": sig(diff), "diff_ci95": ci,
                "se": se, "exact_diff": diff}


#: a card's per-game figures in one arm: player-games with it, their wins, player-games without it (could
#: have had it), their wins
CARD_PARTS = 4


@dataclass
class PairedImpact:
    """A card's impact in both arms, paired over games: exact sums of its per-game figures (each arm's
    :data:`CARD_PARTS`, eight numbers a game pair) and of their products, for the delta-method interval
    of the change (docs/balance.md, "The patched cards' impact"). Wins are in ``unit``s."""

    unit: int = 1
    sums: list[int] = field(default_factory=lambda: [0] * (2 * CARD_PARTS))
    products: list[list[int]] = field(default_factory=lambda: [[0] * (2 * CARD_PARTS) for _ in range(2 * CARD_PARTS)])

    def add(self, base: Sequence[int], patched: Sequence[int]) -> None:
        """One game pair (a game in which neither arm saw the card adds nothing: its figures are 0)."""
        x = [*base, *patched]
        for i, a in enumerate(x):
            if a:
                self.sums[i] += a
                row = self.products[i]
                for j, b in enumerate(x):
                    row[j] += a * b

    def arm(self, k: int) -> tuple[int, int, int, int]:
        s = self.sums[k * CARD_PARTS:(k + 1) * CARD_PARTS]
        return s[0], s[1], s[2], s[3]

    def _rates(self, k: int) -> tuple[Fraction, Fraction, int, int] | None:
        """Arm ``k``'s win rate with the card and without it, and the player-games of each (None: no
        player-game with or without)."""
        n_with, won_with, n_without, won_without = self.arm(k)
        if not n_with or not n_without:
            return None
        return (Fraction(won_with, self.unit * n_with), Fraction(won_without, self.unit * n_without),
                n_with, n_without)

    def _gradient(self, k: int, games: int) -> list[Fraction] | None:
        """The weights that make the impact of arm ``k`` a mean over games, to first order: impact - its
        value ~ mean(w . x_i) for the arm's figures x_i of game i (None: no player-game with or without)."""
        rates = self._rates(k)
        if rates is None:
            return None
        r_with, r_without, n_with, n_without = rates
        return [-r_with * games / n_with, Fraction(games, self.unit * n_with),
                r_without * games / n_without, -Fraction(games, self.unit * n_without)]

    def impact(self, k: int) -> float | None:
        """The impact in arm ``k`` (0 base, 1 patched): win rate with the card minus without it."""
        rates = self._rates(k)
        return None if rates is None else float(rates[0] - rates[1])

    def change(self, figure: str, games: int) -> dict[str, Any]:
        """A ``changes`` entry over ``games`` game pairs: each arm's impact, the change and its paired 95 %
        interval by the delta method (null where an arm has no player-game with or without the card)."""
        base, patched = self.impact(0), self.impact(1)
        gb, gp = self._gradient(0, games), self._gradient(1, games)
        out: dict[str, Any] = {"figure": figure, "base": None if base is None else sig(base),
                               "patched": None if patched is None else sig(patched), "diff": None,
                               "diff_ci95": [None, None], "se": None}
        if base is None or patched is None or gb is None or gp is None:
            return out
        diff = patched - base
        out["diff"] = sig(diff)
        out["exact_diff"] = diff
        if games >= 2:
            w = [-g for g in gb] + gp
            # the weighted per-game terms have mean 0, so their sample variance is sum((w . x_i)^2) / (G - 1)
            quad = sum((w[i] * w[j] * self.products[i][j] for i in range(len(w)) for j in range(len(w))
                        if self.products[i][j]), Fraction(0))
            se = math.sqrt(float(quad / (games - 1)) / games)
            out["se"] = se
            out["diff_ci95"] = [sig(diff - Z95 * se), sig(diff + Z95 * se)]
        return out


@dataclass
class Decision:
    """The sequential test of one seat: its two log-likelihood ratios and what they decided."""

    seat: str
    llr_up: float = 0.0
    llr_down: float = 0.0
    decision: str | None = None  # "H0", "H1" or None (not yet)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "llr": [sig(self.llr_down, 4), sig(self.llr_up, 4)], "decision": self.decision}


@dataclass
class Sprt:
    """The what-if's sequential test over the seats' win-rate changes (see the module docstring)."""

    seats: Sequence[str]
    alpha: float = ALPHA
    beta: float = BETA
    effect: float = EFFECT
    decisions: list[Decision] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.decisions = [Decision(s) for s in self.seats]

    @property
    def bounds(self) -> tuple[float, float]:
        a = self.alpha / (2 * len(self.seats))
        return math.log(self.beta / (1 - a)), math.log((1 - self.beta) / a)

    def update(self, figures: Sequence[Paired]) -> bool:
        """Test every seat on its pairs so far; True when every seat is decided (never before
        :data:`FIRST_LOOK` pairs)."""
        lower, upper = self.bounds
        for d, p in zip(self.decisions, figures, strict=True):
            llr_up, llr_down = llrs(p, self.effect, len(self.seats))
            d.llr_up, d.llr_down = llr_up, llr_down
            if d.decision is not None or p.n < FIRST_LOOK:
                continue  # a decided seat stays decided (Wald's test stops at its first crossing)
            if max(llr_up, llr_down) >= upper:
                d.decision = "H1"
            elif llr_up <= lower and llr_down <= lower:
                d.decision = "H0"
        return all(d.decision is not None for d in self.decisions)

    def to_json(self) -> dict[str, Any]:
        lower, upper = self.bounds
        return {"h0": "the patch does not change a seat's win rate", "h1": f"it changes a seat's win rate "
                f"by {self.effect * 100:g} points either way", "alpha": self.alpha, "beta": self.beta,
                "effect": self.effect, "bounds": [sig(lower, 4), sig(upper, 4)], "first_look": FIRST_LOOK,
                "statistic": STATISTIC,
                "seats": [d.to_json() for d in self.decisions]}


#: how the seats' log-likelihood ratios are computed (JSON ``sprt.statistic``)
STATISTIC = ("fishtest's exact generalized log-likelihood ratio over the counts of each win-share difference "
             "(empty bins of the grid regularized by 1e-3 of a count)")


def share_grid(seats: int) -> list[int]:
    """Every difference of a seat's share of the win between two games, in units of ``win_unit(seats)``:
    the shares are 0 and ``unit / k`` for a win shared by ``k`` players."""
    from kcal.sim.match_tally import win_unit

    unit = win_unit(seats)
    shares = {0, *(unit // k for k in range(1, seats + 1))}
    return sorted({a - b for a in shares for b in shares})


def llrs(p: Paired, effect: float, seats: int) -> tuple[float, float]:
    """The exact generalized log-likelihood ratios of ``+effect`` and ``-effect`` against no change, over
    the pairs' win-share differences (:mod:`kcal.balance.glr`); 0 with fewer than two pairs."""
    if p.n < 2:
        return 0.0, 0.0
    counts = regularize({float(d) / p.unit: c for d, c in p.hist.items()}, [float(g) / p.unit for g in share_grid(seats)])
    return llr(counts, 0.0, effect), llr(counts, 0.0, -effect)
