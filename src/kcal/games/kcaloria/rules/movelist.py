"""The legal moves of a standard-mode turn, with the placements and discards generated lazily.

A closed hand of 7 tiles allows up to 63 discards (every choice of 1 to 3 tiles, the same names
once) against a few placements, and most random plies are discards. :class:`MoveList` holds the
rescues as a list, the placements as :class:`Places` (each cell's mask of playable tiles, counted
at once, a move built when asked for) and the discards as :class:`Discards`, which knows their
number and builds the ``k``-th one on demand (by unranking), so ``moves[rng.randrange(len(moves))]``
builds one move, not 63. Iterating builds them all, once (the discards) or from the cells' caches.

The order is the eager generator's: placements, then discards (1 tile, then 2, then 3; each size in
lexicographic order of the sorted names, a repeated choice listed once), then rescues.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from kcal.core.lazyseq import LazySequence
from kcal.games.kcaloria.rules.hexgrid import Hex
from kcal.games.kcaloria.rules.moves import Move, MoveKind, fast_place

_NEW = object.__new__
_SETTERS = tuple(Move.__dict__[f].__set__ for f in Move.__slots__)


(_S_KIND, _S_PLAYER, _S_TILE, _S_AT, _S_PAY, _S_COLOR, _S_CAMO, _S_TARGET, _S_DISCARD) = _SETTERS


def fast_discard(player: str, names: tuple[str, ...]) -> Move:
    """A discard move built without the frozen ``__init__``'s checks (as ``Move.discard_tiles``)."""
    m = _NEW(Move)
    _S_KIND(m, MoveKind.DISCARD)
    _S_PLAYER(m, player)
    _S_TILE(m, None)
    _S_AT(m, None)
    _S_PAY(m, None)
    _S_COLOR(m, None)
    _S_CAMO(m, None)
    _S_TARGET(m, None)
    _S_DISCARD(m, names)
    return m


def single_move(player: str, table: Any, cell: Hex, cm: dict, low: int) -> Move:
    """The place move of the tile of bit ``low`` at ``cell``, from the cell's move cache ``cm`` (built
    and counted against the table's bound the first time)."""
    m = cm.get(low)
    if m is None:
        m = cm[low] = fast_place(player, table.by_bit[low.bit_length() - 1].name, cell)
        table.added_moves(1)
    return m  # type: ignore[no-any-return]


