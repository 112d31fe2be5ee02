"""``--preload kcal.sim.preload``: a cluster's worker loads kcal and every installed game before its first
task, as a forked ``--jobs`` worker inherits them (docs/balance.md, "Running on a cluster")."""

from __future__ import annotations

import sys

import dask.distributed

from kcal.core import registry
from kcal.sim import preload

#: the module of each registered pack's game (a pack of its own, as the example, lives outside kcal.games)
GAMES = sorted({p.hooks["game"].partition(":")[0] for p in registry.packs()})


def _games_imported(modules: list[str]) -> list[str]:
    return sorted(name for name in modules if name in sys.modules)


def test_warm_loads_every_registered_game_with_its_bots() -> None:
    assert preload.warm() == [p.id for p in registry.packs()]


def test_a_preloaded_worker_has_every_game_before_any_task() -> None:
    with dask.distributed.LocalCluster(processes=True, n_workers=1, threads_per_worker=1, dashboard_address=":0",
                                       preload=["kcal.sim.preload"]) as cluster, \
            dask.distributed.Client(cluster.scheduler_address) as client:
        (imported,) = client.run(_games_imported, GAMES).values()
    assert imported == GAMES, "the worker started without the games the preload imports"


def test_an_empty_worker_has_none() -> None:
    """The control: without the preload a fresh worker has imported no game (so the test above can fail)."""
    with dask.distributed.LocalCluster(processes=True, n_workers=1, threads_per_worker=1,
                                       dashboard_address=":0") as cluster, \
            dask.distributed.Client(cluster.scheduler_address) as client:
        (imported,) = client.run(_games_imported, GAMES).values()
    assert imported == []
