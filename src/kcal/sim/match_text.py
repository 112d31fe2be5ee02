"""The text of a ``kcal sim match --game`` result (the JSON is the result itself)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kcal.core.plural import count

Lines = Callable[[Mapping[str, Any]], list[str]]


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.1f}"


def figure_row(label: str, f: Mapping[str, Any]) -> str:
    """One seat's, bot's or entrant's figures on a line after ``label``."""
    if f["win_rate"] is None:
        return f"{label}  no games"
    lo, hi = f["win_ci95"]
    score = "-" if f["mean_score"] is None else f"{f['mean_score']:.1f} ± {f['mean_score_se']:.1f}"
    return f"{label}  wins {_pct(f['win_rate']):>5}% [95% CI {_pct(lo)}-{_pct(hi)}]  mean score {score}"


def _options(options: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items())


def block_lines(r: Mapping[str, Any], lines: Lines | None, indent: str = "  ") -> list[str]:
    """Seats, bots, spread, length, end reasons and the pack's own lines of one block."""
    out = [f"{indent}seat player bot"]
    width = max(len(s["bot"]) for s in r["seats"])
    for s in r["seats"]:
        out.append(figure_row(f"{indent}{s['seat']:>4} {s['player']:<6} {s['bot']:<{width}}", s))
    if len({b["bot"] for b in r["bots"]}) > 1:
        out.append(f"{indent}slot bot")
        width = max(len(b["bot"]) for b in r["bots"])
        for b in r["bots"]:
            out.append(figure_row(f"{indent}{b['slot']:>4} {b['bot']:<{width}}", b))
    if r["seat_spread"] is not None:
        out.append(f"{indent}seat spread {r['seat_spread'] * 100:.1f} points (highest minus lowest seat win rate)")
    if r["games"]:
        q = r["length_quantiles"]
        out.append(f"{indent}game length {r['mean_length']:.1f} ± {r['mean_length_se']:.1f} moves "
                   f"(p10 {q['p10']}, p50 {q['p50']}, p90 {q['p90']}); shared wins {r['shared_wins']}, "
                   f"no winner {r['no_winner']}")
        out.append(f"{indent}end reasons  " + ", ".join(f"{k} {v}" for k, v in r["end_reasons"].items()))
    if lines is not None and r.get("pack"):
        out += [f"{indent}{line}" for line in lines(r["pack"])]
    return out


def match_text(r: Mapping[str, Any], lines: Lines | None = None) -> str:
    head = f"match: {r['name']} ({r['game']}), {r['players']} players, seed {r['seed']}"
    if r.get("variant"):
        head += f", variant {r['variant']}"
    sweep = r.get("sweep")
    fixed = {k: v for k, v in r["options"].items() if not sweep or k not in sweep["keys"]}
    out = [head]
    if fixed:
        out.append(f"  options: {_options(fixed)}")
    out.append("  bots rotate over the seats; a win shared by k players counts 1/k")
    if r.get("interrupted"):
        out.append("INTERRUPTED: partial results")
    if not sweep:
        out.append(f"  {count(r['games'], 'game')}")
        out += block_lines(r, lines)
        return "\n".join(out)
    out.append(f"  sweep over {', '.join(sweep['keys'])}: every value plays the same deals")
    for block in sweep["blocks"]:
        out.append(f"  {_options(block['options'])}: {count(block['games'], 'game')}")
        out += block_lines(block, lines, "    ")
    best = sweep["most_even"]
    if best is not None:
        out.append(f"  most even seats: {_options(best['options'])} "
                   f"(seat spread {best['seat_spread'] * 100:.1f} points, the smallest highest-minus-lowest "
                   "seat win rate)")
    return "\n".join(out)
