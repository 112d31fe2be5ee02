"""Progress bar, parallel chunks and Ctrl-C: quiet when it should be, partial results on interrupt."""

from __future__ import annotations

import io

import pytest

from kcal.sim import parallel
from kcal.sim.progress import Progress, wanted


class FakeClock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


class TestProgress:
    def test_silent_during_the_first_half_second(self):
        out, clock = io.StringIO(), FakeClock()
        bar = Progress(100, "x", stream=out, clock=clock)
        clock.t = 0.3
        bar.update(10)
        assert out.getvalue() == ""

    def test_draws_after_a_second_and_clears(self):
        out, clock = io.StringIO(), FakeClock()
        with Progress(100, "games", stream=out, clock=clock) as bar:
            clock.t = 1.5
            bar.update(50)
            assert "games" in out.getvalue() and "50.0%" in out.getvalue()
        assert out.getvalue().endswith("\r\x1b[K")

    def test_disabled_draws_nothing(self):
        out, clock = io.StringIO(), FakeClock()
        bar = Progress(10, "x", stream=out, clock=clock, enabled=False)
        clock.t = 5
        bar.update(5)
        bar.close()
        assert out.getvalue() == ""

    def test_wanted_only_on_a_terminal_without_json_or_quiet(self):
        class Tty(io.StringIO):
            def isatty(self):
                return True

        assert wanted(quiet=False, json_out=False, stream=Tty())
        assert not wanted(quiet=True, json_out=False, stream=Tty())
        assert not wanted(quiet=False, json_out=True, stream=Tty())
        assert not wanted(quiet=False, json_out=False, stream=io.StringIO())


def _square(shared, x):
    return shared * x * x


def _interrupt_at_three(shared, x):
    if x == 3:
        raise KeyboardInterrupt
    return x


class TestParallel:
    def test_results_in_task_order_for_any_jobs(self, monkeypatch):
        monkeypatch.setattr(parallel, "MIN_PARALLEL_SECONDS", 0.0)
        tasks = [(i,) for i in range(10)]
        one = parallel.run_chunks(_square, tasks, jobs=1, shared=2)
        two = parallel.run_chunks(_square, tasks, jobs=2, shared=2)
        assert one.results == two.results == [2 * i * i for i in range(10)]
        assert not one.interrupted and not two.interrupted

    def test_ctrl_c_returns_the_finished_chunks(self):
        out = parallel.run_chunks(_interrupt_at_three, [(i,) for i in range(6)], jobs=1)
        assert out.interrupted
        assert out.results == [0, 1, 2, None, None, None]

    def test_small_work_stays_in_process(self):
        out = parallel.run_chunks(_square, [(1,), (2,)], jobs=8, shared=1, estimate=0.01)
        assert out.results == [1, 4]


def test_interrupted_goldfish_reports_partial_results(tools, monkeypatch):
    from kcal.games.kcaloria.sim import goldfish, opening
    from kcal.games.kcaloria.sim.profile import profile_of

    calls = {"n": 0}
    real = opening.opening_chunk

    def flaky(*args):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(opening, "opening_chunk", flaky)
    r = goldfish.simulate_goldfish(profile_of(tools.make_deck(), "d"), hands=opening.CHUNK_HANDS * 3, games=0, seed=1)
    assert r["interrupted"] is True
    assert r["hands"] == opening.CHUNK_HANDS


def _double(shared, x):
    return 2 * x


def test_jobs_are_capped_and_a_failed_fork_is_a_clear_error(monkeypatch):
    """``--jobs 100`` on one core starts a few workers, not 100; when even those cannot be started
    (ulimit -u, memory) the error is one line with exit 2, not a BlockingIOError traceback."""
    import multiprocessing.context

    from kcal.core.errors import KcalError
    from kcal.sim import parallel

    asked: list[int] = []

    def no_fork(self, processes=None, *args, **kwargs):
        asked.append(processes)
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(parallel, "default_jobs", lambda: 1)
    monkeypatch.setattr(multiprocessing.context.BaseContext, "Pool", no_fork)
    with pytest.raises(KcalError, match="cannot start 4 worker processes .*try a smaller --jobs"):
        parallel.run_chunks(_double, [(i,) for i in range(50)], jobs=100)
    assert asked == [parallel.MAX_JOBS_PER_CORE]
    assert parallel.run_chunks(_double, [(i,) for i in range(3)], jobs=1).results == [0, 2, 4]
