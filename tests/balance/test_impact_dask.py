"""``kcal balance cards`` on a real Dask cluster: a LocalCluster of two worker processes gives the bytes
of --jobs 1 (the workers load the pack's hooks by name from the plan)."""

from __future__ import annotations

import dask.distributed
from typer.testing import CliRunner

from kcal.cli.app import app


def test_balance_cards_on_a_local_cluster_gives_the_bytes_of_one_job():
    common = ["balance", "cards", "--game", "how-many-calories", "-n", "24", "-s", "4", "-b", "greedy", "-q", "-f", "json"]
    runner = CliRunner()
    with dask.distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1,
                                       dashboard_address=":0") as cluster:
        remote = runner.invoke(app, [*common, "--backend", "dask", "--scheduler", cluster.scheduler_address])
    one = runner.invoke(app, [*common, "-j", "1"])
    assert one.exit_code == 0 and remote.exit_code == 0, remote.output
    assert remote.stdout == one.stdout
