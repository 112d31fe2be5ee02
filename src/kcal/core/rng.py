"""A small seeded random generator whose whole state is one int, so it copies for free.

SplitMix64: good enough for shuffles, identical on every machine and Python version (unlike
``random.Random``'s algorithms, which are free to change).

Why kcal has two generators (this one and :mod:`kcal.core.seeding`), measured for issue 12: they
serve different jobs and merging them would change every seed's output. This one travels *inside*
a game state (its whole state is one int, so copying a state and undoing a move cost nothing),
deals and shuffles; every recorded game, golden test and ``--seed`` of the engine depends on its
exact stream. :mod:`kcal.core.seeding` derives one independent seed per unit of work (a game, a
chunk of hands) from a master seed by SHA-256 and draws with ``random.Random.getrandbits``, whose
C speed the simulators' millions of draws need (goldfish samples hands 64 bits at a time); its
streams fix every published sim figure. Re-deriving either from the other changes those outputs,
so both stay, and each says here what it is for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An int in ``range(n)`` by multiply-shift (Lemire); the bias, under n / 2**64, is
        immaterial for decks of tiles."""
        if n <= 0:
            raise ValueError("n must be positive")
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place (SplitMix64 inlined: this runs once per deal)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
