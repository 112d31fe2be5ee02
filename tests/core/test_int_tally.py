"""Issue 11 item 15 (a million-game run stays flat): integer samples kept as counts give the figures the
list of samples gives, and the chunk runner can merge results as they arrive instead of keeping them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kcal.core.stats import IntTally, histogram, mean_se, quantile, sig
from kcal.sim.parallel import run_chunks

samples = st.lists(st.integers(min_value=-50, max_value=400), min_size=0, max_size=300)


@given(samples)
def test_a_tally_gives_the_figures_of_its_samples(values: list[int]) -> None:
    t = IntTally(values)
    ordered = sorted(values)
    assert t.n == len(values) and t.sorted_values() == ordered
    for q in (0.0, 0.1, 0.5, 0.9, 1.0):
        assert t.quantile(q) == quantile(ordered, q)
    assert t.histogram() == histogram(values)
    assert (t.min(), t.max()) == ((ordered[0], ordered[-1]) if values else (None, None))
    m, se = t.mean_se()
    m2, se2 = mean_se(values)
    assert m == m2  # an exact integer sum either way
    assert sig(se) == sig(se2)  # the exact variance, against the float sum of squares


@given(samples, samples)
def test_merging_tallies_is_the_tally_of_both(a: list[int], b: list[int]) -> None:
    t = IntTally(a)
    t.update(IntTally(b))
    assert t.sorted_values() == sorted(a + b)


def _square(shared: int, x: int) -> int:
    return shared + x * x


def test_run_chunks_reduce_keeps_no_result_and_sees_each_once() -> None:
    seen: dict[int, int] = {}
    out = run_chunks(_square, [(k,) for k in range(20)], jobs=2, shared=1,
                     reduce=lambda i, v: seen.__setitem__(i, v))
    assert seen == {k: 1 + k * k for k in range(20)}
    assert out.results == [True] * 20 and not out.interrupted
