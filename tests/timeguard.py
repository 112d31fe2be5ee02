"""A guard against work that backtracks or grows without bound (issue 21): it fails a test whose work is
not done within a generous bound. Not a measurement of speed (bench/ measures): a quadratic reader takes
hours on the inputs these tests give it, a linear one a fraction of a second."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def bounded(seconds: int, what: str) -> Iterator[None]:
    """Fail with ``what`` when the block runs longer than ``seconds`` (main thread, SIGALRM)."""
    def stop(signum: int, frame: object) -> None:
        raise AssertionError(f"{what} took more than {seconds} s: it backtracks or grows without bound")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
