"""Seeds: one master seed, one derived seed per game or chunk, the same on every machine.

A derived seed is the first 8 bytes of SHA-256 over a fixed tag and the parts, so it depends on
nothing but its inputs (no ``hash()``, no process id, no Python version). Random numbers come from
:class:`random.Random` seeded with that integer (Mersenne Twister seeded through ``init_by_array``),
and the few draws kcal needs are built here on ``getrandbits`` alone, whose output stream CPython has
kept unchanged for a long time. ``random.shuffle`` and ``random.sample`` are not used: their algorithms
are implementation details that may change between Python versions.
"""

from __future__ import annotations

import hashlib
import random
import sys
from array import array
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_TAG = b"kcal-seed-v1"


def derive_seed(master: int, *parts: int | str) -> int:
    """A 64-bit seed for one unit of work (a game, a chunk of hands) under ``master``.

    ``derive_seed(7, "solo", 12)`` is the same number everywhere and for any ``--jobs``.
    """
    h = hashlib.sha256(_TAG)
    h.update(b"\x00" + str(int(master)).encode())
    for part in parts:
        kind = b"i" if isinstance(part, int) else b"s"
        h.update(b"\x00" + kind + str(part).encode())
    return int.from_bytes(h.digest()[:8], "little")


def rng_for(master: int, *parts: int | str) -> random.Random:
    """A fresh generator for one unit of work."""
    return random.Random(derive_seed(master, *parts))


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)`` by rejection on ``getrandbits`` (version-stable)."""
    if n <= 0:
        raise ValueError("n must be positive")
    k = n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng: random.Random, items: MutableSequence) -> None:
    """Fisher-Yates shuffle in place, on :func:`randbelow`."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One element, uniformly (version-stable ``random.choice``)."""
    return items[randbelow(rng, len(items))]


def uniform_words(rng: random.Random, n: int) -> array[int]:
    """``n`` independent uniform 64-bit integers as an ``array('Q')`` (one call to the generator)."""
    from array import array

    out = array("Q")
    if n:
        out.frombytes(rng.getrandbits(64 * n).to_bytes(8 * n, "little"))
        if out.itemsize != 8:  # pragma: no cover - every mainstream platform has 8-byte 'Q'
            raise RuntimeError("array('Q') is not 64-bit here")
        if sys.byteorder == "big":  # pragma: no cover
            out.byteswap()
    return out
