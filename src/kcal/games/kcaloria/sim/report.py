"""``kcal deck report``: one page of charts about a deck, as PDF (ReportLab) and/or PNG (Pillow).

Charts: opening-hand odds (water in the first 7, exact beside simulated), the chance to place a tile
on each turn, the turn by which a first herbivore / carnivore / human is placeable, the colour curve,
the solo score histogram (when the rules engine is there) and cost and yield by colour.
The same drawing code serves both formats (:mod:`kcal.print.charts`); PDFs are written with
ReportLab's ``invariant`` flag, so the same deck and seed give the same bytes.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from kcal.core.plural import count
from kcal.games.kcaloria.rules.domain import Color
from kcal.print.charts import (
    INK,
    Box,
    PdfSurface,
    PngSurface,
    Surface,
    bar_chart,
    line_chart,
    note,
)

if TYPE_CHECKING:
    from kcal.games.kcaloria.files.cardset import Tile
    from kcal.games.kcaloria.files.load import LoadedDeck

PAGE = (595.2756, 841.8898)  # A4 in points
MARGIN = 36.0
SUFFIXES = (".pdf", ".png")  #: what the report can be written as
STAGNATION_ADVICE_AT = 0.2  #: a solo stagnation rate from which the report says what to change


def page_size(paper: str = "a4") -> tuple[float, float]:
    """The report's page in points: ``a4`` or ``letter`` (an unknown paper is a usage error)."""
    from kcal.print.layout import PAPERS
    from kcal.print.options import check_paper

    check_paper(paper)
    p = PAPERS[paper]
    return (p.width, p.height)


def report_advice(data: dict) -> list[str]:
    """What to change, in words, next to the figures: the colours the deck's costs need more of than
    its tiles yield, and, when many solo games stagnate, the tiles left stuck face up."""
    out = []
    solo = data.get("solo")
    if solo and solo["games"] and solo["stagnation_rate"] >= STAGNATION_ADVICE_AT:
        rate = solo["stagnation_rate"] * 100
        stuck = ", ".join(f"{s['tile']} ({s['share'] * 100:.0f}%)" for s in solo.get("stuck_face_up", [])[:3])
        out.append(f"Stagnation {rate:.0f}%: in {rate:.0f}% of solo games no tile in hand could be placed."
                   + (f" Stuck face up most often: {stuck}; play fewer of them or more of what feeds them." if stuck
                      else ""))
    col = data["colours"]
    for c in Color:
        need, have = col["cost"][c.value], col["yield"][c.value]
        if need > have:
            out.append(f"Your deck's costs need {need} {c.value}; its tiles yield {have}: add {c.value} producers "
                       f"or cut tiles that cost {c.value}.")
    return out


def cost_yield_by_colour(tiles: Iterable[Tile]) -> dict[str, dict[str, int]]:
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


def compute_report_data(loaded_deck: LoadedDeck, *, hands: int = 200_000, games: int = 5_000,
                        solo_games: int = 40, bot: str = "greedy", seed: int = 0, jobs: int = 1,
                        on_progress: Callable[[int], None] | None = None) -> dict:
    from kcal.games.kcaloria.sim.goldfish import simulate_goldfish
    from kcal.games.kcaloria.sim.profile import profile_from_loaded
    from kcal.sim.parallel import MAX_GAMES, check_count

    check_count("solo games", solo_games, MAX_GAMES)  # before the goldfish part, not after it
    if solo_games > 0:
        with contextlib.suppress(ImportError):  # without the rules engine the solo part is skipped
            from kcal.games.kcaloria.bots.basic import get_bot

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
            f"Solo ({count(solo['games'], 'game')}, {solo['bot']} bot, seed {solo['seed']}): mean score {solo['mean_score']:.1f} "
            f"± {solo['mean_score_se']:.1f}, p10/p50/p90 {q['p10']}/{q['p50']}/{q['p90']}, "
            f"stagnation {solo['stagnation_rate'] * 100:.0f}%."
        )
    elif data.get("solo_note"):
        summary.append(data["solo_note"])
    import textwrap

    per_line = int((width - 2 * MARGIN) / (7 * 0.55))  # characters of 7 pt condensed text across the page
    for line in (data["advice"] if "advice" in data else report_advice(data)):
        summary.extend(textwrap.wrap(f"Advice: {line}", per_line, subsequent_indent="    "))
    if "turns" in g:
        summary.append(f"Turn-by-turn figures: placement model over {count(g['turns']['games'], 'game')} "
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


def _turn_charts(s: Surface, boxes: list[Box], t: dict, pct: Callable[[float], str]) -> None:
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
        bar_chart(s, boxes[4], f"Solo score histogram ({count(solo['games'], 'game')}, {solo['bot']} bot)",
                  [str(h["from"]) for h in hist], [("games", [h["count"] for h in hist], INK["sim"])],
                  x_label="final score (bin start)", counts=True)
    else:
        note(s, boxes[4], "Solo score histogram", [data.get("solo_note") or "solo simulation skipped (0 games)"])

    col = data["colours"]
    names = [c.value for c in Color]
    bar_chart(s, boxes[5], "Cost and yield by colour (cubes, whole deck)", names,
              [("yield", [col["yield"][c] for c in names], INK["yield"]),
               ("cost", [col["cost"][c] for c in names], INK["cost"])],
              x_label="a cost with alternatives counts its cheapest")


def pdf_bytes(data: dict, paper: str = "a4") -> bytes:
    from reportlab.pdfgen import canvas

    from kcal import __version__
    from kcal.print.fonts import REGULAR, register_fonts
    from kcal.print.output import set_page_boxes

    register_fonts()
    size = page_size(paper)
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=size, invariant=1, pageCompression=1, initialFontName=REGULAR)
    c.setTitle(f"kcal deck report: {data['deck']}")
    c.setAuthor("kcal")
    c.setCreator(f"kcal {__version__}")
    set_page_boxes(c)  # not cut: trim and bleed are the page
    draw_report(PdfSurface(c), data, *size)
    c.showPage()
    c.save()
    return buf.getvalue()


