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
outcomes of game pairs: Wald's sequential probability ratio test with the normal (GSPRT)
approximation of the log-likelihood ratio, the variance estimated from the differences,

    LLR(delta) = n * (delta * mean(d) - delta**2 / 2) / var(d)

H0: the patch does not change the seat's win rate (``delta = 0``); H1: it changes it by
:data:`EFFECT` (5 points) one way or the other. The two one-sided tests (``+EFFECT`` and ``-EFFECT``)
share alpha = beta = 0.05, split over both directions and over the seats (Bonferroni), so the family of
tests keeps its error rates: bounds ``A = ln((1 - beta) / alpha')`` and ``B = ln(beta / (1 - alpha'))``
with ``alpha' = alpha / (2 * seats)``. A seat is decided for H1 when either LLR reaches ``A``, for H0
when both fall to ``B``. The what-if stops (``stopped: "sprt"``) at the first look where every seat is
decided, else at the cap (``--games``, ``stopped: "cap"``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kcal.core.stats import Z95, sig

ALPHA = 0.05
BETA = 0.05
#: the change of a seat's win rate H1 names (a share: 0.05 is 5 points)
EFFECT = 0.05
#: the games played before each look of the sequential test (after the last, every 1,024 more)
LOOKS = (128, 384, 896, 1920)
LOOK_STEP = 1024


def looks(cap: int) -> list[int]:
    """The game counts at which the test looks, up to ``cap`` (the last is the cap itself)."""
    out = [n for n in LOOKS if n < cap]
    n = LOOKS[-1]
    while n + LOOK_STEP < cap:
        n += LOOK_STEP
        out.append(n)
    return [*out, cap]


@dataclass
class Paired:
    """Exact sums of one figure over game pairs; values are integers in ``unit``s of the figure."""

    unit: int = 1
    n: int = 0
    base: int = 0
    patched: int = 0
    diff: int = 0
    diff_sq: int = 0
    base_sq: int = 0
    patched_sq: int = 0

    def add(self, base: int, patched: int) -> None:
        d = patched - base
        self.n += 1
        self.base += base
        self.patched += patched
        self.diff += d
        self.diff_sq += d * d
        self.base_sq += base * base
        self.patched_sq += patched * patched

    def _var(self, total: int, squares: int) -> Fraction:
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
            return {"figure": figure, "base": None, "patched": None, "diff": None, "diff_ci95": [None, None]}
        base, patched, diff = self.means()
        half = Z95 * math.sqrt(float(self.var_diff()) / self.n) if self.n >= 2 else None
        ci = [sig(diff - half), sig(diff + half)] if half is not None else [None, None]
        return {"figure": figure, "base": sig(base), "patched": sig(patched), "diff": sig(diff), "diff_ci95": ci}


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
        """Test every seat on its pairs so far; True when every seat is decided."""
        lower, upper = self.bounds
        for d, p in zip(self.decisions, figures, strict=True):
            llr_up, llr_down = llrs(p, self.effect)
            d.llr_up, d.llr_down = llr_up, llr_down
            if d.decision is not None:
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
                "effect": self.effect, "bounds": [sig(lower, 4), sig(upper, 4)],
                "seats": [d.to_json() for d in self.decisions]}


def llrs(p: Paired, effect: float) -> tuple[float, float]:
    """The GSPRT log-likelihood ratios of ``+effect`` and ``-effect`` against no change."""
    if p.n < 2:
        return 0.0, 0.0
    mean = p.means()[2]
    var = float(p.var_diff())
    if var <= 0.0:  # every pair the same difference: the evidence is as strong as it can be
        var = 1.0 / (4 * p.n * p.n)
    up = p.n * (effect * mean - effect * effect / 2) / var
    down = p.n * (-effect * mean - effect * effect / 2) / var
    return up, down
