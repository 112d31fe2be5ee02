"""Run independent chunks of work on ``--jobs`` processes; the merged result never depends on N.

Every chunk carries its own derived seed (see :mod:`kcal.sim.seeding`) and returns integer tallies,
so the merge (done in chunk order by the caller) gives the same bytes for 1 process or 16. Workers
ignore SIGINT; on Ctrl-C the parent stops the pool and hands back the chunks already finished,
flagged as interrupted.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


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


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(packed):
    index, fn, args = packed
    return index, fn(*args)


def run_chunks(
    fn: Callable[..., Any],
    tasks: Sequence[tuple],
    *,
    jobs: int = 1,
    on_done: Callable[[int], None] | None = None,
) -> Outcome:
    """Call ``fn(*task)`` for every task; ``on_done(index)`` after each (for a progress bar)."""
    results: list[Any] = [None] * len(tasks)
    jobs = max(1, min(int(jobs), len(tasks)))
    if jobs == 1:
        try:
            for i, task in enumerate(tasks):
                results[i] = fn(*task)
                if on_done:
                    on_done(i)
        except KeyboardInterrupt:
            return Outcome(results, True)
        return Outcome(results, False)
    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else "spawn")
    pool = ctx.Pool(jobs, initializer=_ignore_sigint)
    try:
        for i, value in pool.imap_unordered(_call, [(i, fn, t) for i, t in enumerate(tasks)]):
            results[i] = value
            if on_done:
                on_done(i)
    except KeyboardInterrupt:
        pool.terminate()
        pool.join()
        return Outcome(results, True)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return Outcome(results, False)
