"""Optional cluster backend: the same chunks on a Dask cluster, the same bytes out.

Nothing here is imported unless ``--backend dask`` is asked for, and Dask itself is imported inside
the function: kcal never depends on it. A chunk is a pure function of its arguments (its seed is
derived from the master seed and the chunk index, see :mod:`kcal.core.seeding`), so a cluster may
schedule, retry or spread chunks as it likes: the results are gathered back in chunk order and
merged exactly as :func:`kcal.sim.parallel.run_chunks` does. Ray would plug in the same way
(``ray.put(shared)``, ``ray.remote(fn)``, ``ray.get`` in order); see ``docs/simulation.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from kcal.core.errors import UsageError
from kcal.sim.parallel import Outcome

BACKENDS = ("local", "dask")


def _need_dask() -> Any:
    try:
        import dask
    except ImportError:
        raise UsageError("--backend dask needs Dask: pip install 'dask[distributed]'") from None
    return dask


def run_chunks_dask(
    fn: Callable[..., Any],
    tasks: Sequence[tuple],
    *,
    shared: Any = None,
    address: str | None = None,
    on_done: Callable[[int], None] | None = None,
    session: Session | None = None,
) -> Outcome:
    """Run ``fn(shared, *task)`` for every task on Dask; results in task order.

    ``address``: a running scheduler (``tcp://host:8786``); without it, Dask's local process pool.
    ``session``: a client already connected to that scheduler, kept across calls (:class:`DaskRunner`'s
    :meth:`~DaskRunner.session`), and the ``shared`` value it has already sent to the workers; without
    it, a client is opened for this call alone. Ctrl-C cancels what is left and returns the finished
    chunks, flagged as interrupted.
    """
    dask = _need_dask()
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
    if session is not None:
        return _submit(session, fn, tasks, shared, on_done, results)
    with Session.open(address) as own:
        return _submit(own, fn, tasks, shared, on_done, results)


class Session:
    """One client to a scheduler, and the values it has scattered to every worker, by identity: a run of
    several batches (a what-if's looks) connects once and sends its plan once."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._shared: list[tuple[Any, Any]] = []  # (value, its future); the value is kept alive with it
        self._threads: int | None = None

    @classmethod
    @contextmanager
    def open(cls, address: str) -> Iterator[Session]:
        _need_dask()
        from distributed import Client

        try:
            client = Client(address, timeout=f"{CONNECT_SECONDS * 2:g}s")
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise UsageError(f"--scheduler {address}: cannot connect ({exc or type(exc).__name__})") from None
        with client:
            yield cls(client)

    def threads(self) -> int:
        """The worker threads of the cluster, asked once: what a run's tasks are batched for."""
        if self._threads is None:
            self._threads = sum(self.client.nthreads().values())
        return self._threads

    def scattered(self, value: Any) -> Any:
        for known, future in self._shared:
            if known is value:
                return future
        # a key of its own (hash=False): the same data scattered by another client just before (a run
        # just finished) may still be being released, and a task depending on a key in release was
        # cancelled for "lost dependencies"
        future = self.client.scatter(value, broadcast=True, hash=False)
        self._shared.append((value, future))
        return future


#: a run's tasks go to a cluster in about this many batches per worker thread: one task of the runner
#: (16 game pairs of a what-if, say) is tens of milliseconds of work, and each costs a round trip to the
#: scheduler, which sends a worker its next task only when it has finished one (Dask's queuing); a few
#: batches a thread keep the threads evenly busy to the end (docs/balance.md, "Cluster overhead")
BATCHES_PER_THREAD = 4


def run_batch(fn: Callable[..., Any], shared: Any, tasks: Sequence[tuple]) -> list[Any]:
    """A cluster's task: ``fn(shared, *task)`` for consecutive tasks of a run, their results in order."""
    return [fn(shared, *t) for t in tasks]


def batches(count: int, threads: int) -> list[range]:
    """Tasks ``0 .. count - 1`` in consecutive batches, about :data:`BATCHES_PER_THREAD` for each of
    ``threads`` (every batch one task when there are fewer tasks than that)."""
    size = max(1, -(-count // (max(1, threads) * BATCHES_PER_THREAD)))
    return [range(first, min(first + size, count)) for first in range(0, count, size)]


def _submit(session: Session, fn: Callable[..., Any], tasks: Sequence[tuple], shared: Any,
            on_done: Callable[[int], None] | None, results: list[Any]) -> Outcome:
    """The tasks in batches (:func:`batches`); the results land in task order whatever the batching,
    so the bytes do not depend on the cluster's size."""
    from distributed import as_completed

    client = session.client
    shared_future = session.scattered(shared)
    groups = batches(len(tasks), session.threads())
    futures = [client.submit(run_batch, fn, shared_future, [tasks[i] for i in group], pure=True,
                             key=f"kcal-batch-{group.start}-{_key(tuple(tasks[i] for i in group))}")
               for group in groups]
    index = {f.key: group for f, group in zip(futures, groups, strict=True)}
    try:
        for fut, values in as_completed(futures, with_results=True):
            for i, value in zip(index[fut.key], values, strict=True):
                results[i] = value
                if on_done:
                    on_done(i)
    except KeyboardInterrupt:
        client.cancel(futures)
        return Outcome(results, True)
    return Outcome(results, False)


def _key(task: tuple) -> str:
    import hashlib

    return hashlib.sha256(repr(task).encode()).hexdigest()[:16]


class DaskRunner:
    """``--backend dask``: a ``run_chunks``-compatible callable. Each call connects to the scheduler
    unless it is made inside :meth:`session`, which keeps one client (and what it has sent to the
    workers) for every call until the ``with`` block ends."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self._session: Session | None = None

    @contextmanager
    def session(self) -> Iterator[DaskRunner]:
        if self.address is None or self._session is not None:  # the local pool; or a session already open
            yield self
            return
        with Session.open(self.address) as s:
            self._session = s
            try:
                yield self
            finally:
                self._session = None

    def __call__(self, fn: Callable[..., Any], tasks: Sequence[Any], *, jobs: int = 1,
                 on_done: Callable[..., Any] | None = None, shared: Any = None, estimate: Any = None,
                 reduce: Callable[[int, Any], None] | None = None) -> Outcome:
        out = run_chunks_dask(fn, tasks, shared=shared, address=self.address, on_done=on_done,
                              session=self._session)
        if reduce is not None:  # Dask hands the results back together: reduce them in task order
            for i, value in enumerate(out.results):
                if value is not None:
                    reduce(i, value)
                    out.results[i] = True
        return out


@contextmanager
def session(runner: Callable[..., Any]) -> Iterator[Callable[..., Any]]:
    """``runner`` ready for several calls in a row: a :class:`DaskRunner` keeps one client for all of
    them; any other runner is itself."""
    open_session = getattr(runner, "session", None)
    if open_session is None:
        yield runner
        return
    with open_session() as kept:
        yield kept


def choose(backend: str, address: str | None = None) -> Callable[..., Any]:
    """A ``run_chunks``-compatible callable for the named backend; a ``--scheduler`` address is checked
    here, before any work (:func:`check_scheduler`), and refused without ``--backend dask``."""
    from kcal.sim.parallel import run_chunks

    if backend not in BACKENDS:
        raise UsageError(f"unknown backend {backend!r} (choose from: {', '.join(BACKENDS)})")
    if address is not None and backend != "dask":
        raise UsageError(f"--scheduler {address}: a scheduler is for --backend dask (this run's backend is "
                         f"{backend}); add --backend dask, or drop --scheduler")
    if backend == "local":
        return run_chunks
    if address is not None:
        check_scheduler(address)
    return DaskRunner(address)


#: seconds to connect to a scheduler and to hear its first words
CONNECT_SECONDS = 5.0
#: Dask's TCP messages start with their length (8 bytes, little-endian); a scheduler's greeting is a few
#: hundred bytes. A server of another kind answers nothing, or bytes that read as an absurd length (an
#: HTTP server's made Dask try to allocate 3 EiB)
MAX_GREETING = 1 << 24
_SCHEMES = ("tcp", "tls")


def _split_address(address: str) -> tuple[str, str, int]:
    """``tcp://host:8786`` (or ``host:8786``): scheme, host and port, or a usage error saying what a
    scheduler's address looks like."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    host, colon, port_text = rest.rpartition(":")
    host = host.strip("[]")
    why = None
    if scheme not in _SCHEMES:
        why = f"the scheme must be {' or '.join(s + '://' for s in _SCHEMES)}"
    elif not colon or not host or any(c.isspace() or c in "/?#@" for c in host):
        why = "expected HOST:PORT"
    elif not (port_text.isdigit() and len(port_text) <= 5 and 0 < int(port_text) < 65536):
        why = "the port must be a number from 1 to 65535"
    if why is not None:
        raise UsageError(f"--scheduler {address}: not a scheduler address ({why}, like tcp://host:8786)")
    return scheme, host, int(port_text)


def check_scheduler(address: str, seconds: float | None = None) -> None:
    """Refuse, in one line and within a few seconds, an address no Dask scheduler answers at: a bad
    form, no server, or a server of another kind. Checked before Dask is given the address."""
    import socket

    seconds = CONNECT_SECONDS if seconds is None else seconds
    scheme, host, port = _split_address(address)
    try:
        conn = socket.create_connection((host, port), timeout=seconds)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise UsageError(f"--scheduler {address}: cannot connect ({reason})") from None
    with conn:
        if scheme != "tcp":
            return  # TLS speaks first from the client: the connection is all that can be checked here
        conn.settimeout(seconds)
        greeting = b""
        try:
            while len(greeting) < 8:
                chunk = conn.recv(8 - len(greeting))
                if not chunk:
                    break
                greeting += chunk
        except OSError:
            pass
    if len(greeting) < 8 or not 0 < int.from_bytes(greeting, "little") <= MAX_GREETING:
        raise UsageError(f"--scheduler {address}: the server there does not answer as a Dask scheduler")
