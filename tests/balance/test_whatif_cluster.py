"""A what-if on a real Dask cluster (issue 22, item 7): a ``distributed.LocalCluster`` of two worker
processes, reached through ``--backend dask --scheduler ADDRESS`` as a cluster of several machines would
be, gives the bytes of ``--jobs 1``. The workers load the pack and the patched card set from the plan
they are sent. Dask is an optional extra (``pip install 'kcal[dask]'``); CI installs it."""

from __future__ import annotations

import json
from pathlib import Path

import dask.distributed
import pytest
from typer.testing import CliRunner

from kcal.balance.whatif import what_if
from kcal.cli.app import app
from kcal.sim.backends import choose

PATCH = "game: how-many-calories\ncards:\n  yellow 14: {kcal: 4000}\nparams: {limit_kcal: 2500}\n"


@pytest.fixture(scope="module")
def cluster():
    with dask.distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1,
                                       dashboard_address=":0") as c:
        yield c


def test_a_what_if_on_a_local_cluster_gives_the_bytes_of_one_job(cluster, tmp_path: Path) -> None:
    patch = tmp_path / "patch.yaml"
    patch.write_text(PATCH, encoding="utf-8")
    common = ["balance", "what-if", "--game", "how-many-calories", "--patch", str(patch), "-n", "128", "-s", "7",
              "-b", "greedy", "-f", "json"]
    one = CliRunner().invoke(app, [*common, "-j", "1"])
    remote = CliRunner().invoke(app, [*common, "--backend", "dask", "--scheduler", cluster.scheduler_address])
    assert one.exit_code == 0 and remote.exit_code == 0, remote.stderr
    assert remote.stdout == one.stdout
    data = json.loads(remote.stdout)
    assert data["games"] == 128 or data["stopped"] == "sprt"


def test_a_second_patch_on_the_same_cluster_is_new_work(cluster, tmp_path: Path) -> None:
    """Task keys carry a digest of both arms' plans: another patch on a live cluster is not mistaken
    for the first one's finished chunks."""
    run = choose("dask", cluster.scheduler_address)
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("game: kalua\nparams: {start_pp: 7}\n", encoding="utf-8")
    b.write_text("game: kalua\nparams: {start_pp: 3}\n", encoding="utf-8")
    first = what_if("kalua", a, games=8, seed=1, runner=run, bots=["greedy"])
    second = what_if("kalua", b, games=8, seed=1, runner=run, bots=["greedy"])
    assert json.dumps(second) == json.dumps(what_if("kalua", b, games=8, seed=1, bots=["greedy"]))
    assert first["changes"] != second["changes"]


def test_a_what_if_keeps_one_client_and_sends_its_plan_once(cluster, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Every look of the sequential test runs on the client the what-if opened (not a client per look),
    and the plan is scattered to the workers once; the figures are those of one process."""
    from kcal.sim import backends

    opened: list[object] = []
    scattered: list[object] = []
    real_open, real_scatter = backends.Session.open, dask.distributed.Client.scatter

    def counting_open(address: str):  # type: ignore[no-untyped-def]
        opened.append(address)
        return real_open(address)

    def counting_scatter(self, value, *args, **kwargs):  # type: ignore[no-untyped-def]
        scattered.append(value)
        return real_scatter(self, value, *args, **kwargs)

    monkeypatch.setattr(backends.Session, "open", counting_open)
    monkeypatch.setattr(dask.distributed.Client, "scatter", counting_scatter)
    patch = tmp_path / "patch.yaml"
    patch.write_text(PATCH, encoding="utf-8")
    run = choose("dask", cluster.scheduler_address)
    remote = what_if("how-many-calories", patch, games=160, seed=3, runner=run, bots=["greedy"], sequential=False)
    assert len(opened) == 1
    assert len(scattered) == 1  # two looks (128 and 160 pairs), one copy of the plan
    assert json.dumps(remote) == json.dumps(what_if("how-many-calories", patch, games=160, seed=3, bots=["greedy"],
                                                    sequential=False))


def test_a_run_goes_to_the_cluster_in_a_few_batches_a_worker_thread(cluster, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A what-if of 320 pairs is 20 chunks of 16; the cluster's 2 threads get them in 7 tasks of 3 chunks
    or fewer (each task costs a round trip to the scheduler), and the figures are those of one process."""
    submitted: list[int] = []
    real_submit = dask.distributed.Client.submit

    def counting_submit(self, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        submitted.append(len(args[-1]))  # the chunks of this batch
        return real_submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(dask.distributed.Client, "submit", counting_submit)
    patch = tmp_path / "patch.yaml"
    patch.write_text(PATCH, encoding="utf-8")
    run = choose("dask", cluster.scheduler_address)
    remote = what_if("how-many-calories", patch, games=320, seed=5, runner=run, bots=["greedy"], sequential=False)
    assert submitted == [3, 3, 3, 3, 3, 3, 2]
    assert json.dumps(remote) == json.dumps(what_if("how-many-calories", patch, games=320, seed=5, bots=["greedy"],
                                                    sequential=False))
