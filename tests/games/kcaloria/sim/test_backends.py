"""The optional Dask backend: same chunks, same bytes; a clear usage error without Dask."""

from __future__ import annotations

import json
import sys

import pytest

from kcal.core.errors import UsageError
from kcal.sim.backends import choose, run_chunks_dask


def test_unknown_backend_is_a_usage_error():
    with pytest.raises(UsageError):
        choose("spark")


def test_missing_dask_is_a_usage_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)  # import dask -> ImportError
    with pytest.raises(UsageError, match="needs Dask"):
        run_chunks_dask(abs, [(-1,)])


def test_local_backend_is_the_process_pool():
    from kcal.sim.parallel import run_chunks

    assert choose("local") is run_chunks


def test_dask_gives_the_same_bytes(tools):
    import dask  # noqa: F401  (CI installs the dask extra: this test runs, never skips)

    from kcal.games.kcaloria.sim.goldfish import simulate_goldfish
    from kcal.games.kcaloria.sim.profile import profile_of

    prof = profile_of(tools.make_deck(), "d")
    a = simulate_goldfish(prof, hands=600_000, games=1_200, seed=8, runner=choose("dask"))
    b = simulate_goldfish(prof, hands=600_000, games=1_200, seed=8)
    assert json.dumps(a) == json.dumps(b)
