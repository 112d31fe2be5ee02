"""Test-wide settings: kcal's parse cache goes to a temporary folder, never the user's; property tests run
under the ``kcal`` Hypothesis profile (no deadline, no timing health check: :mod:`tests.hypothesis_profile`)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from tests.hypothesis_profile import PROFILE_SUPPRESSED as PROFILE_SUPPRESSED

settings.load_profile("kcal")
os.environ.setdefault("KCAL_CACHE_DIR", tempfile.mkdtemp(prefix="kcal-test-cache-"))

if os.environ.get("KCAL_EXAMPLE_PACK") == "1":  # the example pack of docs/packs.md as a fifth game
    from tests.examplepack import install

    install()


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Path:
    """A copy of the test folder's ``fixtures/`` in a temporary folder that is also the working folder."""
    for f in (request.path.parent / "fixtures").iterdir():
        if f.is_file():
            shutil.copy(f, tmp_path / f.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path
