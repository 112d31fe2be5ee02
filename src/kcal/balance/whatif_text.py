"""The what-if for people (``kcal balance what-if``'s text and chart), from its JSON (:mod:`kcal.balance.whatif`):
the patch, how the sequential test stopped, each change with its corrected interval and mark, where the
SPRT and the marks say different things, and the patched cards' player-games."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kcal.balance.marks import CORRECTION_WORDS
from kcal.balance.paired import FIRST_LOOK

#: figures that are shares (or differences of shares), shown in points
SHARES = ("win_rate.", "end_reason.", "impact.")


def what_if_text(d: Mapping[str, Any]) -> str:
    """The what-if for people: the patch, how the test stopped, each change with its corrected interval."""
    from kcal.core.stats import sig

    lines = [f"{d['name']}: what-if {d['patch']['file']} ({d['players']} players, bots "
             f"{', '.join(sorted(set(d['bots'])))}, seed {d['seed']})"]
    lines += [f"  patch: {line}" for line in d["patch_lines"]] or ["  patch: no change (an A/A test)"]
    if d.get("seat_labels"):
        lines.append("  seats played: " + "; ".join(f"{s['seat']} {', '.join(s['labels'])}" for s in d["seat_labels"]))
    first = d["sprt"].get("first_look", FIRST_LOOK)
    how = ("the sequential test decided every seat" if d["stopped"] == "sprt"
           else f"the cap of {d['cap']:,} games was reached" + (
               f", below the sequential test's first look at {first:,}" if d["cap"] < first else ""))
    lines.append(f"{d['games']:,} games per arm, on the same seeds; stopped: {d['stopped']} ({how})"
                 + ("; interrupted" if d["interrupted"] else ""))
    m = d["marks"]
    lines.append(f"  {'figure':<26} {'base':>10} {'patched':>10} {'change':>10}  "
                 f"{100 * m['confidence']:.4g}% interval")
    for c in d["changes"]:
        if c["base"] is None and c["patched"] is None:
            continue
        pct = c["figure"].startswith(SHARES)

        def f(v: float | None, pct: bool = pct, sign: str = "") -> str:
            if v is None:
                return "-"
            return f"{v * 100:{sign}.1f}%" if pct else f"{sig(v, 4):{sign}g}"

        lo, hi = c["diff_ci"]
        flag = "  *" if c["changed"] else ""
        lines.append(f"  {c['figure']:<26} {f(c['base']):>10} {f(c['patched']):>10} {f(c['diff'], sign='+'):>10}"
                     f"  [{f(lo, sign='+')}, {f(hi, sign='+')}]{flag}")
    lines.append(f"* the patch changed this figure: its p-value, corrected for the {m['figures_compared']} figures "
                 f"compared ({CORRECTION_WORDS[m['correction']]}), is at most {m['alpha']:g}; the intervals are at "
                 f"{100 * m['confidence']:.4g}%, the level at which clearing 0 and the mark agree")
    effect = d["sprt"]["effect"] * 100
    decided = ", ".join(f"{s['seat']} {s['decision'] or 'undecided'}" for s in d["sprt"]["seats"])
    lines.append(f"SPRT (H0 no change, H1 a change of {effect:g} points; alpha {d['sprt']['alpha']}, "
                 f"beta {d['sprt']['beta']}; first look at {first:,} games): {decided}")
    lines += _disagreements(d)
    if d["cards"]:
        lines.append("impact.CARD: the holder's win rate with the card minus without it; player-games with / "
                     "without it, base -> patched:")
    for c in d["cards"]:
        base, patched = c["held_as"]
        shown = f"{c['card']}" + (f" (held as {patched} when patched)" if base is not None and patched != base
                                   else " (added)" if base is None else "")
        with_, without = c["games_with"], c["games_without"]
        lines.append(f"  {shown}: {with_[0]:,} / {without[0]:,} -> {with_[1]:,} / {without[1]:,}")
    return "\n".join(lines)


def _disagreements(d: Mapping[str, Any]) -> list[str]:
    """Where a seat's SPRT decision and its mark say different things, why (docs/balance.md)."""
    marked = {c["figure"].removeprefix("win_rate."): c["changed"] for c in d["changes"]
              if c["figure"].startswith("win_rate.")}
    effect = d["sprt"]["effect"] * 100
    out = []
    for s in d["sprt"]["seats"]:
        changed = marked.get(s["seat"], False)
        if s["decision"] == "H0" and changed:
            out.append(f"  {s['seat']}: H0 and marked: the win rate moved, by less than the {effect:g} points the "
                       "SPRT tells from 0 (its H0 reads 'nearer 0 than the effect', not 'no change')")
        elif s["decision"] == "H1" and not changed:
            out.append(f"  {s['seat']}: H1 and not marked: the SPRT's evidence for a {effect:g}-point change is "
                       "not enough to clear 0 at the corrected level; play more games to tell")
    return out


def draw_what_if(d: Mapping[str, Any], path: Path) -> None:
    """Each share's change (seats' win rates, end reasons, the patched cards' impact) in points, with its
    paired 95 % interval."""
    from kcal.print.charts import interval_chart, save_chart

    rows = []
    marks = []
    for c in d["changes"]:
        if c["diff"] is None or c["diff_ci"][0] is None or not c["figure"].startswith(SHARES):
            continue
        lo, hi = c["diff_ci"]
        rows.append((c["figure"], c["diff"] * 100, lo * 100, hi * 100))
        marks.append(("above" if c["diff"] > 0 else "below") if c["changed"] else "")

    def draw(surface: Any, box: Any) -> None:
        interval_chart(surface, box, f"{d['name']}: what the patch changed ({d['games']:,} paired games)", rows,
                       reference=0.0, x_fmt=lambda v: f"{v:+g}" if v else "0", x_label=f"change, points ({100 * d['marks']['confidence']:.4g}% paired interval, {d['marks']['correction']})",
                       marks=marks)

    save_chart(path, 560, 60 + 22 * max(1, len(rows)), draw)
