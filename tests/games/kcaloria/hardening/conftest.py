"""Fixtures for the hardening tests: the mini catalog and a legal deck copied to a temp working folder."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temp working folder holding ``mini-catalog.yaml`` and ``legal-deck.yaml`` (which names it)."""
    for name in ("mini-catalog.yaml", "legal-deck.yaml"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="session")
def cli():
    """Run ``kcal ARGS`` in-process; returns Click's result (exit_code, stdout, stderr)."""
    from kcal.cli.app import app

    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args))


@pytest.fixture(scope="session")
def spawn():
    """Start ``kcal ARGS`` as a real process (for signals and races): ``spawn(*args, cwd=folder)``."""

    def start(*args: str, cwd: Path) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "kcal", *args], cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    return start
