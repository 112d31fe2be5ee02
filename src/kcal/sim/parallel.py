"""Run independent chunks of work on ``--jobs`` processes; the merged result never depends on N.

Every chunk carries its own derived seed (see :mod:`kcal.core.seeding`) and returns integer tallies,
so the merge (done in chunk order by the caller) gives the same bytes for 1 process or 16. Workers
ignore SIGINT; on Ctrl-C the parent stops the pool and hands back the chunks already finished,
flagged as interrupted.

Two things every lab command gets here, whatever it plays (issue 34, item 3):

- a **games counter** shared with the workers: the code that plays one game calls :func:`game_done`, and a
  progress bar (:class:`kcal.sim.progress.Progress`) reads :func:`games_played` from its own thread, so a
  run shows games done, their rate and the time left within a second or two, long before its first chunk
  of games is finished;
- a **time limit** (:func:`time_limit`): once it has passed, no new chunk starts; the chunks under way
  finish and the run hands back what is finished, as on Ctrl-C. Chunks are started in order, a few ahead
  of the workers, so what is finished is the first chunks: the figures of the first N games.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

#: Most units one run may ask for: beyond these the list of chunks alone would not fit in memory, and
#: the run would take days. ``hands`` are cheap opening sequences; ``games`` are played games.
MAX_HANDS = 10**11
MAX_MODEL_GAMES = 10**8  # placement-model games (goldfish, deck report)
MAX_GAMES = 10**7  # solo and match games


def check_count(what: str, n: int, most: int, least: int = 0) -> None:
    """A usage error (exit 2, before any work) when ``n`` is outside ``least..most``."""
    if not least <= n <= most:
        from kcal.core.errors import UsageError

        raise UsageError(f"{what}: {n} is out of range; give {least:,} to {most:,}")


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


@dataclass
class Outcome:
    results: list[Any]  # one entry per chunk, None when not finished
    interrupted: bool

    @property
    def finished(self) -> list[tuple[int, Any]]:
        return [(i, r) for i, r in enumerate(self.results) if r is not None]


_SHARED: Any = None
#: the games counter (a ``multiprocessing.Value``), made by :func:`count_games`, inherited by workers
_GAMES: Any = None


def count_games() -> None:
    """Start counting games (a progress bar does): :func:`game_done` adds to a counter the worker
    processes share."""
    global _GAMES
    if _GAMES is None:
        import multiprocessing as mp

        _GAMES = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn").Value("q", 0)


def game_done(n: int = 1) -> None:
    """One game (or ``n``) finished, in this process or a worker: what progress counts. Costs nothing
    when nothing counts."""
    counter = _GAMES
    if counter is not None:
        with counter.get_lock():
            counter.value += n


def games_played() -> int:
    """Games finished since :func:`count_games` (0 when nothing counts)."""
    return int(_GAMES.value) if _GAMES is not None else 0


@dataclass
class Limit:
    """A run's time limit: ``seconds`` (None: none), and whether a run stopped on it."""

    seconds: float | None
    deadline: float | None
    reached: bool = False

    def passed(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())


_LIMIT: Limit | None = None


@contextmanager
def time_limit(seconds: float | None) -> Iterator[Limit]:
    """Every :func:`run_chunks` inside starts no chunk once ``seconds`` have passed (None or 0: no
    limit); ``limit.reached`` says whether one stopped on it."""
    global _LIMIT
    old = _LIMIT
    limit = Limit(seconds or None, time.monotonic() + seconds if seconds else None)
    _LIMIT = limit
    try:
        yield limit
    finally:
        _LIMIT = old


def current_limit() -> Limit | None:
    return _LIMIT


def _out_of_time() -> bool:
    limit = _LIMIT
    if limit is not None and limit.passed():
        limit.reached = True
        return True
    return False
#: ``--jobs`` beyond this many workers per core is capped (the output is the same for any N).
MAX_JOBS_PER_CORE = 4
#: Below this much single-core work, ``--jobs`` is not worth a process pool.
MIN_PARALLEL_SECONDS = 0.5
#: a chunk's target length: long enough that a worker's start and a result's trip cost little, short
#: enough that a time limit or Ctrl-C loses little work (:func:`chunk_size`)
CHUNK_SECONDS = 4.0