def png_bytes(data: dict, scale: float = 2.0, paper: str = "a4") -> bytes:
    size = page_size(paper)
    surface = PngSurface(size[0], size[1], scale=scale)
    draw_report(surface, data, *size)
    return surface.png_bytes()


def render_deck_report(loaded_deck: LoadedDeck, out_path: str | Path, png: bool | str | Path = False, *,
                       hands: int = 200_000,
                       games: int = 5_000, solo_games: int = 40, bot: str = "greedy", seed: int = 0,
                       jobs: int = 1, on_progress: Callable[[int], None] | None = None, paper: str = "a4") -> dict:
    """Compute the figures and write the report; returns ``{"written": [paths], "data": figures}``.

    ``out_path`` ending in ``.png`` writes a PNG only; ending in ``.pdf`` a PDF, and with ``png`` a PNG
    too: to that path (``--png OUT.png``), or beside the PDF (same name, ``.png``) for ``png=True``; any
    other name is refused before any work (``r.svg`` used to get a PDF). Nothing is written if the deck is bad. ``paper``: ``a4`` or ``letter``.
    """
    from kcal.core.atomic import OutputTransaction, check_output_path
    from kcal.core.errors import UsageError

    out = Path(out_path)
    if out.resolve() == Path(loaded_deck.path).resolve():
        raise UsageError(f"{out}: the report would overwrite its own deck file")
    inputs = loaded_deck.input_paths()  # the deck and its catalogs: never overwritten (said first)
    check_output_path(out, inputs=inputs)
    if out.suffix.lower() not in SUFFIXES:
        raise UsageError(f"{out}: the deck report is written as a PDF or a PNG; name the output with "
                         f".pdf or .png, not {out.suffix or 'no extension'!r}")
    page_size(paper)  # an unknown paper before the (long) simulation
    beside = Path(png) if isinstance(png, (str, Path)) else out.with_suffix(".png")
    if isinstance(png, (str, Path)) and (out.suffix.lower() == ".png" or beside.suffix.lower() != ".png"):
        raise UsageError(f"--png {png}: a PNG beside a PDF report; name it with .png (and the report with .pdf)")
    targets = [out] if out.suffix.lower() == ".png" else [out, *([beside] if png else [])]
    for target in targets:  # refuse before the (long) simulation, not after it
        check_output_path(target, inputs=inputs)
    data = compute_report_data(loaded_deck, hands=hands, games=games, solo_games=solo_games, bot=bot,
                               seed=seed, jobs=jobs, on_progress=on_progress)
    data["advice"] = report_advice(data)
    data["paper"] = paper
    with OutputTransaction(inputs=inputs) as tx:  # the PDF and the PNG land together, or neither does
        for target in targets:
            tx.write_bytes(target, png_bytes(data, paper=paper) if target.suffix.lower() == ".png"
                           else pdf_bytes(data, paper=paper))
    return {"written": [str(p) for p in tx.committed], "data": data}


def report_units(hands: int, games: int, solo_games: int) -> int:
    """Units of work reported through ``on_progress`` (for a progress bar's total)."""
    return hands + games + solo_games
