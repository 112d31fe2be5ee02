"""A quiet progress bar on stderr for work that takes more than a second.

It draws nothing during the first half second, then redraws a few times a second from a thread of its own,
whether or not a chunk of work has finished, and clears its line when done. Its line says what is done
(and, for a run of games, the games finished in every worker: :func:`kcal.sim.parallel.games_played`),
the rate, the time spent and the time left, and the run's time limit when it has one
(:func:`kcal.sim.parallel.time_limit`). The CLI enables it only when stderr is a terminal, stdout is not
JSON and ``--quiet`` is not given (:func:`wanted`).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

#: how often the bar's thread redraws, in seconds
TICK = 0.25


def wanted(*, quiet: bool, json_out: bool, stream: TextIO | None = None) -> bool:
    stream = stream if stream is not None else sys.stderr
    if quiet or json_out:
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def duration(seconds: float) -> str:
    """``42s``, ``3m05s``, ``2h07m``: a span as a person reads it."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


class Progress:
    """``with Progress(total, "solo games") as bar: bar.update(k)``.

    ``games``: the units are games, and the bar counts the games finished inside chunks too (the shared
    games counter), so it moves before a chunk is done; otherwise the games played are shown beside the
    units (a deck build counts decks). ``ticker``: redraw from a thread (off for tests that draw by hand).
    """

    def __init__(
        self,
        total: int,
        label: str,
        *,
        enabled: bool = True,
        stream: TextIO | None = None,
        delay: float = 0.5,
        width: int = 24,
        clock: Callable[[], float] = time.monotonic,
        games: bool | None = None,
        ticker: bool = True,
    ) -> None:
        self.total = max(1, int(total))
        self.label = label
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.width = width
        self.clock = clock
        self.games = "game" in label if games is None else games
        self.done = 0
        self.start = clock()
        self._last = 0.0
        self._shown = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._games0 = 0
        if enabled:
            from kcal.sim import parallel

            parallel.count_games()
            self._games0 = parallel.games_played()
            if ticker:
                self._thread = threading.Thread(target=self._tick, name="kcal-progress", daemon=True)
                self._thread.start()

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
        self._draw(now)

    def _tick(self) -> None:
        while not self._stop.wait(TICK):
            now = self.clock()
            if now - self.start >= self.delay and now - self._last >= TICK * 0.8:
                self._draw(now)

    def played(self) -> int:
        """Games finished since the bar began, in every worker (0 when nothing counts games)."""
        if not self.enabled:
            return 0
        from kcal.sim.parallel import games_played

        return max(0, games_played() - self._games0)

    def render(self, now: float | None = None) -> str:
        from kcal.sim.parallel import current_limit

        now = self.clock() if now is None else now
        played = self.played()
        done = max(self.done, min(played, self.total)) if self.games else self.done
        frac = min(1.0, done / self.total)
        filled = int(frac * self.width)
        elapsed = max(1e-9, now - self.start)
        bar = "#" * filled + "." * (self.width - filled)
        parts = [f"{self.label} [{bar}] {frac * 100:5.1f}% {done:,}/{self.total:,}"]
        if played and not self.games:
            parts.append(f"{played:,} games")
        counted = done if self.games or not played else played
        rate = counted / elapsed
        parts.append(f"{rate:,.1f}/s" if rate < 10 else f"{rate:,.0f}/s")
        parts.append(duration(elapsed))
        left = (self.total - done) * elapsed / done if done else None
        limit = current_limit()
        budget = limit.left() if limit is not None else None
        if left is not None:
            parts.append(f"{duration(left)} left")
        if budget is not None and (left is None or budget < left):
            parts.append(f"time limit in {duration(budget)}")
        return " ".join(parts[:1]) + " · " + " · ".join(parts[1:])

    def _draw(self, now: float) -> None:
        with self._lock:
            if not self.enabled:
                return
            self._last = now
            try:
                self.stream.write("\r" + self.render(now) + "\x1b[K")
                self.stream.flush()
                self._shown = True
            except (OSError, ValueError):
                self.enabled = False

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1.0)
            self._thread = None
        with self._lock:
            if self._shown:
                try:
                    self.stream.write("\r\x1b[K")
                    self.stream.flush()
                except (OSError, ValueError):
                    pass
                self._shown = False
