"""A stable short hash of a deck's contents, shown by ``kcal deck validate``.

Two deck files get the same hash when they hold the same tiles in the same numbers: the order of
keys, the case and spacing of names, comments, the deck's name and description do not matter. The
catalog tile id of each name is part of the hash, so a deck that resolves to other tiles (another
catalog version, a custom catalog) gets another hash.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from kcal.games.kcaloria.files.load import LoadedDeck
from kcal.games.kcaloria.rules.domain import fold_name

HASH_VERSION = "kcal-deck-v1"
HASH_LENGTH = 12


def hash_counts(counts: Mapping[str, int], ids: Mapping[str, str | None] | None = None) -> str:
    """The hash of folded-name counts; ``ids`` maps a folded name to its tile id (None: unknown)."""
    ids = ids or {}
    lines = [HASH_VERSION]
    for key in sorted(counts):
        if counts[key] <= 0:
            continue
        lines.append(f"{key}\t{counts[key]}\t{ids.get(key) or '?'}")
    digest = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
    return digest[:HASH_LENGTH]


def deck_hash(loaded: LoadedDeck) -> str:
    """``deck_hash(load_deck("bayou.yaml")) -> "3f9c0a1b2c4d"``: 12 hex characters."""
    counts = loaded.counts()
    ids: dict[str, str | None] = {}
    for entry in loaded.entries:
        key = fold_name(entry.name)
        ids.setdefault(key, entry.tile.id if entry.tile is not None else None)
    return hash_counts(counts, ids)