def chunk_size(per_unit: float, most: int) -> int:
    """Units (games) in a chunk of about :data:`CHUNK_SECONDS` when one takes ``per_unit`` seconds, 1 to
    ``most``. The merged result never depends on it (every unit has its own seed; tallies are integers)."""
    if per_unit <= 0:
        return most
    return max(1, min(most, int(CHUNK_SECONDS / per_unit)))


def _init_worker(shared: Any, games: Any = None) -> None:
    global _SHARED, _GAMES
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _SHARED = shared
    _GAMES = games


def _call(packed: tuple[int, Callable[..., Any], tuple[Any, ...]]) -> tuple[int, Any]:
    index, fn, args = packed
    return index, fn(_SHARED, *args)


def run_chunks(
    fn: Callable[..., Any],
    tasks: Sequence[tuple],
    *,
    jobs: int = 1,
    on_done: Callable[[int], None] | None = None,
    shared: Any = None,
    estimate: float | None = None,
    reduce: Callable[[int, Any], None] | None = None,
) -> Outcome:
    """Call ``fn(shared, *task)`` for every task; ``on_done(index)`` after each (for a progress bar).

    ``shared`` (a deck, a table) reaches each worker once, at its start, instead of with every task.
    ``estimate`` (seconds of work on one core), when given and below :data:`MIN_PARALLEL_SECONDS`,
    keeps the work in this process: starting workers would cost more than it saves. The results
    are the same either way. ``reduce(index, result)``, when given, takes each result as it arrives
    (in any order: its merge must not depend on it) and the result is not kept (``results[i]`` is
    ``True``): memory stays flat however many chunks there are. Inside :func:`time_limit`, no task starts
    once the limit has passed: the run ends as on Ctrl-C (``interrupted``) with the first tasks finished.
    """
    results: list[Any] = [None] * len(tasks)

    def keep(i: int, value: Any) -> None:
        if reduce is None:
            results[i] = value
        else:
            reduce(i, value)
            results[i] = True
        if on_done:
            on_done(i)
    # more workers than tasks, or than a few per core, only cost memory and process slots
    jobs = max(1, min(int(jobs), len(tasks), MAX_JOBS_PER_CORE * default_jobs()))
    if estimate is not None and estimate < MIN_PARALLEL_SECONDS:
        jobs = 1
    try:
        if jobs == 1:
            for i, task in enumerate(tasks):
                if _out_of_time():
                    return Outcome(results, True)
                keep(i, fn(shared, *task))
        elif not _on_pool(fn, tasks, jobs, shared, keep):
            return Outcome(results, True)
    except KeyboardInterrupt:
        return Outcome(results, True)
    return Outcome(results, False)


def _on_pool(fn: Callable[..., Any], tasks: Sequence[tuple], jobs: int, shared: Any,
             keep: Callable[[int, Any], None]) -> bool:
    """The tasks on a pool of ``jobs`` processes (fork where there is one), each result kept as it
    arrives; on any interruption the pool is ended before the exception goes on. Tasks go out in order,
    one per worker at a time, so a time limit stops the run after the first tasks (and waits only for
    the ones under way); False when it did."""
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else "spawn")
    try:
        pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(shared, _GAMES))
    except OSError as exc:  # the process limit (ulimit -u), out of memory
        from kcal.core.errors import KcalError

        raise KcalError(f"cannot start {jobs} worker processes ({exc.strerror or exc}); "
                        "try a smaller --jobs") from None
    window = threading.Semaphore(jobs)
    ended = threading.Event()
    complete = [True]

    def feed() -> Iterator[tuple[int, Callable[..., Any], tuple]]:
        for i, t in enumerate(tasks):  # runs in the pool's task thread
            while not window.acquire(timeout=0.1):
                if ended.is_set():
                    return
            if ended.is_set():
                return
            if _out_of_time():
                complete[0] = False
                return
            yield (i, fn, t)

    try:
        for i, value in pool.imap_unordered(_call, feed()):
            window.release()
            keep(i, value)
    except BaseException:
        ended.set()
        pool.terminate()
        pool.join()
        raise
    ended.set()
    pool.close()
    pool.join()
    return complete[0]
