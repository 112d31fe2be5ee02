"""Optional cluster backend: the same chunks on a Dask cluster, the same bytes out.

Nothing here is imported unless ``--backend dask`` is asked for, and Dask itself is imported inside
the function: kcal never depends on it. A chunk is a pure function of its arguments (its seed is
derived from the master seed and the chunk index, see :mod:`kcal.core.seeding`), so a cluster may
schedule, retry or spread chunks as it likes: the results are gathered back in chunk order and
merged exactly as :func:`kcal.sim.parallel.run_chunks` does. Ray would plug in the same way
(``ray.put(shared)``, ``ray.remote(fn)``, ``ray.get`` in order); see ``docs/simulation.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kcal.core.errors import UsageError
from kcal.sim.parallel import Outcome

BACKENDS = ("local", "dask")


def run_chunks_dask(
    fn: Callable[..., Any],
    tasks: Sequence[tuple],
    *,
    shared: Any = None,
    address: str | None = None,
    on_done: Callable[[int], None] | None = None,
) -> Outcome:
    """Run ``fn(shared, *task)`` for every task on Dask; results in task order.

    ``address``: a running scheduler (``tcp://host:8786``); without it, Dask's local process pool.
    Ctrl-C cancels what is left and returns the finished chunks, flagged as interrupted.
    """
    try:
        import dask
    except ImportError:
        raise UsageError("--backend dask needs Dask: pip install 'dask[distributed]'") from None
    results: list[Any] = [None] * len(tasks)
    if address is None:
        shared_node = dask.delayed(shared, traverse=False)
        parts = [dask.delayed(fn, pure=True)(shared_node, *t) for t in tasks]
        try:
            values = dask.compute(*parts, scheduler="processes")
        except KeyboardInterrupt:
            return Outcome(results, True)
        for i, v in enumerate(values):
            results[i] = v
            if on_done:
                on_done(i)
        return Outcome(results, False)
    from distributed import Client, as_completed

    with Client(address) as client:
        # a key of its own (hash=False): the same data scattered by the run just before (the next look of
        # a what-if) may still be being released by that run's client, and a task depending on a key in
        # release was cancelled for "lost dependencies"
        shared_future = client.scatter(shared, broadcast=True, hash=False)
        futures = [client.submit(fn, shared_future, *t, pure=True, key=f"kcal-chunk-{i}-{_key(t)}")
                   for i, t in enumerate(tasks)]
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for fut in as_completed(futures):
                i = index[fut.key]
                results[i] = fut.result()
                if on_done:
                    on_done(i)
        except KeyboardInterrupt:
            client.cancel(futures)
            return Outcome(results, True)
    return Outcome(results, False)


def _key(task: tuple) -> str:
    import hashlib

    return hashlib.sha256(repr(task).encode()).hexdigest()[:16]


def choose(backend: str, address: str | None = None) -> Callable[..., Any]:
    """A ``run_chunks``-compatible callable for the named backend."""
    from kcal.sim.parallel import run_chunks

    if backend == "local":
        return run_chunks
    if backend == "dask":
        def run(fn: Callable[..., Any], tasks: Sequence[Any], *, jobs: int = 1,
                on_done: Callable[..., Any] | None = None, shared: Any = None,
                estimate: Any = None, reduce: Callable[[int, Any], None] | None = None) -> Any:
            out = run_chunks_dask(fn, tasks, shared=shared, address=address, on_done=on_done)
            if reduce is not None:  # Dask hands the results back together: reduce them in task order
                for i, value in enumerate(out.results):
                    if value is not None:
                        reduce(i, value)
                        out.results[i] = True
            return out

        return run
    raise UsageError(f"unknown backend {backend!r} (choose from: {', '.join(BACKENDS)})")
