"""Which cards a print run prints: ``--only NAME|KIND`` and ``--copies N``, the same in every game.

A game's ``print cards`` lists its faces (:class:`kcal.print.sheets.Face`), every copy of a card the set has
as one face, each with its ``kind`` (a deck, a card type) and the names a player may call it by.
:func:`select_faces` keeps what the user asked for:

- no ``--only``: the whole set, ``copies`` times;
- ``--only KIND`` (a kind's name, singular or plural): every card of that kind as the set has it, ``copies``
  times;
- ``--only NAME`` (a card by any of its names, :func:`kcal.core.suggest.lookup`): **one** of that card,
  ``copies`` times, to replace a card that was lost or torn.

``--only`` may be given several times; the cards come out in the set's order, so that kinds stay together
and every sheet but the last is full. An ``--only`` that names nothing is a usage error (exit 2) with
the close spellings among the set's cards and kinds.

What is chosen need not be a face: anything with a ``key``, ``label``, ``kind`` and ``names``
(:class:`Selectable`) is chosen the same way, e.g. a :class:`Choice` wrapping a hex tile of a deck or a
board of a game (``noun`` names it in the messages: "tile", "board").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from kcal.core.errors import UsageError
from kcal.core.suggest import fold_words, lookup

MAX_COPIES = 20  #: a larger run is a print shop's job; refused before any drawing
KIND_KEY = "\0kind:"  #: the lookup key of a kind (no card key starts with a NUL)


class Selectable(Protocol):
    """What ``--only`` can choose: a :class:`kcal.print.sheets.Face`, a :class:`Choice`."""

    @property
    def key(self) -> str: ...  # the same key: copies of one thing

    @property
    def label(self) -> str: ...  # its printed name

    @property
    def kind(self) -> str: ...  # its kind ("" when it has none)

    @property
    def names(self) -> tuple[str, ...]: ...  # the other names it is found by


T = TypeVar("T")
F = TypeVar("F", bound=Selectable)


@dataclass(frozen=True)
class Choice(Generic[T]):
    """Something that is not a face (a tile of a deck, a board), as ``--only`` sees it; ``item`` is the thing."""

    key: str
    label: str
    item: T
    kind: str = ""
    names: tuple[str, ...] = ()


def check_copies(copies: int) -> int:
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
        raise UsageError(f"--copies must be a whole number from 1 to {MAX_COPIES}, not {copies!r}")
    return copies


def _kind_names(kind: str) -> tuple[str, ...]:
    """A kind by its name and its plural or singular (``species card`` / ``species cards``)."""
    word = fold_words(kind)
    other = word[:-1] if word.endswith("s") else word + "s"
    return (kind, other)


def select_faces(faces: Sequence[F], only: Sequence[str] = (), copies: int = 1, *, game: str = "this game",
                 noun: str = "card") -> list[F]:
    """The faces to print, in the set's order (see the module's docstring); ``noun`` is what one of ``faces``
    is called in the messages ("card", "tile", "board")."""
    copies = check_copies(copies)
    if not only:
        return [f for f in faces for _ in range(copies)]
    names: list[tuple[str, str]] = []
    for f in faces:
        if f.kind:
            names += [(alias, KIND_KEY + f.kind) for alias in _kind_names(f.kind)]
    for f in faces:
        names += [(alias, f.key) for alias in (f.label, *f.names) if alias]
    chosen_kinds: set[str] = set()
    chosen_cards: list[str] = []
    for query in only:
        found = lookup(query, names)
        if found.name is None:
            if found.several:
                raise UsageError(f"--only: {found.several_message(f'{noun}s or kinds of {game}')}")
            kinds = sorted({f.kind for f in faces if f.kind})
            listed = f"; the kinds are {', '.join(repr(k) for k in kinds)}" if kinds else ""
            raise UsageError(f"--only {query!r}: {game} has no {noun} or kind of that name{found.hint()}{listed}")
        if found.name.startswith(KIND_KEY):
            chosen_kinds.add(found.name[len(KIND_KEY):])
        else:
            chosen_cards.append(found.name)
    out: list[F] = []
    seen_cards: set[str] = set()
    for f in faces:
        if f.kind in chosen_kinds:
            out += [f] * copies
        elif f.key in chosen_cards and f.key not in seen_cards:
            seen_cards.add(f.key)
            out += [f] * (copies * chosen_cards.count(f.key))
    return out
