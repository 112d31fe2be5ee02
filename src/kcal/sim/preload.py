"""A Dask preload: a worker that starts with ``--preload kcal.sim.preload`` imports kcal's simulator, its
balance lab and every installed game (its rules, bots and card data) before it takes a task.

    dask worker tcp://10.0.0.1:8786 --nworkers 2 --nthreads 1 --preload kcal.sim.preload

Forked ``--jobs`` workers inherit what the parent imported; a cluster's worker starts empty, so without
this its first task of a run pays for the imports and the card data, and a fresh cluster's first run
took 1.7 times ``--jobs 2`` (docs/balance.md, "Cluster overhead"). Dask imports the module before the
worker connects and calls :func:`dask_setup` with the worker; the work is done there, once per worker
process, and a game that fails to load is logged by Dask and left for the task to report in kcal's
words. Nothing here names a game: the games are the registry's.
"""

from __future__ import annotations

from typing import Any


def warm() -> list[str]:
    """Import the shared simulator, the balance lab's workers and every registered game with its bots
    and sim hook; the ids of the games loaded, in the registry's order."""
    import kcal.balance.impact  # the workers of balance cards
    import kcal.balance.whatif  # the workers of balance what-if and sweep
    import kcal.sim.search  # noqa: F401  (the shared searcher, a bot of every pack)
    from kcal.core import registry
    from kcal.sim.match import load_game, load_sim

    loaded = []
    for pack in registry.packs():
        game = load_game(pack)
        game.bots()
        load_sim(pack)
        loaded.append(pack.id)
    return loaded


def dask_setup(service: Any) -> None:
    """Dask's preload entry point (a Worker, or a Nanny's worker process)."""
    warm()
