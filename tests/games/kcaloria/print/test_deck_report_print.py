"""Issue 12 item 3, the deck report: ``-o r.svg`` refused (it wrote a PDF named .svg), ``-f json``
carries every figure, ``--paper``, cost and yield in inks no cube has, and advice next to a high
stagnation rate. (Fonts, boxes and the Creator: tests/print/test_print_ready.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

runner = CliRunner()
DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
SMALL = ["--hands", "2000", "--games", "30", "--solo-games", "6", "--bots", "random", "-q"]


def _report(*args: str):
    return runner.invoke(app, ["deck", "report", *args])


@pytest.mark.parametrize("name", ["r.svg", "r.PDFX", "r", "r.txt"])
def test_other_extensions_are_refused_before_any_work(tmp_path, name):
    out = tmp_path / name
    res = _report(str(DECKS / "bayou-ambush.yaml"), "-o", str(out), "--hands", "10", "-q")
    assert res.exit_code == 2, res.output
    assert ".pdf or .png" in res.stderr and "Traceback" not in res.output
    assert list(tmp_path.iterdir()) == []


def test_json_carries_every_figure(tmp_path):
    out = tmp_path / "r.pdf"
    res = _report(str(DECKS / "bayou-ambush.yaml"), "-o", str(out), *SMALL, "-f", "json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    figures = doc["figures"]
    g = figures["goldfish"]
    # the opening-hand chart, the turn-by-turn charts, the colour curve ...
    assert g["figures"]["water_in_first_draw"] and g["figures"]["p_water_in_opening"]["exact"] > 0
    assert {"p_place", "first_placeable", "colour_curve"} <= set(g["turns"])
    # ... cost and yield by colour, and the solo summary behind the histogram
    assert set(figures["colours"]) == {"cost", "yield"} and set(figures["colours"]["cost"]) == {
        "blue", "green", "yellow", "orange", "red", "purple"}
    assert figures["solo"]["games"] == 6 and figures["solo"]["score_histogram"]
    assert isinstance(doc["advice"], list) and doc["paper"] == "a4"


@pytest.mark.parametrize("paper,size", [("a4", (595.276, 841.89)), ("letter", (612.0, 792.0))])
def test_paper_option(tmp_path, paper, size):
    import pypdfium2 as pdfium

    out = tmp_path / "r.pdf"
    res = _report(str(DECKS / "bayou-ambush.yaml"), "-o", str(out), *SMALL, "--paper", paper)
    assert res.exit_code == 0, res.output
    doc = pdfium.PdfDocument(str(out))
    try:
        assert tuple(round(v, 3) for v in doc[0].get_size()) == size
    finally:
        doc.close()


def test_unknown_paper_is_a_plain_usage_error(tmp_path):
    res = _report(str(DECKS / "bayou-ambush.yaml"), "-o", str(tmp_path / "r.pdf"), *SMALL, "--paper", "a3")
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_cost_and_yield_inks_are_no_cube_colour():
    from kcal.games.kcaloria.rules.domain import Color
    from kcal.print.charts import INK

    def distance(a, b):
        return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5

    for series in ("cost", "yield"):
        ink = INK[series]
        assert max(ink) - min(ink) < 0.05  # a grey: no hue to confuse with a cube
        assert min(distance(ink, INK[c.value]) for c in Color) > 0.3
    assert distance(INK["cost"], INK["yield"]) > 0.3  # and the two tell apart in greyscale


def test_the_colour_chart_draws_with_the_neutral_inks():
    from kcal.games.kcaloria.sim import report
    from kcal.print.charts import INK

    drawn = []

    class Spy:
        def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5):
            drawn.append(fill)

        def line(self, *a, **k): ...
        def polyline(self, *a, **k): ...
        def text(self, *a, **k): ...

    from kcal.print.charts import Box

    data = {"colours": {"cost": dict.fromkeys(("blue", "green", "yellow", "orange", "red", "purple"), 3),
                        "yield": dict.fromkeys(("blue", "green", "yellow", "orange", "red", "purple"), 4)}}
    report._solo_and_colours(Spy(), [Box(0, 0, 100, 100)] * 6, data, None)
    assert INK["cost"] in drawn and INK["yield"] in drawn
    assert INK["red"] not in drawn and INK["green"] not in drawn


class TestAdvice:
    def _data(self, rate: float, cost_blue: int = 10, yield_blue: int = 20) -> dict:
        colours = {k: dict.fromkeys(("blue", "green", "yellow", "orange", "red", "purple"), 0) for k in ("cost", "yield")}
        colours["cost"]["blue"], colours["yield"]["blue"] = cost_blue, yield_blue
        return {"colours": colours, "solo": {"games": 40, "stagnation_rate": rate, "stuck_face_up": [
            {"tile": "Caddo Farmers", "games": 30, "share": 0.79}, {"tile": "Ictalurus punctatus", "games": 9,
                                                                    "share": 0.24}]}}

    def test_high_stagnation_comes_with_advice_naming_the_stuck_tiles(self):
        from kcal.games.kcaloria.sim.report import report_advice

        lines = report_advice(self._data(0.95))
        assert len(lines) == 1 and lines[0].startswith("Stagnation 95%")
        assert "Caddo Farmers (79%)" in lines[0] and "Ictalurus punctatus (24%)" in lines[0]

    def test_low_stagnation_needs_no_advice(self):
        from kcal.games.kcaloria.sim.report import report_advice

        assert report_advice(self._data(0.05)) == []

    def test_costs_beyond_yields_are_named_with_numbers(self):
        from kcal.games.kcaloria.sim.report import report_advice

        assert report_advice(self._data(0.0, cost_blue=54, yield_blue=36)) == [
            "Your deck's costs need 54 blue; its tiles yield 36: add blue producers or cut tiles that cost blue."]

    def test_advice_is_printed_beside_the_stagnation_figure(self, tmp_path):
        import pypdfium2 as pdfium

        from kcal.games.kcaloria.files.load import load_deck
        from kcal.games.kcaloria.sim.report import render_deck_report

        loaded = load_deck(DECKS / "bayou-ambush.yaml")
        out = tmp_path / "r.pdf"
        r = render_deck_report(loaded, out, hands=2000, games=30, solo_games=10, bot="random", seed=3)
        assert r["data"]["advice"]
        doc = pdfium.PdfDocument(str(out))
        try:
            text = " ".join(doc[0].get_textpage().get_text_range().split())
        finally:
            doc.close()
        stag = text.index("stagnation")
        advice = text.index("Advice:")
        assert 0 < advice - stag < 40  # the next line
