"""A real table server for the play tests: uvicorn on a loopback port, in a thread of the test process
(:func:`running`) or as ``kcal play`` in a process of its own (:func:`kcal_play`, which a test may kill)."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@contextlib.contextmanager
def running(hub: Any) -> Iterator[str]:
    """``hub`` served on 127.0.0.1 at a free port in a thread; yields the base address."""
    import uvicorn

    from kcal.play.launch import bind
    from kcal.play.server import WS_MAX_SIZE, make_app

    sock = bind("127.0.0.1", 0)
    config = uvicorn.Config(make_app(hub), ws="websockets-sansio", ws_max_size=WS_MAX_SIZE, log_level="warning",
                            lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)


class Served:
    """``kcal play`` in its own process: its links, its output, and how to stop or kill it."""

    def __init__(self, args: list[str], data: Path) -> None:
        self.args = args
        self.data = data
        self.proc: subprocess.Popen[str] | None = None
        self.links: dict[str, str] = {}
        self.spectator = ""
        self.table = ""

    def start(self, extra: list[str] | None = None) -> Served:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "kcal", "play", *self.args, *(extra or []),
                                      "--data", str(self.data), "--no-open", "--pace", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"kcal play stopped: {self.proc.stderr.read() if self.proc.stderr else ''}")
            if m := re.match(r"table (\w+):", line):
                self.table = m.group(1)
            if m := re.match(r"seat (\w+): (\S+)", line):
                self.links[m.group(1)] = m.group(2)
            if m := re.match(r"spectators: (\S+)", line):
                self.spectator = m.group(1)
                break
        self._wait_listening()
        return self

    def _wait_listening(self) -> None:
        import urllib.request

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.spectator, timeout=2).read()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("kcal play did not answer")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def kcal_play(tmp_path):
    started: list[Served] = []

    def make(args: list[str], data: Path | None = None) -> Served:
        s = Served(args, data or tmp_path / "data")
        started.append(s)
        return s

    yield make
    for s in started:
        s.kill()
