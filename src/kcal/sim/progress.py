"""A quiet progress bar on stderr for work that takes more than a second.

It draws nothing during the first second, redraws at most ten times a second, and clears its line
when done. The CLI enables it only when stderr is a terminal, stdout is not JSON and ``--quiet`` is
not given (:func:`wanted`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


def wanted(*, quiet: bool, json_out: bool, stream: TextIO | None = None) -> bool:
    stream = stream if stream is not None else sys.stderr
    if quiet or json_out:
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """``with Progress(total, "solo games") as bar: bar.update(k)``."""

    def __init__(
        self,
        total: int,
        label: str,
        *,
        enabled: bool = True,
        stream: TextIO | None = None,
        delay: float = 1.0,
        width: int = 28,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = max(1, int(total))
        self.label = label
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.width = width
        self.clock = clock
        self.done = 0
        self.start = clock()
        self._last = 0.0
        self._shown = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def update(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = self.clock()
        if now - self.start < self.delay or (now - self._last < 0.1 and self.done < self.total):
            return
        self._last = now
        self._draw(now)

    def render(self, now: float | None = None) -> str:
        now = self.clock() if now is None else now
        frac = min(1.0, self.done / self.total)
        filled = int(frac * self.width)
        elapsed = max(1e-9, now - self.start)
        rate = self.done / elapsed
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        return (
            f"{self.label} [{bar}] {frac * 100:5.1f}% {self.done:,}/{self.total:,} "
            f"{rate:,.0f}/s ETA {eta:4.0f}s"
        )

    def _draw(self, now: float) -> None:
        try:
            self.stream.write("\r" + self.render(now) + "\x1b[K")
            self.stream.flush()
            self._shown = True
        except (OSError, ValueError):
            self.enabled = False

    def close(self) -> None:
        if self._shown:
            try:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
            except (OSError, ValueError):
                pass
            self._shown = False
