"""Issue 34 item 3: long lab runs behave like long runs, at the shared mechanism every lab command goes
through (:mod:`kcal.sim.parallel`, :mod:`kcal.sim.progress`): a progress line before the first chunk is
done, games counted inside chunks in every worker, and a time limit that ends a run with its first chunks.

No test here measures speed: the clock is a fake where it matters, and the time limit is 0 s (passed at
once) or one that cannot pass during the test."""

from __future__ import annotations

import io
import threading

import pytest

from kcal.sim import parallel
from kcal.sim.progress import Progress, duration


def _games(shared: object, first: int, count: int) -> list[int]:
    for _ in range(count):
        parallel.game_done()
    return list(range(first, first + count))


TASKS = [(f * 3, 3) for f in range(12)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_game_is_counted_in_whichever_process_plays_it(jobs: int) -> None:
    parallel.count_games()
    before = parallel.games_played()
    out = parallel.run_chunks(_games, TASKS, jobs=jobs)
    assert not out.interrupted
    assert parallel.games_played() - before == 36


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_passed_time_limit_starts_nothing_and_says_so(jobs: int) -> None:
    with parallel.time_limit(1e-9) as limit:
        out = parallel.run_chunks(_games, TASKS, jobs=jobs)
    assert out.interrupted and limit.reached
    assert out.results == [None] * len(TASKS)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_time_limit_keeps_the_first_chunks(jobs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the limit passes no chunk starts; what is finished is a prefix of the tasks, so the figures
    are those of the first N games, whatever the number of workers."""
    with parallel.time_limit(3600) as limit:
        calls = [0]
        real = parallel._out_of_time

        def after_five() -> bool:
            calls[0] += 1
            if calls[0] > 5:
                assert parallel._LIMIT is limit
                limit.reached = True
                return True
            return real()

        monkeypatch.setattr(parallel, "_out_of_time", after_five)
        out = parallel.run_chunks(_games, TASKS, jobs=jobs)
    assert out.interrupted and limit.reached
    finished = [i for i, r in enumerate(out.results) if r is not None]
    assert finished == list(range(len(finished))) and 0 < len(finished) <= 5 + jobs


def test_without_a_limit_everything_is_played() -> None:
    with parallel.time_limit(0) as limit:
        out = parallel.run_chunks(_games, TASKS, jobs=2)
    assert not out.interrupted and not limit.reached
    assert [r for r in out.results] == [list(range(f, f + 3)) for f, _ in TASKS]


def test_chunks_shrink_for_slow_games() -> None:
    assert parallel.chunk_size(0.001, 8) == 8
    assert parallel.chunk_size(1.0, 8) == 4
    assert parallel.chunk_size(12.0, 8) == 1
    assert parallel.chunk_size(0.0, 8) == 8


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_the_bar_draws_before_any_chunk_is_done_and_counts_games_inside_chunks() -> None:
    out, clock = io.StringIO(), _Clock()
    bar = Progress(100, "games", stream=out, clock=clock, ticker=False)
    parallel.game_done(7)  # seven games finished inside a chunk that has not reported
    clock.t = 1.5
    bar._draw(clock())  # what the bar's thread does every quarter second
    line = out.getvalue()
    assert "7/100" in line and "4.7/s" in line and "20s left" in line
    bar.close()


def test_the_bar_redraws_from_its_own_thread_without_updates() -> None:
    out = io.StringIO()
    seen = threading.Event()

    class Stream(io.StringIO):
        def write(self, s: str) -> int:
            if "games" in s:
                seen.set()
            return out.write(s)

    with Progress(10, "games", stream=Stream(), delay=0.0):
        assert seen.wait(30), "the bar's thread drew nothing"


def test_the_bar_shows_the_time_limit() -> None:
    out, clock = io.StringIO(), _Clock()
    with parallel.time_limit(3600):
        bar = Progress(100, "ladder games", stream=out, clock=clock, ticker=False)
        assert "time limit in" in bar.render(1.0)
        bar.close()


def test_durations_read_as_people_read_them() -> None:
    assert [duration(s) for s in (0, 42, 185, 7620)] == ["0s", "42s", "3m05s", "2h07m"]


@pytest.mark.parametrize("stop_at", [1, 3])
def test_ctrl_c_in_balance_cards_prints_the_finished_games(stop_at: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during the first game (the timing probe) or a later chunk: the command still prints the
    figures of the games finished (none, or the chunks before), as its help promises, and exits 130."""
    import json

    from typer.testing import CliRunner

    from kcal.balance import impact
    from kcal.cli.app import app

    real, calls = impact.impact_chunk, [0]

    def flaky(*args: object) -> object:
        calls[0] += 1
        if calls[0] == stop_at:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(impact, "impact_chunk", flaky)
    r = CliRunner().invoke(app, ["balance", "cards", "--game", "how-many-calories", "-n", "40", "-j", "1",
                                 "-f", "json", "--minutes", "0"])
    assert r.exit_code == 130, r.output
    data = json.loads(r.stdout)
    assert data["interrupted"] is True and data["time_limit_reached"] is False
    if stop_at == 1:
        assert data["games"] == 0
    else:  # the probe game and the chunk after it (its size follows the probe's time, not asserted here)
        assert 2 <= data["games"] <= 1 + impact.CHUNK_GAMES
