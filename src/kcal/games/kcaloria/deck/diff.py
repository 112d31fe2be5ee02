"""Quantity changes between two decks, by folded name: added, removed, changed, with totals."""

from __future__ import annotations

from dataclasses import dataclass

from kcal.games.kcaloria.files.load import LoadedDeck
from kcal.games.kcaloria.rules.domain import fold_name


@dataclass(frozen=True)
class Change:
    name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class DeckDiff:
    a: str
    b: str
    tiles_a: int
    tiles_b: int
    added: tuple[Change, ...]  # in B only
    removed: tuple[Change, ...]  # in A only
    changed: tuple[Change, ...]  # in both, another count
    unchanged: int  # names with the same count in both

    @property
    def identical(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def to_dict(self) -> dict:
        def row(c: Change) -> dict:
            return {"name": c.name, "from": c.before, "to": c.after, "delta": c.delta}

        return {
            "a": self.a,
            "b": self.b,
            "identical": self.identical,
            "tiles": {"a": self.tiles_a, "b": self.tiles_b, "delta": self.tiles_b - self.tiles_a},
            "added": [{"name": c.name, "count": c.after} for c in self.added],
            "removed": [{"name": c.name, "count": c.before} for c in self.removed],
            "changed": [row(c) for c in self.changed],
            "unchanged": self.unchanged,
            "totals": {
                "added": sum(c.after for c in self.added),
                "removed": sum(c.before for c in self.removed),
                "increased": sum(c.delta for c in self.changed if c.delta > 0),
                "decreased": -sum(c.delta for c in self.changed if c.delta < 0),
            },
        }


def _display_names(deck: LoadedDeck) -> dict[str, str]:
    """Folded name -> the name to show: the catalog's printed name, else the first spelling."""
    out: dict[str, str] = {}
    for e in deck.entries:
        key = fold_name(e.name)
        out.setdefault(key, e.tile.name if e.tile is not None else " ".join(e.name.split()))
    return out


def diff_decks(a: LoadedDeck, b: LoadedDeck) -> DeckDiff:
    """What changes from deck ``a`` to deck ``b``; rows in name order (case-insensitive)."""
    ca, cb = a.counts(), b.counts()
    names = {**_display_names(b), **_display_names(a)}
    added, removed, changed = [], [], []
    unchanged = 0
    for key in sorted(set(ca) | set(cb)):
        before, after = ca.get(key, 0), cb.get(key, 0)
        change = Change(names[key], before, after)
        if before == 0:
            added.append(change)
        elif after == 0:
            removed.append(change)
        elif before != after:
            changed.append(change)
        else:
            unchanged += 1
    return DeckDiff(a.display, b.display, sum(ca.values()), sum(cb.values()), tuple(added),
                    tuple(removed), tuple(changed), unchanged)
