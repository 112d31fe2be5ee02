"""``kcal deck report``: one page of charts about a deck, as PDF (ReportLab) and/or PNG (Pillow).

Charts: opening-hand odds (water in the first 7, exact beside simulated), the chance to place a tile
on each turn, the turn by which a first herbivore / carnivore / human is placeable, the colour curve,
the solo score histogram (when the rules engine is there) and cost and yield by colour.
The same drawing code serves both formats (:mod:`kcal.games.kcaloria.sim.charts`); PDFs are written with
ReportLab's ``invariant`` flag, so the same deck and seed give the same bytes.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from pathlib import Path

from kcal.games.kcaloria.domain import Color
from kcal.games.kcaloria.sim.charts import (
    INK,
    Box,
    PdfSurface,
    PngSurface,
    Surface,
    bar_chart,
    line_chart,
    note,
)

PAGE = (595.2756, 841.8898)  # A4 in points
MARGIN = 36.0


def cost_yield_by_colour(tiles) -> dict[str, dict[str, int]]:
    """Cubes the deck's tiles yield and ask for, by colour. A cost with alternatives counts its
    cheapest alternative in points (the one a player would usually pay)."""
    yld = {c.value: 0 for c in Color}
    cost = {c.value: 0 for c in Color}
    for t in tiles:
        for c, n in t.yield_.items():
            yld[Color(c).value] += n
        if t.cost:
            alt = min(t.cost, key=lambda a: (sum(Color(c).points * n for c, n in a.items()), sum(a.values())))
            for c, n in alt.items():
                cost[Color(c).value] += n
    return {"yield": yld, "cost": cost}


def compute_report_data(loaded_deck, *, hands: int = 200_000, games: int = 5_000, solo_games: int = 40,
                        bot: str = "greedy", seed: int = 0, jobs: int = 1,
                        on_progress: Callable[[int], None] | None = None) -> dict:
    from kcal.games.kcaloria.sim.goldfish import simulate_goldfish
    from kcal.games.kcaloria.sim.profile import profile_from_loaded
    from kcal.sim.parallel import MAX_GAMES, check_count

    check_count("solo games", solo_games, MAX_GAMES)  # before the goldfish part, not after it
    if solo_games > 0:
        with contextlib.suppress(ImportError):  # without the rules engine the solo part is skipped
            from kcal.games.kcaloria.sim.bots import get_bot

            get_bot(bot)  # an unknown bot is a usage error before any work
    profile = profile_from_loaded(loaded_deck)
    tiles = loaded_deck.tiles()
    data = {
        "deck": loaded_deck.deck.name,
        "goldfish": simulate_goldfish(profile, hands=hands, games=games, seed=seed, jobs=jobs, on_progress=on_progress),
        "colours": cost_yield_by_colour(tiles),
        "solo": None,
        "solo_note": None,
    }
    if solo_games > 0:
        try:
            from kcal.games.kcaloria.sim.solo import simulate_solo

            data["solo"] = simulate_solo(tiles, deck_name=loaded_deck.deck.name, games=solo_games, seed=seed,
                                         bot=bot, jobs=jobs, on_progress=on_progress)
        except ImportError as exc:  # the rules engine is not installed
            data["solo_note"] = f"solo simulation unavailable ({exc})"
    return data


def draw_report(s: Surface, data: dict, width: float = PAGE[0], height: float = PAGE[1]) -> None:
    g = data["goldfish"]
    f = g["figures"]
    s.text(MARGIN, height - MARGIN - 12, f"Deck report: {data['deck']}", size=16, bold=True)
    solo = data.get("solo")
    summary = [
        f"{g['deck_size']} tiles, {g['water_tiles']} water.  Water in the first 7: {f['p_water_in_opening']['exact'] * 100:.2f}% "
        f"(exact; simulated {f['p_water_in_opening']['simulated'] * 100:.2f}% ± {f['p_water_in_opening']['se'] * 100:.2f} "
        f"over {g['hands']:,} hands).  Mean reshuffles {f['mean_reshuffles']['exact']:.3f} (exact).",
    ]
    if solo and solo["games"]:
        q = solo["score_quantiles"]
        summary.append(
            f"Solo ({solo['games']} games, {solo['bot']} bot, seed {solo['seed']}): mean score {solo['mean_score']:.1f} "
            f"± {solo['mean_score_se']:.1f}, p10/p50/p90 {q['p10']}/{q['p50']}/{q['p90']}, "
            f"stagnation {solo['stagnation_rate'] * 100:.0f}%."
        )
    elif data.get("solo_note"):
        summary.append(data["solo_note"])
    if "turns" in g:
        summary.append(f"Turn-by-turn figures: placement model over {g['turns']['games']:,} games "
                       "(adjacency and modifiers ignored; see docs/simulation.md). Seed "
                       f"{g['seed']}.")
    for i, line in enumerate(summary):
        s.text(MARGIN, height - MARGIN - 30 - 10 * i, line, size=7, color=INK["grey"])
    top = height - MARGIN - 30 - 10 * len(summary) - 8
    cols, rows = 2, 3
    cw = (width - 2 * MARGIN) / cols
    rh = (top - MARGIN) / rows
    boxes = [Box(MARGIN + c * cw + 4, top - (r + 1) * rh + 4, cw - 12, rh - 12) for r in range(rows) for c in range(cols)]
    pct = lambda v: f"{v * 100:.0f}%"  # noqa: E731

    wh = f["water_in_first_draw"]
    bar_chart(s, boxes[0], "Opening hand: water tiles in the first 7", [str(r["water"]) for r in wh],
              [("exact", [r["exact"] for r in wh], INK["exact"]), ("simulated", [r["simulated"] for r in wh], INK["sim"])],
              errors=[None, [r["se"] for r in wh]], y_fmt=pct, x_label="water tiles in the first draw (0 = reshuffle)")

    t = g.get("turns")
    if t is None:
        for b in boxes[1:4]:
            note(s, b, "Turn-by-turn charts", ["placement model skipped (0 games)"])
    else:
        _turn_charts(s, boxes, t, pct)
    _solo_and_colours(s, boxes, data, solo)


def _turn_charts(s: Surface, boxes: list[Box], t: dict, pct) -> None:
    pp = t["p_place"]
    bar_chart(s, boxes[1], "Chance to place a tile, turn by turn", [str(r["turn"]) for r in pp],
              [("simulated", [r["simulated"] for r in pp], INK["sim"])], errors=[[r["se"] for r in pp]],
              y_max=1.0, y_fmt=pct, x_label="turn (played alone; whiskers: ±2 standard errors)")

    firsts = t["first_placeable"]
    line_chart(s, boxes[2], "First herbivore / carnivore / human placeable", [r["turn"] for r in pp],
               [(name, [r["simulated"] for r in m["p_by_turn"]], INK[c]) for (name, m), c in
                zip(firsts.items(), ("yellow", "red", "purple"), strict=False)],
               y_max=1.0, y_fmt=pct, x_label="by turn (cumulative chance)")

    curve = t["colour_curve"]
    line_chart(s, boxes[3], "Colour curve: unused cubes on the table", [r["turn"] for r in curve],
               [(c.value, [r[c.value]["simulated"] for r in curve], INK[c.value]) for c in Color],
               x_label="after turn")



def _solo_and_colours(s: Surface, boxes: list[Box], data: dict, solo: dict | None) -> None:
    if solo and solo["games"]:
        hist = solo["score_histogram"]
        bar_chart(s, boxes[4], f"Solo score histogram ({solo['games']} games, {solo['bot']} bot)",
                  [str(h["from"]) for h in hist], [("games", [h["count"] for h in hist], INK["sim"])],
                  x_label="final score (bin start)", counts=True)
    else:
        note(s, boxes[4], "Solo score histogram", [data.get("solo_note") or "solo simulation skipped (0 games)"])

    col = data["colours"]
    names = [c.value for c in Color]
    bar_chart(s, boxes[5], "Cost and yield by colour (cubes, whole deck)", names,
              [("yield", [col["yield"][c] for c in names], INK["green"]),
               ("cost", [col["cost"][c] for c in names], INK["red"])],
              x_label="a cost with alternatives counts its cheapest")


def pdf_bytes(data: dict) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=PAGE, invariant=1, pageCompression=1)
    c.setTitle(f"kcal deck report: {data['deck']}")
    c.setAuthor("kcal")
    draw_report(PdfSurface(c), data)
    c.showPage()
    c.save()
    return buf.getvalue()


def png_bytes(data: dict, scale: float = 2.0) -> bytes:
    surface = PngSurface(PAGE[0], PAGE[1], scale=scale)
    draw_report(surface, data)
    return surface.png_bytes()


def render_deck_report(loaded_deck, out_path: str | Path, png: bool = False, *, hands: int = 200_000,
                       games: int = 5_000, solo_games: int = 40, bot: str = "greedy", seed: int = 0,
                       jobs: int = 1, on_progress: Callable[[int], None] | None = None) -> dict:
    """Compute the figures and write the report; returns ``{"written": [paths], "data": figures}``.

    ``out_path`` ending in ``.png`` writes a PNG only; otherwise a PDF is written there and, with
    ``png=True``, a PNG beside it (same name, ``.png``). Nothing is written if the deck is bad.
    """
    from kcal.core.atomic import OutputTransaction, check_output_path
    from kcal.core.errors import UsageError

    out = Path(out_path)
    if out.resolve() == Path(loaded_deck.path).resolve():
        raise UsageError(f"{out}: the report would overwrite its own deck file")
    inputs = loaded_deck.input_paths()  # the deck and its catalogs: never overwritten
    targets = [out] if out.suffix.lower() == ".png" else [out, *([out.with_suffix(".png")] if png else [])]
    for target in targets:  # refuse before the (long) simulation, not after it
        check_output_path(target, inputs=inputs)
    data = compute_report_data(loaded_deck, hands=hands, games=games, solo_games=solo_games, bot=bot,
                               seed=seed, jobs=jobs, on_progress=on_progress)
    with OutputTransaction(inputs=inputs) as tx:  # the PDF and the PNG land together, or neither does
        for target in targets:
            tx.write_bytes(target, png_bytes(data) if target.suffix.lower() == ".png" else pdf_bytes(data))
    return {"written": [str(p) for p in tx.committed], "data": data}


def report_units(hands: int, games: int, solo_games: int) -> int:
    """Units of work reported through ``on_progress`` (for a progress bar's total)."""
    return hands + games + solo_games
