"""The shared charts (kcal.print.charts): an axis is marked at round values inside its range, and a row's
label fits in the chart's width, however long it is."""

from __future__ import annotations

import re

import pytest

from kcal.print.charts import chart_bytes, interval_chart, nice_ticks


@pytest.mark.parametrize(("lo", "hi", "ticks"), [
    (-55.9, 28.1, [-40, -20, 0, 20]),
    (0.0, 1.0, [0, 0.2, 0.4, 0.6, 0.8, 1.0]),
    (-3.2, 412.0, [0, 100, 200, 300, 400]),
    (12.5, 13.0, [12.5, 12.6, 12.7, 12.8, 12.9, 13.0]),
])
def test_ticks_are_round_and_inside_the_range(lo: float, hi: float, ticks: list[float]) -> None:
    got = nice_ticks(lo, hi)
    assert got == pytest.approx(ticks) and len(got) <= 8
    assert all(lo <= t <= hi for t in got)


def test_an_empty_range_is_one_tick() -> None:
    assert nice_ticks(3.0, 3.0) == [3.0]


def test_a_long_label_stays_inside_the_chart() -> None:
    rows = [("a" * 200, 1.0, -2.0, 4.0), ("short", 0.5, 0.0, 1.0)]
    svg = chart_bytes(".svg", 480, 120, lambda s, box: interval_chart(s, box, "t", rows, reference=0.0)).decode()
    labels = re.findall(r'<text x="([-\d.]+)"[^>]*text-anchor="end"[^>]*>(a+\u2026|short)</text>', svg)
    assert {text for _, text in labels} == {"short", labels[0][1]} and labels[0][1].endswith("\u2026")
    width = 0.58 * 7 * len(labels[0][1])
    assert all(float(x) - width >= 0 for x, _ in labels)
