"""Run independent chunks of work on ``--jobs`` processes; the merged result never depends on N.

Every chunk carries its own derived seed (see :mod:`kcal.core.seeding`) and returns integer tallies,
so the merge (done in chunk order by the caller) gives the same bytes for 1 process or 16. Workers
ignore SIGINT; on Ctrl-C the parent stops the pool and hands back the chunks already finished,
flagged as interrupted.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
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
#: ``--jobs`` beyond this many workers per core is capped (the output is the same for any N).
MAX_JOBS_PER_CORE = 4
#: Below this much single-core work, ``--jobs`` is not worth a process pool.
MIN_PARALLEL_SECONDS = 0.5


def _init_worker(shared: Any) -> None:
    global _SHARED
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _SHARED = shared


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
    ``True``): memory stays flat however many chunks there are.
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
                keep(i, fn(shared, *task))
        else:
            _on_pool(fn, tasks, jobs, shared, keep)
    except KeyboardInterrupt:
        return Outcome(results, True)
    return Outcome(results, False)


def _on_pool(fn: Callable[..., Any], tasks: Sequence[tuple], jobs: int, shared: Any,
             keep: Callable[[int, Any], None]) -> None:
    """The tasks on a pool of ``jobs`` processes (fork where there is one), each result kept as it
    arrives; on any interruption the pool is ended before the exception goes on."""
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else "spawn")
    try:
        pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(shared,))
    except OSError as exc:  # the process limit (ulimit -u), out of memory
        from kcal.core.errors import KcalError

        raise KcalError(f"cannot start {jobs} worker processes ({exc.strerror or exc}); "
                        "try a smaller --jobs") from None
    try:
        for i, value in pool.imap_unordered(_call, [(i, fn, t) for i, t in enumerate(tasks)]):
            keep(i, value)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
