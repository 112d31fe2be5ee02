"""The packs the shared tests run over, and what each declares to be tried with (``Pack.samples``):
every "every pack" test takes its games from the registry and its inputs from here, never from a table
of the games, so a fifth pack is tested by the same tests as soon as it is installed (docs/packs.md)."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Any

from kcal.core.registry import Pack, get, ids


def folder(pack: Pack) -> Path:
    """The folder of the pack's package (where its ``game`` hook lives)."""
    package = pack.hooks["game"].partition(":")[0].rpartition(".")[0]
    spec = find_spec(package)
    assert spec is not None and spec.submodule_search_locations, package
    return Path(list(spec.submodule_search_locations)[0])


def samples(game_id: str) -> dict[str, Any]:
    """The pack's samples, its files as paths in its folder (``deck``, ``other``, ``solo``,
    ``published_set``, ``catalog``)."""
    pack = get(game_id)
    out = dict(pack.samples)
    for key in ("deck", "other", "solo", "published_set", "catalog"):
        if key in out:
            out[key] = folder(pack) / out[key]
    return out


def with_sample(key: str) -> list[str]:
    """The ids of the installed packs that declare the sample ``key``."""
    return [g for g in ids() if key in get(g).samples]
