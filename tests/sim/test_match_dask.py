"""The shared match runner on Dask: a LocalCluster of two worker processes gives the bytes of --jobs 1.

The workers are separate processes that never saw the test's registry patch: they load the fake
pack's hooks by module name from the plan, as they would load an installed pack's. Dask is an
optional extra (``pip install 'kcal[dask]'``); this test needs it.
"""

from __future__ import annotations

import json

import dask.distributed
import pytest
from typer.testing import CliRunner

from kcal.cli.sim import app
from kcal.sim import match as m
from kcal.sim.backends import choose


@pytest.fixture(scope="module")
def cluster():
    with dask.distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1,
                                       dashboard_address=":0") as c:
        yield c


def test_local_cluster_gives_the_bytes_of_one_job(packs, cluster):
    args = dict(bots=["Cautious", "bold", "random"], options={"target": [15, 25]})
    local = m.simulate("dice-race", 3, 50, seed=11, jobs=1, **args)
    remote = m.simulate("dice-race", 3, 50, seed=11, runner=choose("dask", cluster.scheduler_address), **args)
    assert json.dumps(remote.to_json()) == json.dumps(local.to_json())
    assert remote.to_json()["games"] == 100


def test_cli_backend_dask(packs, cluster):
    runner = CliRunner()
    common = ["match", "--game", "dice-race", "-p", "2", "-n", "30", "--seed", "5", "-f", "json"]
    one = runner.invoke(app, [*common, "-j", "1"])
    dask_run = runner.invoke(app, [*common, "--backend", "dask", "--scheduler", cluster.scheduler_address])
    assert one.exit_code == 0 and dask_run.exit_code == 0, dask_run.output
    assert dask_run.stdout == one.stdout


def test_a_second_plan_on_the_same_cluster_is_not_mistaken_for_the_first(packs, cluster):
    """Task keys carry a digest of the plan: another seed or bot set on a live cluster is new work."""
    run = choose("dask", cluster.scheduler_address)
    a = m.simulate("dice-race", 2, 16, seed=1, bots=["bold"], runner=run).to_json()
    b = m.simulate("dice-race", 2, 16, seed=1, bots=["random"], runner=run).to_json()
    assert a["bots"][0]["bot"] == "bold" and b["bots"][0]["bot"] == "random"
    assert json.dumps(b) == json.dumps(m.simulate("dice-race", 2, 16, seed=1, bots=["random"]).to_json())
