"""Warnings collected while rendering: nothing is dropped silently, everything is said once."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Report:
    """What a render noticed: missing glyphs, text that did not fit, art replaced by a placeholder."""

    warnings: list[str] = field(default_factory=list)
    _seen: set[str] = field(default_factory=set, repr=False)

    def warn(self, message: str) -> None:
        if message not in self._seen:
            self._seen.add(message)
            self.warnings.append(message)