class Discards:
    """The distinct discards of 1 to ``most`` tiles from a hand: their number, and the ``k``-th."""

    __slots__ = ("player", "names", "counts", "most", "table", "sizes", "total", "_all")

    table: list[list[int]] | None

    def __init__(self, player: str, hand_names: list[str], most: int) -> None:
        ordered = sorted(hand_names)
        names: list[str] = []
        counts: list[int] = []
        last = None
        for n in ordered:
            if n == last:
                counts[-1] += 1
            else:
                names.append(n)
                counts.append(1)
                last = n
        self.player, self.names, self.counts, self.most = player, names, counts, most
        self._all: tuple[Move, ...] | None = None
        self.table: list[list[int]] | None = None
        m = len(names)
        if most == 3:  # the rulebook's limit, in closed form: the hot path counts, it does not list
            twos = threes = 0
            for c in counts:
                if c >= 2:
                    twos += 1
                    if c >= 3:
                        threes += 1
            self.sizes = [m, m * (m - 1) // 2 + twos, m * (m - 1) * (m - 2) // 6 + twos * (m - 1) + threes]
        else:
            table = self._table()
            self.sizes = [table[0][k] for k in range(1, most + 1)]
        self.total = sum(self.sizes)

    def _table(self) -> list[list[int]]:
        """``table[j][k]``: the choices of k tiles from the names j.. (each at most its count)."""
        if self.table is None:
            counts, most = self.counts, self.most
            m = len(counts)
            table = [[0] * (most + 1) for _ in range(m + 1)]
            table[m][0] = 1
            for j in range(m - 1, -1, -1):
                for k in range(most + 1):
                    table[j][k] = sum(table[j + 1][k - t] for t in range(min(counts[j], k) + 1))
            self.table = table
        return self.table

    def _with(self, j: int, left: int, k: int, twos_after: list[int]) -> int:
        """Choices of ``k`` tiles from name ``j`` (at most ``left`` of it) and the names after."""
        if k == 0:
            return 1
        rest = len(self.names) - j - 1
        if k == 1:
            return (1 if left else 0) + rest
        if k == 2:  # none of name j, one, or two
            return rest * (rest - 1) // 2 + twos_after[j + 1] + (rest if left >= 1 else 0) + (1 if left >= 2 else 0)
        nxt = self._table()[j + 1]
        return sum(nxt[k - t] for t in range(min(left, k) + 1))

    def names_at(self, r: int) -> tuple[str, ...]:
        """The names of the ``r``-th discard (0-based)."""
        size = 1
        for n in self.sizes:
            if r < n:
                break
            r -= n
            size += 1
        names, counts = self.names, self.counts
        if size == 1:
            return (names[r],)
        twos_after = [0] * (len(counts) + 1)
        for j in range(len(counts) - 1, -1, -1):
            twos_after[j] = twos_after[j + 1] + (counts[j] >= 2)
        out = []
        j, left = 0, counts[0] if counts else 0
        while size:
            # the smallest name of the rest: name j (if any is left) or a later one
            jj = j
            while True:
                avail = left if jj == j else counts[jj]
                if avail:
                    c = self._with(jj, avail - 1, size - 1, twos_after)
                    if r < c:
                        break
                    r -= c
                jj += 1
            out.append(names[jj])
            left = (left if jj == j else counts[jj]) - 1
            j = jj
            size -= 1
        return tuple(out)

    def __getitem__(self, r: int) -> Move:
        if self._all is not None:
            return self._all[r]
        return fast_discard(self.player, self.names_at(r))

    def all(self) -> tuple[Move, ...]:
        if self._all is None:
            flat = [n for n, c in zip(self.names, self.counts, strict=True) for _ in range(c)]
            out = []
            for k in range(1, self.most + 1):
                seen = set()
                for combo in combinations(flat, k):
                    if combo not in seen:
                        seen.add(combo)
                        out.append(fast_discard(self.player, combo))
            self._all = tuple(out)
        return self._all


class Places(LazySequence[Move]):
    """A standard turn's placements, by cell: what the generator found (each cell's mask of
    playable tiles and its special moves), counted at once and built only when asked for.

    ``cells`` holds ``(cell, its move cache, mask, special moves)`` in generation order; ``ends``
    the running count of moves up to each. The ``k``-th move is the one the eager list had: a
    cell's tiles in bit order (built once per cell and tile, in the cell's move cache), then its
    special moves."""

    __slots__ = ("player", "table", "cells", "ends")

    def __init__(self, player: str, table: Any, cells: list[tuple], ends: list[int]) -> None:
        self.player, self.table, self.cells, self.ends = player, table, cells, ends
        self._n = ends[-1] if ends else 0

    def _at(self, i: int) -> Move:
        j = bisect_right(self.ends, i)
        cell, cm, x, extra = self.cells[j]
        r = i - (self.ends[j - 1] if j else 0)
        n = x.bit_count()
        if r >= n:
            return extra[r - n]  # type: ignore[no-any-return]
        for _ in range(r):
            x &= x - 1
        return single_move(self.player, self.table, cell, cm, x & -x)


    def __iter__(self) -> Iterator[Move]:
        for cell, cm, x, extra in self.cells:
            while x:
                low = x & -x
                yield single_move(self.player, self.table, cell, cm, low)
                x ^= low
            yield from extra


class MoveList(LazySequence[Move]):
    """Placements, lazily generated discards, rescues: a read-only sequence of moves."""

    __slots__ = ("places", "discards", "rescues")

    def __init__(self, places: Sequence[Move], discards: Discards, rescues: list[Move]) -> None:
        self.places, self.discards, self.rescues = places, discards, rescues
        self._n = len(places) + discards.total + len(rescues)

    def _at(self, i: int) -> Move:
        p = len(self.places)
        if i < p:
            return self.places[i]
        i -= p
        d = self.discards.total
        if i < d:
            return self.discards[i]
        return self.rescues[i - d]

    def __iter__(self) -> Iterator[Move]:
        yield from self.places
        yield from self.discards.all()
        yield from self.rescues

    def __contains__(self, move: object) -> bool:
        if isinstance(move, Move) and move.kind is MoveKind.DISCARD:
            return move in self.discards.all()
        return move in self.places or move in self.rescues
