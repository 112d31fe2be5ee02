"""How a run's tasks are grouped for a cluster (:func:`kcal.sim.backends.batches`): consecutive, each
task once and in order, about four batches a worker thread; the grouping never changes the results
(the cluster tests compare bytes with one process)."""

from __future__ import annotations

import pytest

from kcal.sim.backends import BATCHES_PER_THREAD, batches, run_batch


@pytest.mark.parametrize(("count", "threads"), [(125, 2), (20, 2), (3, 2), (1, 64), (0, 2), (1000, 40), (7, 0)])
def test_batches_cover_every_task_once_in_order(count: int, threads: int) -> None:
    groups = batches(count, threads)
    assert [i for g in groups for i in g] == list(range(count))
    assert len(groups) <= max(1, threads) * BATCHES_PER_THREAD
    if count >= max(1, threads) * BATCHES_PER_THREAD:
        sizes = {len(g) for g in groups[:-1]}
        assert len(sizes) == 1 and len(groups[-1]) <= sizes.pop()


def test_fewer_tasks_than_batches_go_one_a_batch() -> None:
    assert [list(g) for g in batches(3, 2)] == [[0], [1], [2]]


def test_a_batch_runs_its_tasks_in_order_with_the_shared_value() -> None:
    assert run_batch(lambda shared, a, b: shared + a * b, 100, [(1, 2), (3, 4)]) == [102, 112]
