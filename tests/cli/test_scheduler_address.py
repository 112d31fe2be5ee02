"""A bad ``--scheduler`` address (issue 36, item 3): one line, exit 2, JSON with ``--format json``, a
bounded connection attempt, checked before Dask is given the address (an HTTP server's answer made Dask
try to allocate 3 EiB); ``--scheduler`` without ``--backend dask`` is refused, not ignored. Every
command that takes it chooses its runner through ``kcal.sim.backends.choose`` (``balance what-if`` and
``sim solo`` too); three of them are run here."""

from __future__ import annotations

import http.server
import json
import socket
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.sim import backends
from tests.hypothesis_profile import PROFILE_SUPPRESSED

ROOT = Path(__file__).resolve().parents[2]

COMMANDS = {
    "sim match": ["sim", "match", "--game", "kalua", "-p", "2", "-n", "2"],
    "balance cards": ["balance", "cards", "--game", "kalua", "-p", "2", "-n", "2"],
    "deck build": ["deck", "build", "-n", "2", "--evaluations", "2", "-o", str(Path(tempfile.mkdtemp()) / "b")],
}


def _run(command: str, *extra: str) -> object:
    return CliRunner().invoke(app, [*COMMANDS[command], *extra, "--format", "json", "-q"])


def _one_error(result: object, words: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr
    message = json.loads(result.stdout)["errors"][0]["message"]
    assert words in message, message


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "CONNECT_SECONDS", 1.0)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_scheduler_without_the_dask_backend_is_refused(command: str) -> None:
    _one_error(_run(command, "--scheduler", "tcp://127.0.0.1:8786"), "is for --backend dask")


@settings(max_examples=40, suppress_health_check=[*PROFILE_SUPPRESSED])
@given(st.one_of(st.text(max_size=30), st.sampled_from(
    ["tcp://", "tcp://host", "tcp://:1", "tcp://h:0", "tcp://h:65536", "tcp://h:99999999999", "http://h:80",
     "tcp://h: 80", "tcp://[::1]", "inproc://x", "h:-1", "tcp://a b:1", "\x1b[31m:1", "tcp://h:8786/x"])))
def test_a_malformed_address_is_one_line(address: str) -> None:
    if address.startswith("-"):
        address = "x" + address
    result = _run("sim match", "--backend", "dask", "--scheduler", address)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr
    assert json.loads(result.stdout)["errors"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def http_server() -> Iterator[str]:
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def banner_server() -> Iterator[str]:
    """A server that speaks first, as SSH does: its words read as an absurd message length."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    thread.join()
    listener.close()


@pytest.mark.parametrize("command", COMMANDS)
def test_nothing_listening_is_one_line(command: str) -> None:
    _one_error(_run(command, "--backend", "dask", "--scheduler", f"tcp://127.0.0.1:{_free_port()}"),
               "cannot connect")


@pytest.mark.parametrize("command", COMMANDS)
def test_an_http_server_is_not_a_scheduler(command: str, http_server: str) -> None:
    _one_error(_run(command, "--backend", "dask", "--scheduler", http_server), "does not answer as a Dask")


def test_a_server_that_speaks_another_protocol_is_not_a_scheduler(banner_server: str) -> None:
    _one_error(_run("sim match", "--backend", "dask", "--scheduler", banner_server), "does not answer as a Dask")
