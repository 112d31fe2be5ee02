"""Warnings collected while rendering: nothing is dropped silently, everything is said once."""

from __future__ import annotations


class Report:
    """What a render noticed: missing glyphs, text that did not fit, art replaced by a placeholder."""

    def __init__(self, warnings: list[str] | None = None) -> None:
        self.warnings: list[str] = [] if warnings is None else warnings
        self._seen: set[str] = set()

    def __repr__(self) -> str:
        return f"Report(warnings={self.warnings!r})"

    def warn(self, message: str) -> None:
        if message not in self._seen:
            self._seen.add(message)
            self.warnings.append(message)
