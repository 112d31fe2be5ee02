"""Which figures of a what-if the patch changed: every figure's test, corrected for all of them at once.

A what-if reports many figures together (each seat's win rate and score, the game length, each end
reason's share, each patched card's impact). Each has a paired normal interval ``diff +- z se``; marked
at 95 % each, a run of a dozen figures on a patch that changes nothing marks some figure in about one
run of six. So the figures of one run are one family: each gets the two-sided p-value of ``diff / se``,
the p-values are adjusted by Holm (family-wise error; default) or Benjamini-Hochberg (false discovery
rate), exactly as ``kcal balance cards`` adjusts its cards (:mod:`kcal.balance.compare`), and a figure is
*changed* (the text's ``*``) when its adjusted p-value is at most 5 %. Every figure's interval is also
given at the one level at which "clear of 0" and the mark agree (:func:`kcal.balance.compare.corrected_alpha`).

A figure whose pairs all differ by the same amount has ``se = 0``: no change at all (``diff = 0``) has
p-value 1, the same nonzero change in every pair has p-value 0 (the patch moved it in every game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kcal.balance.compare import ALPHA, CORRECTIONS, adjust, alpha_of, corrected_alpha, z_of
from kcal.core.errors import UsageError
from kcal.core.stats import sig

CORRECTION_WORDS = {"holm": "Holm, family-wise", "bh": "Benjamini-Hochberg, false discovery rate"}


def check_correction(correction: str) -> str:
    if correction not in CORRECTIONS:
        raise UsageError(f"--correction {correction!r}: choose from {', '.join(CORRECTIONS)}")
    return correction


def p_of(diff: float, se: float) -> float:
    """The two-sided normal p-value of ``diff`` with standard error ``se``."""
    if se <= 0.0:
        return 1.0 if diff == 0 else 0.0
    return alpha_of(abs(diff) / se)


def mark(changes: Sequence[Mapping[str, Any]], correction: str = "holm", alpha: float = ALPHA
         ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The changes with ``p_value``, ``p_adjusted``, ``diff_ci`` (the interval at the family's level) and
    ``changed`` (the mark), and the family's ``{correction, alpha, confidence, figures_compared}``. A figure
    without an interval (fewer than two pairs, or an added card's base) is not compared (its fields null).
    The working keys ``se`` and ``exact_diff`` are dropped."""
    check_correction(correction)
    out = [dict(c) for c in changes]
    tested = [i for i, c in enumerate(out) if c.get("se") is not None and c.get("exact_diff") is not None]
    raw = [p_of(out[i]["exact_diff"], out[i]["se"]) for i in tested]
    adjusted = adjust(raw, correction)
    level = corrected_alpha(adjusted, correction, alpha)
    z = z_of(level)
    for c in out:
        c.update({"p_value": None, "p_adjusted": None, "diff_ci": [None, None], "changed": False})
    for i, p, q in zip(tested, raw, adjusted, strict=True):
        c = out[i]
        d, se = c["exact_diff"], c["se"]
        c.update({"p_value": sig(p), "p_adjusted": sig(q), "diff_ci": [sig(d - z * se), sig(d + z * se)],
                  "changed": q <= alpha})
    for c in out:
        c.pop("se", None)
        c.pop("exact_diff", None)
    family = {"correction": correction, "alpha": alpha, "confidence": sig(1 - level), "figures_compared": len(tested)}
    return out, family
