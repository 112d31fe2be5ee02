"""Exact opening-hand odds (hypergeometric), shared by deck advice and the simulator."""

from __future__ import annotations

from math import comb


def p_none(deck_size: int, successes: int, hand: int = 7) -> float:
    """Chance that a ``hand``-tile draw from ``deck_size`` holds none of ``successes`` tiles."""
    if hand > deck_size:
        return 0.0 if successes else 1.0
    return comb(deck_size - successes, hand) / comb(deck_size, hand)


def expected_reshuffles(p_fail: float) -> float:
    """Mean number of failed draws before the first kept hand (geometric); inf if never kept."""
    if p_fail >= 1.0:
        return float("inf")
    return p_fail / (1.0 - p_fail)
