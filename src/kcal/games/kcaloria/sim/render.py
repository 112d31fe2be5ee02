"""Text renderings of simulation results (the JSON is the result itself)."""

from __future__ import annotations

from kcal.core.plural import count


def _fig(f: dict | None, pct: bool = False) -> str:
    if not f or f.get("simulated") is None:
        return "-"
    s, se, ex = f["simulated"], f["se"], f["exact"]
    if pct:
        txt = f"{s * 100:7.2f}% ± {se * 100:.2f}"
        return txt + (f"   exact {ex * 100:.2f}%" if ex is not None else "   (simulated)")
    txt = f"{s:8.3f} ± {se:.3f}"
    return txt + (f"   exact {ex:.3f}" if ex is not None else "   (simulated)")


def goldfish_text(r: dict) -> str:
    lines = [f"goldfish: {r['deck']}  ({r['hands']:,} opening sequences, seed {r['seed']})"]
    if r.get("interrupted"):
        lines.append("INTERRUPTED: partial results")
    f = r.get("figures")
    if f:
        lines.append(f"deck: {r['deck_size']} tiles, {r['water_tiles']} water")
        lines.append("opening hand (simulated ± standard error, beside the exact hypergeometric value)")
        lines.append(f"  water in the first 7      {_fig(f['p_water_in_opening'], True)}")
        lines.append(f"  reshuffles before keeping {_fig(f['mean_reshuffles'])}   (most seen: {f['max_reshuffles_seen']})")
        lines.append("  kept hand, mean tiles by type / chance of at least one:")
        for t, fig in f["kept_mean_by_type"].items():
            if fig["exact"] == 0 and fig["simulated"] == 0:
                continue
            lines.append(f"    {t:<10} {_fig(fig)}   | {_fig(f['kept_p_at_least_one'][t], True)}")
    t = r.get("turns")
    if t:
        lines.append(f"placement model ({t['games']:,} solitaire games; {t['model']})")
        lines.append("  chance to place a tile:")
        for row in t["p_place"][:5]:
            lines.append(f"    turn {row['turn']:<2} {_fig(row, True)}")
        lines.append("  first placeable (chance by turn 5 / median turn):")
        for name, m in t["first_placeable"].items():
            by5 = m["p_by_turn"][min(4, len(m["p_by_turn"]) - 1)]
            med = m["median_turn"] if m["median_turn"] is not None else f">{t['turns']}"
            lines.append(f"    {name:<10} {_fig(by5, True)}   median turn {med}")
        lines.append("  colour curve (mean unused cubes on the table after each turn):")
        colours = [k for k in t["colour_curve"][0] if k != "turn"]
        lines.append("    turn " + "".join(f"{c:>8}" for c in colours))
        for row in t["colour_curve"]:
            lines.append(f"    {row['turn']:<4} " + "".join(f"{row[c]['simulated']:8.2f}" for c in colours))
    return "\n".join(lines)


def solo_text(r: dict) -> str:
    q = r["score_quantiles"]
    lines = [f"solo: {r['deck']}  ({count(r['games'], 'game')}, bot {r['bot']}, seed {r['seed']})"]
    if r.get("interrupted"):
        lines.append("INTERRUPTED: partial results")
    if not r["games"]:
        return "\n".join(lines)
    st = r["stagnation"]
    lines += [
        f"  score        mean {r['mean_score']:.2f} ± {r['mean_score_se']:.2f}   "
        f"p10 {q['p10']}  p50 {q['p50']}  p90 {q['p90']}  (min {r['score_min']}, max {r['score_max']})",
        f"  stagnation   {st['value'] * 100:.1f}% ± {st['se'] * 100:.1f}  (95% CI {st['ci95'][0] * 100:.1f}-{st['ci95'][1] * 100:.1f}%)",
        f"  turns        mean {r['mean_turns']:.2f} ± {r['mean_turns_se']:.2f}",
        "  end reasons  " + ", ".join(f"{k} {v}" for k, v in r["end_reasons"].items()),
        "  score histogram:",
    ]
    hist = r["score_histogram"]
    top = max((h["count"] for h in hist), default=1)
    for h in hist:
        bar = "#" * round(40 * h["count"] / top)
        lines.append(f"    {h['from']:>4}-{h['to']:<4} {h['count']:>6} {bar}")
    if r["stuck_face_up"]:
        lines.append("  stuck face up when the game stagnated (share of stagnated games):")
        for s in r["stuck_face_up"]:
            lines.append(f"    {s['share'] * 100:5.1f}%  {s['tile']}")
    return "\n".join(lines)

