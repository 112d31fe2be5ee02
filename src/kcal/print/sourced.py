"""Text values that know where their data file wrote them, so a problem found when they are drawn (a
character the font lacks) is reported at the value's ``file:line:column``, whichever print path draws it
(:func:`kcal.print.fonts.printable` reads the position, and the template sandbox checks a value when a
template reads it: :func:`kcal.print.sandbox.checked`). A pack makes its data values :class:`Sourced` where
it loads them (:func:`sourced`); nothing else has to pass a position along.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol


class Positioned(Protocol):
    """A parsed data file that says where each of its nodes stands (:class:`kcal.core.yamlsafe.YamlDoc`)."""

    path: str

    def pos(self, loc: Sequence[str | int], *, key: bool = False) -> tuple[int, int]: ...


class Sourced(str):
    """A text value of a data file that knows where it is written: ``where`` is ``file:line:column: what``
    (made by :func:`place`). It is a ``str`` in every other way; a character the font lacks in it is
    reported at ``where`` (:func:`kcal.print.fonts.printable`), wherever and by whatever path it is drawn."""

    where: str

    def __new__(cls, text: str, where: str) -> Sourced:
        value = super().__new__(cls, text)
        value.where = where
        return value

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as itself (a bounded child hands data back)
        return (Sourced, (str(self), self.where))


def place(path: str | Path, line: int, column: int, what: str) -> str:
    """Where a value is written, as every message names it: ``file:line:column: what``."""
    return f"{path}:{line}:{column}: {what}"


def sourced(text: Any, doc: Positioned, loc: tuple[str | int, ...], what: str) -> Any:
    """``text`` (a string of the data file ``doc``, a :class:`kcal.core.yamlsafe.YamlDoc`, at ``loc``) as a
    :class:`Sourced` value naming its ``file:line:column``; anything that is not a string, unchanged."""
    if not isinstance(text, str):
        return text
    line, column = doc.pos(loc)
    return Sourced(text, place(doc.path, line, column, what))


def where_of(text: Any, where: str) -> str:
    """Where ``text`` is reported: its own position when it is a :class:`Sourced` value, else ``where``."""
    return text.where if isinstance(text, Sourced) else where
