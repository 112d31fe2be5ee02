"""``kcal deck build`` on Dask (issue 22, item 7): a real ``distributed.LocalCluster`` of two worker
processes, and Dask's local process pool, give the bytes of ``--jobs 1``.

The workers are separate processes: they receive each round's match plans (the decks as tile lists)
and load the pack's hooks by name; the race's decisions are taken here, from their tallies. A race of
two rounds (1 game a pairing, then 2) keeps it small. Dask is an optional extra; this test needs it.
"""

from __future__ import annotations

from pathlib import Path

import dask.distributed
import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.deck import build as b

runner = CliRunner()
ARGS = ["--gauntlet", "bayou-ambush", "--gauntlet", "caddo-harvest", "--evaluations", "3", "--games", "1",
        "--seed", "7", "-q", "-f", "json"]


@pytest.fixture(autouse=True)
def short_race(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(b, "RACE", 2)


@pytest.fixture(scope="module")
def cluster():
    with dask.distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1,
                                       dashboard_address=":0") as c:
        yield c


def build(out: Path, *extra: str) -> str:
    r = runner.invoke(app, ["deck", "build", "-o", str(out), *ARGS, *extra])
    assert r.exit_code == 0, r.output
    return r.stdout.replace(str(out), "OUT")


def test_a_local_cluster_of_two_workers_gives_the_bytes_of_one_job(tmp_path: Path, cluster) -> None:
    one = build(tmp_path / "one", "-j", "1")
    remote = build(tmp_path / "remote", "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert remote == one
    for f in (tmp_path / "one").iterdir():
        assert (tmp_path / "remote" / f.name).read_bytes() == f.read_bytes()


def test_dasks_local_pool_gives_the_bytes_of_one_job(tmp_path: Path) -> None:
    assert build(tmp_path / "pool", "--backend", "dask") == build(tmp_path / "one", "-j", "1")
