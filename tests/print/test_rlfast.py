"""kcal's fp_str writes every number exactly as ReportLab's pure-Python fp_str does."""

from __future__ import annotations

import math
import random

import pytest
from reportlab.lib.rl_accel import _py_fp_str

from kcal.print.rlfast import fp_str


def _values() -> list[float]:
    vals: list[float] = [0, 1, -1, 0.5, -0.5, 1e-7, -1e-7, 2e-7, -2e-7, 5e-7, -5e-7, 4.9e-7, 72.0, True, False, 3,
                         999.9999999, 0.9999999, 1.0000001, 999990.0, 999989.9, 1e6, 1e7, -1e7, 123456.789]
    for p in range(-8, 9):  # around every power of ten, where the digit count changes
        v = 10.0 ** p
        vals += [v, -v, math.nextafter(v, 0), math.nextafter(v, math.inf)]
        vals += [v * (1 + d * 1e-6) for d in range(-30, 31)]
        vals += [v * (1 + d * 1e-12) for d in range(-30, 31)]
    rnd = random.Random(20261129)
    for _ in range(100_000):
        v = 10 ** rnd.uniform(-9, 8) * rnd.choice((1, -1))
        vals += [v, round(v, rnd.randint(0, 8))]
    vals += [rnd.randint(-10**7, 10**7) for _ in range(5000)]
    vals += [rnd.randint(-100_000, 100_000) / 1000 for _ in range(5000)]
    return vals


def test_same_strings_as_reportlab():
    bad = [v for v in _values() if fp_str(v) != _py_fp_str(v)]
    assert not bad, bad[:10]


def test_argument_forms():
    for args in [(1, 2.5, -3.25), ([0.1, 200.0],), ((7,),), (612.0, 792.0, 0.0001)]:
        assert fp_str(*args) == _py_fp_str(*args)


@pytest.mark.parametrize("v", [math.inf, -math.inf, math.nan])
def test_non_finite_fails_like_reportlab(v):
    with pytest.raises(Exception) as ours:
        fp_str(v)
    with pytest.raises(Exception) as theirs:
        _py_fp_str(v)
    assert type(ours.value) is type(theirs.value)
