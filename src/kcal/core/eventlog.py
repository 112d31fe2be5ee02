"""A game state's history as a persistent linked list: ``(event, earlier)`` pairs.

Cloning a state copies one reference (the history is shared, never changed in place), and noting an
event costs one tuple; :meth:`EventLog.events` walks it back to a list, oldest first. A state keeps no
history when its ``log`` is None (simulations and bots' copies); a deal that keeps one starts it with
its first event, ``(event, None)``.
"""

from __future__ import annotations

from typing import Any


class EventLog:
    """Mixin for a game state with a ``log`` slot: ``None`` (not kept) or the newest ``(event, rest)``."""

    __slots__ = ()
    log: Any

    def note(self, event: Any) -> None:
        """Add ``event`` to the history, if this state keeps one."""
        if self.log is not None:
            self.log = (event, self.log)

    def events(self) -> list[Any]:
        """The history, oldest first."""
        out: list[Any] = []
        node = self.log
        while node:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out
